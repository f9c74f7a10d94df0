#!/bin/sh
# SPDX-License-Identifier: MIT
# The Build view at 80x24 and 100x30 on a rebuild's logs (data/logs/ggml-j2:
# the record log holds compiles the .ninja_log's last run does not):
# --jobs=auto --mem-host --cores shows --summary's advice under the timeline, in
# its words; the cores given head the simulated schedule; a recorded span
# over other compiles is not compared; as recorded, the compiles of other
# runs are said to be off the timeline, whose axis ends at --summary's span.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

LOGS="$srcdir/data/logs/ggml-j2"
nospace() { tr -d ' \n'; }
advice=$("$SPILLWAY" --summary --jobs=auto --mem-host=1GiB --cores=2 "$LOGS" 2>/dev/null | grep -E '^(--jobs=auto|pool):')
check "--summary advises a -j" sh -c "echo '$advice' | grep -q '^--jobs=auto: -j'"
span=$("$SPILLWAY" --summary "$LOGS" 2>/dev/null | sed -n 's/^schedule: as recorded ([^)]*): \([0-9.]*\) s.*/\1/p')
others=$("$SPILLWAY" --summary "$LOGS" 2>/dev/null | sed -n 's/.*; \([0-9]*\) modules of other runs not on this timeline.*/\1/p')

for size in 80x24 100x30; do
	TUI_COLS=${size%x*} TUI_ROWS=${size#*x}
	export TUI_COLS TUI_ROWS
	start -- --jobs=auto --mem-host=1GiB --cores=2 "$LOGS"
	check "$size: the Build tab" wait_for "2 Build"
	keys 2
	check "$size: the advice under the timeline" wait_for "  --jobs=auto: -j"
	shown=$(sed -n '/^  --jobs=auto:/,$p' "$TMP/screen" | grep -v '^ Build' | nospace)
	check "$size: ... in --summary's words, line for line" [ "$shown" = "$(echo "$advice" | nospace)" ]
	check "$size: ... after the time axis" sh -c "grep -n '' '$TMP/screen' | grep -A100 '^[0-9]*:  time ' | grep -q -- '--jobs=auto'"

	start -- --jobs=2 --cores=3 "$LOGS"
	keys 2
	check "$size: --cores heads the simulated schedule" wait_for "make -j2 simulated in the recorded order on 3 cores"
	keys Right Right Right
	check "$size: ... the recorded span over other compiles not compared" wait_for "over 3 of them, not compared"

	start -- "$LOGS"
	keys 2
	check "$size: as recorded: the run laid out named" wait_for "as recorded (.ninja_log, run 2 of 2): $span s"
	check "$size: ... the $others compiles of other runs said off the timeline" \
		grep -q "^$others compiles of other runs not on this timeline" "$TMP/screen"
	last=$(grep '^  time ' "$TMP/screen" | grep -o '[0-9]* s *$' | grep -o '^[0-9]*')
	check "$size: ... one clock: the axis ends at the span ($last s, ${span} s)" \
		[ "$last" -le "${span%.*}" -o "$last" -le $((${span%.*} + 1)) ]
done
finish
