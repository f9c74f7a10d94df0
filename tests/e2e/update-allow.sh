#!/bin/sh
# SPDX-License-Identifier: MIT
# --update-allow: the table it writes makes --check pass on the same tree,
# tightening any row by one byte makes it fail, and notes and comments stay.
. "${srcdir:-.}/tests/lib/lib.sh"

EXAMPLE="$srcdir/data/example"
TABLE="$EXAMPLE/spill-allow.csv"

# Round trip on the corpus (its two broken files aside).
expect_status 0 "--update-allow creates a table" "$SPILLWAY" --update-allow --allow="$TMP/corpus.csv" --exclude='bad_*' "$BUILD"
check "it reports what it wrote" grep -q "corpus.csv: written: [1-9][0-9]* added" "$TMP/out"
check "new rows have an empty note" grep -qxF "stackdemo::gather_local_kernel,sm_90,1024,0," "$TMP/corpus.csv"
check "the maximum over instantiations" grep -qxF "hpc::pressure::mix_spill_kernel,sm_80,1192,0," "$TMP/corpus.csv"
expect_status 0 "the table passes on the same tree" "$SPILLWAY" --check --allow="$TMP/corpus.csv" --exclude='bad_*' "$BUILD"
rows=$(grep -c ',sm_[0-9]*,[0-9]*,[0-9]*,' "$TMP/corpus.csv")
check "it has rows" [ "$rows" -gt 10 ]
tightened=0
failing=0
n=0
for line in $(grep -n ',sm_[0-9]*,[1-9][0-9]*,[0-9]*,' "$TMP/corpus.csv" | cut -d: -f1); do
	awk -F, -v l="$line" 'BEGIN { OFS = "," } NR == l { $3 = $3 - 1 } { print }' "$TMP/corpus.csv" >"$TMP/tight.csv"
	tightened=$((tightened + 1))
	"$SPILLWAY" --check --allow="$TMP/tight.csv" --exclude='bad_*' "$BUILD" >"$TMP/tight.out" 2>&1
	[ $? -eq 1 ] && grep -q "over its allowance" "$TMP/tight.out" && failing=$((failing + 1))
done
check "every row tightened by one byte fails ($failing of $tightened)" [ "$tightened" -gt 10 -a "$failing" -eq "$tightened" ]
expect_status 0 "a second --update-allow changes nothing" "$SPILLWAY" --update-allow --allow="$TMP/corpus.csv" --exclude='bad_*' "$BUILD"
check "0 added, 0 tightened" grep -q "written: 0 added, 0 tightened (stale), 0 raised, 0 removed, $rows unchanged" "$TMP/out"

# Notes and comments stay; stale rows are tightened and listed; a row that
# now measures 0 goes; a missing row is added; rows not seen are kept.
grep -v '^stackdemo::printf_kernel,sm_75,' "$TABLE" |
	sed 's/^stackdemo::gather_local_kernel,sm_86,1024,/stackdemo::gather_local_kernel,sm_86,2048,/' >"$TMP/edit.csv"
printf 'stackdemo::recursion_kernel,sm_86,16,0,"recursion, bounded"\nother::kernel,sm_86,64,0,another library\n' >>"$TMP/edit.csv"
expect_status 0 "--update-allow on an edited table" "$SPILLWAY" --update-allow --allow="$TMP/edit.csv" "$EXAMPLE"
check "the stale row is listed" grep -qF "edit.csv:22: stale, tightened: stackdemo::gather_local_kernel sm_86: STACK 2048 LOCAL 0, now STACK 1024 LOCAL 0" "$TMP/out"
check "the row that measures 0 is listed as removed" grep -qF "stale, removed: stackdemo::recursion_kernel sm_86" "$TMP/out"
check "the missing row is listed as added" grep -qF "added stackdemo::printf_kernel sm_75: STACK 24 LOCAL 0" "$TMP/out"
check "the row not seen is listed as kept" grep -qF "kept other::kernel sm_86: matches no gated kernel" "$TMP/out"
{ grep -v '^stackdemo::printf_kernel,sm_75,' "$TABLE"
  echo "other::kernel,sm_86,64,0,another library"
  echo "stackdemo::printf_kernel,sm_75,24,0,"; } >"$TMP/want.csv"
