#!/bin/sh
# SPDX-License-Identifier: MIT
# The man page's EXAMPLES can be pasted (issue 23): every "$ spillway ..."
# command of the section (.Dl lines and literal blocks, continuation lines
# joined) runs in a tree laid out as the examples name it, built here
# from data/example and data/logs, and exits 0.  Commands that are not
# spillway's (cmake, export) are shown, not run; blocks without a "$"
# prompt (CMake and automake fragments) are files, not commands.
. "${srcdir:-.}/tests/lib/lib.sh"

MAN="$srcdir/man/spillway.1"
EX="$srcdir/data/example"
LOGS="$srcdir/data/logs/ninja-j2"

# The tree the examples name.
W="$TMP/w"
mkdir -p "$W/build/lib" "$W/ci"
cp "$EX"/*.o "$EX"/*.so "$EX"/*.a "$W/build/"
cp "$EX"/*.o "$EX"/*.so "$EX"/*.a "$W/build/lib/"
cp "$EX/spill-allow.csv" "$W/ci/spill-allow.csv"
cp "$LOGS/ptxas.log" "$W/build/ptxas-output.txt"
cp "$LOGS/.ninja_log" "$W/build/.ninja_log"
cp "$LOGS/build-rss.log" "$W/build-rss.log"
cp "$EX/libkernels.so" "$W/libcublasLt.so.13"	# a library with sm_90 images

# The commands: from .Dl and literal lines of EXAMPLES that start "$ ",
# a trailing \e (an escaped backslash) joining the next line.
sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' "$MAN" | awk '
	/^\.Dl \$ / { sub(/^\.Dl \$ /, ""); print; next }
	/^\.Bd -literal/ { lit = 1; next }
	/^\.Ed/ { lit = 0; next }
	lit && cont { sub(/^ +/, ""); line = line $0 }
	lit && !cont && /^\$ / { sub(/^\$ /, ""); line = $0 }
	lit && line != "" {
		if (line ~ /\\e$/) { sub(/ *\\e$/, " ", line); cont = 1; next }
		cont = 0; print line; line = ""
	}' >"$TMP/commands"
check "EXAMPLES has commands ($(wc -l <"$TMP/commands"))" [ "$(wc -l <"$TMP/commands")" -ge 10 ]

ran=0
while IFS= read -r cmd; do
	case $cmd in
	spillway\ *|spillway) ;;
	*) echo "# shown, not run: $cmd"; continue ;;
	esac
	ran=$((ran + 1))
	(cd "$W" && SPILLWAY_BIN="$SPILLWAY" sh -c "spillway() { \"\$SPILLWAY_BIN\" \"\$@\"; }; $cmd" \
	    </dev/null >"$TMP/out" 2>"$TMP/err")
	rc=$?
	if [ "$rc" -eq 0 ]; then
		pass "exit 0: $cmd"
	else
		fail "exit $rc: $cmd"
		sed 's/^/    /' "$TMP/err" | head -3
	fi
done <"$TMP/commands"
check "every spillway command of EXAMPLES was run ($ran)" [ "$ran" -ge 10 ]
check "what they wrote is there" test -s "$W/kernels.csv" -a -s "$W/report.html" -a -s "$W/before.csv" -a -s "$W/build.json"
check "mandoc -Tlint -Wwarning is clean (its style: tests/structure/man.sh)" sh -c 'command -v mandoc >/dev/null || exit 0; mandoc -Tlint -Wwarning "$1" >/dev/null 2>&1' sh "$MAN"
finish
