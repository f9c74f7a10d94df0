#!/bin/sh
# The licence (issue 36): LICENSE is the MIT licence of "the spillway
# authors", 2026, and --version says so in the GNU form: name and version,
# the copyright line, the licence line, then free software and no warranty.
. "${srcdir:-.}/tests/lib.sh"

L="$srcdir/LICENSE"
check "LICENSE is there" [ -f "$L" ]
check "LICENSE: the MIT licence" sh -c 'head -n 1 "$1" | grep -qx "MIT License" && grep -q "^Permission is hereby granted, free of charge" "$1" && grep -q "WITHOUT WARRANTY OF ANY KIND" "$1"' sh "$L"
check "LICENSE: Copyright (c) 2026 the spillway authors" grep -qx "Copyright (c) 2026 the spillway authors" "$L"

expect_status 0 "--version" "$SPILLWAY" --version
check "--version: name and version first" \
	sh -c 'sed -n 1p "$1" | grep -qE "^spillway [0-9]+\.[0-9]+\.[0-9]+( \(git [0-9a-f]{7,}\))?$"' sh "$TMP/out"
check "--version: the copyright line second" sh -c 'sed -n 2p "$1" | grep -qx "Copyright (C) 2026 the spillway authors\."' sh "$TMP/out"
check "--version: the licence line third" sh -c 'sed -n 3p "$1" | grep -qx "License MIT: <https://opensource.org/licenses/MIT>\."' sh "$TMP/out"
check "--version: free software, no warranty" sh -c 'sed -n 4,5p "$1" | tr "\n" " " | grep -qx "This is free software: you are free to change and redistribute it\. There is NO WARRANTY, to the extent permitted by law\. "' sh "$TMP/out"
check "--version: five lines, nothing on stderr" sh -c '[ "$(wc -l <"$1")" -eq 5 ] && [ ! -s "$2" ]' sh "$TMP/out" "$TMP/err"
check "the man page says --version prints the licence" grep -q "the licence (MIT)" "$srcdir/man/spillway.1"
finish