check "the table is the original, with the added row last" cmp "$TMP/want.csv" "$TMP/edit.csv"
diff "$TMP/want.csv" "$TMP/edit.csv" | sed 's/^/    /'

# Rows that outlive their kernels: --stale-fails fails on them, --prune
# removes them, and a row for an arch not built is named and kept.
cp "$TABLE" "$TMP/prune.csv"
printf 'ghost::kernel,sm_86,64,0,renamed since\nold::kernel,sm_70,32,0,an arch no longer built\n' >>"$TMP/prune.csv"
expect_status 1 "--stale-fails on a row that matches nothing" \
	"$SPILLWAY" --check --stale-fails --allow="$TMP/prune.csv" "$EXAMPLE"
check "  ...and --check names the row of an arch not built" \
	grep -qF "prune.csv: 1 allowance row for arches this scan has no image of, left alone: old::kernel sm_70 (line" "$TMP/out"
expect_status 0 "--update-allow alone keeps it" "$SPILLWAY" --update-allow --allow="$TMP/prune.csv" "$EXAMPLE"
check "  ...saying --prune removes it" grep -qF "kept ghost::kernel sm_86: matches no gated kernel in this scan (--prune removes it)" "$TMP/out"
check "  ...and naming the row of an arch not built" grep -qF "kept old::kernel sm_70: no sm_70 was built in this scan" "$TMP/out"
expect_status 1 "  ...so --stale-fails stays red" \
	"$SPILLWAY" --check --stale-fails --allow="$TMP/prune.csv" "$EXAMPLE"
expect_status 0 "--update-allow --prune" "$SPILLWAY" --update-allow --prune --allow="$TMP/prune.csv" "$EXAMPLE"
check "  ...lists the row pruned" grep -qF "pruned ghost::kernel sm_86: matches no gated kernel in this scan" "$TMP/out"
check "  ...counts it" grep -q "written: .*, 1 pruned, 1 kept for arches not built$" "$TMP/out"
check "  ...keeps the row of an arch not built" grep -q "^old::kernel,sm_70,32,0," "$TMP/prune.csv"
check "  ...and removes the other" sh -c "! grep -q '^ghost::kernel,' '$TMP/prune.csv'"
expect_status 0 "--stale-fails is clean after --prune" \
	"$SPILLWAY" --check --stale-fails --allow="$TMP/prune.csv" "$EXAMPLE"
expect_status 2 "--prune without --update-allow" "$SPILLWAY" --check --prune --allow="$TMP/prune.csv" "$EXAMPLE"

# Nothing is written when the scan is incomplete.
cp "$TABLE" "$TMP/keep.csv"
expect_status 77 "a missing library" "$SPILLWAY" --update-allow --allow="$TMP/keep.csv" "$EXAMPLE/stack.o" "$TMP/nonexistent.a"
check "the table is left as it was" cmp -s "$TABLE" "$TMP/keep.csv"
expect_status 2 "an unreadable library" "$SPILLWAY" --update-allow --allow="$TMP/keep.csv" "$BUILD/bad_truncated.o" "$EXAMPLE/stack.o"
check "the table is left as it was" cmp -s "$TABLE" "$TMP/keep.csv"
printf 'kernel,sm,stack\n' >"$TMP/bad.csv"
expect_status 2 "a bad table" "$SPILLWAY" --update-allow --allow="$TMP/bad.csv" "$EXAMPLE"
check "names file and line" grep -qF "$TMP/bad.csv:1: the header has no 'local' column" "$TMP/err"
finish
