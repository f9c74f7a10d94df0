#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/bench.sh [-n RUNS] [-T "1 2 4"] FILE...
#
# Measures `spillway --list FILE` against, on the same file and machine:
#   floor      bench/floor.c: a single-threaded walk that decompresses every
#              cubin and does nothing else (the most any scanner can hope
#              for per core);
#   floor on N threads
#              bench/floor-parallel.c: the same decompression spread over as
#              many threads as there are cores, into buffers touched before
#              its clock starts (no memory bound): what the workers could do
#              if decompressing were all they did;
#   cuobjdump  `cuobjdump --dump-resource-usage FILE`, when it is installed.
# Prints median wall seconds and peak RSS of RUNS runs (page cache warm: one
# run of each is thrown away first), the ratios, and spillway's wall time at
# each worker count in -T.  With cuobjdump, spillway and cuobjdump run in
# turn, RUNS pairs: the ratio is the median of the pairs' ratios, so that a
# slow or fast spell of the machine weighs on both sides alike.  It also checks that spillway lists as many
# functions as cuobjdump prints.
#
# SPILLWAY (default ./spillway), FLOOR and FLOOR_PARALLEL (prebuilt floors)
# and CC may be set.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runs=3
threads=""
while getopts n:T: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	T) threads=$OPTARG ;;
	*) echo "usage: bench.sh [-n RUNS] [-T 'N N ...'] FILE..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "usage: bench.sh [-n RUNS] [-T 'N N ...'] FILE..." >&2; exit 2; }
SPILLWAY=${SPILLWAY:-./spillway}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

floor="${FLOOR:-$work/floor}"
if [ -z "${FLOOR:-}" ] && ! ${CC:-cc} -O2 -o "$floor" "$here/floor.c" -lelf -llz4 -lzstd 2>"$work/cc.err"; then
	echo "floor: cannot build ($(head -1 "$work/cc.err")); skipped"
	floor=""
fi
pfloor="${FLOOR_PARALLEL:-$work/floor-parallel}"
if [ -z "${FLOOR_PARALLEL:-}" ] && ! ${CC:-cc} -O2 -o "$pfloor" "$here/floor-parallel.c" \
    -lelf -llz4 -lzstd -lpthread 2>"$work/cc.err"; then
	echo "floor-parallel: cannot build ($(head -1 "$work/cc.err")); skipped"
	pfloor=""
fi
cores=$(nproc)
cuobjdump=$(command -v cuobjdump || true)

# median COMMAND...: prints "WALL RSS_KIB" as medians over $runs runs.
median() {
	"$@" >/dev/null 2>&1 || true
	i=0
	: >"$work/m"
	while [ $i -lt "$runs" ]; do
		python3 "$here/measure.py" "$@" >>"$work/m"
		i=$((i + 1))
	done
	mid=$(( (runs + 1) / 2 ))
	w=$(cut -d' ' -f1 "$work/m" | sort -n | sed -n "${mid}p")
	r=$(cut -d' ' -f2 "$work/m" | sort -n | sed -n "${mid}p")
	echo "$w $r"
}

# pairs FILE: spillway and cuobjdump in turn, $runs pairs; prints
# "SPILLWAY_WALL SPILLWAY_RSS CUOBJDUMP_WALL CUOBJDUMP_RSS RATIO RATIO_MIN RATIO_MAX",
# medians, and the median, least and most of the pairs' ratios.
pairs() {
	"$SPILLWAY" --list "$1" >/dev/null 2>&1 || true
	"$cuobjdump" --dump-resource-usage "$1" >/dev/null 2>&1 || true
	i=0
	: >"$work/p"
	while [ $i -lt "$runs" ]; do
		s=$(python3 "$here/measure.py" "$SPILLWAY" --list "$1")
		c=$(python3 "$here/measure.py" "$cuobjdump" --dump-resource-usage "$1")
		echo "$s $c" >>"$work/p"
		i=$((i + 1))
	done
	mid=$(( (runs + 1) / 2 ))
	for k in 1 2 4 5; do
		cut -d' ' -f$k "$work/p" | sort -n | sed -n "${mid}p"
	done | tr '\n' ' '
	awk '{ print $4 / $1 }' "$work/p" | sort -n | awk -v mid="$mid" \
	    '{ r[NR] = $1 } END { print r[mid], r[1], r[NR] }'
}

printf '%s\n' "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
printf '%s\n' "spillway: $($SPILLWAY --version)"
for f in "$@"; do
	echo
	echo "== $f ($(stat -c %s "$f") bytes)"
	if [ -n "$cuobjdump" ]; then
		set -- $(pairs "$f"); sw=$1; srss=$2; cw=$3; crss=$4; ratio=$5; rmin=$6; rmax=$7
	else
		set -- $(median "$SPILLWAY" --list "$f"); sw=$1; srss=$2
	fi
	printf '  %-26s %8.3f s %8d KiB\n' "spillway --list" "$sw" "$srss"
	if [ -n "$floor" ]; then
		set -- $(median "$floor" "$f"); fw=$1; frss=$2
		printf '  %-26s %8.3f s %8d KiB   spillway/floor = %.2f\n' "floor" "$fw" "$frss" \
		    "$(echo "$sw $fw" | awk '{ print $1 / $2 }')"
	fi
	if [ -n "$pfloor" ]; then
		# Its own clock: the buffers are filled before it starts.
		"$pfloor" "$cores" "$f" >/dev/null
		pw=$(i=0; while [ $i -lt "$runs" ]; do "$pfloor" "$cores" "$f" | awk '{ print $NF }'; \
		    i=$((i + 1)); done | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
		printf '  %-26s %8.3f s %12s   spillway/parallel floor = %.2f\n' "floor on $cores threads" "$pw" "" \
		    "$(echo "$sw $pw" | awk '{ print $1 / $2 }')"
	fi
	if [ -n "$cuobjdump" ]; then
		# Two decimals: at one, 19.96 would print as 20.0.
		printf '  %-26s %8.3f s %8d KiB   cuobjdump/spillway = %.2fx (pairs %.2f-%.2fx)\n' \
		    "cuobjdump" "$cw" "$crss" "$ratio" "$rmin" "$rmax"
		theirs=$("$cuobjdump" --dump-resource-usage "$f" 2>/dev/null | grep -c '^ Function ' || true)
		ours=$("$SPILLWAY" --list "$f" 2>/dev/null | tail -n +2 | wc -l)
		printf '  functions: spillway %d, cuobjdump %d %s\n' "$ours" "$theirs" \
		    "$([ "$ours" -eq "$theirs" ] && echo "(same)" || echo "(DIFFERENT)")"
	fi
	for t in $threads; do
		set -- $(median "$SPILLWAY" -T "$t" --list "$f")
		printf '  %-26s %8.3f s %8d KiB\n' "spillway -T $t" "$1" "$2"
	done
done
