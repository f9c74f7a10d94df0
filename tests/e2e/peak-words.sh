#!/bin/sh
# SPDX-License-Identifier: MIT
# A cgroup's peak counts the page cache a compile charged (7 to 10 % over
# what its processes held, issue 34 item 7): every face names it "cgroup
# peak, page cache included", never "peak RSS" (the record log of a real
# build, cgroup v1: tests/lib/fixtures/realbuild/record-build.log).  A record
# sampled from /proc keeps "peak RSS".
. "${srcdir:-.}/tests/lib/lib.sh"

R="$srcdir/tests/lib/fixtures/realbuild/record-build.log"
S=2_Concepts_and_Techniques_segmentationTreeThrust/CMakeFiles/segmentationTreeThrust.dir/segmentationTree.cu.o

expect_status 0 "--summary" "$SPILLWAY" --summary "$R"
check "  ...the largest is a cgroup peak, page cache included" \
	grep -q "^build: 32 modules, largest cgroup peak 1.11 GB ($S), page cache included$" "$TMP/out"
check "  ...each module's peak measured by the cgroup, page cache included" \
	grep -q "	tree (cgroup v1 peak, page cache included)$" "$TMP/out"
check "  ...never 'peak RSS'" sh -c "! grep -q 'peak RSS' '$TMP/out'"

expect_status 1 "--check --mem-budget=1GB --mem-host=1.5GB" \
	"$SPILLWAY" --check --mem-budget=1GB --mem-host=1.5GB "$R"
check "  ...--mem-budget names a cgroup peak" \
	grep -q "^VIOLATION $S: cgroup peak 1.11 GB (1088360 KiB, page cache included) over --mem-budget=1 GB" "$TMP/out"
check "  ...--mem-host sums cgroup peaks" \
	grep -q "peaks sum to 2.02 GB (1970692 KiB; cgroup peaks, page cache included), over --mem-host" "$TMP/out"
check "  ...never 'peak RSS'" sh -c "! grep -q 'peak RSS' '$TMP/out'"
"$SPILLWAY" --check --format=json --mem-budget=1GB "$R" >"$TMP/json" 2>/dev/null
check "--check --format=json: the same words" grep -q "cgroup peak 1.11 GB (1088360 KiB, page cache included)" "$TMP/json"

expect_status 0 "--report --sections=builds" "$SPILLWAY" --report --sections=builds "$R"
check "  ...its peak column is headed so" \
	grep -q "^| module | arches | cgroup peak, page cache included | wall s | exit |$" "$TMP/out"
expect_status 0 "--report=csv --sections=builds" "$SPILLWAY" --report=csv --sections=builds "$R"
check "  ...peak_measure says what peak_rss_bytes are" \
	grep -q '^builds,2_Concepts_and_Techniques_segmentationTreeThrust/[^,]*,"[^"]*",1114480640,"cgroup peak, page cache included",814.3,0$' "$TMP/out"
expect_status 0 "--report=trace" "$SPILLWAY" --report=trace "$R"
check "  ...its counter is named so" grep -q '"name":"summed cgroup peak, page cache included"' "$TMP/out"

# The same compile sampled from /proc (a record of the tree's PSS) is RSS.
sed 's/	cgroup1	/	proc10ms	/' "$R" >"$TMP/proc.log"
expect_status 0 "--summary of /proc samples" "$SPILLWAY" --summary "$TMP/proc.log"
check "  ...is a peak RSS" grep -q "^build: 32 modules, largest peak RSS 1.11 GB ($S)$" "$TMP/out"
expect_status 0 "--report of /proc samples" "$SPILLWAY" --report --sections=builds "$TMP/proc.log"
check "  ...headed peak RSS" grep -q "^| module | arches | peak RSS | wall s | exit |$" "$TMP/out"
finish
