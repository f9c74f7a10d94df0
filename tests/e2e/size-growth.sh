#!/bin/sh
# SPDX-License-Identifier: MIT
# A pull request that grows a library (issue 26): tests/corpus/extra/grow.cu
# built with nvcc 13 for sm_80 (before), then with one more arch (sm_90)
# and with one more instantiation (scale<64>).  The report's size section
# shows that growth first, and --check --max-growth=bytes:2% fails it,
# against the old tree and against its --list CSV; bytes:8MiB passes.
. "${srcdir:-.}/tests/lib/lib.sh"

NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$NVCC" ] || { echo "no nvcc at $NVCC: skipped"; exit 77; }
SRC="$CORPUS/extra/grow.cu"
mkdir -p "$TMP/old" "$TMP/arch" "$TMP/inst"
build() {
	"$NVCC" -shared -Xcompiler -fPIC "$@" "$SRC" 2>"$TMP/nvcc.err" ||
		{ sed 's/^/    /' "$TMP/nvcc.err"; echo "nvcc failed: skipped"; exit 77; }
}
build -gencode arch=compute_80,code=sm_80 -o "$TMP/old/libgrow.so"
build -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 -o "$TMP/arch/libgrow.so"
build -DMORE -gencode arch=compute_80,code=sm_80 -o "$TMP/inst/libgrow.so"

# The bytes the new arch brings: its images' stored sizes.
sm90=$("$SPILLWAY" --list=images "$TMP/arch" | awk -F, '$4 == "sm_90" { s += $6 } END { print s + 0 }')
"$SPILLWAY" --report=csv --sections=size --baseline="$TMP/old" "$TMP/arch" >"$TMP/arch.csv"
first=$(grep -m1 '^size,library,libgrow.so,' "$TMP/arch.csv")
check "one more arch: the library's growth comes first ($first)" \
	sh -c "grep -m1 -E '^size,(library|arch|kernel),' '$TMP/arch.csv' | grep -q '^size,library,libgrow.so,'"
check "then the new arch, all of its $sm90 bytes" \
	sh -c "grep -m2 -E '^size,(library|arch|kernel),' '$TMP/arch.csv' | tail -1 | grep -q '^size,arch,libgrow.so,sm_90,,,$sm90,+$sm90,new$'"
expect_status 1 "one more arch fails --max-growth=bytes:2%" \
	"$SPILLWAY" --check --max-growth=bytes:2% --baseline="$TMP/old" "$TMP/arch"
check "the violation names the new arch" grep -q "^VIOLATION libgrow.so sm_90: $sm90 bytes, was 0 (+$sm90, new; over --max-growth=bytes:2%)" "$TMP/out"
expect_status 0 "and passes --max-growth=bytes:8MiB" \
	"$SPILLWAY" --check --max-growth=bytes:8MiB --baseline="$TMP/old" "$TMP/arch"
expect_status 1 "and fails --max-growth=bytes:1KiB" \
	"$SPILLWAY" --check --max-growth=bytes:1KiB --baseline="$TMP/old" "$TMP/arch"

# One more instantiation: the kernel grows by the new function's .text.
# code_bytes by its header position counted from the end (names before
# it may hold quoted commas).
new=$("$SPILLWAY" --list "$TMP/inst" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "code_bytes") k = NF - i; next }
	$5 == "_Z5scaleILi64EEvPff" { print $(NF - k) }')
"$SPILLWAY" --list "$TMP/old" >"$TMP/old.csv"
"$SPILLWAY" --report=csv --sections=size --baseline="$TMP/old.csv" "$TMP/inst" >"$TMP/inst.csv"
check "one more instantiation against a --list CSV: the kernel grows by its $new bytes" \
	grep -q "^size,kernel,libgrow.so,sm_80,scale,[0-9]*,[0-9]*,+$new," "$TMP/inst.csv"
check "the library's growth first" \
	sh -c "grep -m1 -E '^size,(library|arch|kernel),' '$TMP/inst.csv' | grep -q '^size,library,libgrow.so,,,[0-9]*,[0-9]*,+$new,'"
expect_status 1 "one more instantiation fails --max-growth=bytes:2%" \
	"$SPILLWAY" --check --max-growth=bytes:2% --baseline="$TMP/old.csv" "$TMP/inst"
expect_status 1 "and against the old tree" \
	"$SPILLWAY" --check --max-growth=bytes:2% --baseline="$TMP/old" "$TMP/inst"
# Against a --list=images CSV of the old tree: the libraries and arches.
"$SPILLWAY" --list=images "$TMP/old" >"$TMP/old-images.csv"
"$SPILLWAY" --report=csv --sections=size --baseline="$TMP/old-images.csv" "$TMP/arch" >"$TMP/img.csv"
check "against a --list=images CSV: the new arch, all of its $sm90 bytes" \
	grep -q "^size,arch,libgrow.so,sm_90,,,$sm90,+$sm90,new$" "$TMP/img.csv"
check "and no kernel line (the CSV has no functions)" sh -c "! grep -q '^size,kernel,' '$TMP/img.csv'"
expect_status 1 "one more arch fails bytes:2% against the --list=images CSV" \
	"$SPILLWAY" --check --max-growth=bytes:2% --baseline="$TMP/old-images.csv" "$TMP/arch"
expect_status 0 "the same tree passes it" \
	"$SPILLWAY" --check --max-growth=bytes:2% --baseline="$TMP/old-images.csv" "$TMP/old"
sed '2s/,sass,/,elf,/' "$TMP/old-images.csv" >"$TMP/bad-images.csv"
expect_status 2 "a --list=images CSV with a row it cannot read is unreadable" \
	"$SPILLWAY" --check --max-growth=bytes:2% --baseline="$TMP/bad-images.csv" "$TMP/old"
check "and says which line" grep -q "bad-images.csv: line 2: not a --list=images row" "$TMP/err"
expect_status 0 "nothing grew: passes bytes:0" \
	"$SPILLWAY" --check --max-growth=bytes:0 --baseline="$TMP/old" "$TMP/old"
expect_status 2 "bytes takes a percent or a size" \
	"$SPILLWAY" --check --max-growth=bytes:lots --baseline="$TMP/old" "$TMP/old"

finish
