#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/tree.sh [-n RUNS] [-f FILES] [-k DIR] LIB
#
# What the walk of a tree costs beside one library, as a ratio to the
# probe floor.  It builds a tree of FILES (default 60,000) small files
# that carry no device code, in folders of 100 under folders of 30: text
# (Python-like sources of 0.3-12 KiB), binary files that are no ELF (like
# .pyc), tiny host ELF objects (cc -c) and small shared objects without
# device code (cc -shared), 40:30:25:5.  Then, page cache warm, median of
# RUNS runs (default 5):
#   lib        spillway --list LIB
#   tree, lib  spillway --list TREE LIB: the library found after the walk
#   lib, tree  spillway --list LIB TREE: its images read while the walk
#              goes on
#   floor      bench/probe-floor.c: open, pread 64 bytes, close, for every
#              file of the tree, on one thread (its own clock; the listing
#              is not counted)
# and prints (tree and lib - lib alone) / floor for both orders: what the
# walk costs per file, in units of the least any scanner pays on one
# thread; in wall time (the figure the goal is set in) and in CPU time,
# user and system (steadier on a loaded machine: the floor's own).  Each run of the library alone, of the tree with it and of the
# floor go in turn, so that a slow spell of a shared machine weighs on
# all three alike; the ratio is the median of the runs' ratios.
#
# -k DIR keeps the tree in DIR (made if missing, reused if it is there);
# without it the tree is made under ${TMPDIR:-/tmp} and removed at the
# end.  SPILLWAY (default ./spillway) and CC may be set.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runs=5
files=60000
keep=""
while getopts n:f:k: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	f) files=$OPTARG ;;
	k) keep=$OPTARG ;;
	*) echo "usage: tree.sh [-n RUNS] [-f FILES] [-k DIR] LIB" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: tree.sh [-n RUNS] [-f FILES] [-k DIR] LIB" >&2; exit 2; }
lib=$1
SPILLWAY=${SPILLWAY:-./spillway}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree=${keep:-$work/tree}

${CC:-cc} -O2 -o "$work/probe-floor" "$here/probe-floor.c"

# The seeds: two host objects and a shared object, none with device code.
make_seeds() {
	printf 'int f(int x) { return x * 3; }\n' >"$work/a.c"
	printf 'static int t[64];\nint g(int i) { return t[i & 63]++; }\nint h(void) { return 7; }\n' >"$work/b.c"
	${CC:-cc} -c -O2 -o "$work/a.o" "$work/a.c"
	${CC:-cc} -c -O2 -o "$work/b.o" "$work/b.c"
	${CC:-cc} -shared -fPIC -O2 -o "$work/c.so" "$work/a.c" "$work/b.c"
}

if [ ! -d "$tree/t00" ]; then
	make_seeds
	python3 - "$tree" "$files" "$work" <<'EOF'
import os, random, sys
root, files, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rnd = random.Random(38)
elf = [open(os.path.join(seeds, n), "rb").read() for n in ("a.o", "b.o")]
so = open(os.path.join(seeds, "c.so"), "rb").read()
words = "def return import self for in if else while class None True False value name".split()
def text(n):
    out, size = [], 0
    while size < n:
        line = "    " * rnd.randint(0, 3) + " ".join(rnd.choice(words) for _ in range(rnd.randint(2, 9))) + "\n"
        out.append(line)
        size += len(line)
    return "".join(out).encode()
texts = [text(rnd.randint(300, 12000)) for _ in range(64)]
blobs = [b"\xa7\x0d\x0d\x0a" + bytes(rnd.getrandbits(8) for _ in range(rnd.randint(500, 8000))) for _ in range(32)]
made = 0
for top in range(1000):
    for sub in range(30):
        d = os.path.join(root, "t%02d" % top, "s%02d" % sub)
        os.makedirs(d, exist_ok=True)
        for i in range(100):
            if made == files:
                sys.exit(0)
            k = i % 20
            if k < 8:
                name, data = "m%03d.py" % i, texts[rnd.randrange(len(texts))]
            elif k < 14:
                name, data = "m%03d.pyc" % i, blobs[rnd.randrange(len(blobs))]
            elif k < 19:
                name, data = "o%03d.o" % i, elf[i % 2]
            else:
                name, data = "l%03d.so" % i, so
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
            made += 1
EOF
fi

printf '%s\n' "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s\n' "spillway: $($SPILLWAY --version | head -1)"
printf '%s\n' "tree: $(find "$tree" -type f | wc -l) files in $(find "$tree" -type d | wc -l) folders; lib: $lib"

# run COMMAND...: "WALL CPU" seconds.
run() {
	python3 "$here/measure.py" "$@" | cut -d' ' -f1,4
}

# warm the page cache
"$SPILLWAY" --list "$tree" "$lib" >/dev/null 2>&1 || true
"$work/probe-floor" "$tree" >/dev/null
i=0
: >"$work/r"
while [ $i -lt "$runs" ]; do
	a=$(run "$SPILLWAY" --list "$lib")
	b=$(run "$SPILLWAY" --list "$tree" "$lib")
	c=$(run "$SPILLWAY" --list "$lib" "$tree")
	f=$("$work/probe-floor" "$tree" | awk '{ print $4, $6 }')
	echo "$a $b $c $f" >>"$work/r"
	i=$((i + 1))
done
# Columns: lib wall, cpu; tree+lib wall, cpu; lib+tree wall, cpu; floor wall, cpu.
mid=$(( (runs + 1) / 2 ))
med() { cut -d' ' -f"$1" "$work/r" | sort -n | sed -n "${mid}p"; }
# ratio COLUMN BASE FLOOR: the median (least-most) of (COLUMN - BASE) / FLOOR.
ratio() { awk -v k="$1" -v b="$2" -v f="$3" '{ print ($k - $b) / $f }' "$work/r" | sort -n |
    awk -v mid="$mid" '{ r[NR] = $1 } END { printf "%.2f (%.2f-%.2f)", r[mid], r[1], r[NR] }'; }
printf '  %-22s %8s %8s\n' "" "wall" "CPU"
printf '  %-22s %8.3f %8.3f\n' "lib" "$(med 1)" "$(med 2)"
printf '  %-22s %8.3f %8.3f\n' "tree, lib" "$(med 3)" "$(med 4)"
printf '  %-22s %8.3f %8.3f\n' "lib, tree" "$(med 5)" "$(med 6)"
printf '  %-22s %8.3f %8.3f\n' "probe floor, 1 thread" "$(med 7)" "$(med 8)"
echo "  (tree and lib - lib) / floor, wall: $(ratio 3 1 7), CPU: $(ratio 4 2 8)"
echo "  (lib and tree - lib) / floor, wall: $(ratio 5 1 7), CPU: $(ratio 6 2 8)"
