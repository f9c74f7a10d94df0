#!/bin/sh
# SPDX-License-Identifier: MIT
# The licence (issue 36): LICENSE is the MIT licence of "the spillway
# authors", 2026, and --version says so in the GNU form: name and version,
# the copyright line, the licence line, then free software and no warranty;
# and every source of ours carries the SPDX line.
. "${srcdir:-.}/tests/lib/lib.sh"

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

# Every source the project wrote names its licence in its first three
# lines (SPDX-License-Identifier: MIT): C and headers, shell, Python, awk,
# automake, autoconf and make fragments, the man page, bootstrap, .ci/run
# and debian/rules.  Read from `git ls-files`: outside a git checkout of
# its own (a release tarball) this part is left out.
top=$(git -C "$srcdir" rev-parse --show-toplevel 2>/dev/null)
if [ -n "$top" ] && [ "$top" = "$(cd "$srcdir" && pwd -P)" ]; then
	(cd "$srcdir" && git ls-files | grep -E '\.(c|h|sh|py|awk|am|ac|mk|[157])$|^(bootstrap|\.ci/run|debian/rules)$' |
		while read -r f; do [ -f "$f" ] && echo "$f"; done) >"$TMP/sources"
	(cd "$srcdir" && xargs awk 'FNR == 1 { seen[FILENAME] = 1 }
		FNR <= 3 && /SPDX-License-Identifier: MIT/ { ok[FILENAME] = 1 }
		END { for (f in seen) if (!(f in ok)) print f }' <"$TMP/sources") | sort >"$TMP/untagged"
	sed 's/^/    no SPDX line: /' "$TMP/untagged" | head -20
	check "every source of ours has the SPDX line ($(wc -l <"$TMP/sources") read)" \
		sh -c '[ "$(wc -l <"$1")" -gt 400 ] && [ ! -s "$2" ]' sh "$TMP/sources" "$TMP/untagged"
else
	echo "# not a git checkout: the SPDX lines not checked"
fi
finish
