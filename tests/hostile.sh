#!/bin/sh
# Hand-made hostile inputs (tests/craft_cubin.py): each must be read without
# a crash and without an allocation sized from a header, and give the right
# numbers or a message.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
python3 "$srcdir/tests/craft_cubin.py" "$TMP/c" || exit 99

expect_status 0 "a hand-made clean cubin" "$SPILLWAY" --list "$TMP/c/clean.cubin"
check "clean cubin: REG from .nv.info" grep -q ',entry,k,k,k,,20,0,0,0,,0,0,0,' "$TMP/out"
expect_status 0 ".nv.info as SHT_NOBITS is read as empty" "$SPILLWAY" --list "$TMP/c/nobits-nv-info.cubin"
check "NOBITS .nv.info: REG from sh_info" grep -q ',entry,k,k,k,,20,' "$TMP/out"
expect_status 0 "2^40-byte NOBITS relocations allocate nothing" "$SPILLWAY" --list "$TMP/c/nobits-rel-huge.cubin"
expect_status 0 "texture, sampler and surface references" "$SPILLWAY" --list "$TMP/c/texrefs.cubin"
check "distinct references counted once: TEX 2, SURF 1, SAMP 1" grep -q ',entry,k,k,k,,20,0,0,0,,2,1,1,' "$TMP/out"
expect_status 0 "symbol table with sh_entsize 1" "$SPILLWAY" --list "$TMP/c/symtab-entsize-1.cubin"
check "entsize 1: the kernel is still an entry with REG 20" grep -q ',entry,k,k,k,,20,' "$TMP/out"
finish
