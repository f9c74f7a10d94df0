#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser on a separable build (issue 34, item 6): each kernel one
# row, in the file it runs from (15: sepapp's 12 and wholeapp's 3, not
# 47 rows over ten files), and its detail names the other files.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

SEP="$CORPUS/sepcomp"

start -- "$SEP/build" "$SEP/golden/ptxas.log"
check "the table opens" wait_for "kernels  sort:"
check "the status line counts each kernel once: 15 (47 with a row per file)" \
	grep -q " 15 of 15 kernels" "$TMP/screen"
keys /
type_text chain_kernel
keys Enter
check "/ finds sep::chain_kernel" wait_for "match 1 of 1"
check "  ...in sepapp, the linked file, +3 other files" sh -c \
	"grep 'sep::chain_kernel' '$TMP/screen' | grep -q 'sepapp +3 '"
keys Enter
check "Enter shows where else the kernel is" \
	wait_for "also in    sepapp_dlink.o, frames.o, libsepkern.a(frames.cu.o)"
check "  ...at the linked figures (75 registers)" grep -qE 'sm_80 +75 ' "$TMP/screen"
keys q
finish
