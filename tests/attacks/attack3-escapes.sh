#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, machine outputs that do not parse and names not escaped:
# each output checked by its grammar's own validator (xmllint for the JUnit
# XML, python3's json for JSON, GitHub's workflow-command rules for the
# annotations, the terminal's locale for the browser) on names and paths
# with control characters, noncharacters and bytes that are not UTF-8.
# Cases github-title-escapes, junit-noncharacter, tui-lang-c-utf8-names of
# tests/attacks/repro3, non-UTF-8 bytes in --report=trace, and the other outputs.
TUI_OPTIONAL=1
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

cd "$TMP" || exit 1
GEN="python3 $srcdir/tests/attacks/repro3/gen/gen.py"
$GEN inject-title inject-title.cubin
$GEN junit-fffe junit-fffe.cubin
$GEN utf8-names utf8-names.cubin

# gh_clean FILE: no workflow command line holds a C0 control (but the
# newline that ends it), DEL, a C1 control or a byte that is not UTF-8.
gh_clean() {
	python3 -c '
import re, sys
for l in open(sys.argv[1], "rb"):
    if not l.startswith(b"::"):
        continue
    body = l.rstrip(b"\n")
    if re.search(rb"[\x00-\x1f\x7f]", body):
        sys.exit("raw control: %r" % body)
    try:
        t = body.decode("utf-8")
    except UnicodeDecodeError:
        sys.exit("not UTF-8: %r" % body)
    if re.search("[\x80-\x9f]", t):
        sys.exit("C1 control: %r" % body)
    title = t.split("::")[1].split("title=", 1)[1]
    if re.search("[:,]", title) or re.search("%(?!25|0D|0A|3A|2C)", title):
        sys.exit("title not escaped as a property: %r" % title)' "$1"
}
json_ok() { python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8", errors="strict"))' "$1"; }

# --- GitHub annotations: kernel names, and paths, with controls.
cpu_bounded 1 "GITHUB_ACTIONS: --check of kernels named with ESC, BEL, CSI" \
	env GITHUB_ACTIONS=true "$SPILLWAY" --check inject-title.cubin
check "annotations: no raw control character" gh_clean "$TMP/out"
check "annotations: the title escaped as people read it" \
	grep -qF '::error title=spillway allowance%3A ctl\x1b[31mred\x07bell\x08 sm_90::' "$TMP/out"
LIB="$(printf 'lib\033]0;x\007\302\233,:%%')"
mkdir "$LIB"
cp inject-title.cubin "$LIB/k.cubin"
printf 'kernel,sm,stack,local,note\nno_such_kernel,sm_90,64,0,gone\n' >allow.csv
cpu_bounded 1 "GITHUB_ACTIONS: a path with OSC, BEL, CSI, ',', ':', '%', a stale allowance" \
	env GITHUB_ACTIONS=true "$SPILLWAY" --check --allow=allow.csv --require-sass=sm_80 "$LIB/k.cubin"
check "annotations of a path: no raw control character" gh_clean "$TMP/out"
check "annotations of a path: the library in the title, escaped" \
	grep -qF '::error title=spillway require-sass%3A lib\x1b]0;x\x07\u009b%2C%3A%25/k.cubin::' "$TMP/out"
check "annotations of a path: the stale row's notice is there" grep -q '^::warning ' "$TMP/out"

# --- JUnit XML: a kernel named U+FFFE, and paths that are not UTF-8.
cpu_bounded 1 "--junit of a kernel named U+FFFE" "$SPILLWAY" --check --junit=j.xml junit-fffe.cubin
check "U+FFFE: xmllint reads the JUnit document" xmllint --noout j.xml
check "U+FFFE: written as an escape" grep -qF 'name="\ufffe_kernel sm_90"' j.xml
ODD="$(printf 'odd\001\377\357\277\277')"
mkdir "$ODD"
cp inject-title.cubin "$ODD/x.cubin"
cpu_bounded 1 "--junit of a path with \\x01, \\xff, U+FFFF" \
	"$SPILLWAY" --check --junit=j2.xml "$ODD/x.cubin"
check "odd path: xmllint reads the JUnit document" xmllint --noout j2.xml
check "odd path: python's parser reads it too" \
	python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' j2.xml

# --- JSON: --report=trace of a record log whose targets are not UTF-8,
# --check --format=json of such a path, --list --format=json.
printf '# build-rss log v2\n' >rec.log
printf '1700000000.000\t2.000\t1000\t0\tsm_90\tcaf\351_\377.o\t2000\tproc\t4\t0.50\t-\t-\n' >>rec.log
printf '1700000000.500\t1.000\t1000\t0\tsm_90\tb\033\302\233\376.o\t2000\tproc\t4\t0.50\t-\t-\n' >>rec.log
cpu_bounded 0 "--report=trace of targets that are not UTF-8" "$SPILLWAY" --report=trace -o t.json rec.log
check "trace: python's json reads it (strict UTF-8)" json_ok t.json
check "trace: each byte that is not UTF-8 is a '?'" grep -qF '"caf?_?.o"' t.json
cpu_bounded 1 "--check --format=json of a path that is not UTF-8" \
	"$SPILLWAY" --check --format=json "$ODD/x.cubin"
cp "$TMP/out" check.json
check "--check --format=json: python's json reads it" json_ok check.json
check "--check --format=json: every violation there, its library named" \
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
v = [f for f in d["findings"] if f["level"] == "violation"]
sys.exit(len(v) != 3 or not all(f["library"] == "odd\x01?\uffff/x.cubin" for f in v))' check.json
cpu_bounded 0 "--list --format=json of a path that is not UTF-8" \
	"$SPILLWAY" --list --format=json "$ODD/x.cubin"
check "--list --format=json: every line parses" \
	python3 -c 'import json, sys; [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]' "$TMP/out"

# --- the browser under a locale that is not UTF-8: names in ASCII ('?'
# for each other character), the columns where they belong.
if [ -z "$TUI_MISSING" ]; then
	TUI_COLS=100 TUI_ROWS=12
	start LANG=C LC_ALL=C -- --tui utf8-names.cubin
	check "LANG=C: the table opens" wait_for "plain_kernel"
	check "LANG=C: é drawn as '?'" grep -q "caf?_kernel_with_accents_" "$TMP/screen"
	check "LANG=C: the CJK name drawn as '?'" grep -q "?????_kernel_?????" "$TMP/screen"
	check "LANG=C: nothing but ASCII on the screen" sh -c "! LC_ALL=C grep -q '[^ -~]' '$TMP/screen'"
	check "LANG=C: every row ends in its five numbers" python3 -c '
import re, sys
rows = [l for l in open(sys.argv[1]) if "kern" in l and "kernels" not in l]
sys.exit(not (len(rows) == 3 and all(re.search(r"\s\d+\s+\d+\s+\d+\s+\d+\s+\d+\s*$", r) for r in rows)))' "$TMP/screen"
	start LANG=C.UTF-8 LC_ALL=C.UTF-8 -- --tui utf8-names.cubin
	check "UTF-8: the names as they are" wait_for "café_kernel_with_accents_"
	keys q
fi
finish
