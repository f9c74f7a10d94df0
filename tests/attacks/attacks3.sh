#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3 (issue 35): every case of tests/attacks/repro3 replayed by its
# own run-all.sh, the large inputs generated at test time into this test's
# temporary folder.  A case that needs root and a mount namespace, or tmux,
# is skipped as run-all.sh skips it (named, not counted); every other case
# is one check, and the test fails when one does not hold.  The bounds are
# run-all.sh's: 10 s of CPU, 256 MiB, an exit status and never a signal.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
command -v bash >/dev/null || { echo "no bash: skipped"; exit 77; }
if [ "$SANITIZED" = 1 ]; then
	echo "a sanitizer's build: time and memory bounds mean nothing there; skipped"
	exit 77
fi
A3="$srcdir/tests/attacks/repro3"

TMPDIR=$TMP nice bash "$A3/run-all.sh" "$SPILLWAY" >"$TMP/all" 2>"$TMP/all.err"
while read -r verdict name detail; do
	case $verdict in
	PASS)	pass "$name: $detail" ;;
	FAIL)	fail "$name: $detail" ;;
	SKIP)	echo "skip - $name: $detail" ;;
	esac
done <"$TMP/all"
cases=$(grep -c '^| [A-Za-z0-9-]* |' "$A3/README.md")
seen=$(grep -c '^\(PASS\|FAIL\|SKIP\) ' "$TMP/all")
check "every case of the README replayed ($seen of $cases; $(tail -n 1 "$TMP/all"))" [ "$seen" = "$cases" ]
finish
