#!/bin/sh
# SPDX-License-Identifier: MIT
# Cache hits (issue 25): `spillway record -- ccache nvcc ...` records a
# compile ccache answered (no nvcc, cicc or ptxas ran) as a hit; hits are
# left out of the peaks, the schedule and --mem-budget, and counted.
# Skipped without nvcc or ccache.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v nvcc >/dev/null || { echo "nvcc not found: skipped"; exit 77; }
command -v ccache >/dev/null || { echo "ccache not found: skipped"; exit 77; }
export CCACHE_DIR="$TMP/ccache"
cp "$CORPUS/src/stack.cu" "$CORPUS/src/namespaces.cu" "$TMP/"
LOG="$TMP/rss.log"
(cd "$TMP" && "$SPILLWAY" record --log="$LOG" -- ccache nvcc -c stack.cu -o stack.o -arch=sm_80 &&
	"$SPILLWAY" record --log="$LOG" -- ccache nvcc -c stack.cu -o stack.o -arch=sm_80 &&
	"$SPILLWAY" record --log="$LOG" -- ccache nvcc -c namespaces.cu -o ns.o -arch=sm_80 &&
	"$SPILLWAY" record --log="$LOG" -- nvcc -c namespaces.cu -o direct.o -arch=sm_80)
check "four compiles through record" [ $? -eq 0 ]
check "the first: a miss" sh -c "sed -n 2p '$LOG' | grep -qE '	stack\.o	.*	miss	-\$'"
check "the second: a hit" sh -c "sed -n 3p '$LOG' | grep -qE '	stack\.o	.*	hit	-\$'"
check "another source: a miss" sh -c "sed -n 4p '$LOG' | grep -qE '	ns\.o	.*	miss	-\$'"
check "no launcher: neither" sh -c "sed -n 5p '$LOG' | grep -qE '	direct\.o	.*	-	-\$'"

expect_status 0 "--summary --jobs=2" "$SPILLWAY" --summary --jobs=2 "$LOG"
check "the hit is said" grep -qE '^stack\.o	.*	cache hit \(no compile ran\)$' "$TMP/out"
check "and counted" grep -qx "cache: 1 of 3 compiles answered by ccache (no compile tool ran): left out of the peaks and the schedule" "$TMP/out"
# (named for what it is: a cgroup's peak where record had one, else the RSS)
check "the largest peak is a compile's" grep -qE "^build: 3 modules, largest (peak RSS|cgroup peak) [0-9.]+ GB \((ns|direct)\.o\)" "$TMP/out"
check "the schedule holds the two compiles" sh -c "grep -q '^ns.o + direct.o\|^direct.o + ns.o' '$TMP/out'"
grep -E '^#|	stack\.o	.*	hit	-$' "$LOG" >"$TMP/hit-only.log"
expect_status 0 "--check --mem-budget=1MiB of the hit alone" "$SPILLWAY" --check --mem-budget=1MiB "$TMP/hit-only.log"
check "  not judged, and said" grep -q "1 cache hit not judged (no compile ran)" "$TMP/out" "$TMP/err"
finish
