#!/bin/sh
# SPDX-License-Identifier: MIT
# --report on the corpus: the arch comparison's registers and stack equal
# cuobjdump's, and the spill table's numbers equal the ptxas -v logs (joined
# into a --list CSV here, as spillway reads its own CSV back).  The same
# input gives the same bytes in every format.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
PY="python3 $srcdir/tests/corpus/report_golden.py"
spilled=0
for f in "$BUILD"/*; do
	b=$(basename "$f")
	case "$b" in bad_*|rdc_app) continue ;; esac
	"$SPILLWAY" --list "$f" >"$TMP/$b.csv" 2>/dev/null
	"$SPILLWAY" --report=csv --sections=arches "$f" >"$TMP/$b.arches.csv" 2>"$TMP/$b.err"
	check "$b: --report=csv exits 0, says nothing" [ $? -eq 0 ] && [ ! -s "$TMP/$b.err" ]
	if [ "$(grep -c '^sm_' "$GOLDEN/$b.list-elf.txt" 2>/dev/null; grep -c 'arch = sm_' "$GOLDEN/$b.resource-usage.txt")" ] &&
	    grep -q '^arches,' "$TMP/$b.arches.csv"; then
		if $PY arches "$TMP/$b.csv" "$TMP/$b.arches.csv" "$GOLDEN/$b.resource-usage.txt" >"$TMP/cmp"; then
			pass "$b: $(tail -1 "$TMP/cmp")"
		else
			fail "$b: arch table differs from cuobjdump"; sed 's/^/    /' "$TMP/cmp"
		fi
	fi
	[ -s "$GOLDEN/$b.ptxas.log" ] || continue
	$PY join "$TMP/$b.csv" "$GOLDEN/$b.ptxas.log" >"$TMP/$b.joined.csv"
	"$SPILLWAY" --report=csv --sections=spills,summary "$TMP/$b.joined.csv" >"$TMP/$b.spills.csv" 2>"$TMP/$b.err"
	check "$b: the joined CSV reads back" [ $? -eq 0 ] && [ ! -s "$TMP/$b.err" ]
	if $PY spills "$TMP/$b.spills.csv" "$GOLDEN/$b.ptxas.log" "$TMP/$b.csv" >"$TMP/cmp"; then
		case "$(tail -1 "$TMP/cmp")" in 0/0*) ;; *) spilled=$((spilled + 1)) ;; esac
		pass "$b: $(tail -1 "$TMP/cmp")"
	else
		fail "$b: spill table differs from ptxas -v"; sed 's/^/    /' "$TMP/cmp"
	fi
done
check "spill tables checked on the corpus's spilling artifacts" [ "$spilled" -ge 3 ]

# With every spill figure known, the summary counts spills and arrays.
$PY join "$TMP/spill_maxrreg32.o.csv" "$GOLDEN/spill_maxrreg32.o.ptxas.log" >"$TMP/j.csv"
"$SPILLWAY" --report=csv --sections=summary "$TMP/j.csv" >"$TMP/sum.csv"
check "summary: 8 entries, 8 framed, 8 spilling, 0 arrays" \
	grep -qx 'summary,gated,2,4,8,8,8,0' "$TMP/sum.csv"
"$SPILLWAY" --report=csv --sections=summary "$TMP/spill_maxrreg32.o.csv" >"$TMP/sum.csv"
check "summary without ptxas logs: spills unknown" \
	grep -qx 'summary,gated,2,4,8,8,unknown,unknown' "$TMP/sum.csv"

# Same bytes twice, and at 1 and 4 workers.
for fmt in markdown csv html; do
	"$SPILLWAY" -T 1 --report=$fmt "$BUILD" >"$TMP/a.$fmt" 2>/dev/null
	"$SPILLWAY" -T 4 --report=$fmt "$BUILD" >"$TMP/b.$fmt" 2>/dev/null
	check "--report=$fmt: same bytes at 1 and 4 workers" cmp -s "$TMP/a.$fmt" "$TMP/b.$fmt"
done
check "--report=markdown fits a pull-request body" [ "$(wc -c <"$TMP/a.markdown")" -le 65536 ]
"$SPILLWAY" --report --max-bytes=20000 "$BUILD" >"$TMP/small.md" 2>/dev/null
check "--max-bytes=20000 is kept" [ "$(wc -c <"$TMP/small.md")" -le 20000 ]
check "--max-bytes says what it left out" grep -q '^…and [0-9]* more row' "$TMP/small.md"

# Usage errors.
expect_status 2 "--report=pdf is refused" "$SPILLWAY" --report=pdf "$BUILD/stack.o"
expect_status 2 "--sections=nope is refused" "$SPILLWAY" --report --sections=nope "$BUILD/stack.o"
expect_status 2 "--gpus=compute_90 is refused" "$SPILLWAY" --report --gpus=compute_90 "$BUILD/stack.o"
finish
