#!/bin/sh
# SPDX-License-Identifier: MIT
# GITHUB_ACTIONS=true: --check writes one ::error workflow command per
# violation, escaped as GitHub documents, byte for byte, with file= and
# line= where the finding points, at most 10 of each kind (GitHub's limit
# a step), then a ::notice counting the rest and a ::notice with the
# verdict line; and appends the verdict line and the Markdown report to
# $GITHUB_STEP_SUMMARY.
. "$srcdir/tests/lib/lib.sh"
EX="$srcdir/data/example"
command -v python3 >/dev/null || exit 77

gate="--max-regs=32 --require-sass=90 --allow=$EX/spill-allow.csv"
echo "earlier step" >"$TMP/summary.md"
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/summary.md" \
	"$SPILLWAY" --check $gate "$EX" >"$TMP/gh.out" 2>"$TMP/gh.err"
check "--check still exits 1" test $? -eq 1
"$SPILLWAY" --check $gate "$EX" >"$TMP/plain.out" 2>/dev/null
"$SPILLWAY" --report=json $gate "$EX" >"$TMP/report.json"
"$SPILLWAY" --list --format=json "$EX" >"$TMP/list.jsonl"
"$SPILLWAY" --report=markdown $gate "$EX" >"$TMP/report.md"

# The commands, built here from GitHub's rules (actions/toolkit command.ts):
# escapeData % \r \n; escapeProperty also : and ,.
cat >"$TMP/want.py" <<'PY'
import json, sys
def data(s): return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
def prop(s): return data(s).replace(":", "%3A").replace(",", "%2C")
rows = {}
for line in open(sys.argv[2], encoding="utf-8"):
    r = json.loads(line)
    rows[(r["library"], r["mangled"], r["sm"])] = r["collapsed"]
out = []
command = {"violation": "error", "notice": "warning"}
written = {"violation": 0, "notice": 0}
left = {"violation": 0, "notice": 0}
for f in json.load(open(sys.argv[1], encoding="utf-8"))["findings"]:
    if f["level"] not in command:
        continue
    if written[f["level"]] == 10:
        left[f["level"]] += 1
        continue
    written[f["level"]] += 1
    rule = f["rule"] if f["rule"] != "none" else f["level"]
    if f["mangled"] is not None:
        title = f"spillway {rule}: {rows[(f['library'], f['mangled'], f['sm'])]} {f['sm']}"
    elif f["kernel"] is not None:
        title = f"spillway {rule}: {f['kernel']} {f['sm']}"
    elif f["library"] is not None:
        title = f"spillway {rule}: {f['library']}"
    else:
        title = f"spillway {rule}"
    place = ""
    if f["file"] is not None:
        place = f"file={prop(f['file'])},"
        if f["line"] is not None:
            place += f"line={f['line']},"
    out.append(f"::{command[f['level']]} {place}title={prop(title)}::{data(f['text'])}\n")
more = [f"{n} more {k}{'' if n == 1 else 's'}" for k, n in left.items() if n > 0]
if more:
    out.append(f"::notice title=spillway%3A more findings::{', '.join(more)}: see the step summary\n")
out.append(f"::notice title=spillway::{data(sys.argv[3])}\n")
sys.stdout.write("".join(out))
PY
verdict=$(tail -n 1 "$TMP/plain.out")
python3 "$TMP/want.py" "$TMP/report.json" "$TMP/list.jsonl" "$verdict" >"$TMP/want"
grep '^::' "$TMP/gh.out" >"$TMP/got"
check "one ::error per violation, one ::warning per notice, file= and line= where known, escaped byte for byte" cmp "$TMP/want" "$TMP/got"
if ! cmp -s "$TMP/want" "$TMP/got"; then diff "$TMP/want" "$TMP/got" | sed 's/^/    /' | head -6; fi
check "more VIOLATION lines than GitHub shows a step: 10 ::error lines" \
	sh -c "test \$(grep -c '^VIOLATION' '$TMP/plain.out') -gt 10 && test \$(grep -c '^::error' '$TMP/got') -eq 10"
check "a ::notice counts the violations left out" \
	grep -qx "::notice title=spillway%3A more findings::$(($(grep -c '^VIOLATION' "$TMP/plain.out") - 10)) more violations: see the step summary" "$TMP/got"
check "the verdict line is the last command, a ::notice" \
	sh -c "tail -n 1 '$TMP/got' | grep -qx '::notice title=spillway::FAIL: [0-9]* violations; .*'"
