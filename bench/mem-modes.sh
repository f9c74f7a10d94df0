#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/mem-modes.sh [KERNELS...]: every mode's peak RSS on a cubin of
# KERNELS kernels (100000 and 500000 unless given; past 100,000 the
# kernels are spread over files of 100,000 each, named apart), as a ratio
# to the 256 MiB that spillway promises on any input, with its CPU time.
# The inputs are made by tests/attacks/repro3/gen/gen.py under $TMPDIR.  The
# browser is started in tmux, walked through its tabs and quit with q.
# A benchmark, not a test: it prints figures (bench/README.md keeps them)
# and asserts nothing; run from the top of a built checkout.
set -u
SPILLWAY=${SPILLWAY:-./spillway}
GEN=${GEN:-tests/attacks/repro3/gen/gen.py}
[ -x "$SPILLWAY" ] || { echo "build spillway first (make)"; exit 2; }
command -v python3 >/dev/null || { echo "no python3"; exit 2; }
BUDGET_KB=262144
dir=${TMPDIR:-/tmp}/mem-modes.$$
mkdir -p "$dir"
trap 'rm -rf "$dir"' EXIT

# input N: a folder of N kernels, files of at most 100,000 each.
input() {
	left=$1 i=1
	mkdir -p "$dir/in$1"
	python3 "$GEN" kernels "$dir/base.cubin" "$(($1 < 100000 ? $1 : 100000))"
	while [ "$left" -gt 0 ]; do
		# The same image under other names: kernels of their own.
		python3 -c 'import sys
d = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(d.replace(b"kern_", b"k%03d_" % int(sys.argv[3])))' \
		    "$dir/base.cubin" "$dir/in$1/k$i.cubin" "$i"
		left=$((left - 100000)) i=$((i + 1))
	done
	rm -f "$dir/base.cubin"
}

# row MODE COMMAND...: one line of the table.
row() {
	mode=$1
	shift
	/usr/bin/time -o "$dir/time" -f "%x %M %U %S" "$@" >/dev/null 2>"$dir/err"
	set -- $(tail -n 1 "$dir/time")
	awk -v m="$mode" -v x="$1" -v kb="$2" -v u="$3" -v s="$4" -v b=$BUDGET_KB 'BEGIN {
		printf "| %s | %d | %.0f MiB | %.2f | %.1f s |\n", m, x, kb / 1024, kb / b, u + s }'
}

# browser IN: --tui in tmux, every tab shown, then q.
browser() {
	command -v tmux >/dev/null || { echo "| the browser | | no tmux | | |"; return; }
	sock="$dir/tmux"
	tmux -S "$sock" -f /dev/null new-session -d -x 160 -y 40 -s spw \
	    "/usr/bin/time -o '$dir/time' -f '%x %M %U %S' '$SPILLWAY' --tui '$1' 2>'$dir/err'; sleep 600"
	# Wait for the first screen, then each tab in turn.
	i=0
	until tmux -S "$sock" capture-pane -p -t spw | grep -q "1 "; do
		sleep 0.2; i=$((i + 1)); [ $i -lt 600 ] || break
	done
	for k in Tab Tab Tab Tab Tab Tab q; do
		sleep 1
		tmux -S "$sock" send-keys -t spw "$k"
	done
	i=0
	while [ ! -s "$dir/time" ] && [ $i -lt 600 ]; do sleep 0.2; i=$((i + 1)); done
	tmux -S "$sock" kill-server 2>/dev/null
	set -- $(tail -n 1 "$dir/time")
	awk -v x="$1" -v kb="$2" -v u="$3" -v s="$4" -v b=$BUDGET_KB 'BEGIN {
		printf "| the browser | %d | %.0f MiB | %.2f | %.1f s |\n", x, kb / 1024, kb / b, u + s }'
	rm -f "$dir/time"
}

for n in ${*:-100000 500000}; do
	input "$n"
	in="$dir/in$n"
	echo
	echo "$n kernels ($(du -sh "$in" | cut -f1) of cubins), $(git describe --always --dirty 2>/dev/null)"
	echo
	echo "| mode | exit | peak RSS | / 256 MiB | CPU |"
	echo "|---|---:|---:|---:|---:|"
	row "--list" "$SPILLWAY" --list "$in"
	row "--list=images" "$SPILLWAY" --list=images "$in"
	row "--list=sizes" "$SPILLWAY" --list=sizes "$in"
	row "--summary" "$SPILLWAY" --summary "$in"
	"$SPILLWAY" --update-allow --allow="$dir/allow.csv" "$in" >/dev/null 2>&1
	row "--update-allow" "$SPILLWAY" --update-allow --allow="$dir/allow2.csv" "$in"
	row "--check --allow" "$SPILLWAY" --check --allow="$dir/allow.csv" "$in"
	row "--report" "$SPILLWAY" --report "$in"
	row "--report=csv" "$SPILLWAY" --report=csv "$in"
	row "--report=html" "$SPILLWAY" --report=html -o "$dir/r.html" "$in"
	page=$(du -h "$dir/r.html" | cut -f1)
	row "--report=json" "$SPILLWAY" --report=json "$in"
	browser "$in"
	echo
	echo "The HTML page: $page."
	rm -rf "$in" "$dir"/allow*.csv "$dir/r.html"
done
