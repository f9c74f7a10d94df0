#!/bin/sh
# SPDX-License-Identifier: MIT
# Compare and search, at 200x50 and 80x24: c goes on from the arch shown,
# x returns to all arches, a delta column sorts by the difference and says
# a row of one arch once; the current match is lit apart from the others,
# only the matched text is, "match i of N", wrapping said; / finds a
# library; after s the top of the new order shows; htop's function keys.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

ESC=$(printf '\033')
last_line() { tail -1 "$TMP/screen"; }

for size in 200x50 80x24; do
	TUI_COLS=${size%x*} TUI_ROWS=${size#*x}
	export TUI_COLS TUI_ROWS
	start -- "$BUILD"
	wait_for "could not be read" >/dev/null	# shown once, until a key
	keys j k
	check "$size: the table opens" wait_for "sort: STACK all arches desc"

	# --- Compare. ----------------------------------------------------------
	keys a a
	check "$size: a a shows sm_80" wait_for "arch: sm_80"
	keys c
	check "$size: c from sm_80 compares with the next arch, sm_86" wait_for "compare: sm_80 vs sm_86"
	check "$size: a delta column" grep -q "ΔSTACK" "$TMP/screen"
	check "$size: a row of sm_80 only says so in one cell" grep -q "only sm_80" "$TMP/screen"
	tm capture-pane -e -p -t spw | grep "only sm_80" | head -1 >"$TMP/row-e"
	check "$size: ... and no number of it is lit as a difference" sh -c "! grep -q '${ESC}\[[0-9;]*35m' '$TMP/row-e'"
	keys s
	steps=0	# (wait_for counts in i)
	while [ $steps -lt 20 ]; do
		before=$(screen | tail -1)
		keys s
		wait_gone "$before" >/dev/null
		grep -q "sort: difference in" "$TMP/screen" && break
		steps=$((steps + 1))
	done
	check "$size: s reaches the sort by difference" grep -q "sort: difference in [A-Z]* desc" "$TMP/screen"
	check "$size: after s the first row is selected" sh -c "tail -1 '$TMP/screen' | grep -q ' 1/[0-9]* *\$'"
	keys x
	check "$size: x returns to all arches" wait_for "all arches desc"
	check "$size: ... with no arch named" sh -c "! tail -1 '$TMP/screen' | grep -q 'arch: '"

	# --- Search. -----------------------------------------------------------
	keys '\'
	type_text fill_kernel
	keys Enter g /
	type_text fill_kernel
	keys Enter
	check "$size: / searches, counting the matches" wait_for "match 1 of"
	total=$(last_line | sed -n 's/.*match 1 of \([0-9]*\).*/\1/p')
	tm capture-pane -e -p -t spw >"$TMP/screen-e"
	check "$size: the current match has its own colour (white on red)" grep -q "${ESC}\[[0-9;]*41mfill_kernel" "$TMP/screen-e"
	check "$size: the other matches are black on yellow" grep -q "${ESC}\[[0-9;]*43mfill_kernel" "$TMP/screen-e"
	check "$size: only the matched text is lit" sh -c "! grep -q '${ESC}\[[0-9;]*4[13]mblas::fill' '$TMP/screen-e'"
	keys n
	check "$size: n goes to match 2" wait_for "match 2 of $total"
	keys N N
	check "$size: N past the first says it wrapped" wait_for "search hit TOP, continuing at BOTTOM"
	keys C-l
	check "$size: ... at the last match" wait_for "match $total of $total"
	keys u g /
	type_text libkernels
	keys Enter
	check "$size: / matches a library name" wait_for "match 1 of"
	keys u

	# --- The library filter: L, Tab goes from one library to the next. ------
	keys L
	type_text templates.o
	keys Enter
	check "$size: L filters by library" wait_for "library: templates.o"
	check "$size: ... every row of templates.o" sh -c "sed -n '4,\$((TUI_ROWS - 1))p' '$TMP/screen' | grep '^ [▸▾ ] ' | grep -qv 'templates' && exit 1 || exit 0"
	keys u
	check "$size: u clears it" wait_gone "library: templates.o"

	# --- htop's function keys. ---------------------------------------------
	keys g
	wait_for " 1/" >/dev/null
	sort1=$(last_line | sed -n 's/.*sort: \([A-Za-z ]*\) desc.*/\1/p')
	keys F6
	check "$size: F6 sorts by the next column" wait_gone "sort: $sort1 desc"
	keys F4
	type_text gather
	keys Enter
	check "$size: F4 filters" wait_for "filter: gather"
	keys u F3
	check "$size: F3 searches" wait_for "/"
	keys Escape
	wait_gone "/" >/dev/null
	keys F10
	check "$size: F10 quits (2: two files of the corpus are damaged)" wait_for "spillway exited 2"
done
finish
