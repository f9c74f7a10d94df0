#!/bin/sh
# SPDX-License-Identifier: MIT
# The Markdown report fits a pull request (issue 23): no table has more
# than 8 columns, so that a reader scrolls down and not sideways, in the
# report of data/example, of the corpus tree, of the corpus against a
# baseline (the changes) and of the example with its build logs (the
# build costs).  The columns are counted on each table's delimiter row
# ("|---|---:|"), where no cell text can hide a '|'.
. "${srcdir:-.}/tests/lib/lib.sh"

MAX_COLUMNS=8
EXAMPLE="$srcdir/data/example"

# widest FILE: "TABLES WIDEST" over the GFM tables of a Markdown file.
widest() {
	awk '/^\|(-+:?\|)+$/ { n = gsub(/\|/, "|") - 1; t++; if (n > w) w = n }
	    END { print t + 0, w + 0 }' "$1"
}

# headings FILE TITLE...: FILE has a "### TITLE" heading of each.
headings() {
	local f=$1
	shift
	for t in "$@"; do grep -qxF "### $t" "$f" || return 1; done
}

# fits NAME FILE: every table of FILE within MAX_COLUMNS, and some table there.
fits() {
	set -- "$1" "$2" $(widest "$2")
	check "$1: $3 tables, the widest $4 columns (at most $MAX_COLUMNS)" \
	    sh -c '[ "$1" -gt 0 ] && [ "$2" -gt 0 ] && [ "$2" -le "$3" ]' sh "$3" "$4" "$MAX_COLUMNS"
}

"$SPILLWAY" --report=markdown "$EXAMPLE" >"$TMP/example.md" 2>"$TMP/err"
fits "data/example" "$TMP/example.md"
check "data/example: the arch comparison and coverage are in it" \
    headings "$TMP/example.md" "Arch comparison" "Arch coverage"

"$SPILLWAY" --report=markdown "$BUILD" >"$TMP/corpus.md" 2>/dev/null
fits "tests/corpus/build" "$TMP/corpus.md"
check "tests/corpus/build: 16 arches and more in the tree" \
    [ "$(grep -o 'sm_[0-9]*[af]\{0,1\}' "$TMP/corpus.md" | sort -u | wc -l)" -ge 16 ]

# The baseline: the corpus's --list with every third row gone, so that the
# changes have new kernels.
"$SPILLWAY" --list "$BUILD" 2>/dev/null | awk 'NR == 1 || NR % 3 != 0' >"$TMP/base.csv"
"$SPILLWAY" --report=markdown --baseline="$TMP/base.csv" "$BUILD" >"$TMP/diff.md" 2>/dev/null
check "against a baseline: the changes come first" \
    [ "$(grep -m1 '^### ' "$TMP/diff.md")" = "### Changes against the baseline" ]
fits "tests/corpus/build against a baseline" "$TMP/diff.md"

"$SPILLWAY" --report=markdown "$EXAMPLE" "$srcdir/data/logs/ninja-j2/ptxas.log" \
    "$srcdir/data/logs/time-v.log" >"$TMP/logs.md" 2>/dev/null
check "data/example with its logs: spills and build costs are in it" \
    headings "$TMP/logs.md" "Kernels that spill" "Build costs"
fits "data/example with its logs" "$TMP/logs.md"

# The arch comparison names only the arches that differ, with the delta:
# spill.o's moderate_pressure_kernel has 64 registers on sm_80 (cuobjdump,
# tests/corpus/golden/spill.o.resource-usage.txt) and 48 on the others.
check "arch comparison: the reference arch, then the arches that differ by how much" \
    grep -qF '| `moderate_pressure_kernel` | `spill.o` | sm_80 | 64 | 0 | sm_90, sm_100, sm_120: REG 48 (-16) |' \
    "$TMP/example.md"
# Coverage: the GPUs that run each library natively, by JIT and not at all.
check "coverage: stack.o runs natively on sm_75 and sm_86..sm_89, by JIT on the rest" \
    grep -qF '| `stack.o` | sm_75 sm_86 | compute_75 | sm_75 sm_86 sm_87 sm_88 sm_89 | sm_80 sm_90 sm_100 sm_103 sm_110 sm_120 sm_121 | none |' \
    "$TMP/example.md"
finish
