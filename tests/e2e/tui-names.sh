#!/bin/sh
# SPDX-License-Identifier: MIT
# Instantiations told apart, at 100x30 and 80x24: every expanded
# instantiation row shows a name no other row of its kernel shows (the
# template arguments that differ first), and the LIBRARY cells show each
# library's shortest unique tail, never an elided path.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

FIX="$srcdir/tests/lib/fixtures/tui/instances.o"
TEMPLATES="$BUILD/templates.o"
NS="$BUILD/namespaces_allarch.o"

# instance_rows: the expanded instantiation rows of the last screen (the
# table's rows indented by four), their name cell only (before the library
# when shown, else before the numbers).
instance_rows() {
	sed -n "4,$((TUI_ROWS - 1))p" "$TMP/screen" | grep '^     [^ ]' |
	    sed -e 's/ \{2,\}[^ ]*\.o  .*//' -e 's/ \{2,\}[0-9?-].*//'
}
distinct_rows() {
	instance_rows >"$TMP/names"
	[ -s "$TMP/names" ] && [ "$(sort "$TMP/names" | uniq -d | wc -l)" -eq 0 ]
}

for size in 100x30 80x24; do
	TUI_COLS=${size%x*} TUI_ROWS=${size#*x}
	export TUI_COLS TUI_ROWS
	# One library: no LIBRARY column at all.
	start -- "$FIX"
	check "$size: the table opens" wait_for "kernels  sort:"
	check "$size: one library, no LIBRARY column" sh -c "! grep -q LIBRARY '$TMP/screen'"
	keys '*'
	check "$size: * expands every kernel" wait_for "▾ gemvx::kernel [8]"
	check "$size: the rows name the differing arguments first" grep -q "<float, 512, 6, 5, 5, 5, false, 512 | 3>" "$TMP/screen"
	check "$size: every instantiation row is distinct on screen" distinct_rows
	check "$size: twelve wgrad rows" [ "$(grep -c '^     <' "$TMP/screen")" -ge 12 ]
	keys G
	check "$size: the end of the table" wait_for "gemvx::kernel"
	wait_for "<double, double, double, 256, 2, true, true" >/dev/null
	check "$size: the gemvx rows are distinct" distinct_rows

	# Two libraries: the LIBRARY column shows base names, whole.
	start -- "$TEMPLATES" "$NS"
	check "$size: two libraries" wait_for "LIBRARY"
	keys '*'
	check "$size: expanded" wait_for "▾ blas::fill_kernel [5]"
	check "$size: distinct instantiation rows (templates.o)" distinct_rows
	check "$size: library cells are base names" grep -q " templates\.o  " "$TMP/screen"
	check "$size: no library path on screen" sh -c "! grep -q 'corpus/build' '$TMP/screen'"
	check "$size: no elided library" sh -c "! grep -q '…[a-z_]*\.o ' '$TMP/screen'"

	# The libraries, the most kernels first; L shows the kernels of one
	# (Enter opens it in the tree: tests/e2e/tui-libtree.sh).
	keys 2
	check "$size: 2 lists the libraries" wait_for "2 libraries, the most kernels first"
	first=$(grep -m1 'corpus/build/' "$TMP/screen" | awk '{ print $NF }')
	keys L
	check "$size: L shows the first library's kernels ($first)" wait_for "  library: "
	check "$size: ... and no other library's" sh -c "sed -n '4,\$((TUI_ROWS - 1))p' '$TMP/screen' | grep '\.o ' | grep -qv '$(basename "$first")' && exit 1 || exit 0"
done
finish
