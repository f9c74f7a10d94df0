#!/bin/sh
# SPDX-License-Identifier: MIT
# Inputs that are not what they seem (issue 34, item 5):
# - --empty-ok passes an empty tree, not a missing one: a mistyped path
#   is input the gate could not read (2), with --check and --update-allow;
# - a file is a log when its content says so, not when one line matches:
#   an HTML page that shows time -v's output, a note that quotes one of
#   its lines (tests/lib/fixtures/not-logs, written for this test) are no log.
. "${srcdir:-.}/tests/lib/lib.sh"

N="$srcdir/tests/lib/fixtures/not-logs"

mkdir "$TMP/empty"
expect_status 0 "--check --empty-ok: an empty tree passes" "$SPILLWAY" --check --empty-ok "$TMP/empty"
expect_status 2 "--check --empty-ok: a mistyped path does not" "$SPILLWAY" --check --empty-ok "$TMP/emtpy"
check "  ...says why" grep -q "^spillway: --empty-ok passes an empty tree, not a missing one: 1 path named does not exist$" "$TMP/err"
check "  ...and the last line is no PASS" sh -c "! grep -q '^PASS' '$TMP/out'"
expect_status 2 "--check --empty-ok: a real object beside a missing path" \
	"$SPILLWAY" --check --empty-ok "$BUILD/coop.o" "$TMP/libmissing.so"
expect_status 77 "--check without --empty-ok: a missing path is nothing to judge, as before" \
	"$SPILLWAY" --check "$TMP/emtpy"
: >"$TMP/allow.csv"
expect_status 2 "--update-allow --empty-ok: a mistyped path" \
	"$SPILLWAY" --update-allow --empty-ok --allow="$TMP/allow.csv" "$TMP/emtpy"

expect_status 2 "an HTML page showing time -v's output is no log" "$SPILLWAY" --check "$N/time-manual.html"
check "  ...no build module judged" sh -c "! grep -q 'build module' '$TMP/out'"
check "  ...named as no build log" grep -q "time-manual.html: offset 0x0: not a .*build log" "$TMP/err"
expect_status 2 "--log= names it: still no log" "$SPILLWAY" --check --log="$N/time-manual.html"
expect_status 2 "a note quoting one time -v line is no log" "$SPILLWAY" --check "$N/time-note.txt"
check "  ...no build module judged" sh -c "! grep -q 'build module' '$TMP/out'"

# A real time -v block still is one (three of its lines agree).
printf '\tCommand being timed: "nvcc -c -o k.o k.cu"\n\tUser time (seconds): 1.00\n\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:01.50\n\tMaximum resident set size (kbytes): 1000\n\tExit status: 0\n' >"$TMP/time.log"
expect_status 0 "a time -v block is a log" "$SPILLWAY" --check --mem-budget=1GiB "$TMP/time.log"
check "  ...its module judged" grep -q "^check: 1 build module judged" "$TMP/out"
finish
