#!/bin/sh
# Compressed clang offload bundles (CCOB, clang 18 / ROCm 6; issue 28):
# the fixture's bundle wrapped by tests/corpus/amd/make-ccob.py into CCOB
# v1, v2 and v3, zlib and zstd; two of them in one file, zeros between, as
# a linked library's .hip_fatbin holds them; a host object whose
# .hip_fatbin holds one.  Every --list row equals the uncompressed
# bundle's (object's), the library column aside.  The hostile ones are in
# tests/attack-amdgpu.sh.
. "${srcdir:-.}/tests/lib.sh"
AMD="$CORPUS/amd/build"
CCOB="$CORPUS/amd/ccob"

# The rows without their library column.
rows() { "$SPILLWAY" --list "$@" 2>"$TMP/rows.err" | cut -d, -f2-; }

rows "$AMD/spill_hip.hipfb" >"$TMP/ref"
check "the uncompressed bundle has rows" [ "$(wc -l <"$TMP/ref")" -ge 3 ]
n=0
for f in "$CCOB"/spill_hip.v*.hipfb; do
	b=$(basename "$f")
	n=$((n + 1))
	expect_status 0 "$b is read" "$SPILLWAY" --list "$f"
	rows "$f" >"$TMP/got"
	check "$b: nothing said" [ ! -s "$TMP/rows.err" ]
	check "$b: every row equals the uncompressed bundle's" cmp -s "$TMP/ref" "$TMP/got"
done
check "v1 zlib, v2 and v3 zlib and zstd are there ($n)" [ "$n" -eq 5 ]

# Two bundles: the rows twice over (the header once).
{ cat "$TMP/ref"; tail -n +2 "$TMP/ref"; } | sort >"$TMP/ref2"
rows "$CCOB/two.hipfb" | sort >"$TMP/got"
check "two.hipfb: nothing said" [ ! -s "$TMP/rows.err" ]
check "two.hipfb: each bundle's rows" cmp -s "$TMP/ref2" "$TMP/got"

# A host object: its .hip_fatbin compressed.
rows "$AMD/spill_hip.o" >"$TMP/refo"
rows "$CCOB/spill_hip.ccob.o" >"$TMP/got"
check "spill_hip.ccob.o: nothing said" [ ! -s "$TMP/rows.err" ]
check "spill_hip.ccob.o: every row equals the uncompressed object's" \
	cmp -s "$TMP/refo" "$TMP/got"
finish
