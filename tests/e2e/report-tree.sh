#!/bin/sh
# SPDX-License-Identifier: MIT
# --report on hand-made --list CSVs: --baseline's diff (changed, new and
# removed kernels, largest growth first), arch coverage on --gpus with a
# stale object, and the spill sections once spill figures are known.
. "${srcdir:-.}/tests/lib/lib.sh"

H=library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads
cat >"$TMP/old.csv" <<CSV
$H
old/lib/a.o,,sm_86,entry,_Z1kv,k(),k,,32,0,0,0,,0,0,0,,,0,0
old/lib/a.o,,sm_86,entry,_Z4gonev,gone(),gone,,16,0,0,0,,0,0,0,,,0,0
old/lib/a.o,,sm_86,entry,_Z4samev,same(),same,,16,0,0,0,,0,0,0,,,0,0
CSV
cat >"$TMP/new.csv" <<CSV
$H
lib/a.o,,sm_86,entry,_Z1kv,k(),k,,40,64,0,0,,0,0,0,,,8,8
lib/a.o,,sm_86,entry,_Z3newv,new(),new,,16,0,0,0,,0,0,0,,,0,0
lib/a.o,,sm_86,entry,_Z4samev,same(),same,,16,0,0,0,,0,0,0,,,0,0
CSV
"$SPILLWAY" --report=csv --sections=diff --baseline="$TMP/old.csv" "$TMP/new.csv" >"$TMP/diff.csv"
check "diff: exits 0" [ $? -eq 0 ]
sed -n 2,4p "$TMP/diff.csv" | cut -d, -f2,5 >"$TMP/order"
printf 'k,changed\nnew,new\ngone,removed\n' >"$TMP/want"
check "diff: changed, new, removed, largest growth first" cmp -s "$TMP/order" "$TMP/want"
check "diff: old and new values of k" \
	grep -qx 'diff,k,a.o,sm_86,changed,32,40,0,64,0,8,0,8,0,0,0,0' "$TMP/diff.csv"
check "diff: an unchanged kernel is not listed" sh -c "! grep -q ',same,' '$TMP/diff.csv'"
"$SPILLWAY" --report --sections=diff --baseline="$TMP/old.csv" "$TMP/new.csv" >"$TMP/diff.md"
check "diff: Markdown shows the change" grep -q '| 32 → 40 (+8) | 0 → 64 (+64) |' "$TMP/diff.md"
expect_status 2 "--sections=diff without --baseline is refused" \
	"$SPILLWAY" --report --sections=diff "$TMP/new.csv"

# Spill figures known: spills and arrays sections, summary counts.
cat >"$TMP/sp.csv" <<CSV
$H
x.o,,sm_86,entry,_Z1av,a<1>(),ns::a,ns,64,24,0,0,,0,0,0,,,8,12
x.o,,sm_86,entry,_Z1bv,a<2>(),ns::a,ns,40,16,0,0,,0,0,0,,,4,4
x.o,,sm_86,entry,_Z1cv,c(),ns::c,ns,32,384,0,0,,0,0,0,,,0,0
x.o,,sm_86,entry,_Z1dv,d(),ns::d,ns,32,0,0,0,,0,0,0,,,0,0
CSV
"$SPILLWAY" --report=csv --sections=summary,spills,arrays "$TMP/sp.csv" >"$TMP/sp.out"
check "summary with spill figures" grep -qx 'summary,gated,3,4,4,3,2,1' "$TMP/sp.out"
check "spills: maxima over the 2 instantiations" grep -qx 'spills,ns::a,x.o,sm_86,2,24,8,12,64' "$TMP/sp.out"
check "arrays: the 384-byte frame" grep -qx 'arrays,ns::c,x.o,sm_86,1,384,0,32' "$TMP/sp.out"

