#!/bin/sh
# SPDX-License-Identifier: MIT
# The Build view at 100x30: with only logs given the browser opens on it;
# it says whether the schedule is simulated (--jobs) or recorded, counts
# the compiles running at once under the bars and has a time axis to the
# schedule's span (the span --summary prints).
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

TUI_COLS=100 TUI_ROWS=30
export TUI_COLS TUI_ROWS
LOGS="$srcdir/data/logs/ninja-j2"

for jobs in 1 2; do
	span=$("$SPILLWAY" --summary --jobs=$jobs "$LOGS" 2>/dev/null |
	    sed -n 's/^schedule: [^:]*: \([0-9.]*\) s.*/\1/p' | head -1)
	start -- --jobs=$jobs "$LOGS"
	check "-j$jobs: only logs: the browser opens on Build" wait_for "make -j$jobs simulated"
	check "-j$jobs: the Build tab is lit, no kernel table shown" sh -c "! grep -q 'No CUDA kernel found' '$TMP/screen'"
	check "-j$jobs: a running-at-once row" grep -q "^  running at once  " "$TMP/screen"
	most=$(sed -n 's/^  running at once *//p' "$TMP/screen" | grep -o '[0-9]' | sort -n | tail -1)
	check "-j$jobs: never more than $jobs at once (most: $most)" [ "$most" -eq "$jobs" ]
	check "-j$jobs: a time axis from 0" grep -q "^  time  *0 " "$TMP/screen"
	# --summary rounds to a tenth, the axis to a second: either side of it.
	lo=${span%.*} hi=$((${span%.*} + 1))
	check "-j$jobs: ... to the span --summary prints ($span s)" grep -Eq "^  time .* ($lo|$hi) s *\$" "$TMP/screen"
done

# Recorded, not simulated: no --jobs, a .ninja_log's own start times.
start -- "$LOGS"
check "no --jobs: the recorded schedule, said so" wait_for "as recorded (.ninja_log)"

# A record of cgroup peaks (page cache included, issue 34 item 7): the
# column is headed "cgroup peak", with the words beside it, not "peak RSS".
start -- "$srcdir/tests/lib/fixtures/realbuild/record-build.log"
check "cgroup peaks: the column is headed cgroup peak" wait_for "cgroup peak   "
check "  ...said to include page cache" grep -q "(cgroup peak: page cache included)" "$TMP/screen"
check "  ...not peak RSS" sh -c "! grep -q 'peak RSS' '$TMP/screen'"
finish
