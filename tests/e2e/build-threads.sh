#!/bin/sh
# SPDX-License-Identifier: MIT
# -j x nvcc --threads (issue 25): the record keeps the command's --threads,
# and --jobs=auto advises the pairs.  On a committed real record
# (tests/lib/fixtures/threads/rss.log: spill.cu, four -gencode targets, nvcc
# 13.0 at --threads 1, 2, 4 and none, on 2 cores), then live where nvcc is.
. "${srcdir:-.}/tests/lib/lib.sh"

FIX="$srcdir/tests/lib/fixtures/threads/rss.log"
expect_status 0 "--jobs=auto --mem-host=500MiB on the record" \
	"$SPILLWAY" --summary --jobs=auto --mem-host=500MiB "$FIX"
check "three counts recorded: -j2 at each, the worst case scaled by 13 MiB a thread" \
	grep -q "^--jobs=auto x --threads: -j2 x --threads 1 (0.39 GB at once), -j2 x --threads 2 (0.41 GB at once), -j2 x --threads 4 (0.47 GB at once) (the j largest peaks at t threads at once; at a t a compile was not recorded at, its largest process plus t-1 per-thread shares of 0.01 GB, the build's largest)$" "$TMP/out"
# --pool-file=env: MAX_JOBS the answer, NVCC_THREADS of the counts recorded
# whose -j fits as many, the most that jobs x threads keep within the cores.
expect_status 0 "--pool-file=env on 2 cores" "$SPILLWAY" --summary --jobs=auto --mem-host=500MiB --cores=2 \
	--pool-file=env:"$TMP/c2.env" "$FIX"
check "  MAX_JOBS=2, NVCC_THREADS=1: 2 x 1 on 2 cores" \
	sh -c ". '$TMP/c2.env' && [ \"\$MAX_JOBS\" = 2 ] && [ \"\$NVCC_THREADS\" = 1 ]"
expect_status 0 "--pool-file=env on 8 cores" "$SPILLWAY" --summary --jobs=auto --mem-host=500MiB --cores=8 \
	--pool-file=env:"$TMP/c8.env" "$FIX"
check "  MAX_JOBS=2, NVCC_THREADS=4: -j2 x --threads 4 fits (0.47 GB) and fills 8 cores" \
	sh -c ". '$TMP/c8.env' && [ \"\$MAX_JOBS\" = 2 ] && [ \"\$NVCC_THREADS\" = 4 ]"
expect_status 0 "--pool-file=env, 400 MiB" "$SPILLWAY" --summary --jobs=auto --mem-host=400MiB --cores=8 \
	--pool-file=env:"$TMP/m400.env" "$FIX"
check "  MAX_JOBS=1, NVCC_THREADS=4: -j1 x --threads 4 fits (0.23 GB)" \
	sh -c ". '$TMP/m400.env' && [ \"\$MAX_JOBS\" = 1 ] && [ \"\$NVCC_THREADS\" = 4 ]"
expect_status 0 "--mem-host=400MiB" "$SPILLWAY" --summary --jobs=auto --mem-host=400MiB "$FIX"
check "at 0.38 GB no two fit at any count: -j1 at each" \
	grep -q "^--jobs=auto x --threads: -j1 x --threads 1 (0.19 GB at once), -j1 x --threads 2 (0.21 GB at once), -j1 x --threads 4 (0.23 GB at once)" "$TMP/out"
expect_status 0 "the report says it too" \
	"$SPILLWAY" --report=markdown --sections=builds --jobs=auto --mem-host=500MiB "$FIX"
check "  in the build section" grep -q "^--jobs=auto x --threads: -j2 x --threads 1 (0.39 GB at once)" "$TMP/out"
# Only --threads 4: only it is advised.
grep -E '	spill4\.o	' "$FIX" | sed '1i # build-rss log v2' >"$TMP/t4.log"
expect_status 0 "one count recorded" "$SPILLWAY" --summary --jobs=auto --mem-host=500MiB "$TMP/t4.log"
check "  advises it only, and says so" \
	grep -q "^--jobs=auto x --threads: -j1 x --threads 4 (0.23 GB at once) (the j largest peaks at once); only --threads 4 was recorded: other counts are not predicted$" "$TMP/out"
# A record without --threads (v2 of 11 fields, data/logs): no pairs.
expect_status 0 "no --threads recorded" "$SPILLWAY" --summary --jobs=auto --mem-host=16GiB "$srcdir/data/logs/ggml-j1/rss.log"
check "  no pairs line" sh -c "! grep -q 'x --threads' '$TMP/out'"

NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$NVCC" ] || { echo "# nvcc not found: the live part skipped"; finish; }
cp "$CORPUS/src/spill.cu" "$TMP/"
G="-gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_86,code=sm_86 -gencode=arch=compute_89,code=sm_89 -gencode=arch=compute_90,code=sm_90"
for t in 1 2 4; do
	(cd "$TMP" && "$SPILLWAY" record --log=live.log -- "$NVCC" --threads $t -c spill.cu -o t$t.o $G)
done
(cd "$TMP" && "$SPILLWAY" record --log=live.log -- "$NVCC" -t=2 -c spill.cu -o short.o $G &&
	"$SPILLWAY" record --log=live.log -- "$NVCC" -c spill.cu -o none.o $G)
sed 's/^/# /' "$TMP/live.log"
for t in 1 2 4; do
	check "the record of --threads $t keeps 4 arches and $t" grep -qE "	sm_80,sm_86,sm_89,sm_90	t$t\\.o	.*	$t\$" "$TMP/live.log"
done
check "-t=2 is --threads 2" grep -qE "	short\\.o	.*	2\$" "$TMP/live.log"
check "no --threads: -" grep -qE "	none\\.o	.*	-\$" "$TMP/live.log"
# The model against the real compile: at --threads 2, t1.o and t4.o
# scaled beside t2.o as recorded (host of 100 GiB: -j3, all at once),
# against three times t2.o's real peak.
grep -vE '	(short|none)\.o	' "$TMP/live.log" >"$TMP/three.log"
"$SPILLWAY" --summary --jobs=auto --mem-host=100GiB "$TMP/three.log" >"$TMP/three.out"
sed 's/^/# /' "$TMP/three.out" | grep 'x --threads'
pred=$(sed -n 's/.*-j3 x --threads 2 (\([0-9.]*\) GB at once).*/\1/p' "$TMP/three.out")
real=$(awk -F'\t' '$6 == "t2.o" { printf "%.4f", $7 * 1024 / 1e9 }' "$TMP/live.log")
echo "# --threads 2, three at once: predicted $pred GB; recorded 3 x $real GB"
check "predicted within 25 % of three real --threads 2 peaks" awk -v p="$pred" -v r="$real" \
	'BEGIN { d = p - 3 * r; if (d < 0) d = -d; exit !(p > 0 && r > 0 && d <= 0.25 * 3 * r) }'
finish
