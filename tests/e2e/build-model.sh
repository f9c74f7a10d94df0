#!/bin/sh
# SPDX-License-Identifier: MIT
# The build model on seed 001's figures (tests/lib/fixtures/seed001): the -j2
# table of modules running at once, the simulated total against the
# recorded one, the --mem-budget and --mem-host gates, and the trace.
. "${srcdir:-.}/tests/lib/lib.sh"

LOG="$srcdir/tests/lib/fixtures/seed001/build-rss.log"
expect_status 0 "--summary --jobs=2 on seed 001" "$SPILLWAY" --summary --jobs=2 "$LOG"
mv "$TMP/out" "$TMP/sum"
check "seven modules, reg_flow the heaviest" grep -q "7 modules, largest peak RSS 12.98 GB (reg_flow)" "$TMP/sum"
check "simulated 35.1 min, against the recorded" \
	grep -q "make -j2 simulated in the recorded order: 2106.0 s (35.1 min); recorded: 2106.0 s (35.1 min)" "$TMP/sum"
printf 'reg_field + reg_flow\t50 s\t21.90 GB\n' >"$TMP/want1"
printf 'reg_field_rls + reg_field\t760 s\t15.59 GB\n' >"$TMP/want2"
printf 'reg_flow + reg_flow_rls\t150 s\t14.88 GB\n' >"$TMP/want3"
check "seed row: reg_field + reg_flow, 50 s, 21.90 GB" grep -qxFf "$TMP/want1" "$TMP/sum"
check "seed row: reg_field + reg_field_rls, 760 s, 15.59 GB" grep -qxFf "$TMP/want2" "$TMP/sum"
check "seed row: reg_flow + reg_flow_rls, 150 s, 14.88 GB" grep -qxFf "$TMP/want3" "$TMP/sum"
check "the heaviest pair is listed first" \
	sh -c "grep -A1 '^concurrent' '$TMP/sum' | tail -1 | grep -qxFf '$TMP/want1'"
check "six pairs run at once under -j2" sh -c "[ \$(grep -c ' + .*	[0-9.]* s	' '$TMP/sum') -eq 6 ]"

# On a terminal (script(1) gives one) the tables line up: no TAB, and
# each number column's right edge under its heading's.
if command -v script >/dev/null 2>&1; then
	script -qc "'$SPILLWAY' --summary --jobs=2 '$LOG'" /dev/null | tr -d '\r' >"$TMP/tty"
	check "on a terminal: no TAB in the build tables" sh -c "! grep -q '	' '$TMP/tty'"
	check "on a terminal: the modules' peaks and walls end under their headings" awk '
		/^module / { p = index($0, "peak") + 3; w = index($0, "wall") + 3; on = 1; next }
		/^schedule: / { on = 0 }
		on { n++; if (substr($0, p, 1) != "B" || substr($0, w, 1) != "s") bad++ }
		END { exit !(n == 7 && bad == 0) }' "$TMP/tty"
	check "on a terminal: the heaviest pair, its overlap and peaks sum in columns" \
		grep -qE "^reg_field \+ reg_flow +50 s +21.90 GB$" "$TMP/tty"
else
	echo "# script(1) not found: the terminal layout is not checked"
fi

# -j3: three heavy modules at once.
"$SPILLWAY" --summary --jobs=3 "$LOG" >"$TMP/j3"
check "-j3: reg_field_rls + reg_field + reg_flow for 760 s, 28.57 GB" \
	grep -q "^reg_field_rls + reg_field + reg_flow	760 s	28.57 GB$" "$TMP/j3"
check "-j3 takes 1410 s (by hand: bound starts at 910 after reg_flow_rls)" grep -q "make -j3 simulated in the recorded order: 1410.0 s" "$TMP/j3"

# Gates.
expect_status 0 "--mem-budget=14GiB passes (max 12.98 GB)" "$SPILLWAY" --check --mem-budget=14GiB "$LOG"
expect_status 0 "--mem-budget as plain KiB, like FF_MEM_BUDGET_KB" "$SPILLWAY" --check --mem-budget=14680064 "$LOG"
expect_status 1 "--mem-budget=12GB fails" "$SPILLWAY" --check --mem-budget=12GB "$LOG"
check "names the module, its peak and the budget" \
	grep -qx "VIOLATION reg_flow: peak RSS 12.98 GB (12675781 KiB) over --mem-budget=12 GB (11718750 KiB)" "$TMP/out"
check "one violation" [ "$(grep -c "^VIOLATION" "$TMP/out")" -eq 1 ]
expect_status 1 "--mem-host=16GB under -j2 fails" "$SPILLWAY" --check --jobs=2 --mem-host=16GB "$LOG"
check "names reg_field + reg_flow and 21.90 GB" \
	grep -q "^VIOLATION reg_field + reg_flow run at once for 50 s under make -j2: peaks sum to 21.90 GB" "$TMP/out"
