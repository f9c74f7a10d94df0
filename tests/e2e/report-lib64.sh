#!/bin/sh
# SPDX-License-Identifier: MIT
# The Markdown report of the CUDA toolkit's lib64 (cuBLAS, cuBLASLt, cuDNN,
# NCCL...: some 250,000 (kernel, sm) entries) fits one GitHub comment,
# 65,536 bytes, and no table has more than 8 columns; the fold keeps the
# worst rows (RNN_persist_fp's 3,024-byte frame first).  Skipped (77)
# where the toolkit there has no libcublasLt.
. "${srcdir:-.}/tests/lib/lib.sh"

LIB64=${CUDA_LIB64:-/usr/local/cuda/lib64}
GITHUB_COMMENT_MAX=65536
# in_range LO V HI: LO <= V <= HI.
in_range() { [ "$1" -le "$2" ] && [ "$2" -le "$3" ]; }
ls "$LIB64"/libcublasLt.so* >/dev/null 2>&1 || { echo "no libcublasLt in $LIB64: skipped"; exit 77; }

"$SPILLWAY" --report=markdown "$LIB64" >"$TMP/lib64.md" 2>"$TMP/err"
bytes=$(wc -c <"$TMP/lib64.md")
check "$LIB64: the report is $bytes bytes, at most $GITHUB_COMMENT_MAX" \
    in_range 1 "$bytes" "$GITHUB_COMMENT_MAX"
widest=$(awk '/^\|(-+:?\|)+$/ { n = gsub(/\|/, "|") - 1; if (n > w) w = n } END { print w + 0 }' "$TMP/lib64.md")
check "$LIB64: the widest table has $widest columns (at most 8)" in_range 1 "$widest" 8
# No gate given: the first line states the counts, with no PASS or FAIL.
check "$LIB64: the counts come first, no verdict" sh -c "head -1 '$TMP/lib64.md' | grep -q '^[0-9]* of [0-9]* (kernel, sm) entr'"
check "$LIB64: the folded tables say what they left out" grep -q '^…and [0-9]* more rows' "$TMP/lib64.md"
check "$LIB64: every section is there" [ "$(grep -c '^### ' "$TMP/lib64.md")" -ge 5 ]
# The fold keeps the worst: the largest frame (cuDNN's RNN_persist_fp)
# is the first row of the frames, not an 8-byte one.
first=$(sed -n '/^### Kernels with a stack frame/,/^### /p' "$TMP/lib64.md" | grep -m1 '^| `' | cut -d'|' -f2)
check "$LIB64: the first frame shown is RNN_persist_fp's ($first)" [ "$first" = ' `RNN_persist_fp` ' ]

# Names that do not demangle whole (cuBLASLt's xmma kernels, 1,352 to 2,489
# bytes): the mangled name is kept as the name, the collapsed one is the
# longest prefix that demangles.
"$SPILLWAY" --list "$LIB64"/libcublasLt.so.?? >"$TMP/lt.csv" 2>/dev/null
kept=$(grep -cE ',(_Z[A-Za-z0-9_]*),\1,\1,' "$TMP/lt.csv")
prefixed=$(grep -cE ',(_Z[A-Za-z0-9_]*),\1,xmma::gemm::kernel_blasl3<…>,xmma::gemm,' "$TMP/lt.csv")
check "libcublasLt: no row shown by its mangled name ($kept)" [ "$kept" -eq 0 ]
check "libcublasLt: $prefixed rows shown as xmma::gemm::kernel_blasl3<…>, mangled in --list" [ "$prefixed" -gt 0 ]
grep -F 'kernel_blasl3' "$TMP/lib64.md" | grep -q '_ZN4xmma' &&
    fail "the report shows a mangled xmma name" || pass "the report shows no mangled xmma name"
finish