check "at most 22 commands: under the job's 50" test "$(wc -l <"$TMP/got")" -le 22
check "a title with :: and , is escaped" grep -q 'title=spillway max-regs%3A hpc%3A%3A' "$TMP/got"
check "the rest of stdout is --check's" sh -c "grep -v '^::' '$TMP/gh.out' | cmp - '$TMP/plain.out'"
check "the step summary keeps what was there, then opens with the verdict line, then the report" \
	sh -c "{ echo 'earlier step'; echo '$verdict' | sed 's/^\([A-Z]*\)/**\1**/'; echo; cat '$TMP/report.md'; } | cmp - '$TMP/summary.md'"
check "the step summary's first line is the verdict" \
	sh -c "sed -n 2p '$TMP/summary.md' | grep -qx '\*\*FAIL\*\*: [0-9]* violations; .*'"
check "the step summary is under 1 MiB" test "$(wc -c <"$TMP/summary.md")" -le 1048576
GITHUB_ACTIONS=false GITHUB_STEP_SUMMARY="$TMP/none.md" "$SPILLWAY" --check $gate "$EX" >"$TMP/off.out" 2>/dev/null
check "outside GitHub Actions: no command, no summary" \
	sh -c "cmp '$TMP/off.out' '$TMP/plain.out' && test ! -e '$TMP/none.md'"
GITHUB_ACTIONS=true "$SPILLWAY" --check --allow="$EX/spill-allow.csv" "$EX" >"$TMP/clean.out" 2>/dev/null
# data/example's librdc.a calls functions its objects do not define: that
# notice, and nothing else, is the clean check's one command.
AT_LINK='8 gated entries call functions their relocatable object does not define: STACK is their own frame and the chain the object holds; the device link adds the rest (judge the linked file for the whole figure)'
{
	printf '::warning title=spillway notice::%s\n' "$AT_LINK"
	printf '::notice title=spillway::%s\n' "$(tail -n 1 "$TMP/clean.out")"
} >"$TMP/clean.want"
grep '^::' "$TMP/clean.out" >"$TMP/clean.got"
check "a clean check writes no ::error, its notice as ::warning, its verdict as ::notice" cmp "$TMP/clean.want" "$TMP/clean.got"
check "a clean check's verdict is PASS" grep -q '^::notice title=spillway::PASS: ' "$TMP/clean.got"

# Notices as ::warning, byte for byte against lines written out here by
# GitHub's documented rules: in the message % is %25 (CR and LF, %0D and
# %0A, never reach it raw: spillway's own escaping shows them as \r, \n),
# while : and , stay; in the title : and , become %3A and %2C.  The table
# lives in a folder named with % , and :, and has a row whose kernel is no
# kernel of the tree; --max-spill without a ptxas log adds a notice of no
# rule.
D="$TMP/100%,a:b"
mkdir -p "$D"
cp "$EX/spill-allow.csv" "$D/allow.csv"
n=$(($(wc -l <"$D/allow.csv") + 1))
echo '"ns::odd%25,k:x",sm_86,16,0,a typo' >>"$D/allow.csv"
GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY="$TMP/s2.md" \
	"$SPILLWAY" --check --allow="$D/allow.csv" --max-spill=0 "$EX" >"$TMP/n.out" 2>/dev/null
check "notices alone: the check passes" test $? -eq 0
E=$(printf '%s' "$TMP/100" | sed 's/%/%25/g')
# The stale row's annotation points at the table's file and the row's
# line, in file= and line= (a property: % , and : escaped), and is titled
# by the row's kernel and sm.
P=$(printf '%s' "$TMP/100" | sed -e 's/%/%25/g' -e 's/:/%3A/g' -e 's/,/%2C/g')
{
	printf '::warning file=%s%%25%%2Ca%%3Ab/allow.csv,line=%d,title=spillway stale%%3A ns%%3A%%3Aodd%%2525%%2Ck%%3Ax sm_86::%s%%25,a:b/allow.csv:%d: allowance ns::odd%%2525,k:x sm_86 matches no kernel scanned (the kernel column takes the name as --list%ss collapsed column writes it)\n' "$P" "$n" "$E" "$n" "'"
	printf '::warning title=spillway notice::%s\n' "$AT_LINK"
	printf '::warning title=spillway notice::--max-spill: spill bytes unknown for 244 of 244 gated entries (no ptxas -v log joined), not judged\n'
	printf '::notice title=spillway::%s\n' "$(grep '^PASS' "$TMP/n.out")"
} >"$TMP/n.want"
grep '^::' "$TMP/n.out" >"$TMP/n.got"
check "notices: ::warning lines, escaped byte for byte" cmp "$TMP/n.want" "$TMP/n.got"
if ! cmp -s "$TMP/n.want" "$TMP/n.got"; then diff "$TMP/n.want" "$TMP/n.got" | sed 's/^/    /' | head -6; fi
finish
