#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, death by a signal: SIGPIPE and SIGXFSZ are ignored and
# their errors handled (a reader gone ends the writing with the status the
# run would have had; a file too large is "cannot write", exit 2, the old
# file kept), record never fails a compile for its log nor leaves a torn
# line, and running out of memory or threads is exit 2 with a message,
# never abort().  Cases sigpipe-list-head, sigxfsz-output and
# ulimit-v-threads of tests/attacks/repro3, and the other outputs and limits.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v bash >/dev/null || { echo "no bash: skipped"; exit 77; }
cd "$TMP" || exit 1
GEN="python3 $srcdir/tests/attacks/repro3/gen/gen.py"
$GEN kernels k.cubin 20000
$GEN stack-kernels s.cubin 5000

# status_of_first 'PIPELINE': prints the first command's exit status.
status_of_first() {
	bash -c "$1; echo \${PIPESTATUS[0]}" 2>/dev/null
}

# --- a reader that closes the pipe early.
st=$(status_of_first "'$SPILLWAY' --list k.cubin | head -1 >/dev/null")
check "--list | head -1: exit 0, no SIGPIPE (exit $st)" [ "$st" = 0 ]
st=$(status_of_first "'$SPILLWAY' --check s.cubin | head -1 >/dev/null")
check "--check | head -1: the gate's verdict (1), not SIGPIPE (exit $st)" [ "$st" = 1 ]
st=$(status_of_first "'$SPILLWAY' --report k.cubin | head -c 10 >/dev/null")
check "--report | head -c 10: exit 0 (exit $st)" [ "$st" = 0 ]
st=$(status_of_first "'$SPILLWAY' --list --format=json k.cubin 2>&1 | head -1 >/dev/null")
check "--list --format=json 2>&1 | head -1: exit 0 (exit $st)" [ "$st" = 0 ]
mkfifo p.fifo
(head -c 100 p.fifo >/dev/null) &
cpu_bounded 0 "-o a FIFO whose reader leaves after 100 bytes" "$SPILLWAY" --list -o p.fifo k.cubin
wait

# --- ulimit -f: a message and exit 2, the old file as it was, nothing left.
echo "the old file" >x.csv
cpu_bounded 2 "ulimit -f 1: --list -o x.csv" bash -c "ulimit -f 1; exec '$SPILLWAY' --list -o x.csv k.cubin"
check "ulimit -f: the file and the reason named" grep -q "x.csv: cannot write: File too large" "$TMP/err"
check "ulimit -f: the old file as it was" grep -qx "the old file" x.csv
check "ulimit -f: no temporary left" sh -c "[ -z \"\$(ls -A | grep '^\\.x\\.csv')\" ]"
cpu_bounded 2 "ulimit -f 1: standard output into a file" bash -c "ulimit -f 1; exec '$SPILLWAY' --list k.cubin >big.csv"
check "ulimit -f, standard output: the reason named" grep -q "standard output: cannot write: File too large" "$TMP/err"
cpu_bounded 2 "ulimit -f 1: --report=html -o" bash -c "ulimit -f 1; exec '$SPILLWAY' --report=html -o r.html k.cubin"
check "ulimit -f, --report=html: the reason named" grep -q "r.html: cannot write: File too large" "$TMP/err"

cp k.cubin j.xml
cpu_bounded 2 "ulimit -f 1: --junit" bash -c "ulimit -f 1; exec '$SPILLWAY' --check --junit=j.xml '$BUILD'"
check "ulimit -f, --junit: the reason named" grep -q "j.xml: cannot write: File too large" "$TMP/err"
check "ulimit -f, --junit: the old file as it was" cmp -s j.xml k.cubin
echo "an earlier step's summary" >summary.md
cpu_bounded 0 "ulimit -f 1: GITHUB_STEP_SUMMARY, the verdict stands" \
	bash -c "ulimit -f 1; GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=summary.md exec '$SPILLWAY' --check k.cubin"
check "ulimit -f, step summary: the reason named" grep -q "summary.md: cannot append: File too large" "$TMP/err"
check "ulimit -f, step summary: no half report appended" grep -qx "an earlier step's summary" summary.md

# record: a log that reaches the limit during the line is cut back to
# where the line began; the compile's status stands.
{ echo "# build-rss log v2"; i=0; while [ $i -lt 15 ]; do
	printf '1700000000.000\t1.000\t1000\t0\tsm_90\tmod%02d.o\t2000\tproc\t4\t0.50\t-\t-\n' $i
	i=$((i + 1)); done; } >r.log
cp r.log r0.log
cpu_bounded 0 "ulimit -f 1: record -- true, the log at its limit" \
	bash -c "ulimit -f 1; exec '$SPILLWAY' record --log=r.log --module=a-rather-long-module-name.o -- true"
check "record past ulimit -f: said, nothing recorded" grep -q "r.log: File too large: nothing recorded" "$TMP/err"
check "record past ulimit -f: the log as it was, no torn line" cmp -s r.log r0.log
cpu_bounded 5 "ulimit -f 1: record -- a compile that fails" \
	bash -c "ulimit -f 1; exec '$SPILLWAY' record --log=r.log --module=a-rather-long-module-name.o -- sh -c 'exit 5'"
# What record runs gets SIGPIPE and SIGXFSZ as they were (bits 13 and 25
# of /proc's SigIgn mask: 0x1000, 0x1000000), not ignored as spillway has them.
cpu_bounded 0 "record -- a command: its signals as spillway found them" \
	"$SPILLWAY" record --log=r2.log -- grep SigIgn /proc/self/status
mask=$(awk '/^SigIgn/ { print $2 }' "$TMP/out")
check "the command does not ignore SIGPIPE or SIGXFSZ (SigIgn $mask)" \
	sh -c "[ -n '$mask' ] && [ \$((0x$mask & 0x1001000)) -eq 0 ]"

# --- ulimit -v: exit 0 or 2 with a message whatever the limit, never a
# signal; threads past what the address space holds are not started.
# (Not under ASan, whose shadow memory needs terabytes of address space.)
[ "$SANITIZED" = 1 ] && finish
cpu_bounded 0 "ulimit -v 300000: --list -T 64" bash -c "ulimit -v 300000; exec '$SPILLWAY' --list -T 64 k.cubin"
for v in 50000 80000 100000 200000; do
	cpu_bounded "0|2" "ulimit -v $v: --report=html -o" bash -c "ulimit -v $v; exec '$SPILLWAY' --report=html -o r.html k.cubin"
	if [ "$(tail -n 1 "$TMP/time" | cut -d' ' -f1)" = 2 ]; then
		check "ulimit -v $v: a message that says what ran out, and where" \
			grep -Eq "out of memory .*while (reading k.cubin|writing r.html)|k.cubin: .*out of memory|cannot start a worker thread" "$TMP/err"
	fi
	check "ulimit -v $v: no abort() message" sh -c "! grep -q 'aborting' '$TMP/err'"
done
finish
