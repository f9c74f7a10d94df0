#!/bin/sh
# SPDX-License-Identifier: MIT
# Real logs of an idle 16-core H200 host (data/logs/h200/README): every
# compile's nvcc --time rows land on its record module however concurrent
# compiles interleaved them in the one CSV (no module named by a source
# path, none without phases, no unknown phase), and the schedule and
# arch-cost predictions stay within the error measured against the real
# builds (GNU time -v's Elapsed of ninja in build.out).
. "${srcdir:-.}/tests/lib/lib.sh"

H="$srcdir/data/logs/h200"

# The phases of one compile: 7 with one arch (g++ preprocessing 1 and 4,
# cudafe++, cicc, ptxas, fatbinary, g++ compiling), 10 with two.
for c in c2-j1:7 c2-j2:7 c8-j8:7 c2-j1x2:10 c2-j2x2:10 c8-j8x2:10; do
	d=${c%%:*} n=${c#*:}
	"$SPILLWAY" --summary "$H/ggml-$d" >"$TMP/$d" 2>"$TMP/$d.err"
	check "$d: 8 modules" grep -q "^build: 8 modules," "$TMP/$d"
	check "$d: no module named by a source path" sh -c "! grep -q '^/tmp/' '$TMP/$d'"
	check "$d: every compile has its $n phases" \
		sh -c "[ \$(awk -F'\t' '/\\.cu\\.o\t/ && \$6 ~ /^$n \\(/' '$TMP/$d' | wc -l) -eq 8 ]"
	check "$d: no unknown phase" sh -c "! grep -q 'unknown phase' '$TMP/$d.err'"
	check "$d: no module left out" sh -c "! grep -q 'left out (no wall time)' '$TMP/$d'"
done
check "c2-j1x2: g++ (preprocessing 1) runs per arch, 8 compiles each" \
	sh -c "grep -q '^g++ (preprocessing 1)	compute_80	8	' '$TMP/c2-j1x2' &&
	       grep -q '^g++ (preprocessing 1)	compute_86	8	' '$TMP/c2-j1x2'"

# A driver row names only the object: with the g++ (compiling) rows that
# also name the source cut out, it joins by the object CMake names after
# the source (src/clamp.cu -> CMakeFiles/kernels.dir/src/clamp.cu.o).
mkdir "$TMP/nocc"
cp "$H/ggml-c2-j2x2/rss.log" "$TMP/nocc/"
grep -v '(compiling)' "$H/ggml-c2-j2x2/nvtime.csv" >"$TMP/nocc/nvtime.csv"
"$SPILLWAY" --summary "$TMP/nocc" >"$TMP/nocc.out" 2>&1
check "without the compile rows: 8 modules" grep -q "^build: 8 modules," "$TMP/nocc.out"
check "without the compile rows: every compile has its other 9 phases" \
	sh -c "[ \$(awk -F'\t' '/\\.cu\\.o\t/ && \$6 ~ /^9 \\(/' '$TMP/nocc.out' | wc -l) -eq 8 ]"

# The real span of a build, in s.
real() {
	sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$H/ggml-$1/build.out" |
		awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }'
}
# within BOUND% REAL PATTERN ARGS...: the seconds after PATTERN on the
# summary's line are within BOUND % of REAL's span.
within() {
	bound=$1 want=$2 pat=$3; shift 3
	r=$(real "$want")
	p=$("$SPILLWAY" --summary "$@" 2>/dev/null | sed -n "s/.*$pat \\([0-9.]*\\) s.*/\\1/p" | head -1)
	check "$* -> $want: predicted ${p:-none} s, real $r s, within $bound %" \
		awk -v p="${p:-x}" -v r="$r" -v b="$bound" \
		'BEGIN { if (p !~ /^[0-9.]+$/) exit 1; e = 100 * (p - r) / r; if (e < 0) e = -e; exit !(e <= b) }'
}
# The bounds: the error measured here (spillway(1), BUILD LOGS), whole
# percent up.
within 1 c2-j2 "simulated in the recorded order:" --jobs=2 "$H/ggml-c2-j1"	# 24.4 / 24.4
within 21 c2-j1x2 "simulated in the recorded order:" --jobs=1 "$H/ggml-c2-j2x2"	# 76.3 / 63.5
within 10 c8-j8 "simulated in the recorded order:" --jobs=8 --cores=8 "$H/ggml-c2-j1"	# 8.8 / 9.7
within 6 c8-j8x2 "simulated in the recorded order:" --jobs=8 --cores=8 "$H/ggml-c2-j1x2"	# 13.9 / 13.2
within 13 c2-j2 "simulated in the recorded order:" --jobs=2 --cores=2 "$H/ggml-c8-j8"	# 27.4 / 24.4
within 2 c8-j8 "simulated in the recorded order:" --jobs=8 "$H/ggml-c8-j8"	# 9.6 / 9.7
within 7 c2-j1x2 "one arch more" --jobs=1 "$H/ggml-c2-j1"	# 59.1 / 63.5
within 22 c2-j2x2 "one arch more" --jobs=2 "$H/ggml-c2-j1"	# 33.1 / 42.3
within 26 c2-j2 "one arch fewer" --jobs=2 "$H/ggml-c2-j2x2"	# 30.7 / 24.4
within 3 c8-j8x2 "one arch more" --jobs=8 "$H/ggml-c8-j8"	# 13.5 / 13.2
finish
