#!/bin/sh
# SPDX-License-Identifier: MIT
# cuBLASLt against cuobjdump 13 on the device (tests/device/cublaslt: -xelf's
# extracted files and each one's sections, from libcublasLt.so.13.1.0.3):
# every function's code_bytes, every SASS image's size, the Mercury bytes.
# Skipped unless that build is here (CUBLASLT=path, or the CUDA toolkit's):
# its .nv_fatbin must have the size the device measured.
. "${srcdir:-.}/tests/lib/lib.sh"

G="$srcdir/tests/device/cublaslt"
LIB=${CUBLASLT:-/usr/local/cuda/lib64/libcublasLt.so.13}
[ -f "$LIB" ] && [ -f "$G/libcublasLt.so.13.1.0.3.extracted.tsv" ] ||
	{ echo "no $LIB or no golden: skipped"; exit 77; }
command -v readelf >/dev/null 2>&1 || { echo "readelf not found: skipped"; exit 77; }
want=$(awk -F'\t' '$1 == ".nv_fatbin" { print $3 }' "$G/libcublasLt.so.13.1.0.3.sections.tsv")
here=$(printf "%d" "0x$(readelf -SW "$LIB" | awk '$2 == ".nv_fatbin" { print $6 }')")
[ "$want" = "$here" ] || { echo "$LIB: .nv_fatbin of $here bytes, the golden's $want: another build, skipped"; exit 77; }

ln -s "$(readlink -f "$LIB")" "$TMP/libcublasLt.so.13.1.0.3"
python3 "$srcdir/tests/corpus/size_golden.py" extracted "$SPILLWAY" "$G" "$TMP/libcublasLt.so.13.1.0.3" >"$TMP/out" 2>&1
status=$?
sed 's/^/    /' "$TMP/out"
check "cuBLASLt: functions, images and Mercury bytes are cuobjdump's" test "$status" -eq 0
check "cuBLASLt: compared" grep -q '^same: libcublasLt.so.13.1.0.3: [1-9]' "$TMP/out"

python3 "$srcdir/tests/corpus/size_golden.py" attribution "$SPILLWAY" "$G" "$TMP/libcublasLt.so.13.1.0.3" >"$TMP/attr" 2>&1
status=$?
sed 's/^/    /' "$TMP/attr"
check "cuBLASLt: --list=sizes adds up to its .nv_fatbin (the device's size)" test "$status" -eq 0
check "cuBLASLt: the file line is the device's section" grep -q "^same: .*(the device's too)" "$TMP/attr"

finish
