#!/bin/sh
# SPDX-License-Identifier: MIT
# The reports at GitHub's width: a name column's long names are shortened
# so that the numbers stay in sight, each still told apart from the others
# and whole in a title; the duplicates table names a file once a row; the
# diff's other figures break only between figures; the HTML takes the
# window's width.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
NAMES="$srcdir/tests/lib/fixtures/report-names/cublaslt-shaped.csv"

"$SPILLWAY" --report=markdown --sections=spills "$NAMES" >"$TMP/names.md"
python3 - "$TMP/names.md" "$NAMES" >"$TMP/cmp" 2>&1 <<'PY'
import csv, html, re, sys
md, names = sys.argv[1], sys.argv[2]
want = {r["collapsed"] for r in csv.DictReader(open(names))}
cell = re.compile(r'^\| <code title="([^"]*)">([^<]*)</code> \|')
rows = [cell.match(l) for l in open(md) if l.startswith("| <code")]
assert rows and all(rows), "every kernel cell is shortened, with a title"
full = [html.unescape(m.group(1)) for m in rows]
shown = [html.unescape(m.group(2)) for m in rows]
assert set(full) == want, "the titles are the whole names"
widest = max(len(s) for s in shown)
assert widest <= 48, "a shown name has %d characters" % widest
assert len(set(shown)) == len(set(full)), "two names read alike: %d shown for %d" % (len(set(shown)), len(set(full)))
for s, f in zip(shown, full):
    parts = [p for p in s.split("\u2026") if p]
    at = 0
    for p in parts:
        at = f.find(p, at)
        assert at >= 0, "%r is no part of %r" % (s, f)
        at += len(p)
print("%d names of %d characters shown in at most %d, all apart" % (len(full), max(map(len, full)), widest))
PY
check "cuBLASLt-shaped names: $(tail -1 "$TMP/cmp")" [ $? -eq 0 ]
check "  ...the numbers follow in the same row" grep -q '</code> | `libcublasLt.so.13` | sm_90a | 1 | 1256 | 0 | 255 |$' "$TMP/names.md"
"$SPILLWAY" --report=markdown --sections=spills "$srcdir/data/example" >"$TMP/short.md"
check "names that fit are written as they were" grep -q '^| `hpc::pressure::mix_spill_kernel` | `spill.o` | sm_80 |' "$TMP/short.md"

# The duplicates: one file's path once in a row, the numbers before the
# function's signature; the CSV keeps both places whole.
"$SPILLWAY" --report=markdown --sections=size "$BUILD" >"$TMP/size.md" 2>/dev/null
check "duplicates: the numbers come before the function" grep -q '^| what | arch | copies | each B | wasted B | function | where |$' "$TMP/size.md"
dup=$(sed -n '/duplicates waste/,/^$/p;/^| what /,/^$/p' "$TMP/size.md" | grep -c '^| \(image\|function\) |')
twice=$(grep '^| \(image\|function\) |' "$TMP/size.md" | awk -F' [|] ' '{ w = $NF; n = split(w, p, ", "); a = p[1]; b = p[2]; sub(/ @.*/, "", a); sub(/ @.*/, "", b); if (n == 2 && a == b) t++ } END { print t + 0 }')
check "duplicates: $dup rows, none names its file twice" sh -c "[ $dup -gt 0 ] && [ $twice -eq 0 ]"
"$SPILLWAY" --report=csv --sections=size "$BUILD" >"$TMP/size.csv" 2>/dev/null
check "duplicates: the CSV keeps its columns" grep -qx "section,what,arch,function,copies,each B,wasted B,in,and" "$TMP/size.csv"

# The diff: a figure stays on one line (no-break spaces inside it).
H=library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads
printf '%s\nlib/k.o,,sm_86,entry,_Z1kv,k(),k,,32,16,0,0,,0,0,0,,,0,0\n' "$H" >"$TMP/old.csv"
printf '%s\nlib/k.o,,sm_86,entry,_Z1kv,k(),k,,32,16,4096,0,,0,0,0,,,8,8\n' "$H" >"$TMP/new.csv"
"$SPILLWAY" --report=markdown --sections=diff --baseline="$TMP/old.csv" "$TMP/new.csv" >"$TMP/diff.md"
nb=$(printf '\302\240')
check "diff: a figure's words are held together" grep -q "spill${nb}stores${nb}B${nb}0${nb}→${nb}8${nb}(+8); " "$TMP/diff.md"

# The HTML: the page is as wide as the window.
"$SPILLWAY" --report=html "$srcdir/data/example" >"$TMP/r.html"
check "HTML: the body takes the window's width" sh -c "grep -o 'body{[^}]*}' '$TMP/r.html' | grep -vq 'max-width'"
finish
