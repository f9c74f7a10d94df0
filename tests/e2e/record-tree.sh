#!/bin/sh
# SPDX-License-Identifier: MIT
# spillway record measures the whole process tree (issue 25): four children
# holding 256 MiB at once are a tree peak of 1,000 MiB or more, beside a
# largest single process of about 256 MiB, whether the cgroup or the /proc
# sampler measured it; the record says which.  A real nvcc --threads 4
# compile of four -gencode targets is recorded within 5 % of the peak of a
# fresh memory cgroup the test puts spillway record in (skipped without nvcc,
# or where no cgroup can be made).
. "${srcdir:-.}/tests/lib/lib.sh"

HOLD=${HOLD_TREE:-$(pwd)/tests/lib/hold_tree}
[ -x "$HOLD" ] || { echo "tests/lib/hold_tree not built: skipped"; exit 77; }

# field N of the last record of a log
last() { awk -F'\t' -v f="$2" '/^[0-9]/ { v = $f } END { print v }' "$1"; }

for mode in default proc; do
	LOG="$TMP/hold-$mode.log"
	if [ $mode = proc ]; then
		SPILLWAY_RECORD_TREE=proc "$SPILLWAY" record --log="$LOG" -- "$HOLD" 4 256 400
	else
		"$SPILLWAY" record --log="$LOG" -- "$HOLD" 4 256 400
	fi
	check "$mode: four children of 256 MiB ran" [ $? -eq 0 ]
	check "$mode: the header is v2" sh -c "head -1 '$LOG' | grep -qx '# build-rss log v2'"
	tree=$(last "$LOG" 7) how=$(last "$LOG" 8) one=$(last "$LOG" 3)
	echo "# $mode: tree $tree KiB ($how), largest process $one KiB"
	check "$mode: tree peak >= 1,000 MiB ($tree KiB)" [ "$tree" -ge 1024000 ]
	check "$mode: largest single process about 256 MiB ($one KiB)" \
		sh -c "[ $one -ge 262144 ] && [ $one -lt 393216 ]"
	if [ $mode = proc ]; then
		check "proc: the record says it sampled /proc" [ "$how" = proc10ms ]
	else
		check "default: the record says how ($how)" sh -c "echo '$how' | grep -qxE 'cgroup2|cgroup1|proc10ms'"
	fi
	check "$mode: the cores and the load are recorded" \
		sh -c "[ $(last "$LOG" 9) -ge 1 ] && echo '$(last "$LOG" 10)' | grep -qE '^[0-9]+\.[0-9]{2}$'"
done

expect_status 0 "the v2 log reads back" "$SPILLWAY" --summary "$TMP/hold-proc.log"
check "--summary shows the tree's peak and the largest process" \
	grep -qE '^hold_tree	1\.[0-9]+ GB	' "$TMP/out"

command -v nvcc >/dev/null || { echo "nvcc not found: the nvcc half skipped"; finish; }

# A fresh memory cgroup of our own, v2 or v1, for the ground truth; its peak file.
cg=
for base in $(awk '$9 == "cgroup2" { print $5 }' /proc/self/mountinfo) \
	    $(awk '$9 == "cgroup" && $NF ~ /(^|,)memory(,|$)/ { print $5 }' /proc/self/mountinfo); do
	self=$(awk -F: '$1 == "0" || $2 ~ /(^|,)memory(,|$)/ { print $3; exit }' /proc/self/cgroup)
	d="$base${self%/}/spillway-test.$$"
	mkdir "$d" 2>/dev/null || continue
	for f in memory.peak memory.max_usage_in_bytes; do
		[ -r "$d/$f" ] && { cg=$d; peakfile=$f; break 2; }
	done
	rmdir "$d"
done
[ -n "$cg" ] || { echo "no memory cgroup can be made here: the nvcc comparison skipped"; finish; }
# A group an earlier record left (killed before it could remove it) goes
# once its process is gone: no process has the number pid_max.
stale="$(dirname "$cg")/spillway-record.$(cat /proc/sys/kernel/pid_max)"
if mkdir "$stale" 2>/dev/null; then
	"$SPILLWAY" record --log="$TMP/sweep.log" -- true
	check "a stale spillway-record group is removed" [ ! -d "$stale" ]
	rmdir "$stale" 2>/dev/null
fi
cp "$CORPUS/src/templates.cu" "$TMP/"
G="-gencode arch=compute_75,code=sm_75 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_86,code=sm_86 -gencode arch=compute_90,code=sm_90"
for mode in default proc; do
	[ -d "$cg" ] || mkdir "$cg"
	(cd "$TMP" && sh -c "echo \$\$ > '$cg/cgroup.procs' && exec env SPILLWAY_RECORD_TREE=$mode '$SPILLWAY' record \
		--log=nv-$mode.log -- nvcc --threads 4 --extended-lambda $G -c templates.cu -o t-$mode.o")
	check "$mode: nvcc --threads 4 of four targets compiles" [ $? -eq 0 ]
	truth=$(($(cat "$cg/$peakfile") / 1024))
	rmdir "$cg"
	ours=$(last "$TMP/nv-$mode.log" 7) how=$(last "$TMP/nv-$mode.log" 8) one=$(last "$TMP/nv-$mode.log" 3)
	echo "# $mode: spillway record $ours KiB ($how), largest process $one KiB, the test's cgroup ($peakfile) $truth KiB"
	# (the test's cgroup holds spillway too: under ASan, its shadow memory)
	if [ "$SANITIZED" -eq 0 ]; then
		check "$mode: tree peak within 5 % of the cgroup's ($ours vs $truth KiB)" \
			awk -v a="$ours" -v b="$truth" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.05 * b) }'
	fi
	check "$mode: the tree holds more than its largest process ($ours > $one KiB)" [ "$ours" -gt "$one" ]
done
finish
