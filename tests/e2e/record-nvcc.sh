#!/bin/sh
# SPDX-License-Identifier: MIT
# spillway record around real nvcc compiles (skipped without nvcc): under
# make -j4 every record is whole and names its module and targets; a
# failing compile still fails; the peak RSS is within 5 % of GNU time's for
# the same run; and the ptxas -v output joins the objects built.  Each
# compile writes its ptxas -v output to a log of its own: four compiles
# appending to one file under make -j4 can interleave their lines.
. "${srcdir:-.}/tests/lib/lib.sh"
# The fields v2 adds after the target: tree KiB, how, cores, load, cache, threads.
V2='	-?[0-9]+	[a-z0-9-]+	[0-9]+	-?[0-9.]+	(hit|miss|-)	(-|[0-9]+)'

command -v nvcc >/dev/null || { echo "nvcc not found: skipped"; exit 77; }
command -v make >/dev/null || { echo "make not found: skipped"; exit 77; }
cp "$CORPUS/src/stack.cu" "$CORPUS/src/namespaces.cu" "$TMP/"
printf '__global__ void broken(float *p) { p[0] = ; }\n' >"$TMP/broken.cu"
cat >"$TMP/Makefile" <<'MAKE'
NVCC = $(SPILLWAY) record --log=$(LOG) -- nvcc
OBJS = stack80.o stack86.o ns80.o ns90.o
all: $(OBJS)
stack80.o: ; $(NVCC) -Xptxas -v -c stack.cu -o $@ -arch=sm_80 2>$@.ptxas.log
stack86.o: ; $(NVCC) -Xptxas -v -c stack.cu -o $@ -gencode arch=compute_86,code=sm_86 2>$@.ptxas.log
ns80.o: ; $(NVCC) -Xptxas -v -c namespaces.cu -o $@ -gencode=arch=compute_80,code=[sm_80,compute_80] 2>$@.ptxas.log
ns90.o: ; $(NVCC) -Xptxas -v -c namespaces.cu -o $@ --gpu-architecture=compute_90 --gpu-code=sm_90 2>$@.ptxas.log
broken.o: ; $(NVCC) -c broken.cu -o $@ -arch=sm_80
MAKE
(cd "$TMP" && make -s -j4 SPILLWAY="$SPILLWAY" LOG="$TMP/j4.log" >make.out 2>&1)
check "make -j4 of four nvcc compiles succeeds" [ $? -eq 0 ]
check "four records and one header" \
	sh -c "[ \$(grep -c '^[0-9]' '$TMP/j4.log') -eq 4 ] && [ \$(grep -c '^#' '$TMP/j4.log') -eq 1 ]"
check "stack80.o: -arch=sm_80 is sm_80,compute_80" grep -qE '	0	sm_80,compute_80	stack80.o'"$V2"'$' "$TMP/j4.log"
check "stack86.o: sm_86" grep -qE '	0	sm_86	stack86.o'"$V2"'$' "$TMP/j4.log"
check "ns80.o: sm_80,compute_80" grep -qE '	0	sm_80,compute_80	ns80.o'"$V2"'$' "$TMP/j4.log"
check "ns90.o: --gpu-code=sm_90" grep -qE '	0	sm_90	ns90.o'"$V2"'$' "$TMP/j4.log"
check "every compile peaked between 50 MiB and 4 GiB" \
	awk -F'\t' '/^[0-9]/ && ($3 < 51200 || $3 > 4194304) { exit 1 }' "$TMP/j4.log"

(cd "$TMP" && make -s SPILLWAY="$SPILLWAY" LOG="$TMP/j4.log" broken.o >broken.out 2>&1)
check "a failing compile still fails" [ $? -ne 0 ]
check "nvcc's error passes through" grep -q "error" "$TMP/broken.out"
check "and is recorded with its status" grep -qE '	[1-9][0-9]*	sm_80,compute_80	broken.o'"$V2"'$' "$TMP/j4.log"

"$SPILLWAY" --list "$TMP"/*.o "$TMP"/*.ptxas.log >"$TMP/list.csv" 2>"$TMP/list.err"
check "the objects and their ptxas output read cleanly" [ ! -s "$TMP/list.err" ]
sed 's/^/# /' "$TMP/list.err"	# what it said, if anything: a failure shows why
upto_visibility "$TMP/list.csv"	# rows anchored at visibility
check "every entry joined its ptxas figures" \
	sh -c "grep ',entry,' '$TMP/list.csv' | grep -v ',[0-9][0-9]*,[0-9][0-9]*,[a-z]*\$' | wc -l | grep -qx 0"

# The same run measured by GNU time (around record: spillway itself is small).
if [ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1; then
	(cd "$TMP" && /usr/bin/time -f %M -o gnu.txt "$SPILLWAY" record --log=one.log -- \
		nvcc -c stack.cu -o one.o -arch=sm_80 2>/dev/null)
	ours=$(awk -F'\t' '/^[0-9]/ { print $3 }' "$TMP/one.log")
	gnu=$(tail -1 "$TMP/gnu.txt")
	echo "# peak RSS: spillway record $ours KiB, GNU time $gnu KiB"
	check "peak RSS within 5 % of GNU time -v ($ours vs $gnu KiB)" \
		awk -v a="$ours" -v b="$gnu" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.05 * b) }'
fi
finish
