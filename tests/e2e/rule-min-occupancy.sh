#!/bin/sh
# SPDX-License-Identifier: MIT
# --min-occupancy=PCT: no entry's theoretical occupancy under PCT percent on
# its arch.  The truth is the CUDA driver's: tests/device/h200 holds
# cuOccupancyMaxActiveBlocksPerMultiprocessor's blocks per SM on an H200
# (sm_90, 64 warps an SM) for spill.compress-none.fatbin's kernels, by
# block size; the rule's figures must be those blocks, in warps.
. "${srcdir:-.}/tests/lib/lib.sh"

FAT="$BUILD/spill.compress-none.fatbin"
DRIVER="$srcdir/tests/device/h200/occ-spill.compress-none.fatbin.csv"
printf 'kernel,sm,stack,local,note\n' >"$TMP/allow.csv"
"$SPILLWAY" --allow="$TMP/allow.csv" --update-allow "$FAT" "$CORPUS/amd/build/spill_hip.o" >/dev/null 2>&1

# The driver's blocks per SM for a kernel at a block size, as warps an SM.
driver_warps() {
	awk -F, -v k="$1" -v t="$2" '$1 == k && $2 == t { print $4 * t / 32 }' "$DRIVER"
}
MOD=$(driver_warps _Z24moderate_pressure_kernelPKfPfi 64)
MIX=$(driver_warps _ZN3hpc8pressure16mix_spill_kernelIdLi48ELi3EEEvPKT_PS2_i 1024)
check "the driver's figures are there (moderate_pressure_kernel at 64 threads)" [ -n "$MOD" ]
check "the driver's figures are there (mix_spill_kernel at its bound, 1024)" [ -n "$MIX" ]

# mix_spill_kernel<double, 48, 3> at 1024 threads: 32 of 64 warps, 50 %;
# moderate_pressure_kernel at 64 threads: 40 of 64, 62.5 %.
expect_status 1 "--min-occupancy=63 fails both on sm_90" \
    "$SPILLWAY" --check --arch=sm_90 --min-occupancy=63 --allow="$TMP/allow.csv" "$FAT"
check "moderate_pressure_kernel: the driver's warps, 62.5 %" grep -qF \
    "moderate_pressure_kernel(float const*, float*, int) sm_90: occupancy 62.5 % ($MOD of 64 warps an SM at 64 threads, limited by registers; under --min-occupancy=63)" "$TMP/out"
check "mix_spill_kernel<double, 48, 3>: the driver's warps at its bound, 50 %" grep -qF \
    "mix_spill_kernel<double, 48, 3>(double const*, double*, int) sm_90: occupancy 50 % ($MIX of 64 warps an SM at 1024 threads" "$TMP/out"
check "the total line counts the rule" grep -q '; 4 violations (4 --min-occupancy)$' "$TMP/out"
expect_status 1 "--min-occupancy=51: mix_spill_kernel's three instantiations only" \
    "$SPILLWAY" --check --arch=sm_90 --min-occupancy=51 --allow="$TMP/allow.csv" "$FAT"
check "three violations" grep -q '; 3 violations (3 --min-occupancy)$' "$TMP/out"
expect_status 0 "--min-occupancy=50: exactly at the limit passes" \
    "$SPILLWAY" --check --arch=sm_90 --min-occupancy=50 --allow="$TMP/allow.csv" "$FAT"

# The machine-read faces name the rule from the same table.
expect_status 1 "--format=json" "$SPILLWAY" --check --format=json --arch=sm_90 \
    --min-occupancy=63 --allow="$TMP/allow.csv" "$FAT"
check "JSON: the findings' rule" grep -q '"rule": *"min-occupancy"' "$TMP/out"
check "JSON: by_rule counts it" grep -q '"min-occupancy": *4' "$TMP/out"

# AMD: waves a SIMD, from the code object's VGPRs and SGPRs.
expect_status 1 "AMD: --min-occupancy=100 fails spill_kernel<160>" \
    "$SPILLWAY" --check --min-occupancy=100 --allow="$TMP/allow.csv" "$CORPUS/amd/build/spill_hip.o"
check "AMD: in waves a SIMD" grep -q "gfx906: occupancy [0-9.]* % ([0-9]* of [0-9]* waves a SIMD" "$TMP/out"

# Its argument, as the option table reads it.
for bad in 0 101 50% x; do
	expect_status 2 "--min-occupancy=$bad is refused" "$SPILLWAY" --check --min-occupancy="$bad" "$FAT"
done
check "and says what it takes" grep -qF -- "--min-occupancy takes a whole number from 1 to 100, not 'x'" "$TMP/err"
expect_status 0 "--help" "$SPILLWAY" --help
check "--help lists it" grep -q -- "--min-occupancy=PCT" "$TMP/out"
finish
