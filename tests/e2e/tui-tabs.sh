#!/bin/sh
# SPDX-License-Identifier: MIT
# The number keys go to the views the top line numbers, however many it
# numbers (keys 1 to 9; a number past the last does nothing).
. "${srcdir:-.}/tests/lib/lib.sh"
. "$srcdir/tests/lib/tui-lib.sh"

EX="$srcdir/data/example"
TUI_COLS=120 TUI_ROWS=30
export TUI_COLS TUI_ROWS
start -- --tui --allow="$EX/spill-allow.csv" --baseline="$EX" "$EX" "$srcdir/data/logs/ninja-j2"
check "the top line numbers six views" wait_for "6 Size"
ESC=$(printf '\033')
# The tab lit: the top line's text in reverse video.
lit_tab() {
	tm capture-pane -e -p -t spw | head -1 | sed "s/${ESC}\[[0-9;]*7m/@@/; s/${ESC}\[[0-9;]*m//g" |
		sed -n 's/.*@@ *\([0-9] [A-Za-z]*\).*/\1/p'
}
for n in 6 2 5 3 4 1; do
	name=$(head -1 "$TMP/screen" | sed -n "s/.* $n \([A-Za-z]*\) .*/\1/p")
	keys "$n"
	i=0
	while [ "$(lit_tab)" != "$n $name" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	check "key $n goes to view $n, $name (lit: $(lit_tab))" [ "$(lit_tab)" = "$n $name" ]
done
keys 6
wait_for "Where the bytes go" >/dev/null
keys 7 8 9
keys 1
check "7, 8 and 9 number no view here: nothing happens, 1 still goes to Kernels" wait_for "KERNEL "
check "the browser is still running" sh -c "! grep -q 'spillway exited' '$TMP/screen'"
finish
