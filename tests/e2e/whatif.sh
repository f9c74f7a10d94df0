#!/bin/sh
# SPDX-License-Identifier: MIT
# --what-if (issue 40) end to end: predictions against the real files nvcc
# 13.0 made.  The corpus's spill.compress-*.fatbin are one build in every
# mode (tests/corpus/README.md); tests/corpus/whatif/ holds bases built by
# tests/corpus/whatif-rebuild.sh --record and the sizes of the files
# rebuilt from the same sources for each change (expected.csv), which are
# held here to the issue's goals: 2 % for drops, 5 % for compression.
. "${srcdir:-.}/tests/lib/lib.sh"

WI="$CORPUS/whatif"
F="$BUILD/spill.compress"

# after FILE CHANGE: the total bytes after, from --summary's what-if line.
after() {
	"$SPILLWAY" --summary --what-if="$2" "$1" | sed -n 's/^what-if: .* -> \([0-9]*\) bytes .*/\1/p'
}

# within PREDICTED REAL PERCENT
within() {
	awk -v p="$1" -v r="$2" -v t="$3" 'BEGIN { e = 100 * (p - r) / r; exit !(e <= t && e >= -t) }'
}

# The arithmetic, exact where nothing is predicted: a dropped entry is its
# header and padded payload; a payload stored plain again is the image.
check "drop:sm_80 takes sm_80's 87848-byte entry out of the none-mode fatbin" \
	test "$(after "$F-none.fatbin" drop:sm_80)" = $((423456 - 87848))
check "compress=none on the size-mode fatbin is the none-mode fatbin's 423456 bytes" \
	test "$(after "$F-size.fatbin" compress=none)" = 423456
check "compress=balanced on the none-mode fatbin is the balanced one's 357232 bytes" \
	test "$(after "$F-none.fatbin" compress=balanced)" = 357232
check "compress-all on the none-mode fatbin is -Xfatbin=-compress-all's 85608 bytes" \
	test "$(after "$F-none.fatbin" compress-all)" = 85608
p=$(after "$F-none.fatbin" compress=size)
check "compress=size: $p within 5 % of the size-mode fatbin's 67960" within "$p" 67960 5
p=$(after "$F-none.fatbin" compress=speed)
check "compress=speed: $p within 5 % of the speed-mode fatbin's 369496" within "$p" 369496 5
check "every entry dropped leaves nothing of a fatbin file" \
	test "$(after "$F-none.fatbin" 'drop:sm_80,sm_90,sm_100;ptx:none')" = 0

# The recorded rebuilds.
n=0
while IFS=, read -r name base change real tol; do
	[ "$name" = case ] && continue
	p=$(after "$WI/$base" "$change")
	check "$name ($change on $base): predicted $p within $tol % of the rebuilt $real" \
		within "$p" "$real" "$tol"
	n=$((n + 1))
done <"$WI/expected.csv"
check "every recorded case compared ($n)" test "$n" -ge 21
# An executable of a separable build carries its objects' relocatable
# fatbins (__nv_relfatbin, the device link's inputs): each is compressed
# to predict it, as the linked images are.
for c in compress=none compress=speed compress=size compress-all; do
	"$SPILLWAY" --summary --what-if="$c" "$WI/base_rdc_app" >"$TMP/sum"
	check "$c on base_rdc_app: every image predicted, the device link's inputs too" \
		sh -c "grep -q '^what-if: ' '$TMP/sum' && ! grep -q 'not predicted' '$TMP/sum'"
done
# A shared library moves by whole pages after its fatbin: to the byte.
check "so-drop-sm86: exactly the rebuilt 92232 bytes" test "$(after "$WI/base_memory.so" drop:sm_86)" = 92232
check "so-compress-size: exactly the rebuilt 43080 bytes" \
	test "$(after "$WI/base_memory.so" compress=size)" = 43080

# Where it runs: sm_8x lose sm_80's SASS, and compute_90 does not reach them.
"$SPILLWAY" --summary --what-if=drop:sm_80 "$F-none.fatbin" >"$TMP/sum"
check "--summary: the GPUs that lose native SASS and cannot run it" \
	grep -q 'loses native SASS on sm_80 sm_86 sm_87 sm_88 sm_89 (then by PTX JIT: none; cannot run: sm_80 sm_86 sm_87 sm_88 sm_89); driver floor 580.65.06 -> 580.65.06' "$TMP/sum"
"$SPILLWAY" --summary --what-if=drop:sm_90 "$F-none.fatbin" >"$TMP/sum"
check "--summary: an H100 then JITs compute_90" grep -q 'loses native SASS on sm_90 (then by PTX JIT: sm_90; cannot run: none)' "$TMP/sum"
"$SPILLWAY" --summary "$F-none.fatbin" >"$TMP/sum"
check "--summary without --what-if: no what-if line" sh -c "! grep -q what-if '$TMP/sum'"

# The report's section, and its CSV.
"$SPILLWAY" --report --sections=whatif --what-if='drop:sm_80;compress=size' "$WI/base_spill.o" >"$TMP/md"
check "--report: the What if section" grep -q '^### What if' "$TMP/md"
check "--report: the changes said" grep -q 'drop SASS sm_80; compress=size' "$TMP/md"
check "--report: a row for the file" grep -q '^| `base_spill.o` |' "$TMP/md"
"$SPILLWAY" --report=csv --sections=whatif --what-if=drop:sm_86 "$WI/base_spill.o" >"$TMP/csv"
check "--report=csv: the device bytes columns" grep -q 'device now B,device after B' "$TMP/csv"
"$SPILLWAY" --report --sections=whatif "$WI/base_spill.o" >"$TMP/md"
check "--report without --what-if: no such section" sh -c "! grep -q 'What if' '$TMP/md'"

# --max-file-bytes judges the result: tests/e2e/rule-max-file-bytes.sh.

# The grammar's refusals are usage errors.
expect_status 2 "drop:compute_80 is refused" "$SPILLWAY" --summary --what-if=drop:compute_80 "$F-none.fatbin"
check "and says why" grep -q 'compute_80 names PTX; drop takes sm_XY' "$TMP/err"
expect_status 2 "compress=fast is refused" "$SPILLWAY" --summary --what-if=compress=fast "$F-none.fatbin"
expect_status 2 "a bare arch with no clause is refused" "$SPILLWAY" --summary --what-if=sm_80 "$F-none.fatbin"
# Several --what-if compose.
check "--what-if twice: both changes" test "$(after "$F-none.fatbin" drop:sm_80)" = \
	"$("$SPILLWAY" --summary --what-if=compress=none --what-if=drop:sm_80 "$F-none.fatbin" |
	    sed -n 's/^what-if: .* -> \([0-9]*\) bytes .*/\1/p')"

# Bounded: compressing every image at zstd 19 (cpu time, memory).
bounded 0 "--what-if=compress=size within the bounds" "$SPILLWAY" --summary --what-if=compress=size \
	"$WI" "$BUILD"/spill.o "$BUILD"/coop.o "$BUILD"/rdc_a.o "$BUILD"/libkernels.so "$BUILD"/spill.*.fatbin
finish
