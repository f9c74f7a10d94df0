#!/bin/sh
# SPDX-License-Identifier: MIT
# cuBLASLt's sm_90 kernels through the CUDA driver on an H200
# (tests/device/cublaslt/*.driver-attrs.tsv.xz: shared/tools/driver-attrs.c
# on every sm_90 cubin cuobjdump -xelf extracts from libcublasLt.so.13.1.0.3):
# max_block equals CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK and the occupancy
# model cuOccupancyMaxActiveBlocksPerMultiprocessor at every block size
# from 32 to 1024, kernel by kernel.  Skipped unless that build is here
# (CUBLASLT=path, or the CUDA toolkit's): its .nv_fatbin must have the
# size the device measured.
. "${srcdir:-.}/tests/lib/lib.sh"

G="$srcdir/tests/device/cublaslt"
LIB=${CUBLASLT:-/usr/local/cuda/lib64/libcublasLt.so.13}
T="$G/libcublasLt.so.13.1.0.3.sm_90.driver-attrs.tsv.xz"
[ -f "$LIB" ] && [ -f "$T" ] || { echo "no $LIB or no driver table: skipped"; exit 77; }
command -v readelf >/dev/null 2>&1 && command -v xz >/dev/null 2>&1 ||
	{ echo "readelf or xz not found: skipped"; exit 77; }
want=$(awk -F'\t' '$1 == ".nv_fatbin" { print $3 }' "$G/libcublasLt.so.13.1.0.3.sections.tsv")
here=$(printf "%d" "0x$(readelf -SW "$LIB" | awk '$2 == ".nv_fatbin" { print $6 }')")
[ "$want" = "$here" ] || { echo "$LIB: .nv_fatbin of $here bytes, the table's $want: another build, skipped"; exit 77; }

xz -dc "$T" >"$TMP/attrs.tsv"
rows=$(grep -vc '^file' "$TMP/attrs.tsv")
ln -s "$(readlink -f "$LIB")" "$TMP/libcublasLt.so"
LAUNCH_DRIVER_FILE="$TMP/libcublasLt.so" LAUNCH_DRIVER_TSV="$TMP/attrs.tsv" LAUNCH_DRIVER_ROWS=$rows \
	./tests/unit/test_launch >"$TMP/out" 2>&1
status=$?
grep -E 'FAILED|ERROR|max_block|blocks of' "$TMP/out" | head -20 | sed 's/^/    /'
check "cuBLASLt: $rows sm_90 kernels, max_block and blocks per SM at 32..1024 are the driver's" \
	test "$status" -eq 0
check "cuBLASLt: the table was compared, not skipped" sh -c "! grep -q SKIPPED '$TMP/out'"
finish
