#!/bin/sh
# SPDX-License-Identifier: MIT
# Hand-made hostile inputs (tests/attacks/craft_cubin.py): each must be read without
# a crash and without an allocation sized from a header, and give the right
# numbers or a message.
. "${srcdir:-.}/tests/lib/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
python3 "$srcdir/tests/attacks/craft_cubin.py" "$TMP/c" || exit 99

expect_status 0 "a hand-made clean cubin" "$SPILLWAY" --list "$TMP/c/clean.cubin"
check "clean cubin: REG from .nv.info" grep -q ',entry,k,k,k,,20,0,0,0,,0,0,0,' "$TMP/out"
expect_status 0 ".nv.info as SHT_NOBITS is read as empty" "$SPILLWAY" --list "$TMP/c/nobits-nv-info.cubin"
check "NOBITS .nv.info: REG from sh_info" grep -q ',entry,k,k,k,,20,' "$TMP/out"
expect_status 0 "2^40-byte NOBITS relocations allocate nothing" "$SPILLWAY" --list "$TMP/c/nobits-rel-huge.cubin"
expect_status 0 "texture, sampler and surface references" "$SPILLWAY" --list "$TMP/c/texrefs.cubin"
check "distinct references counted once: TEX 2, SURF 1, SAMP 1" grep -q ',entry,k,k,k,,20,0,0,0,,2,1,1,' "$TMP/out"
expect_status 2 "a relocation naming a symbol past the table is damage" "$SPILLWAY" --list "$TMP/c/texrefs-symbol-oob.cubin"
check "...named: section, relocation, symbol" grep -q "section .rel.nv.constant0.k, relocation 9 names symbol 99: the symbol table holds 6" "$TMP/err"
expect_status 0 "per-function sections with misleading sh_info links" "$SPILLWAY" --list "$TMP/c/misleading-links.cubin"
check "misleading links: k's shared memory found by name" grep -q ',entry,k,k,k,,20,0,512,0,' "$TMP/out"
check "misleading links: j's shared memory found by name" grep -q ',entry,j,j,j,,24,0,256,0,' "$TMP/out"
expect_status 0 "symbol table with sh_entsize 1" "$SPILLWAY" --list "$TMP/c/symtab-entsize-1.cubin"
check "entsize 1: the kernel is still an entry with REG 20" grep -q ',entry,k,k,k,,20,' "$TMP/out"
expect_status 2 "zstd entry promising 200 MB from 17 bytes" "$SPILLWAY" --list "$TMP/c/zstd-false-promise.fatbin"
check "zstd: refused with a message before decompressing" grep -q "zstd frame of 17 bytes cannot hold the 209715200 bytes" "$TMP/err"
expect_status 2 "LZ4 entry promising 200 MB from 16 bytes" "$SPILLWAY" --list "$TMP/c/lz4-false-promise.fatbin"
check "LZ4: refused with a message before decompressing" grep -q "LZ4 block of 16 bytes cannot hold the 209715200 bytes" "$TMP/err"
finish
