#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, waits with no end: every output is opened without
# blocking and by what it is (a FIFO with no reader is waited on 2 s at
# most, then named), and record's lock on its log is waited on 5 s at most.
# Cases output-fifo, github-step-summary-fifo and record-log-locked of
# tests/attacks/repro3, and the other outputs: --junit, --report=html -o, the
# record log as a FIFO.  Times are CPU; the wall clock only stops a hang.
. "${srcdir:-.}/tests/lib/lib.sh"

cd "$TMP" || exit 1
GEN="python3 $srcdir/tests/attacks/repro3/gen/gen.py"
$GEN ok-cubin ok.cubin
mkfifo o.fifo j.fifo gh.fifo h.fifo log.fifo
OK="$TMP/ok.cubin"
LOCKER=

# waited: the last command's wall time was under the hang guard.
waited() {
	started=$(date +%s)
	"$@"
	ended=$(date +%s)
	check "... within 30 s of wall time ($((ended - started)) s)" [ $((ended - started)) -lt 30 ]
}

# --- outputs that replace or stream: a FIFO that no process reads.
waited cpu_bounded 2 "-o a FIFO no process reads" "$SPILLWAY" --list -o o.fifo "$OK"
check "-o FIFO: named, with the reason" grep -q "o.fifo: a FIFO that no process reads" "$TMP/err"
waited cpu_bounded 2 "--junit=FIFO no process reads" "$SPILLWAY" --check --junit=j.fifo "$OK"
check "--junit FIFO: named" grep -q "j.fifo: a FIFO that no process reads" "$TMP/err"
waited cpu_bounded 2 "--report=html -o a FIFO no process reads" "$SPILLWAY" --report=html -o h.fifo "$OK"
check "--report=html -o FIFO: named" grep -q "h.fifo: a FIFO that no process reads" "$TMP/err"
waited cpu_bounded 0 "GITHUB_STEP_SUMMARY=FIFO: the verdict stands" \
	env GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/gh.fifo" "$SPILLWAY" --check "$OK"
check "GITHUB_STEP_SUMMARY FIFO: named" grep -q "GITHUB_STEP_SUMMARY: .*gh.fifo: a FIFO that no process reads" "$TMP/err"

# --- a reader that comes a moment later gets every row.
"$SPILLWAY" --list "$OK" >want.csv
(sleep 0.5; cat o.fifo >got.csv) &
waited cpu_bounded 0 "-o a FIFO whose reader opens it half a second later" "$SPILLWAY" --list -o o.fifo "$OK"
wait
check "FIFO with a late reader: every row" cmp -s got.csv want.csv

# --- record: the compile's status whatever the log.
waited cpu_bounded 0 "record --log=FIFO no process reads" "$SPILLWAY" record --log=log.fifo -- true
check "record FIFO log: nothing recorded, said" grep -q "log.fifo: a FIFO that no process reads.*nothing recorded" "$TMP/err"
waited cpu_bounded 3 "SPILLWAY_LOG=FIFO, a compile that fails" env SPILLWAY_LOG="$TMP/log.fifo" "$SPILLWAY" record -- sh -c 'exit 3'

touch lock.log
python3 -c 'import fcntl, sys, time
f = open(sys.argv[1])
fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(40)' lock.log locked &
LOCKER=$!
trap 'kill $LOCKER 2>/dev/null; rm -rf "$TMP"' EXIT
while [ ! -e locked ]; do sleep 0.1; done
waited cpu_bounded 0 "record with the log locked by another process" "$SPILLWAY" record --log=lock.log -- true
check "locked log: said, nothing recorded" grep -q "lock.log: locked by another process for 5 s: nothing recorded" "$TMP/err"
check "locked log: left as it was" [ ! -s lock.log ]
kill $LOCKER 2>/dev/null
wait $LOCKER 2>/dev/null
cpu_bounded 0 "record once the lock is given back" "$SPILLWAY" record --log=lock.log -- true
check "the log has its record" sh -c "[ \$(grep -vc '^#' lock.log) -eq 1 ]"
finish
