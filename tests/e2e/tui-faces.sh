#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser and the command line on the same input give the same
# answer: the Build view's schedule and its most memory at once equal
# --summary's for the same --jobs (both from src/model/schedule.c).
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

TREE="$srcdir/data/example"
LOGS="$srcdir/data/logs/ninja-j2"

# cli_figures JOBS...: "SPAN PEAK" from --summary: the schedule's span
# (its first seconds figure) and the first (heaviest) set's summed peak,
# or "none" when no two run at once.
cli_figures() {
	"$SPILLWAY" --summary "$@" "$TREE" "$LOGS" 2>/dev/null | awk -F'\t' '
	/^schedule: / { sub(/^schedule: [^:]*: /, ""); split($0, w, " "); span = w[1]; next }
	/^concurrent\t/ { getline; peak = $3; next }
	END { print span, (peak == "" ? "none" : peak) }'
}
# tui_figures: the same two from the Build view's heading on the screen.
tui_figures() {
	sed -n 's/^[0-9]* compiles, [^:]*: \([0-9.]*\) s.*; \(most at once: \([^ ]* [^ ]*\)\|no two run at once\).*/\1 \3/p' \
	    "$TMP/screen" | head -1 | sed 's/ $/ none/'
}

# same GOT WANT: both known and equal.
same() { [ -n "$2" ] && [ "$1" = "$2" ]; }

for jobs in "" --jobs=1 --jobs=2 --jobs=3 --jobs=4; do
	want=$(cli_figures $jobs)
	start -- $jobs "$TREE" "$LOGS"
	wait_for "2 Build" >/dev/null
	keys 2
	check "${jobs:-recorded}: the Build view shows its schedule" wait_for " compiles, "
	got=$(tui_figures)
	check "${jobs:-recorded}: the Build view says '$got', --summary '$want'" \
	    same "$got" "$want"
	keys Q
done

# The figures differ between schedules: the comparison compared something.
check "-j4 and the recorded schedule differ ($(cli_figures --jobs=4) / $(cli_figures))" \
    [ "$(cli_figures --jobs=4)" != "$(cli_figures)" ]
finish
