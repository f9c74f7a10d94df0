#!/bin/sh
# SPDX-License-Identifier: MIT
# --check --junit=FILE: JUnit XML that validates against data/schema/junit.xsd,
# one testcase per (kernel, sm) gated, the failures --check's violations.
. "$srcdir/tests/lib/lib.sh"
EX="$srcdir/data/example"
command -v xmllint >/dev/null || exit 77
command -v python3 >/dev/null || exit 77

gate="--max-regs=32 --require-sass=90 --allow=$EX/spill-allow.csv"
echo old >"$TMP/junit.xml"
expect_status 1 "--check --junit" "$SPILLWAY" --check $gate --junit="$TMP/junit.xml" "$EX"
cp "$TMP/out" "$TMP/check.out"
check "the JUnit XML validates against junit.xsd" \
	xmllint --noout --schema "$srcdir/data/schema/junit.xsd" "$TMP/junit.xml"
cat >"$TMP/cmp.py" <<'PY'
import re, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
lines = open(sys.argv[2]).read().splitlines()
gated = int(next(m.group(1) for m in (re.search(r"check: (\d+) entries gated", l) for l in lines) if m))
cases = root.findall("./testsuite/testcase")
kernels = [c for c in cases if c.get("name").rsplit(" ", 1)[-1].startswith("sm_")]
assert len(kernels) == gated, (len(kernels), gated)
got = sorted(f.text for f in root.iter("failure"))
want = sorted(l for l in lines if l.startswith("VIOLATION"))
assert got == want, (len(got), len(want))
assert all(f.get("message") == f.text for f in root.iter("failure"))
for s in root.findall("testsuite"):
    assert int(s.get("tests")) == len(s.findall("testcase"))
    assert int(s.get("failures")) == sum(1 for c in s.findall("testcase") if c.find("failure") is not None)
assert any(f.get("type") == "require-sass" for f in root.iter("failure"))
print(len(kernels), "testcases,", len(got), "failures")
PY
check "one testcase per gated (kernel, sm), the failures are --check's violations" \
	python3 "$TMP/cmp.py" "$TMP/junit.xml" "$TMP/check.out"
expect_status 0 "a clean --check --junit" "$SPILLWAY" --check --allow="$EX/spill-allow.csv" \
	--junit="$TMP/clean.xml" "$EX"
check "a clean run has no failure" sh -c "! grep -q '<failure' '$TMP/clean.xml' && grep -q '<testcase' '$TMP/clean.xml'"
expect_status 2 "--junit into a missing directory" "$SPILLWAY" --check --allow="$EX/spill-allow.csv" \
	--junit="$TMP/no/such/dir.xml" "$EX"
expect_status 2 "--junit without --check" "$SPILLWAY" --summary --junit="$TMP/x.xml" "$EX"
check "no file written without --check" test ! -e "$TMP/x.xml"
finish
