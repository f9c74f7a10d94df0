#!/bin/sh
# SPDX-License-Identifier: MIT
# One column table, three faces that must agree: the --list column list
# of spillway-list(5) (the first .Bl of its DESCRIPTION),
# --list's header, and the header the column table writes (test_columns
# holds that one to src/model/columns.c); the detail view's visibility line is
# checked in tests/e2e/tui.sh's way, through test_viewmodel.
. "${srcdir:-.}/tests/lib/lib.sh"

MAN="$srcdir/man/spillway-list.5"

# The names of the page's --list columns, in order, one a line: the
# ".It Li" items of the first list of its DESCRIPTION, at its own depth
# ("texture , surface , sampler" is three).
awk '
	/^\.Sh DESCRIPTION$/ { want = 1; next }
	want && /^\.Bl/ { depth++; next }
	want && /^\.El/ { if (--depth == 0) exit; next }
	want && depth == 1 && /^\.It Li / {
		sub(/^\.It Li /, "")
		n = split($0, names, / , /)
		for (i = 1; i <= n; i++) print names[i]
	}' "$MAN" >"$TMP/man"

"$SPILLWAY" --list "$BUILD" 2>/dev/null | head -1 | tr -d '\r' | tr ',' '\n' >"$TMP/list"

check "the man page lists --list columns" test -s "$TMP/man"
check "--list writes a header" test -s "$TMP/list"
if ! cmp -s "$TMP/man" "$TMP/list"; then
	diff "$TMP/man" "$TMP/list" | sed 's/^/    /'
	fail "the man page's --list columns are --list's header, in order"
else
	pass "the man page's --list columns are --list's header, in order"
fi

# The header byte for byte up to the visibility column: the contract the
# lists already written hold to.  The columns appended since are the man
# page's and the table's (above, and tests/test_columns.c), not pinned here.
want="library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads,visibility"
header=$("$SPILLWAY" --list "$BUILD" 2>/dev/null | head -1)
check "--list's header is the one documented" \
	test "$("$SPILLWAY" --list "$BUILD" 2>/dev/null | list_upto visibility | head -1)" = "$want"
check "--list's header appends to it" \
	sh -c 'case "$1" in "$2",*) exit 0;; esac; exit 1' sh "$header" "$want"

# A list read back writes the same header and rows: the importer reads
# every column where the writer put it.
"$SPILLWAY" --list "$BUILD" >"$TMP/a.csv" 2>/dev/null
"$SPILLWAY" --list "$TMP/a.csv" >"$TMP/b.csv" 2>/dev/null
check "a --list read back is written back the same" cmp -s "$TMP/a.csv" "$TMP/b.csv"
# A list of the documented columns only (one written before the others
# were appended) reads back with today's header: each appended column is
# one an older list may lack.
list_upto visibility <"$TMP/a.csv" >"$TMP/old.csv"
check "a list of the documented columns reads back with every column" \
	test "$("$SPILLWAY" --list "$TMP/old.csv" 2>/dev/null | head -1)" = "$header"
finish