check "reg_field + reg_field_rls clears 16 GB" sh -c "[ \$(grep -c '^VIOLATION' '$TMP/out') -eq 1 ]"
expect_status 0 "--mem-host=22GB under -j2 passes" "$SPILLWAY" --check --jobs=2 --mem-host=22GB "$LOG"
expect_status 0 "--mem-host=16GB at -j1 passes" "$SPILLWAY" --check --jobs=1 --mem-host=16GB "$LOG"
expect_status 1 "--mem-host=16GB on the recorded schedule fails" "$SPILLWAY" --check --mem-host=16GB "$LOG"
check "as recorded" grep -q "run at once for 50 s as recorded" "$TMP/out"

# The report's Build costs section: seed 001's table and the budget lines.
"$SPILLWAY" --report --sections=builds --jobs=2 --mem-budget=14GiB --mem-host=16GB "$LOG" >"$TMP/rep"
check "report: reg_field + reg_flow, 50 s, 21.90 GB" grep -qF '| `reg_field + reg_flow` | 50 | 21.90 GB |' "$TMP/rep"
check "report: reg_field_rls + reg_field, 760 s, 15.59 GB" grep -qF '| `reg_field_rls + reg_field` | 760 | 15.59 GB |' "$TMP/rep"
check "report: simulated against recorded" grep -q "make -j2 simulated in the recorded order: 2106.0 s (35.1 min)" "$TMP/rep"
check "report: the budget line" grep -q "largest peak is 12.98 GB (reg_flow): within it" "$TMP/rep"
check "report: the host line" grep -q "the most at once is 21.90 GB: over it" "$TMP/rep"

# Nothing to judge.
printf '# build-rss log v1\n' >"$TMP/empty.log"
expect_status 77 "--check with no record" "$SPILLWAY" --check --mem-budget=14GiB "$TMP/empty.log"
expect_status 0 "--check --empty-ok with no record" "$SPILLWAY" --check --empty-ok --mem-budget=14GiB "$TMP/empty.log"

# The trace: valid JSON, one slice per compile with its peak.
expect_status 0 "--report=trace --jobs=2" "$SPILLWAY" --report=trace --jobs=2 "$LOG"
if command -v python3 >/dev/null; then
	check "the trace is JSON with 7 slices on 2 slots, peaks in args" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))
x = [e for e in t["traceEvents"] if e["ph"] == "X"]
assert len(x) == 7 and {e["tid"] for e in x} == {0, 1}
flow = [e for e in x if e["name"] == "reg_flow"][0]
assert flow["ts"] == 760e6 and flow["dur"] == 1097e6 and flow["args"]["peak_kib"] == 12675781
assert max(e["args"]["MiB"] for e in t["traceEvents"] if e["ph"] == "C") > 20000
' "$TMP/out"
fi
expect_status 77 "--report=trace with no record" "$SPILLWAY" --report=trace "$TMP/empty.log"

# data/logs: a real nvcc build of data/example's objects under ninja -j2.
DATA="$srcdir/data/logs/ninja-j2"
expect_status 0 "data/logs/ninja-j2 reads cleanly" "$SPILLWAY" --summary "$DATA"
check "five modules, each with its nvcc --time phases" \
	sh -c "[ \$(grep -cE '^build/[a-z_0-9]+\.o	0\.[0-9]+ GB	[0-9.]+ s	0	sm_.*	[0-9]+ \(' '$TMP/out') -eq 5 ]"
check "recorded schedule from .ninja_log" grep -q "schedule: as recorded (.ninja_log)" "$TMP/out"
"$SPILLWAY" --summary --jobs=2 "$DATA" >"$TMP/j2"
sim=$(sed -n 's/.*simulated in the recorded order: \([0-9.]*\) s.*/\1/p' "$TMP/j2")
rec=$(sed -n 's/.*; recorded: \([0-9.]*\) s.*/\1/p' "$TMP/j2")
echo "# -j2 simulated ${sim} s, ninja recorded ${rec} s"
check "-j2 simulated within 5 % of ninja's span" awk -v a="$sim" -v b="$rec" \
	'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= 0.05 * b) }'
"$SPILLWAY" --list "$srcdir/data/example" "$DATA/ptxas.log" | list_upto visibility >"$TMP/ex.csv"
check "every entry of the objects built joins its ptxas figures" \
	sh -c "[ \$(grep -cE '^(memory|spill|spill_maxrreg32|stack|templates)\.o,,[^,]*,entry,.*,[0-9]+,[0-9]+,[a-z]+\$' '$TMP/ex.csv') -eq 176 ]"
"$SPILLWAY" --report=trace "$DATA" >"$TMP/trace.json"
check "the ninja build as a trace: five slices on two lanes" \
	sh -c "[ \$(grep -c '\"ph\":\"X\"' '$TMP/trace.json') -eq 5 ] && ! grep -q '\"tid\":2' '$TMP/trace.json'"
finish
