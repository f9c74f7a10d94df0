#!/bin/sh
# SPDX-License-Identifier: MIT
# AMD spills under the gate (issue 28): an AMDGPU code object records VGPRs
# and SGPRs spilled, counts and not bytes, so --max-spill (ptxas's bytes)
# names them in a notice and --max-vgpr-spill=N judges them; the report's
# spill table shows the counts.  Figures from tests/corpus/amd/golden
# (llvm-readelf --notes): spill_kernel<160> spills 479 VGPRs on gfx906,
# 460 on gfx1030, 471 on gfx908, 458 on gfx90a.
. "${srcdir:-.}/tests/lib/lib.sh"

AMD="$CORPUS/amd/build"
for n in 479 460 471 458; do
	check "the golden notes say $n VGPRs spilled" \
	    grep -q "vgpr_spill_count: $n\$" "$CORPUS"/amd/golden/spill_hip.o.notes.txt "$CORPUS"/amd/golden/spill_cdna.o.notes.txt
done
printf 'kernel,sm,stack,local,note\n' >"$TMP/allow.csv"
"$SPILLWAY" --allow="$TMP/allow.csv" --update-allow "$AMD/spill_hip.o" "$AMD/spill_cdna.o" \
    "$BUILD/spill.o" >/dev/null 2>&1

expect_status 0 "--max-spill alone does not pass judgement on counts" \
    "$SPILLWAY" --check --max-spill=0 --allow="$TMP/allow.csv" "$AMD/spill_hip.o"
check "a notice says they are judged by --max-vgpr-spill, not given" grep -qF \
    -- "--max-spill: 4 AMDGPU entries record VGPRs spilled, not bytes: judged by --max-vgpr-spill, not given" "$TMP/out"
check "and not that their spill bytes are unknown" sh -c "! grep -q 'spill bytes unknown' '$TMP/out'"

expect_status 1 "--max-vgpr-spill=0 fails the spills" \
    "$SPILLWAY" --check --max-vgpr-spill=0 --allow="$TMP/allow.csv" "$AMD/spill_hip.o" "$AMD/spill_cdna.o"
check "gfx906: 479 VGPRs" grep -qF "VIOLATION void spill_kernel<160>(float const*, float*, int) gfx906: VGPR SPILL 479 (over --max-vgpr-spill=0)" "$TMP/out"
check "gfx90a: 458 VGPRs" grep -qF "gfx90a: VGPR SPILL 458 (over --max-vgpr-spill=0)" "$TMP/out"
check "four violations of the rule" grep -q '; 4 violations (4 --max-vgpr-spill)$' "$TMP/out"
expect_status 1 "--max-vgpr-spill=460: gfx906 and gfx908 only" \
    "$SPILLWAY" --check --max-vgpr-spill=460 --allow="$TMP/allow.csv" "$AMD/spill_hip.o" "$AMD/spill_cdna.o"
check "two violations" grep -q '; 2 violations (2 --max-vgpr-spill)$' "$TMP/out"
check "gfx1030 at the limit passes" sh -c "! grep -q 'gfx1030: VGPR SPILL' '$TMP/out'"
expect_status 0 "--max-vgpr-spill=479 passes" \
    "$SPILLWAY" --check --max-vgpr-spill=479 --allow="$TMP/allow.csv" "$AMD/spill_hip.o" "$AMD/spill_cdna.o"
expect_status 0 "a kernel that spills no VGPR passes --max-vgpr-spill=0" \
    "$SPILLWAY" --check --max-vgpr-spill=0 --allow="$TMP/allow.csv" "$AMD/tiny_v3.o"
expect_status 0 "CUDA rows are not --max-vgpr-spill's" \
    "$SPILLWAY" --check --max-vgpr-spill=0 --allow="$TMP/allow.csv" "$BUILD/spill.o"
expect_status 2 "--max-vgpr-spill takes a count" "$SPILLWAY" --check --max-vgpr-spill=x "$AMD/tiny_v3.o"

"$SPILLWAY" --report=csv --sections=spills "$AMD/spill_hip.o" "$AMD/spill_cdna.o" >"$TMP/sp.csv" 2>&1
check "the spill table has the counts' columns" grep -q '^section,kernel,library,sm,instantiations spilling,stack frame B,spill stores B,spill loads B,VGPRs spilled,SGPRs spilled,registers$' "$TMP/sp.csv"
check "gfx906: 479 VGPRs, 0 SGPRs spilled" grep -q '^spills,spill_kernel,spill_hip.o,gfx906,1,1920,,,479,0,64$' "$TMP/sp.csv"
check "gfx1030: 460" grep -q '^spills,spill_kernel,spill_hip.o,gfx1030,1,1844,,,460,0,128$' "$TMP/sp.csv"
finish
