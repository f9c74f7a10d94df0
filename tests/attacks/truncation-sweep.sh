#!/bin/sh
# SPDX-License-Identifier: MIT
# Truncation sweep: damaged copies of an object, a compressed fatbin, a
# cubin and an archive (tests/attacks/sweep_variants.py: prefixes at a stride, and
# single-byte corruptions of the fatbin, first entry and .nv.info headers)
# are each scanned: exit 0 or 2 only, never a signal, and a message naming
# the file whenever the exit is 2.
. "${srcdir:-.}/tests/lib/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
python3 "$srcdir/tests/attacks/sweep_variants.py" "$BUILD" "$TMP/v" >"$TMP/count" || exit 99

# One spillway per batch of 150 variants (all named, so each is read as a
# file the user asked for); a batch that does not exit 0 or 2 is rerun file
# by file to name the culprit.  Every 60th variant also runs alone, where
# "exit 2 comes with a message naming it" is checked file by file.  (Few
# processes: under ASan each one costs most of a second to start and end.)
start=$(date +%s)
n=0 crashed=0 badstatus=0 silent=0 unnamed=0
run_one() {
	"$SPILLWAY" --list -T 1 "$1" >/dev/null 2>"$TMP/err1"
	rc=$?
	if [ "$rc" -ge 128 ]; then
		crashed=$((crashed + 1))
		echo "    signal $((rc - 128)): ${1##*/}"
	elif [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
		badstatus=$((badstatus + 1))
		echo "    exit $rc: ${1##*/}"
	elif [ "$rc" -eq 2 ] && ! grep -q "^spillway: $1[(:]" "$TMP/err1"; then
		silent=$((silent + 1))
		echo "    exit 2 without a message naming the file: ${1##*/}"
	fi
}
run_batch() {
	"$SPILLWAY" --list -T 1 "$@" >/dev/null 2>"$TMP/err"
	rc=$?
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
		for f in "$@"; do run_one "$f"; done
	elif [ "$rc" -eq 2 ] && [ ! -s "$TMP/err" ]; then
		silent=$((silent + 1))
		echo "    a batch exited 2 without a message: ${1##*/} ..."
	elif grep -v "^spillway: $TMP/v/[^:(]*[(:]" "$TMP/err" | grep -q .; then
		unnamed=$((unnamed + 1))
		grep -v "^spillway: $TMP/v/[^:(]*[(:]" "$TMP/err" | head -3 | sed 's/^/    no file named: /'
	fi
}
set --
for f in "$TMP"/v/*; do
	n=$((n + 1))
	set -- "$@" "$f"
	[ $((n % 60)) -eq 0 ] && run_one "$f"
	if [ $# -ge 150 ]; then
		run_batch "$@"
		set --
	fi
done
[ $# -gt 0 ] && run_batch "$@"
echo "# $n variants in $(($(date +%s) - start)) s"
check "$(cat "$TMP/count") variants written and scanned" [ "$n" -eq "$(cat "$TMP/count")" ]
check "no variant crashed ($crashed did)" [ "$crashed" -eq 0 ]
check "every exit status is 0 or 2 ($badstatus were not)" [ "$badstatus" -eq 0 ]
check "every exit 2 comes with a message ($silent came without)" [ "$silent" -eq 0 ]
check "every message names the file it is about ($unnamed batches had others)" [ "$unnamed" -eq 0 ]
finish
