#!/bin/sh
# SPDX-License-Identifier: MIT
# At 80x24, names alike but in the middle (cuBLASLt's sm90_xmma_gemm_*,
# a cuBLASLt-shaped fixture in two libraries) stay apart: what rows share
# is elided, what tells them apart kept, in compare mode too; { and }
# scroll the names sideways; and the LIBRARY column, narrowed, stays when
# the libraries' names are too long for 80 columns (lib64's).
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

TUI_COLS=80 TUI_ROWS=24
export TUI_COLS TUI_ROWS
FIX="$srcdir/tests/lib/fixtures/tui"

# The name cells of the rows shown: columns 2 to 37 of each table row.
name_cells() { sed -n '4,23p' "$TMP/screen" | cut -c2-37; }
# No two rows of one library show the same name.
apart() {
	for lib in liblt_a liblt_b; do
		grep "$1.*$lib" "$TMP/screen" | cut -c2-37 | sort | uniq -d | grep -q . && return 1
	done
	return 0
}

start -- "$FIX/liblt_a.o" "$FIX/liblt_b.o"
check "the table opens" wait_for "kernels  sort:"
check "the cuBLASLt-shaped rows read apart" apart sm90
check "... each shows its tile size" grep -q "tilesize128x128x64" "$TMP/screen"
check "... and its start and end" sh -c "grep 'tilesize256x128x64' '$TMP/screen' | grep -q 'sm9.*blas '"
check "the blas rows read apart" apart blas::
check "... max and sum shown" sh -c "grep -q 'reduce_max' '$TMP/screen' && grep -q 'reduce_sum' '$TMP/screen'"
keys c
check "compare mode" wait_for "compare: sm_80 vs sm_90"
check "compared: the blas rows read apart" apart blas::
check "compared: the sm90 rows read apart" apart sm90
keys x
check "back to all arches" wait_gone "compare:"
# tmux's own parser takes { and } for braces: sent as text.
type_text '}}}'
check "} scrolls the names right" wait_for "warpgroupsize1x1x1_execute"
check "... every row scrolled alike" sh -c "! grep -q '^   sm90' '$TMP/screen'"
type_text '{{{'
check "{ scrolls back" wait_for "   blas::"
keys S-Right S-Right S-Right
check "Shift-Right scrolls too" wait_for "warpgroupsize1x1x1_execute"
keys Q

# lib64: names too long for the LIBRARY column's whole width at 80.
ln -s "$(cd "$FIX" && pwd)/liblt_a.o" "$TMP/libcublasLt_static_fixture_first.so.13.1.0.3"
ln -s "$(cd "$FIX" && pwd)/liblt_b.o" "$TMP/libcublasLt_static_fixture_second.so.13.1.0.3"
start -- "$TMP/libcublasLt_static_fixture_first.so.13.1.0.3" "$TMP/libcublasLt_static_fixture_second.so.13.1.0.3"
check "lib64-like: the table opens" wait_for "kernels  sort:"
check "lib64-like: the LIBRARY column stays at 80 columns" grep -q "LIBRARY" "$TMP/screen"
check "lib64-like: ... its names told apart" sh -c "grep -q 'first' '$TMP/screen' && grep -q 'second' '$TMP/screen'"
keys Q

finish
