#!/bin/sh
# SPDX-License-Identifier: MIT
# The Build view with compile-time traces (tests/corpus/traces/): under the
# timeline, each traced unit beside its compile (peak, wall), then its
# longest instantiation first with the time the JSON sums for it
# (tests/lib/trace_expect.py), its functions with the sm ptxas compiled
# them for; and the word on sccache.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }

TUI_COLS=160 TUI_ROWS=70
export TUI_COLS TUI_ROWS
DIR="$CORPUS/traces/build"

top=$(python3 "$srcdir/tests/lib/trace_expect.py" items "$DIR/templates.o.json" | head -1 | cut -f3)
start -- --log="$DIR/record.log" --log="$DIR/templates.o.json" --log="$DIR/hosttpl.json"
check "only logs and traces: the browser opens on Build, the traces under it" \
	wait_for "Compile-time traces: 2"
check "the nvcc unit beside its compile" grep -q "^  templates.o: nvcc trace .*templates.o.json, [0-9.]* s traced of 16.1 s wall" "$TMP/screen"
check "the clang unit beside its compile" grep -q "^  hosttpl.o: clang trace .*hosttpl.json" "$TMP/screen"
check "the nvcc unit's longest instantiation first, $top s as its JSON sums" \
	sh -c "grep -A1 '^  templates.o: nvcc' '$TMP/screen' | grep -Eq '^    instantiation +$top s'"
check "functions with the sm ptxas compiled them for" grep -Eq "^    function +[0-9.]+ s sm_(80|90) " "$TMP/screen"
check "the word on sccache" grep -q "sccache does not cache nvcc calls made with -fdevice-time-trace" "$TMP/screen"
finish
