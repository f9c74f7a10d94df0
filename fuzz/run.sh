#!/bin/sh
# Runs each libFuzzer target built by `make fuzz` for SECONDS seconds
# (default 10), one at a time, on a scratch copy of its seed corpus, and
# prints the executions each one made.  A crash keeps its input in
# fuzz/findings/ and makes the script exit 1.
#   fuzz/run.sh [-t SECONDS] [TARGET...]        from the build tree
set -u
secs=10
if [ "${1:-}" = "-t" ]; then secs=$2; shift 2; fi
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
targets=${*:-"scan fatbin cubin demangle listcsv logs allow"}
status=0
mkdir -p fuzz/findings
for t in $targets; do
	bin=fuzz/bin/fuzz-$t
	if [ ! -x "$bin" ]; then
		echo "fuzz/run.sh: $bin not built (make fuzz)" >&2
		status=1
		continue
	fi
	work=$(mktemp -d "${TMPDIR:-/tmp}/spillway-fuzz-$t.XXXXXX")
	dict= regress=
	[ -f "$srcdir/fuzz/$t.dict" ] && dict="-dict=$srcdir/fuzz/$t.dict"
	[ -d "$srcdir/tests/fuzz-regress/$t" ] && regress="$srcdir/tests/fuzz-regress/$t"
	# Seeds are read from the source tree; new inputs go to the scratch copy.
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0} \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	"$bin" -max_total_time="$secs" -rss_limit_mb=2048 \
		-timeout=10 -print_final_stats=1 $dict \
		-artifact_prefix=fuzz/findings/"$t"- \
		"$work" "$srcdir/fuzz/corpus/$t" $regress \
		>"$work.log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work.log" | tail -1)
	echo "fuzz-$t: ${secs}s, ${runs:-?} executions, exit $rc"
	if [ "$rc" -ne 0 ]; then
		status=1
		grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$work.log" | head -20
	fi
	rm -rf "$work" "$work.log"
done
exit $status
