#!/bin/sh
# SPDX-License-Identifier: MIT
# --max-file-bytes: the files carrying device code, their bytes summed,
# against a budget; after --what-if when it is given (issue 40).  The
# sizes are the files' own (stat), and after --what-if=compress=size the
# rebuilt file's, which tests/corpus/whatif/expected.csv records
# (72632 bytes, nvcc 13.0 --compress-mode=size; predicted within 5 %).
. "${srcdir:-.}/tests/lib/lib.sh"

WI="$CORPUS/whatif"
OBJ="$WI/base_spill.o"
size=$(stat -c %s "$OBJ")
printf 'kernel,sm,stack,local,note\n' >"$TMP/allow.csv"
"$SPILLWAY" --allow="$TMP/allow.csv" --update-allow "$OBJ" "$WI/base_rdc.o" >/dev/null 2>&1

expect_status 0 "--max-file-bytes at the file's size ($size) passes" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --max-file-bytes="$size" "$OBJ"
expect_status 1 "a byte under it fails" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --max-file-bytes=$((size - 1)) "$OBJ"
check "the violation names the total, the budget and the largest file" \
	grep -q "^VIOLATION the 1 file carrying device code weigh $size B, over --max-file-bytes=$((size - 1)) B; the largest: .*base_spill.o ($size B)" "$TMP/out"
check "the total line counts it" grep -q '(1 --max-file-bytes)' "$TMP/out"
both=$((size + $(stat -c %s "$WI/base_rdc.o")))
expect_status 1 "two files are summed ($both over $((both - 8)))" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --max-file-bytes=$((both - 8)) "$OBJ" "$WI/base_rdc.o"
check "the two counted" grep -q 'the 2 files carrying device code weigh' "$TMP/out"
expect_status 0 "under the file, met after --what-if=compress=size" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --max-file-bytes=80000 --what-if=compress=size "$OBJ"
expect_status 1 "but not under what compress=size leaves" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --max-file-bytes=60000 --what-if=compress=size "$OBJ"
check "the violation says after --what-if" grep -q 'weigh .* after --what-if, over' "$TMP/out"
expect_status 1 "--format=json" "$SPILLWAY" --check --format=json --allow="$TMP/allow.csv" \
	--max-file-bytes=1KiB "$OBJ"
check "--format=json names the rule and its figures" \
	grep -q '"rule": "max-file-bytes"' "$TMP/out"
for bad in -1 x 1.5.5; do
	expect_status 2 "--max-file-bytes=$bad is refused" "$SPILLWAY" --check --max-file-bytes="$bad" "$OBJ"
done
finish