# Coverage: three objects agree on sm_86, one was built for sm_75.
cat >"$TMP/tree.csv" <<CSV
$H
t/x1.o,,sm_86,entry,_Z1kv,k(),k,,32,0,0,0,,0,0,0,,,,
t/x2.o,,sm_86,entry,_Z1kv,k(),k,,32,0,0,0,,0,0,0,,,,
t/x3.o,,sm_86,entry,_Z1kv,k(),k,,32,0,0,0,,0,0,0,,,,
t/old.o,,sm_75,entry,_Z1kv,k(),k,,32,0,0,0,,0,0,0,,,,
t/arch.o,,sm_90a,entry,_Z1kv,k(),k,,32,0,0,0,,0,0,0,,,,
CSV
"$SPILLWAY" --report=csv --sections=coverage --gpus=75,sm_89,sm_90,sm_100 "$TMP/tree.csv" >"$TMP/cov.csv"
check "coverage: sm_86 SASS runs on sm_89 only" \
	grep -q '^coverage,x1.o,sm_86,none,no,SASS sm_86,no,no,' "$TMP/cov.csv"
check "coverage: the sm_75 object is flagged stale" \
	grep -q '^coverage,old.o,sm_75,none,SASS sm_75,no,no,no,stale' "$TMP/cov.csv"
check "coverage: sm_90a runs on sm_90 alone" \
	grep -q '^coverage,arch.o,sm_90a,none,no,no,SASS sm_90a,no,stale' "$TMP/cov.csv"
# The verdict opens the whole report, before any table; provenance ends it.
# The verdict is there only when a gate was asked for: without one, the
# first line says what spills and what grew, and passes or fails nothing.
"$SPILLWAY" --report --stale-fails --baseline="$TMP/old.csv" "$TMP/new.csv" >"$TMP/gated.md"
check "verdict: the first line, k spills, k and new grew" [ "$(head -1 "$TMP/gated.md")" = \
	"FAIL: 1 violation; 1 of 3 (kernel, sm) entries spills; 2 (kernel, sm) pairs grew against \`$TMP/old.csv\`." ]
"$SPILLWAY" --report --baseline="$TMP/old.csv" "$TMP/new.csv" >"$TMP/whole.md"
check "verdict: no gate, no PASS or FAIL, the facts alone" [ "$(head -1 "$TMP/whole.md")" = \
	"1 of 3 (kernel, sm) entries spills; 2 (kernel, sm) pairs grew against \`$TMP/old.csv\`." ]
"$SPILLWAY" --report --mem-host=1GiB "$TMP/old.csv" >"$TMP/host.md"
check "verdict: --mem-host is a gate" grep -q "^PASS: no rule violated; 0 of 3" "$TMP/host.md"
version=$("$SPILLWAY" --version | awk 'NR == 1 { print $2 }')
check "provenance: the last line" grep -qx "Made by spillway $version from 1 file, 1 image, 3 kernels\\." "$TMP/whole.md"
check "--baseline: the changes are the first section" \
	[ "$(grep -m1 '^### ' "$TMP/whole.md")" = "### Changes against the baseline" ]
"$SPILLWAY" --report --max-regs=255 "$TMP/old.csv" >"$TMP/pass.md"
check "verdict: a clean tree passes" \
	[ "$(head -1 "$TMP/pass.md")" = "PASS: no rule violated; 0 of 3 (kernel, sm) entries spill." ]
"$SPILLWAY" --report=csv "$TMP/new.csv" >"$TMP/whole.csv"
check "verdict: not in the CSV" sh -c "! grep -q 'PASS\\|FAIL\\|Made by' '$TMP/whole.csv'"

