#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile build logs (issue 20): every reproducer of tests/attacks/repro/logs
# within the bounds, the quadratic inputs generated at test time at the
# issue's sizes and larger, the fully overlapping .ninja_log at 10,000 and
# 50,000 jobs, and spillway record on a long target and on a full disk.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
A="$srcdir/tests/attacks/repro/logs"

# The exit status each reproducer must end with: 2 where a line is
# refused (with its message), 0 where the log reads whole.
want_of() {
	case $1 in
	ninja-neg.log | ptxas-smem-overflow.log | record-huge-times.log | record-odd.log) echo 2 ;;
	*) echo 0 ;;
	esac
}

for f in "$A"/*; do
	b=$(basename "$f")
	w=$(want_of "$b")
	bounded "$w" "$b: --summary" "$SPILLWAY" --summary --log="$f"
	bounded "$w|77" "$b: --check" "$SPILLWAY" --check --log="$f"
	bounded "$w" "$b: --summary --jobs=2" "$SPILLWAY" --summary --jobs=2 --log="$f"
	bounded "$w|1" "$b: --check --jobs=2 --mem-host=1MB" "$SPILLWAY" --check --jobs=2 --mem-host=1MB --log="$f"
	if [ "$w" = 2 ]; then
		check "$b: the refusal names the file and the line" grep -q "$b: line [0-9]*: " "$TMP/err"
	fi
done

# What the refusals say.
bounded 2 "ptxas A+B smem past 2^31: --list" "$SPILLWAY" --list \
	--log="$A/ptxas-smem-overflow.log" "$BUILD/stack.o"
check "  says the sum is past 2^31, on line 5" \
	grep -q "ptxas-smem-overflow.log: line 5: .*2147483647+2147483647 bytes is past 2^31" "$TMP/err"
check "  the object's rows are still there" grep -q "stack" "$TMP/out"
bounded 2 "record start of 62 digits" "$SPILLWAY" --summary "$A/record-huge-times.log"
check "  refused as not Unix seconds" grep -q "line 2: record: start .* is not Unix seconds" "$TMP/err"
check "  the next record is read" grep -q "^b\.o	" "$TMP/out"
bounded 2 "ninja start -5" "$SPILLWAY" --summary "$A/ninja-neg.log"
check "  a.o, the line before, is read" grep -q "^a\.o	" "$TMP/out"

# Generated inputs: the fully overlapping .ninja_log, the ptxas log of
# open entries then their Used lines, the nvcc --time CSV of runs that
# never see their driver row.
gen() {
	python3 - "$@" <<'EOF'
import sys
kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(out, "w") as f:
    if kind == "ninja":
        # N jobs each 1000 s, starting 1 ms apart: all run at once.
        f.write("# ninja log v5\n")
        for i in range(n):
            f.write(f"{i}\t{1000000 + i}\t0\tobj/f{i}.o\t{i:016x}\n")
    elif kind == "record":
        # The same with peaks (spillway record): the heaviest sets differ.
        f.write("# build-rss log v1\n")
        for i in range(n):
            f.write(f"{1000 + i / 1000:.3f}\t1000.000\t{(i * 7919) % 1000003 + 1}\t0\t-\tobj/f{i}.o\n")
    elif kind == "ptxas":
        # One block: N "Compiling entry function" lines (open entries:
        # named, not closed), then for each a "Used" line, every other one
        # after its "Function properties" and stack frame lines.
        f.write("ptxas info    : 0 bytes gmem\n")
        for i in range(n):
            f.write(f"ptxas info    : Compiling entry function '_Z1k{i}v' for 'sm_80'\n")
        for i in range(n):
            if i % 2:
                f.write(f"ptxas info    : Function properties for _Z1k{i}v\n"
                        "    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n")
            f.write(f"ptxas info    : Used {i % 255} registers, 0 bytes smem, 352 bytes cmem[0]\n")
    elif kind == "nvtime":
        # N nvcc runs (tmpxft_<pid>_ tokens) that never see their
        # "nvcc (driver)" row: open to the end; then a row without a temp
        # name for each, found by its source file.
        f.write("source file name , phase name , phase input files , phase output file , arch , tool, metric , unit\n")
        for i in range(n):
            f.write(f"k{i}.cu , cicc , /tmp/tmpxft_{i:08x}_00000000-6_k{i}.cpp1.ii , "
                    f"/tmp/tmpxft_{i:08x}_00000000-7_k{i}.ptx , compute_80 , cicc , 10.5 , ms\n")
        for i in range(n):
            f.write(f"k{i}.cu , gcc (compiling) , k{i}.cu , k{i}.o ,  , gcc , 1.0 , ms\n")
EOF
}

for n in 10000 50000; do
	gen ninja $n "$TMP/ninja-$n.log"
	bounded 0 "ninja, $n jobs at once: --summary" "$SPILLWAY" --summary "$TMP/ninja-$n.log"
	check "  $n modules" grep -q "^build: $n modules" "$TMP/out"
	check "  the sets left out are counted" grep -q "lighter sets not kept: spillway keeps the 4096 heaviest" "$TMP/out"
	bounded 0 "ninja, $n jobs at once: --check" "$SPILLWAY" --check "$TMP/ninja-$n.log"
	bounded 0 "ninja, $n jobs at once: --summary --jobs=2" "$SPILLWAY" --summary --jobs=2 "$TMP/ninja-$n.log"
	bounded 0 "ninja, $n jobs at once: --report=trace" "$SPILLWAY" --report=trace "$TMP/ninja-$n.log"
	gen record $n "$TMP/record-$n.log"
	bounded 1 "record, $n jobs at once: --check --mem-host=1MB" "$SPILLWAY" --check --mem-host=1MB "$TMP/record-$n.log"
	check "  the heaviest set is over the limit" grep -q "^VIOLATION obj/f0.o + obj/f1.o + .* run at once for " "$TMP/out"
	check "  the lighter are counted" grep -q "lighter sets of modules running at once not judged one by one" "$TMP/out"
	# The report's table of sets: names joined in linear time (a set holds
	# every module), and the sets left out counted under it.
	bounded 0 "record, $n jobs at once: --report" "$SPILLWAY" --report "$TMP/record-$n.log"
	check "  the report counts the sets not kept" grep -q "^[0-9]* lighter sets not kept: spillway keeps the 4096 heaviest\.$" "$TMP/out"
	bounded 0 "record, $n jobs at once: --report=csv" "$SPILLWAY" --report=csv "$TMP/record-$n.log"
	check "  the heaviest set, every member named" awk -F, '$1 == "builds" && $2 ~ /^obj\/f0\.o \+ / { n = split($2, a, " \\+ "); if (n == '"$n"') ok = 1 } END { exit !ok }' "$TMP/out"
	bounded 0 "ninja, $n jobs at once: --report" "$SPILLWAY" --report "$TMP/ninja-$n.log"
	check "  the report counts the sets not kept" grep -q "lighter sets not kept: spillway keeps the 4096 heaviest\.$" "$TMP/out"
done

for n in 50000 200000; do
	gen ptxas $n "$TMP/ptxas-$n.log"
	bounded 0 "ptxas, $n open entries then their Used lines" "$SPILLWAY" --summary --log="$TMP/ptxas-$n.log"
done
# What the entries got: the Used lines close the latest open entry, one
# whose properties were seen first.
"$SPILLWAY" --list --log="$TMP/ptxas-50000.log" "$BUILD/stack.o" >/dev/null 2>"$TMP/err"
check "ptxas 50k: no message" [ ! -s "$TMP/err" ]
for n in 60000 200000; do
	gen nvtime $n "$TMP/nvtime-$n.csv"
	bounded 0 "nvcc --time, $n runs left open" "$SPILLWAY" --summary --log="$TMP/nvtime-$n.csv"
done
check "nvcc --time 200k: a module per run (named by its source), its two phases" \
	sh -c "[ \$(grep -c '^k[0-9]*\.cu	.*	2 (0\.0 s)	' '$TMP/out') -eq 200000 ]"

# spillway record: a target longer than the reader's old 4,096 reads back.
long=$(python3 -c "print('m' * 5000)")
bounded 0 "record: a target of 5,000 bytes" "$SPILLWAY" record --log="$TMP/long.log" -- true -o "/x/$long.o"
bounded 0 "  reads back" "$SPILLWAY" --summary "$TMP/long.log"
check "  with the same target" grep -q "^/x/$long\.o	" "$TMP/out"
# One past the bound: shortened by the writer, said so, and still read.
huge=$(python3 -c "print('h' * 70000)")
bounded 0 "record: a target of 70,000 bytes" "$SPILLWAY" record --log="$TMP/huge.log" -- true -o "$huge"
check "  shortened with a message" grep -q "target of 70000 bytes recorded as its first 65536" "$TMP/err"
bounded 0 "  reads back" "$SPILLWAY" --summary "$TMP/huge.log"
check "  as its first 65,536 bytes" awk -F'\t' '$1 ~ /^h+$/ { n++; ok = length($1) == 65536 } END { exit !(n == 1 && ok) }' "$TMP/out"
# A log whose last line lost its end: the next record starts a line.
printf '# build-rss log v1\n1.0\t1.0\t1\t0\t-\tcut' >"$TMP/torn.log"
"$SPILLWAY" record --log="$TMP/torn.log" -- true -o next.o
check "record after a torn line: on its own line" grep -qE '^[0-9.]+	[0-9.]+	[0-9]+	0	-	next\.o	-?[0-9]+	[a-z0-9-]+	[0-9]+	[0-9.-]+	(hit|miss|-)	(-|[0-9]+)$' "$TMP/torn.log"

# A full disk: a tmpfs of 64 KiB (needs root; skipped with a word if not).
D="$TMP/tiny"
mkdir -p "$D"
if mount -t tmpfs -o size=64k tmpfs "$D" 2>/dev/null; then
	trap 'umount "$D" 2>/dev/null; rm -rf "$TMP"' EXIT
	"$SPILLWAY" record --log="$D/rss.log" -- true -o first.o
	python3 - "$D" <<'EOF'
import os, sys
d = sys.argv[1]
# Fill the log's last page but for a few bytes, then the rest of the disk.
with open(d + "/rss.log", "ab") as f:
    f.write(b"#" + b"p" * (4060 - os.path.getsize(d + "/rss.log") - 2) + b"\n")
for name, n in (("fill", 65536 - 8192), ("fill2", 8192)):
    try:
        open(d + "/" + name, "wb").write(b"x" * n)
    except OSError:
        pass
EOF
	before=$(wc -c <"$D/rss.log")
	"$SPILLWAY" record --log="$D/rss.log" -- sh -c 'exit 3' -o /a/very/long/path/to/an/object/file/number_1/with/long/name.o 2>"$TMP/err"
	check "full disk: the command's status passes through" [ $? -eq 3 ]
	check "full disk: the message names the log and the reason" \
		grep -q "spillway record: $D/rss.log: No space left on device: nothing recorded" "$TMP/err"
	check "full disk: nothing of the record stays" [ "$(wc -c <"$D/rss.log")" -eq "$before" ]
	rm -f "$D/fill2"
	"$SPILLWAY" record --log="$D/rss.log" -- true -o second.o
	check "after: the next record on its own line" grep -qE '^[0-9.]+	[0-9.]+	[0-9]+	0	-	second\.o	-?[0-9]+	[a-z0-9-]+	[0-9]+	[0-9.-]+	(hit|miss|-)	(-|[0-9]+)$' "$D/rss.log"
	bounded 0 "after: the log reads back" "$SPILLWAY" --summary "$D/rss.log"
	check "after: first.o and second.o" sh -c "grep -q '^first\.o	' '$TMP/out' && grep -q '^second\.o	' '$TMP/out'"
	umount "$D"
else
	echo "# full disk: cannot mount a tmpfs here (not root?): skipped"
fi
finish
