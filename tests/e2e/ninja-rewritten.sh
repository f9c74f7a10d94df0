#!/bin/sh
# SPDX-License-Identifier: MIT
# A .ninja_log that ninja rewrote (issue 34, item 4), on a real build's
# logs (tests/lib/fixtures/realbuild): after a CMake re-run ninja recompacted
# the log, one entry per output in hash order.  Its runs are told by the
# outputs' mtimes, with a notice, and --check --mem-host gives the verdict
# of the log as the build wrote it: 3 sets over 1.5 GB, all of the first
# run, which a later incremental run must not hide (appended or rewritten).
. "${srcdir:-.}/tests/lib/lib.sh"

R="$srcdir/tests/lib/fixtures/realbuild"
violations() { grep '^VIOLATION' "$1" | sed 's/ as recorded[^:]*:/ as recorded:/' | sort; }

expect_status 1 "the log as written: --check --mem-host=1.5GB fails" \
	"$SPILLWAY" --check --mem-host=1.5GB "$R/ninja_log.build" "$R/record-build.log"
violations "$TMP/out" >"$TMP/clean"
check "  ...3 violations" [ "$(wc -l <"$TMP/clean")" -eq 3 ]

expect_status 1 "the recompacted log: the same gate fails" \
	"$SPILLWAY" --check --mem-host=1.5GB "$R/ninja_log.after-cmake-rerun" "$R/record-build.log"
violations "$TMP/out" >"$TMP/rewritten"
check "  ...with the same 3 violations, figures and all" cmp -s "$TMP/clean" "$TMP/rewritten"
check "  ...each named as of run 1 of 3" \
	sh -c "[ \$(grep -c '^VIOLATION .* as recorded (.ninja_log run 1 of 3): ' '$TMP/out') -eq 3 ]"
check "  ...a notice names the log, what ninja did and how its runs were told" grep -qx \
	"spillway: notice: $R/ninja_log.after-cmake-rerun: ninja rewrote this .ninja_log (recompaction, -t restat): its entries are not in the order they finished; its 3 runs told apart by the outputs' mtimes" \
	"$TMP/err"
check "  ...not 59 runs" sh -c "! grep -q 'of 59' '$TMP/out'"

# The same history as ninja appends it: the build, then the re-run's four
# entries (build.ninja; matrixMul's object, device link and executable).
{ cat "$R/ninja_log.build"; grep '	build\.ninja	' "$R/ninja_log.after-cmake-rerun"
	grep '	[^	]*matrixMul[^	]*	' "$R/ninja_log.after-cmake-rerun" | sort -n -k2; } >"$TMP/appended"
check "  (the appended log has the re-run's 4 lines)" [ "$(wc -l <"$TMP/appended")" -eq 115 ]
expect_status 1 "appended: the build's own overlaps are judged beside the last run's" \
	"$SPILLWAY" --check --mem-host=1.5GB "$TMP/appended" "$R/record-build.log"
violations "$TMP/out" >"$TMP/app"
check "  ...the same 3 violations" cmp -s "$TMP/clean" "$TMP/app"
check "  ...no notice of a rewritten log" sh -c "! grep -q 'rewrote' '$TMP/err'"

# Entries with no mtime in a rewritten log cannot be placed: left out, said
# (scan's main.cpp.o and device link, of the first run).
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 2 || NR == 3 { $3 = 0 } { print }' \
	"$R/ninja_log.after-cmake-rerun" >"$TMP/nomtime"
expect_status 0 "--summary of a rewritten log with two entries of no mtime" \
	"$SPILLWAY" --summary "$TMP/nomtime"
check "  ...the notice counts them" grep -q "its 3 runs told apart by the outputs' mtimes, 2 entries with no mtime left out$" "$TMP/err"
check "  ...the runs joined are said, the last with its 3 modules" \
	grep -q "^runs joined, each module from the last that built it: .ninja_log run 3 of 3 (3 modules)" "$TMP/out"

# Every run judged stays O(n log n): 50,000 lines, each a run of its own
# (end times falling back every line), and 50,000 lines in reverse
# completion order with mtimes (a rewritten log of as many runs).
awk 'BEGIN { print "# ninja log v5"; for (i = 0; i < 50000; i++) printf "0\t%d\t0\tobj/f%d.o\t%x\n", 50010 - i, i, i }' >"$TMP/runs.log"
cpu_bounded 0 "50,000 runs of a log as written: --check --mem-host" \
	"$SPILLWAY" --check --mem-host=1MB "$TMP/runs.log"
awk 'BEGIN { print "# ninja log v5"; for (i = 0; i < 50000; i++) printf "0\t%d\t%.0f\tobj/f%d.o\t%x\n", 50010 - i, (50000 - i) * 100000000000, i, i }' >"$TMP/rewritten-runs.log"
cpu_bounded 0 "50,000 runs of a rewritten log: --check --mem-host" \
	"$SPILLWAY" --check --mem-host=1MB "$TMP/rewritten-runs.log"
check "  ...told by their mtimes" grep -q "its 50000 runs told apart" "$TMP/err"
finish
