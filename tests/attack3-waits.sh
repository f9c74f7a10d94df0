#!/bin/sh
# Attack round 3, waits with no end: every output is opened without
# blocking and by what it is (a FIFO with no reader is waited on 2 s at
# most, then named).  Cases output-fifo and github-step-summary-fifo of
# tests/attacks3, and the other outputs: --junit, --report=html -o.
# Times are CPU; the wall clock only stops a hang.
. "${srcdir:-.}/tests/lib.sh"

cd "$TMP" || exit 1
GEN="python3 $srcdir/tests/attacks3/gen/gen.py"
$GEN ok-cubin ok.cubin
mkfifo o.fifo j.fifo gh.fifo h.fifo
OK="$TMP/ok.cubin"

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

finish
