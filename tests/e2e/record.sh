#!/bin/sh
# SPDX-License-Identifier: MIT
# spillway record with ordinary commands (no nvcc needed): output and exit
# status pass through, signals become 128+N, the record's fields, and
# records stay whole when many compiles append at once under make -j4.
. "${srcdir:-.}/tests/lib/lib.sh"
# The fields v2 adds after the target: tree KiB, how, cores, load, cache, threads.
V2='	-?[0-9]+	[a-z0-9-]+	[0-9]+	-?[0-9.]+	(hit|miss|-)	(-|[0-9]+)'

LOG="$TMP/build.log"
"$SPILLWAY" record --log="$LOG" -- sh -c 'echo to-stdout; echo to-stderr >&2; exit 3' \
	>"$TMP/o" 2>"$TMP/e"
check "exit status 3 passes through" [ $? -eq 3 ]
check "stdout passes through" sh -c "[ \"\$(cat '$TMP/o')\" = to-stdout ]"
check "stderr passes through" sh -c "[ \"\$(cat '$TMP/e')\" = to-stderr ]"
check "the log starts with its header" sh -c "head -1 '$LOG' | grep -qx '# build-rss log v2'"
check "record: start, wall, KiB, status 3, no arch, module from the command" \
	grep -qE '^[0-9]+\.[0-9]{3}	[0-9]+\.[0-9]{3}	[0-9]+	3	-	sh'"$V2"'$' "$LOG"

"$SPILLWAY" record --log="$LOG" -- sh -c 'kill -TERM $$'
check "killed by SIGTERM: exit 143" [ $? -eq 143 ]
check "recorded as 143" grep -qE '	143	-	sh'"$V2"'$' "$LOG"
"$SPILLWAY" record --log="$LOG" -- "$TMP/no-such-compiler" 2>"$TMP/e"
check "a command that is not there: exit 127" [ $? -eq 127 ]
check "says why" grep -q "no-such-compiler: No such file" "$TMP/e"

SPILLWAY_LOG="$LOG" "$SPILLWAY" record -- sh -c 'exit 0' -o "dir/with space.o" \
	-gencode arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=[sm_90,compute_90]
check "\$SPILLWAY_LOG, module from -o, arches from -gencode" \
	grep -qE '	0	sm_80,sm_90,compute_90	dir/with space.o'"$V2"'$' "$LOG"
"$SPILLWAY" record --log "$LOG" --module=kern_a -- sh -c 'exit 0' -arch=sm_86
check "--module names it; -arch=sm_86 is sm_86 and compute_86" grep -qE '	sm_86,compute_86	kern_a'"$V2"'$' "$LOG"
"$SPILLWAY" record --log="$LOG" -- sh -c 'exit 0' -cubin -arch=sm_90a -o k.cubin
check "-cubin holds no PTX" grep -qE '	sm_90a	k.cubin'"$V2"'$' "$LOG"
"$SPILLWAY" record -- sh -c 'exit 4' 2>"$TMP/e"
check "no log: the status still passes through" [ $? -eq 4 ]
check "no log: says nothing was recorded" grep -q "nothing recorded" "$TMP/e"

# Peak RSS: a process that touches 64 MiB is recorded at 64 MiB or more.
if command -v python3 >/dev/null; then
	"$SPILLWAY" record --log="$TMP/rss.log" --module=big -- python3 -c 'b = bytearray(64 << 20)'
	check "64 MiB touched: peak_kib >= 65536" \
		awk -F'\t' '$6 == "big" { exit !($3 >= 65536 && $3 < 65536 + 65536) }' "$TMP/rss.log"
fi

# The log reads back: seven records, the rerun kept once, statuses kept.
expect_status 0 "the log reads back" "$SPILLWAY" --summary "$LOG"
check "143 read back" grep -qE '^sh	.*	143	' "$TMP/out"

# Under make -j4: 40 compiles appending at once, every record whole.
if command -v make >/dev/null; then
	{
		printf 'all:'
		for i in $(seq 1 40); do printf ' m%d' "$i"; done
		printf '\n'
		for i in $(seq 1 40); do
			printf 'm%d:\n\t@"$(SPILLWAY)" record --log="$(LOG)" -- sh -c "i=0; while [ \\$$i -lt 2000 ]; do i=\\$$((i+1)); done" -o m%d.o -gencode arch=compute_80,code=sm_80\n' "$i" "$i"
		done
	} >"$TMP/Makefile"
	(cd "$TMP" && make -s -j4 -f Makefile SPILLWAY="$SPILLWAY" LOG="$TMP/j4.log" >make.out 2>&1)
	check "make -j4: 40 records" [ "$(grep -c '^[0-9]' "$TMP/j4.log")" -eq 40 ]
	check "make -j4: one header" [ "$(grep -c '^#' "$TMP/j4.log")" -eq 1 ]
	check "make -j4: every line whole" \
		sh -c "[ \$(grep -cE '^[0-9]+\.[0-9]{3}	[0-9]+\.[0-9]{3}	[0-9]+	0	sm_80	m[0-9]+\.o$V2$' '$TMP/j4.log') -eq 40 ]"
	check "make -j4: every module once" \
		sh -c "[ \$(cut -f6 '$TMP/j4.log' | grep -c '^m') -eq 40 ] && [ \$(cut -f6 '$TMP/j4.log' | sort -u | grep -c '^m') -eq 40 ]"
	"$SPILLWAY" --summary "$TMP/j4.log" >"$TMP/j4.sum"
	check "make -j4: up to four ran at once" \
		sh -c "grep -q 'as recorded (record start times)' '$TMP/j4.sum'"
fi

# Usage errors.
expect_status 2 "record without a command" "$SPILLWAY" record --log="$LOG"
expect_status 2 "record with an unknown option" "$SPILLWAY" record --bogus -- true
finish
