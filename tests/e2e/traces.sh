#!/bin/sh
# SPDX-License-Identifier: MIT
# Compile-time traces (issue 41) read beside the record log of the same
# build (tests/corpus/traces/: nvcc 13 -fdevice-time-trace of
# src/templates.cu, clang -ftime-trace of a host file): each trace joins its
# compile, and every figure the report gives (events, the span traced, the
# 10 longest instantiations and functions, --summary's line) equals what
# tests/lib/trace_expect.py computes from the JSON itself; the functions'
# registers are their kernels' in the object; --report=trace places each
# unit's events inside its compile's span; a named trace no compiler wrote
# is refused, a damaged one said so with exit 2.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }
DIR="$CORPUS/traces/build"
EXPECT="python3 $srcdir/tests/lib/trace_expect.py"

"$SPILLWAY" --report=csv "$DIR" >"$TMP/report.csv" 2>"$TMP/err"
check "the fixture reads cleanly" [ ! -s "$TMP/err" ]
sed 's/^/# /' "$TMP/err"
python3 - "$TMP/report.csv" "$TMP" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1], encoding="utf-8")) if r and r[0] == "builds"]
with open(sys.argv[2] + "/units.txt", "w") as u, open(sys.argv[2] + "/items.txt", "w") as i:
    for r in rows:
        if len(r) == 8 and r[2] in ("nvcc", "clang"):
            u.write("\t".join(r[1:]) + "\n")
        if len(r) == 11 and r[2] in ("instantiation", "function"):
            i.write("\t".join(r[1:]) + "\n")
PY
check "two traces, one per unit" [ "$(wc -l <"$TMP/units.txt")" -eq 2 ]

for t in templates.o.json:nvcc:templates.o hosttpl.json:clang:hosttpl.o; do
	file=${t%%:*} rest=${t#*:} tool=${rest%%:*} module=${t##*:}
	set -- $($EXPECT units "$DIR/$file")
	events=$2 span=$3
	line=$(awk -F'\t' -v f="$file" '$1 == f' "$TMP/units.txt")
	echo "# $line"
	check "$file: read as $tool's, joined to its compile $module" \
		sh -c "echo '$line' | awk -F'\t' '\$2 == \"$tool\" && \$3 == \"$module\" { ok = 1 } END { exit !ok }'"
	tree=$(awk -F'\t' -v m="$module" '/^[0-9]/ && $6 == m { print $7 * 1024 }' "$DIR/record.log")
	check "$file: beside its compile's recorded peak ($tree bytes)" \
		sh -c "echo '$line' | awk -F'\t' '\$4 == \"$tree\" { ok = 1 } END { exit !ok }'"
	check "$file: $events events and $span s traced, as the JSON holds" \
		sh -c "echo '$line' | awk -F'\t' '\$6 == \"$span\" && \$7 == \"$events\" { ok = 1 } END { exit !ok }'"
	$EXPECT items "$DIR/$file" >"$TMP/want.$file"
	awk -F'\t' -v m="$module" 'BEGIN { OFS = "\t" } $1 == m { print $2, $4, $5, $6, $7 }' \
		"$TMP/items.txt" >"$TMP/got.$file"
	check "$file: its 10 longest instantiations and functions, times and counts as the JSON sums them" \
		cmp -s "$TMP/want.$file" "$TMP/got.$file"
	diff "$TMP/want.$file" "$TMP/got.$file" | head -5 | sed 's/^/# /'
	check "$file: instantiations and functions both found" \
		sh -c "grep -q '^instantiation' '$TMP/got.$file' && grep -q '^function' '$TMP/got.$file'"
done

# --summary: a line per trace, its longest instantiation first.
"$SPILLWAY" --summary "$DIR" >"$TMP/summary" 2>/dev/null
set -- $($EXPECT units "$DIR/templates.o.json")
top=$($EXPECT items "$DIR/templates.o.json" | head -1 | cut -f3)
tenth=$(awk -v s="$3" 'BEGIN { printf "%.1f", s }')
check "--summary: templates.o's trace, $tenth s, $2 events, longest instantiation $top s" \
	grep -q "^trace: templates.o (nvcc, $tenth s traced, $2 events); longest instantiation $top s " "$TMP/summary"

# A function ptxas compiled for an sm: its registers are its kernel's there,
# as the object itself holds them (--list reads the binary).
"$SPILLWAY" --list "$DIR/templates.o" >"$TMP/list.csv"
awk -F'\t' '$1 == "templates.o" && $2 == "function" && $7 ~ /^sm_/ { print $4 "\t" $7 "\t" $8 }' \
	"$TMP/items.txt" >"$TMP/regs"
check "sm functions among the longest" [ -s "$TMP/regs" ]
bad=$(python3 - "$TMP/list.csv" "$TMP/regs" <<'PY'
import csv, sys
reg = {(r["mangled"], r["sm"]): r["reg"] for r in csv.DictReader(open(sys.argv[1]))}
bad = [l for l in open(sys.argv[2]) if reg.get(tuple(l.split("\t")[:2])) != l.split("\t")[2].strip()]
print(len(bad))
PY
)
check "each one's registers equal its kernel's in templates.o" [ "$bad" = 0 ]

# One timeline: each unit's kept events inside its compile's span.
"$SPILLWAY" --report=trace "$DIR" >"$TMP/trace.json" 2>/dev/null
check "--report=trace writes" [ -s "$TMP/trace.json" ]
n_nvcc=$($EXPECT timeline "$DIR/templates.o.json") n_clang=$($EXPECT timeline "$DIR/hosttpl.json")
res=$(python3 - "$TMP/trace.json" <<'PY'
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
span = {e["name"]: (e["ts"], e["ts"] + e["dur"]) for e in ev if e.get("cat") == "compile"}
unit = {"templates.o.json": "templates.o", "hosttpl.json": "hosttpl.o"}
n, out = {}, 0
for e in ev:
    if e.get("cat") == "compile-trace":
        t = e["args"]["trace"]
        n[t] = n.get(t, 0) + 1
        lo, hi = span[unit[t]]
        out += not (lo <= e["ts"] and e["ts"] + e["dur"] <= hi + 1)
print(n.get("templates.o.json", 0), n.get("hosttpl.json", 0), out)
PY
)
echo "# kept events nvcc, clang, outside their span: $res"
check "--report=trace: $n_nvcc nvcc and $n_clang clang events, none outside its compile" \
	[ "$res" = "$n_nvcc $n_clang 0" ]

# Named traces: one spillway wrote (no compiler's) is refused; damage is exit 2.
expect_status 2 "our own --report=trace given back as a log" "$SPILLWAY" --summary --log="$TMP/trace.json"
head -c 5000 "$DIR/templates.o.json" >"$TMP/cut.json"
expect_status 2 "a trace cut short" "$SPILLWAY" --summary --log="$TMP/cut.json"
"$SPILLWAY" --summary --log="$TMP/cut.json" 2>&1 | grep -q "compile-time trace" 
check "  ...said to be a damaged compile-time trace" [ $? -eq 0 ]
finish
