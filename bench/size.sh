#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/size.sh [-n RUNS] FILE...: the attribution (--list=sizes, and the
# report's size section) against --list on the same file, page cache warm.
# They run in turn, RUNS triples; the ratio printed is the median of the
# triples' ratios (a shared machine drifts between minutes, see
# README.md).  Exits 1 when a median ratio is over 1.2 (issue 26).
set -eu
n=5
[ "${1:-}" = "-n" ] && { n=$2; shift 2; }
SPILLWAY=${SPILLWAY:-$(dirname "$0")/../spillway}
secs() { /usr/bin/time -f %e -o /tmp/spillway-bench-size.$$ "$@" >/dev/null 2>&1 || true; cat /tmp/spillway-bench-size.$$; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
status=0
for f in "$@"; do
	"$SPILLWAY" --list "$f" >/dev/null 2>&1 || true	# the page cache warm
	: >/tmp/spillway-bench-size.r1.$$
	: >/tmp/spillway-bench-size.r2.$$
	i=0
	while [ "$i" -lt "$n" ]; do
		l=$(secs "$SPILLWAY" --list "$f")
		s=$(secs "$SPILLWAY" --list=sizes "$f")
		r=$(secs "$SPILLWAY" --report=csv --sections=size "$f")
		echo "$l $s" | awk '{ printf "%.3f\n", $2 / $1 }' >>/tmp/spillway-bench-size.r1.$$
		echo "$l $r" | awk '{ printf "%.3f\n", $2 / $1 }' >>/tmp/spillway-bench-size.r2.$$
		echo "# $f: --list $l s, --list=sizes $s s, --report --sections=size $r s"
		i=$((i + 1))
	done
	r1=$(median </tmp/spillway-bench-size.r1.$$)
	r2=$(median </tmp/spillway-bench-size.r2.$$)
	echo "$f: --list=sizes / --list = $r1, --report --sections=size / --list = $r2 (median of $n)"
	awk -v a="$r1" -v b="$r2" 'BEGIN { exit !(a > 1.2 || b > 1.2) }' && status=1
done
rm -f /tmp/spillway-bench-size.$$ /tmp/spillway-bench-size.r1.$$ /tmp/spillway-bench-size.r2.$$
exit $status
