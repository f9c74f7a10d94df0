#!/bin/sh
# SPDX-License-Identifier: MIT
# AMD GPU occupancy (issue 28): the report's waves per SIMD equal what the
# compiler itself said of each kernel (clang's "Occupancy [waves/SIMD]"
# remark, tests/corpus/amd/golden/spill.occupancy.txt) on gfx906, gfx908,
# gfx90a and gfx1030 (clang 15), and clang 19's on gfx90a, gfx942 and
# gfx1100 for code object v5 (spill_v5.occupancy.txt), kernel for kernel:
# a kernel below the most waves has its row with the remark's figure, one
# at the most has none.
. "${srcdir:-.}/tests/lib/lib.sh"

AMD="$CORPUS/amd/build"
# compare LIST OCC GOLDEN: the report's waves per SIMD against the remarks.
compare() {
	python3 - "$@" <<'PY'
import csv, sys
collapsed = {(r["sm"], r["mangled"]): r["collapsed"] for r in csv.DictReader(open(sys.argv[1]))}
rows, most = {}, {}
for r in csv.DictReader(open(sys.argv[2])):
    w, m = r["warps/SM"].split("/")
    rows[(r["sm"], r["kernel"])] = int(w)
    most[r["sm"]] = int(m)
bad = n = 0
for line in open(sys.argv[3]):
    sm, mangled, waves = line.split()
    k = (sm, collapsed[(sm, mangled)])
    got = rows.get(k, most.get(sm))
    n += 1
    if got is None or got != int(waves):
        bad += 1
        print(f"{sm} {mangled}: clang says {waves} waves/SIMD, the report {got}")
print(f"{n} kernels, {bad} differ")
sys.exit(1 if bad or n == 0 else 0)
PY
}
for set in "spill_hip.o spill_cdna.o:spill.occupancy.txt:clang 15" "spill_v5.o:spill_v5.occupancy.txt:clang 19, code object v5"; do
	files=${set%%:*} rest=${set#*:}
	golden=${rest%%:*} who=${rest#*:}
	set -f
	set -- $files
	set +f
	"$SPILLWAY" --list "$AMD/$1" ${2:+"$AMD/$2"} >"$TMP/list.csv" 2>"$TMP/list.err"
	check "--list reads $files cleanly" [ ! -s "$TMP/list.err" ]
	"$SPILLWAY" --report=csv --sections=occupancy "$AMD/$1" ${2:+"$AMD/$2"} \
	    >"$TMP/occ.csv" 2>"$TMP/occ.err"
	check "--report reads $files cleanly" [ ! -s "$TMP/occ.err" ]
	if compare "$TMP/list.csv" "$TMP/occ.csv" "$CORPUS/amd/golden/$golden" >"$TMP/cmp"; then
		pass "$files: waves per SIMD equal $who's remarks: $(tail -1 "$TMP/cmp")"
	else
		fail "$files: waves per SIMD differ from $who's remarks"; sed 's/^/    /' "$TMP/cmp"
	fi
done
"$SPILLWAY" --report=csv --sections=occupancy "$AMD/spill_hip.o" "$AMD/spill_cdna.o" >"$TMP/occ.csv" 2>&1
check "the gfx906 spill is limited by its VGPRs, 40 %" \
    grep -q '^occupancy,spill_kernel,spill_hip.o,gfx906,64,0,.*,4/10,40.0%,VGPRs$' "$TMP/occ.csv"
"$SPILLWAY" --report=markdown --sections=occupancy "$AMD/spill_hip.o" >"$TMP/occ.md" 2>&1
check "Markdown says waves per SIMD" grep -q '| gfx1030 | 128 | 0 | .* | 50.0% (8/16 waves/SIMD, ' "$TMP/occ.md"
finish