# Worst first, and the fold keeps the worst: zz, alphabetically last, spills most.
{
	echo "$H"
	for k in $(seq -f k%02g 1 40); do
		echo "lib/s.o,,sm_86,entry,_Z3${k}v,$k(),$k,,32,16,0,0,,0,0,0,,,8,8"
	done
	echo "lib/s.o,,sm_86,entry,_Z2zzv,zz(),zz,,32,3024,0,0,,0,0,0,,,1512,1512"
	echo "lib/s.o,,sm_86,entry,_Z2yyv,yy(),yy,,32,64,0,0,,0,0,0,,,0,40"
} >"$TMP/fold.csv"
"$SPILLWAY" --report=csv --sections=spills "$TMP/fold.csv" | sed -n '2,4p' | cut -d, -f2 >"$TMP/order"
printf 'zz\nyy\nk01\n' >"$TMP/want"
check "spills: most stores + loads first, ties in name order" cmp -s "$TMP/order" "$TMP/want"
"$SPILLWAY" --report --sections=spills --max-bytes=1024 "$TMP/fold.csv" >"$TMP/fold.md"
check "--max-bytes: the fold keeps the largest spill" grep -q '^| `zz` |' "$TMP/fold.md"
check "--max-bytes: ...and drops the smallest" sh -c "! grep -q '^| \`k40\` |' '$TMP/fold.md'"
check "--max-bytes: ...saying how many rows it left out" grep -q 'more rows' "$TMP/fold.md"
"$SPILLWAY" --report --sections=spills --top=1 "$TMP/fold.csv" | grep '^| `' | head -1 >"$TMP/top"
check "--top=1: the row shown is the largest spill" grep -q '^| `zz` |' "$TMP/top"

"$SPILLWAY" --report=csv --sections=builds "$srcdir/tests/lib/fixtures/seed001/build-rss.log" |
	awk -F, '$1 == "builds" && $4 != "" { print $4 }' >"$TMP/peaks"
sort -rn "$TMP/peaks" >"$TMP/want"
check "builds: heaviest peak first" [ -s "$TMP/peaks" ] && cmp -s "$TMP/peaks" "$TMP/want"

# Without any spill figure the spills section says so in its heading.
sed 's/,8,8$/,,/; s/,0,0$/,,/' "$TMP/new.csv" >"$TMP/nolog.csv"
"$SPILLWAY" --report --sections=spills "$TMP/nolog.csv" >"$TMP/nolog.md"
check "no ptxas log: the heading says so" \
	grep -qx '### Kernels with a stack frame (no ptxas -v log read: spills unknown)' "$TMP/nolog.md"
check "no ptxas log: k is the one kernel with a stack frame" \
	[ "$(grep -c '^| `' "$TMP/nolog.md")" -eq 1 ] && grep -q '^| `k` | `a.o` | sm_86 | 1 | 64 |' "$TMP/nolog.md"
"$SPILLWAY" --report --sections=spills "$TMP/new.csv" >"$TMP/withlog.md"
check "with spill figures: kernels that spill" grep -qx '### Kernels that spill' "$TMP/withlog.md"

# Worst first in the arrays too (largest frame), and occupancy: lowest
# first, and only what runs below full occupancy (issue 23).
EX="$srcdir/data/example"
"$SPILLWAY" --report=csv --sections=arrays,occupancy "$EX" "$srcdir/data/logs/ninja-j2/ptxas.log" >"$TMP/ao.csv"
awk -F, '$1 == "arrays" { print $6 }' "$TMP/ao.csv" >"$TMP/frames"
sort -rn "$TMP/frames" >"$TMP/want"
check "arrays: largest frame first ($(wc -l <"$TMP/frames") rows)" sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' sh "$TMP/frames" "$TMP/want"
awk -F, '$1 == "occupancy" { sub(/%$/, "", $11); print $11 }' "$TMP/ao.csv" >"$TMP/occ"
sort -n "$TMP/occ" >"$TMP/want"
check "occupancy: lowest first ($(wc -l <"$TMP/occ") rows)" sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' sh "$TMP/occ" "$TMP/want"
check "occupancy: every row below full" awk '$1 >= 100 { bad = 1 } END { exit bad }' "$TMP/occ"
check "occupancy: a kernel at full occupancy (file_local_iota_kernel, 48/48 warps on sm_86) is not listed" \
	sh -c '! grep -q "^occupancy,(anonymous namespace)::file_local_iota_kernel," "$1"' sh "$TMP/ao.csv"
check "occupancy: ...though it is a kernel of the tree" \
	sh -c '"$1" --list "$2" | grep -q "(anonymous namespace)::file_local_iota_kernel,"' sh "$SPILLWAY" "$EX"

finish
