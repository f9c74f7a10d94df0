#!/bin/sh
# SPDX-License-Identifier: MIT
# Compressed clang offload bundles (CCOB, clang 18 / ROCm 6; issue 28):
# the fixture's bundle wrapped by tests/corpus/amd/make-ccob.py into CCOB
# v1, v2 and v3, zlib and zstd; two of them in one file, zeros between, as
# a linked library's .hip_fatbin holds them; a host object whose
# .hip_fatbin holds one; and one clang-offload-bundler 19 wrote.  Every --list row equals the uncompressed
# bundle's (object's), the library column aside.  The hostile ones are in
# tests/attacks/attack-amdgpu.sh.
. "${srcdir:-.}/tests/lib/lib.sh"
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

# A real one: clang-offload-bundler 19 --compress (v2, zstd) of the
# fixture's code objects, committed (spill_hip.clang19.hipfb), and made
# again here when that bundler is installed (Debian: clang-tools-19).
for f in "$CCOB/spill_hip.clang19.hipfb" fresh; do
	if [ "$f" = fresh ]; then
		B=$(command -v clang-offload-bundler-19) || { echo "clang-offload-bundler-19 not found: the fresh one skipped"; continue; }
		t=hipv4-amdgcn-amd-amdhsa--gfx1030,hipv4-amdgcn-amd-amdhsa--gfx906
		: >"$TMP/host"
		"$B" --unbundle --type=o --targets=$t --input="$AMD/spill_hip.hipfb" \
			--output="$TMP/g1030" --output="$TMP/g906" &&
		"$B" --type=o --targets=host-x86_64-unknown-linux--,$t --input="$TMP/host" \
			--input="$TMP/g1030" --input="$TMP/g906" --output="$TMP/fresh.hipfb" --compress
		check "clang-offload-bundler-19 --compress writes a CCOB" \
			sh -c "head -c 4 '$TMP/fresh.hipfb' | grep -q CCOB"
		f="$TMP/fresh.hipfb"
	fi
	b=$(basename "$f")
	rows "$f" >"$TMP/got"
	check "$b (clang-offload-bundler 19): nothing said" [ ! -s "$TMP/rows.err" ]
	check "$b (clang-offload-bundler 19): every row equals the uncompressed bundle's" cmp -s "$TMP/ref" "$TMP/got"
done

# make-ccob.py's v1 and v2 are clang-offload-bundler 19's own format: it
# unbundles the same code objects from them (19 reads no v3).
if [ -n "${B:-}" ]; then
	for f in "$CCOB"/spill_hip.v1-*.hipfb "$CCOB"/spill_hip.v2-*.hipfb; do
		rm -f "$TMP/u906"
		"$B" --unbundle --type=o --targets=hipv4-amdgcn-amd-amdhsa--gfx906 --input="$f" \
			--output="$TMP/u906" 2>/dev/null
		check "$(basename "$f"): clang-offload-bundler 19 unbundles its gfx906 code object" \
			cmp -s "$TMP/u906" "$TMP/g906"
	done
fi

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
