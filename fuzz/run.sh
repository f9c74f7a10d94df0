#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs each libFuzzer target built by `make fuzz` for SECONDS seconds
# (default 10) on a scratch copy of its seed corpus, and prints the
# executions each one made.  A crash keeps its input in fuzz/findings/ and
# makes the script exit 1.
#   fuzz/run.sh [-t SECONDS] [-p PROCS] [TARGET...]        from the build tree
# -p PROCS: every target at once, PROCS processes each sharing one scratch
# corpus (a campaign on a machine of many cores); without it, one process,
# one target at a time.  FUZZ_RUNNER, when set, runs each binary (a
# loader and its library path, on a machine with another C library).
set -u
secs=10 procs=0
while [ $# -gt 0 ]; do
	case $1 in
	-t) secs=$2; shift 2 ;;
	-p) procs=$2; shift 2 ;;
	*) break ;;
	esac
done
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
targets=${*:-"scan fatbin cubin demangle listcsv logs allow"}
status=0
mkdir -p fuzz/findings
scratch=$(mktemp -d "${TMPDIR:-/tmp}/spillway-fuzz.XXXXXX")

# fuzz_one TARGET N: one process of TARGET, its log in $scratch/TARGET.N.log.
fuzz_one() {
	t=$1 n=$2
	dict= regress=
	[ -f "$srcdir/fuzz/$t.dict" ] && dict="-dict=$srcdir/fuzz/$t.dict"
	[ -d "$srcdir/tests/attacks/fuzz-regress/$t" ] && regress="$srcdir/tests/attacks/fuzz-regress/$t"
	# Seeds are read from the source tree; new inputs go to the scratch copy.
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0} \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	${FUZZ_RUNNER:-} "fuzz/bin/fuzz-$t" -max_total_time="$secs" -rss_limit_mb=2048 \
		-timeout=10 -print_final_stats=1 $dict \
		-artifact_prefix=fuzz/findings/"$t"- \
		"$scratch/$t" "$srcdir/fuzz/corpus/$t" $regress \
		>"$scratch/$t.$n.log" 2>&1
	echo $? >"$scratch/$t.$n.rc"
}

for t in $targets; do
	if [ ! -x "fuzz/bin/fuzz-$t" ]; then
		echo "fuzz/run.sh: fuzz/bin/fuzz-$t not built (make fuzz)" >&2
		status=1
		continue
	fi
	mkdir -p "$scratch/$t"
	if [ "$procs" -eq 0 ]; then
		fuzz_one "$t" 1
		continue
	fi
	n=1
	while [ "$n" -le "$procs" ]; do
		fuzz_one "$t" "$n" &
		n=$((n + 1))
	done
done
wait

for t in $targets; do
	[ -x "fuzz/bin/fuzz-$t" ] || continue
	runs=0 worst=0
	for log in "$scratch/$t".*.log; do
		r=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
		runs=$((runs + ${r:-0}))
		rc=$(cat "${log%.log}.rc")
		if [ "$rc" -ne 0 ]; then
			worst=$rc
			grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$log" | head -20
		fi
	done
	np=$procs
	[ "$np" -eq 0 ] && np=1
	echo "fuzz-$t: ${secs}s x $np processes, $runs executions, exit $worst"
	[ "$worst" -eq 0 ] || status=1
done
rm -rf "$scratch"
exit $status
