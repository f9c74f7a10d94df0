#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile AMDGPU inputs (issue 28): the generator's mutants of the HIP
# fixture (tests/attacks/repro/tools/gen_amdgpu.py): MessagePack notes whose
# counts claim more than their bytes (msgpack-c would allocate for them
# before reading an element), nesting past its depth, notes cut or over
# their section, bundles whose counts, offsets, sizes and id lengths run
# past the end, compressed bundles (CCOB) whose sizes, payload, method or
# version are wrong.  Each ends within the bounds, exit 2
# with a message naming the file; a real file named beside one keeps its rows.
. "${srcdir:-.}/tests/lib/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
AMD="$CORPUS/amd/build"
python3 "$srcdir/tests/attacks/repro/tools/gen_amdgpu.py" "$AMD/spill_hip.gfx906.co" \
	"$AMD/spill_hip.hipfb" "$TMP/gen" || { fail "the generator runs"; finish; }

n=0
for f in "$TMP"/gen/*; do
	b=$(basename "$f")
	n=$((n + 1))
	bounded 2 "$b: damage is exit 2" "$SPILLWAY" --list "$f"
	check "$b: one message naming the file" sh -c "grep -c '$b' '$TMP/err' | grep -qx 1"
done
check "the generator made every mutant ($n)" [ "$n" -ge 16 ]
check "a note claiming 2^32 - 1 pairs is said so" \
	sh -c "'$SPILLWAY' --list '$TMP/gen/msgpack-map32-huge.co' 2>&1 >/dev/null | grep -q 'MessagePack count 8589934590 at 5: only [0-9]* bytes follow'"
check "a compressed bundle whose zstd frame is damaged is said so" \
	sh -c "'$SPILLWAY' --list '$TMP/gen/bundle-ccob.hipfb' 2>&1 >/dev/null | grep -q 'compressed offload bundle (CCOB, zstd) promising 128 bytes: zstd:'"
check "a compressed bundle promising 2^40 bytes is refused before any allocation" \
	sh -c "'$SPILLWAY' --list '$TMP/gen/ccob-usize-huge.hipfb' 2>&1 >/dev/null | grep -q 'promises 1099511627776 bytes: not 0, at most 201326592 are read'"
check "a compressed bundle decompressing short of its promise is said so" \
	sh -c "'$SPILLWAY' --list '$TMP/gen/ccob-usize-over.hipfb' 2>&1 >/dev/null | grep -q 'bytes decompressed'"
check "a compressed bundle decompressing past its promise is said so" \
	sh -c "'$SPILLWAY' --list '$TMP/gen/ccob-usize-under.hipfb' 2>&1 >/dev/null | grep -q 'gives more than the'"
check "a compressed bundle of method 2 is said so" \
	sh -c "'$SPILLWAY' --list '$TMP/gen/ccob-method.hipfb' 2>&1 >/dev/null | grep -q 'of method 2: neither zlib (0) nor zstd (1)'"
# A real object beside a damaged one keeps its rows.
"$SPILLWAY" --list "$AMD/spill_hip.o" >"$TMP/alone.csv"
"$SPILLWAY" --list "$AMD/spill_hip.o" "$TMP/gen/msgpack-array32-huge.co" >"$TMP/both.csv" 2>/dev/null
check "the real object's rows stay, beside damage" cmp -s "$TMP/alone.csv" "$TMP/both.csv"
finish
