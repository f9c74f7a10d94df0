#!/bin/sh
# SPDX-License-Identifier: MIT
# --list --format=json and --report=json: validated against their schemas
# in data/schema/, and held to --list's CSV and --check's lines.
. "$srcdir/tests/lib/lib.sh"
EX="$srcdir/data/example"
SCHEMA="$srcdir/data/schema"
command -v python3 >/dev/null || exit 77

"$SPILLWAY" --list "$EX" >"$TMP/list.csv"
expect_status 0 "--list --format=json" "$SPILLWAY" --list --format=json "$EX"
cp "$TMP/out" "$TMP/list.jsonl"
check "--list JSON Lines validate and equal the CSV, row for row" \
	python3 "$srcdir/tests/lib/json_check.py" list "$SCHEMA/list.schema.json" "$TMP/list.jsonl" "$TMP/list.csv"

gate="--max-spill=0 --max-regs=32"
"$SPILLWAY" --check $gate "$EX" >"$TMP/check.out" 2>/dev/null
expect_status 0 "--report=json" "$SPILLWAY" --report=json $gate "$EX"
cp "$TMP/out" "$TMP/report.json"
check "--report=json validates and has --check's violations" \
	python3 "$srcdir/tests/lib/json_check.py" report "$SCHEMA/report.schema.json" "$TMP/report.json" "$TMP/check.out"
check "--report=json with the allowance table: no violation, pass" sh -c \
	'"$1" --report=json --allow="$2/spill-allow.csv" "$2" | python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(0 if d[\"pass\"] and d[\"counts\"][\"violations\"]==0 else 1)"' \
	sh "$SPILLWAY" "$EX"
expect_status 1 "--check --format=json: the exit of the gate" "$SPILLWAY" --check --format=json $gate "$EX"
check "--check --format=json prints --report=json's object, byte for byte" cmp "$TMP/out" "$TMP/report.json"
expect_status 2 "--format with --summary is refused" "$SPILLWAY" --summary --format=json "$EX"
expect_status 2 "--format=yaml is refused" "$SPILLWAY" --list --format=yaml "$EX"
if python3 -c 'import jsonschema' 2>/dev/null; then
	pass "validated with the jsonschema module"
else
	echo "ok - # SKIP jsonschema module missing: structural checks only"
fi
finish
