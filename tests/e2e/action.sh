#!/bin/sh
# SPDX-License-Identifier: MIT
# The GitHub Action at the root (issue 36), offline: action.yml holds to
# the action metadata schema (tests/lib/action_run.py validate), and its steps,
# run in a shell as the runner runs them with a built spillway given,
# gate data/example: 0 with its table, the notice as ::warning and the
# report in the step summary; 1 with a lowered table, the violation as
# ::error, the status as the action's output; JUnit XML when asked.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' 2>/dev/null ||
	{ echo "python3 with PyYAML (python3-yaml) not found: skipped"; exit 77; }
A="$srcdir/action.yml"
PY="$srcdir/tests/lib/action_run.py"
EX="$srcdir/data/example"
TABLE="$EX/spill-allow.csv"

python3 "$PY" validate "$A" >"$TMP/problems" 2>&1
check "action.yml holds to the action metadata schema" [ $? -eq 0 ]
sed 's/^/    /' "$TMP/problems"
# The check can fail: a step with run and no shell, an unknown input.
sed 's/^      shell: bash$//; s/inputs\.paths }}/inputs.path }}/' "$A" >"$TMP/broken.yml"
python3 "$PY" validate "$TMP/broken.yml" >"$TMP/broken" 2>&1
check "...and a broken one does not (no shell, an input not declared)" sh -c \
	'grep -q "run without shell" "$1" && grep -q "inputs.path }}: no such input" "$1"' sh "$TMP/broken"

# run NAME INPUT=VALUE...: the steps in $TMP/NAME, their output in NAME.out.
run() {
	local name=$1
	shift
	mkdir -p "$TMP/$name"
	python3 "$PY" run "$A" "$TMP/$name" spillway="$SPILLWAY" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
}
run clean paths="$EX" allow="$TABLE" junit="$TMP/clean/junit.xml"
check "data/example with its table: the steps pass" [ $? -eq 0 ]
check "...status 0 is the action's output" grep -qx "output status=0" "$TMP/clean.err"
check "...the notice as a ::warning annotation" grep -q "^::warning title=spillway notice::" "$TMP/clean.out"
check "...the PASS line" grep -q "^PASS: 0 violations; 244 entries gated" "$TMP/clean.out"
check "...the report in the step summary" grep -q "spillway" "$TMP/clean/github_step_summary"
check "...the JUnit XML written" grep -q "<testsuites" "$TMP/clean/junit.xml"

sed 's/^stackdemo::gather_local_kernel,sm_86,1024,/stackdemo::gather_local_kernel,sm_86,1023,/' "$TABLE" >"$TMP/lowered.csv"
run lowered paths="$EX" allow="$TMP/lowered.csv" args="--max-spill=0"
check "a lowered table: the gate fails the step (1)" [ $? -eq 1 ]
check "...status 1 is the action's output" grep -qx "output status=1" "$TMP/lowered.err"
check "...the violation as an ::error annotation on the lowered row" grep -q "^::error file=[^,]*lowered.csv,line=[0-9]*,title=.*gather_local_kernel" "$TMP/lowered.out"
check "...the step summary written too" [ -s "$TMP/lowered/github_step_summary" ]
run nothing paths="$TMP/no-such-build"
check "a build tree that is not there: nothing to judge fails the step (77)" [ $? -eq 77 ]
finish
