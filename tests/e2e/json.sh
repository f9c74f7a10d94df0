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
# Findings as data: each names its rule, kernel, sm, library, the figure
# measured and the limit (with their unit), and the file and line it
# points at.  The table here has one row made tight (line 10: sm_86's
# mix_spill_kernel at 1000 bytes) and one made loose (line 12: sm_90's at
# 2000), so the first is over its row and the second is stale.
sed -e '10s/,1184,/,1000,/' -e '12s/,1160,/,2000,/' "$EX/spill-allow.csv" >"$TMP/allow.csv"
"$SPILLWAY" --report=json --max-regs=32 --allow="$TMP/allow.csv" "$EX" >"$TMP/fields.json"
"$SPILLWAY" --check --max-regs=32 --allow="$TMP/allow.csv" "$EX" >"$TMP/fields.out" 2>/dev/null
cat >"$TMP/fields.py" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
table = sys.argv[2]
fs = d["findings"]
for f in fs:
    for k in ("rule", "kernel", "sm", "library", "measured", "limit", "unit", "file", "line"):
        assert k in f, (k, f)
regs = [f for f in fs if f["rule"] == "max-regs"]
assert regs
for f in regs:
    reg = int(re.search(r": REG (\d+) ", f["text"]).group(1))
    assert (f["measured"], f["limit"], f["unit"]) == (reg, 32, "registers"), f
    assert f["kernel"] and f["sm"] and f["library"], f
over = [f for f in fs if f["rule"] == "allowance" and "over its allowance" in f["text"]]
assert over and all((f["file"], f["line"], f["limit"], f["unit"]) == (table, 10, 1000, "bytes")
                    and f["measured"] > 1000 for f in over), over
new = [f for f in fs if f["rule"] == "allowance" and "not in allowance table" in f["text"]]
assert all(f["file"] == table and f["line"] is None and f["limit"] is None for f in new), new
stale = [f for f in fs if f["rule"] == "stale"]
assert len(stale) == 1, stale
s = stale[0]
assert (s["kernel"], s["sm"], s["file"], s["line"], s["limit"], s["unit"]) == \
    ("hpc::pressure::mix_spill_kernel", "sm_90", table, 12, 2000, "bytes"), s
assert s["measured"] < 2000 and s["library"] is None, s
PY
check "each finding's fields: the figure and limit, the allowance row's kernel, sm, file and line" \
	python3 "$TMP/fields.py" "$TMP/fields.json" "$TMP/allow.csv"
check "--report=json with those fields validates" \
	python3 "$srcdir/tests/lib/json_check.py" report "$SCHEMA/report.schema.json" "$TMP/fields.json" "$TMP/fields.out"
check "--max-local-reserve's findings: the reservation in bytes over the limit in bytes" sh -c \
	'"$1" --report=json --allow="$2/spill-allow.csv" --max-local-reserve=1MiB "$2" | python3 -c "
import json, sys
fs = [f for f in json.load(sys.stdin)[\"findings\"] if f[\"rule\"] == \"max-local-reserve\"]
sys.exit(0 if fs and all(f[\"unit\"] == \"bytes\" and f[\"limit\"] == 1048576 and f[\"measured\"] > 1048576 for f in fs) else 1)"' \
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
