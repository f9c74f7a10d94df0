#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile inputs (issue 20), names: demangler bombs (substitutions that
# refer twice to the one before, and pack expansions that make the printer
# walk without printing), kernel names holding control characters and
# markup, a name of 200 KB.  Every face must stay bounded, and none may
# pass a raw control byte on: names are escaped wherever people read them,
# and kept exact in CSV.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "python3 missing: skipped"; exit 77; }
A="$srcdir/tests/attacks/repro/names"
TOOLS="$srcdir/tests/attacks/repro/tools"

# no_raw FILE: FILE holds no control byte but newline and tab, and no DEL.
no_raw() {
	LC_ALL=C tr -d '\001-\010\013-\037\177' <"$1" | cmp -s - "$1"
}

# csv_rows CSV COND: how many rows of a --list CSV satisfy COND, a Python
# expression over r (the row as a dict).
csv_rows() {
	python3 - "$1" "$2" <<'EOF'
import csv, sys
with open(sys.argv[1], newline="", encoding="latin-1") as f:
    print(sum(1 for r in csv.DictReader(f) if eval(sys.argv[2])))
EOF
}

# faces FILE...: every face over FILE, each within the bounds; what people
# read (all but CSV) must hold no raw control byte.  Leaves --check's
# output in $TMP/check and --list's in $TMP/list.csv.
faces() {
	what=$(basename "$1")
	[ $# -gt 1 ] && what="$what and $(($# - 1)) more"
	bounded 0 "$what: --list" "$SPILLWAY" --list "$@"
	cp "$TMP/out" "$TMP/list.csv"
	check "$what: --list stderr has no raw control byte" no_raw "$TMP/err"
	for face in --summary --check --report=markdown --report=html; do
		if [ "$face" = --check ]; then want="0|1"; else want=0; fi
		bounded "$want" "$what: $face" "$SPILLWAY" "$face" "$@"
		check "$what: $face output has no raw control byte" no_raw "$TMP/out"
		check "$what: $face stderr has no raw control byte" no_raw "$TMP/err"
		[ "$face" = --check ] && cp "$TMP/out" "$TMP/check"
	done
}

# violations_match: one VIOLATION line per framed entry of the --list rows,
# each alone on its line (a name holding a newline would add lines).
violations_match() {
	lines=$(grep -c '^VIOLATION ' "$TMP/check")
	rows=$(csv_rows "$TMP/list.csv" "r['kind'] == 'entry' and (int(r['stack'] or 0) > 0 or int(r['local'] or 0) > 0)")
	other=$(grep -v -c '^VIOLATION \|^check: \|^FAIL: \|: [0-9]* kernels* ([0-9]* instantiations*) on ' "$TMP/check")
	[ "$lines" -eq "$rows" ] && [ "$rows" -gt 0 ] && [ "$other" -eq 0 ]
}

# listed NAME FILE: --list of FILE within the bounds, into $TMP/b.csv and $TMP/b.err.
listed() {
	bounded 0 "$1: --list" "$SPILLWAY" --list "$2"
	cp "$TMP/out" "$TMP/b.csv"
	cp "$TMP/err" "$TMP/b.err"
}

# kept_mangled CSV N: N rows, and each row's name is its mangled name.
kept_mangled() {
	[ "$(csv_rows "$1" "r['name'] == r['mangled'] and r['collapsed'] == r['mangled']")" -eq "$2" ] &&
	    [ "$(csv_rows "$1" "True")" -eq "$2" ]
}

# --- the committed reproducers, every face
for f in "$A"/*.cubin; do
	faces "$f"
done

# --- demangler bombs: kept mangled, with one notice per name
for f in "$A"/demangle-bomb-*.cubin; do
	bounded 0 "$(basename "$f"): --list" "$SPILLWAY" --list "$f"
	check "$(basename "$f"): the name stays mangled" kept_mangled "$TMP/out" 1
	check "$(basename "$f"): a notice says so" grep -q '^spillway: notice: kernel name kept mangled' "$TMP/err"
	check "$(basename "$f"): the row stays small" test "$(wc -c <"$TMP/out")" -lt 8192
done
bounded 0 "every bomb at once, 1 worker: --list" "$SPILLWAY" --threads=1 --list "$A"/demangle-bomb-*.cubin
cp "$TMP/err" "$TMP/notices.1"
bounded 0 "every bomb at once, 4 workers: --list" "$SPILLWAY" --threads=4 --list "$A"/demangle-bomb-*.cubin
check "every bomb: one notice per name" test "$(grep -c '^spillway: notice: kernel name kept mangled' "$TMP/err")" -eq 8
check "every bomb: the same notices, in the same order, whatever the workers" cmp -s "$TMP/err" "$TMP/notices.1"
bounded 0 "every bomb twice: --list" "$SPILLWAY" --list "$A"/demangle-bomb-*.cubin "$A"/demangle-bomb-*.cubin
check "every bomb twice: still one notice per name" test "$(grep -c '^spillway: notice: kernel name kept mangled' "$TMP/err")" -eq 8

# --- the names with control characters and markup
faces "$A/weird-spills.cubin"
check "weird-spills: one VIOLATION line per framed entry" violations_match
check "weird-spills: ESC shown as \\x1b" grep -qF 'VIOLATION \x1b[31mRED\x1b[0m sm_86' "$TMP/check"
check "weird-spills: a newline shown as \\n" grep -qF 'VIOLATION new\nline sm_86' "$TMP/check"
bounded 0 "weird-spills: --report=html" "$SPILLWAY" --report=html "$A/weird-spills.cubin"
check "weird-spills: no markup from a name in HTML" sh -c "! grep -q '<script>alert\\|<img src=x' '$TMP/out'"
bounded 0 "long name: --list" "$SPILLWAY" --list "$A/long-name-200k-spill.cubin"
check "long name: the 200 KB name is kept whole in CSV" test "$(wc -c <"$TMP/out")" -gt 600000

# --- made at test time: the generator's names, bombs of other sizes, and
# each weird name alone in a cubin with a stack frame
python3 "$TOOLS/gen_names.py" "$TMP" || fail "gen_names.py"
faces "$TMP/weird-names.cubin"
mkdir -p "$TMP/gen"
cat >"$TMP/gen.py" <<'EOF'
import os, sys
sys.path.insert(0, sys.argv[1])
import cub, fb
OUT = sys.argv[2]

def b36(i):
    d = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    r = ""
    while True:
        r = d[i % 36] + r
        i //= 36
        if i == 0:
            return r

def s(i):
    return "S_" if i == 0 else "S%s_" % b36(i - 1)

# f<a, pair<a,a>, pair<pair<a,a>,pair<a,a>>, ...>: the output doubles
# every two levels (tests/attacks/repro/names/demangle-bomb-N).
def doubling(n):
    return "_Z1fI1aSt4pairIS_S_E" + "".join("S0_IS%s_S%s_E" % (b36(i), b36(i)) for i in range(1, n + 1)) + "EvT_"

# f<>((pair<X_k, T>)...) with T an empty pack: each parameter prints
# nothing, but looking for the pack walks X_k, which doubles every level.
def silent(n):
    m = "_Z1fIJEEvDpSt4pairI1aT_E"
    x, nxt = 2, 6
    for _ in range(n):
        m += "DpS0_IS0_I" + s(x) + s(x) + "ET_E"
        x, nxt = nxt, nxt + 4
    return m

def kernel_file(path, name):
    secs, syms = cub.kernel(name, stack=128, localsz=64)
    fb.w(path, cub.build(secs, syms))

for n in (8, 14, 18, 20, 33, 45, 58, 70):
    kernel_file(os.path.join(OUT, "bomb-%d.cubin" % n), doubling(n).encode())
for n in (6, 12, 19, 30, 40):
    kernel_file(os.path.join(OUT, "silent-%d.cubin" % n), silent(n).encode())
weird = [b"new\nline", b"\x1b[31mRED\x1b[0m", b"\x1b]0;pwned\x07", b"cr\rret", b"\x7fdel",
         b"\x08bs", b"nonutf8\xff\xfe", b"c1\xc2\x9b31m", b"bidi\xe2\x80\xaereversed",
         b"line1\n| a | b |", b"back`tick`", b"<script>x</script>", b"tab\there"]
for i, n in enumerate(weird):
    kernel_file(os.path.join(OUT, "weird-%02d.cubin" % i), n)
EOF
python3 "$TMP/gen.py" "$TOOLS" "$TMP/gen" || fail "generating variants"
for f in "$TMP"/gen/bomb-*.cubin "$TMP"/gen/silent-*.cubin; do
	bounded 1 "$(basename "$f"): --check" "$SPILLWAY" --check "$f"
	check "$(basename "$f"): one VIOLATION line" test "$(grep -c '^VIOLATION ' "$TMP/out")" -eq 1
	bounded 0 "$(basename "$f"): --list" "$SPILLWAY" --list "$f"
	check "$(basename "$f"): one row" test "$(csv_rows "$TMP/out" True)" -eq 1
done
# Small bombs demangle as before; large ones are kept mangled.
for n in 8 14 18; do
	listed "bomb-$n" "$TMP/gen/bomb-$n.cubin"
	check "bomb-$n: demangled (small enough)" test "$(csv_rows "$TMP/b.csv" "r['name'].startswith('void f<a, std::pair<')")" -eq 1
	check "bomb-$n: no notice" test ! -s "$TMP/b.err"
done
for n in 20 33 45 58 70; do
	listed "bomb-$n" "$TMP/gen/bomb-$n.cubin"
	check "bomb-$n: kept mangled" kept_mangled "$TMP/b.csv" 1
	check "bomb-$n: a notice" grep -q 'kernel name kept mangled' "$TMP/b.err"
done
listed silent-6 "$TMP/gen/silent-6.cubin"
check "silent-6: demangled" test "$(csv_rows "$TMP/b.csv" "r['name'] == 'void f<>()'")" -eq 1
for n in 30 40; do
	listed "silent-$n" "$TMP/gen/silent-$n.cubin"
	check "silent-$n: kept mangled" kept_mangled "$TMP/b.csv" 1
	check "silent-$n: a notice on the work" grep -q 'passes a million steps' "$TMP/b.err"
done
faces "$TMP"/gen/weird-*.cubin
check "weird names, one per cubin: one VIOLATION line each" violations_match
check "weird names: 13 VIOLATION lines" test "$(grep -c '^VIOLATION ' "$TMP/check")" -eq 13

# --- CSV keeps names exact and reads back to the same rows (every weird
# name but the empty one: see below)
bounded 0 "weird names: --list" "$SPILLWAY" --list "$TMP"/gen/weird-*.cubin
cp "$TMP/out" "$TMP/w.csv"
bounded 0 "weird names: --list reads its own CSV back" "$SPILLWAY" --list "$TMP/w.csv"
check "weird names: the same rows after the round trip" python3 - "$TMP/w.csv" "$TMP/out" <<'EOF'
import csv, sys
def rows(p):
    with open(p, newline="", encoding="latin-1") as f:
        return sorted(tuple(r[4:]) for r in csv.reader(f))
sys.exit(rows(sys.argv[1]) != rows(sys.argv[2]) or len(rows(sys.argv[1])) != 14)
EOF

# --- the browser, when tmux is there: escapes on the screen
if command -v tmux >/dev/null 2>&1; then
	SOCK="$TMP/tmux"
	tmux -S "$SOCK" -f /dev/null new-session -d -x 200 -y 40 -s spw \
	    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SPILLWAY' '$A/weird-spills.cubin'; sleep 60"
	i=0
	# The header is drawn before the rows: wait for the rows checked below
	# (10 s at most; under load the first frame may hold the header alone).
	while [ $i -lt 100 ]; do
		tmux -S "$SOCK" capture-pane -p -t spw >"$TMP/screen"
		grep -q 'KERNEL' "$TMP/screen" && grep -qF 'RED' "$TMP/screen" &&
			grep -qF 'line' "$TMP/screen" && break
		sleep 0.1
		i=$((i + 1))
	done
	check "browser: ESC shown as \\x1b" grep -qF '\x1b[31mRED\x1b[0m' "$TMP/screen"
	check "browser: a newline shown as \\n" grep -qF 'new\nline' "$TMP/screen"
	tmux -S "$SOCK" kill-server 2>/dev/null
fi

# --- paths holding a newline, ESC and a byte that is not UTF-8: the
# diagnostics, --summary, --check, the build table and the notices of
# --update-allow escape them (one line each, no raw control byte); the
# trace (JSON) escapes them as \u00XX; CSV keeps them exact.
BAD=$(printf 'a\nb\033[31m\377')
mkdir -p "$TMP/paths"
cp "$BUILD/bad_truncated.o" "$TMP/paths/$BAD.o"
cp "$BUILD/bad_corrupt.fatbin" "$TMP/paths/$BAD.fatbin"
cp "$BUILD/spill.sm_90.cubin" "$TMP/paths/$BAD.cubin"
printf '# ninja log v5\n0\t100\t0\tk\033[31m\377\001.o\t1\n50\t200\t0\tother\t2\n' >"$TMP/$BAD.ninja_log"
# one_line_each FILE N: N lines of FILE name the path escaped.
one_line_each() {
	[ "$(grep -c -F 'spillway: a\nb\x1b[31m\xff.' "$1")" -eq "$2" ]
}
for face in --list --summary --check; do
	bounded 2 "bad paths: $face" "$SPILLWAY" "$face" "$TMP/paths"
	check "bad paths: $face stderr has no raw control byte" no_raw "$TMP/err"
	check "bad paths: $face: one escaped line per damaged file" one_line_each "$TMP/err" 2
	[ "$face" = --list ] && continue
	check "bad paths: $face output has no raw control byte" no_raw "$TMP/out"
done
bounded 2 "bad paths: --summary" "$SPILLWAY" --summary "$TMP/paths"
# (a result on stdout: the line starts with the name, no "spillway: ")
check "bad paths: --summary names the library escaped" \
    [ "$(grep -c '^a\\nb\\x1b\[31m\\xff\.' "$TMP/out")" -eq 1 ]
bounded 2 "bad paths: --list" "$SPILLWAY" --list "$TMP/paths"
check "bad paths: --list CSV keeps the path exact" grep -q "$(printf 'b\033\\[31m\377.cubin')" "$TMP/out"
bounded 0 "bad paths: --summary of a log" "$SPILLWAY" --summary "$TMP/$BAD.ninja_log"
check "bad paths: the build table has no raw control byte" no_raw "$TMP/out"
check "bad paths: the build table names the module escaped" grep -q -F 'k\x1b[31m\xff\x01.o' "$TMP/out"
bounded 0 "bad paths: --report=trace" "$SPILLWAY" --report=trace "$TMP/$BAD.ninja_log"
check "bad paths: the trace has no raw control byte" no_raw "$TMP/out"
check "bad paths: the trace is JSON in UTF-8, the log's path escaped as \\u000a, \\xff as '?'" python3 - "$TMP/out" <<'EOF'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    t = json.load(f)
logs = [e["args"]["log"] for e in t["traceEvents"] if e.get("ph") == "X"]
sys.exit(not logs or not all(l.endswith("a\nb\x1b[31m?.ninja_log") for l in logs))
EOF
printf 'kernel,sm,stack,local,note\n' >"$TMP/allow.csv"
bounded 0 "weird spills: --update-allow" "$SPILLWAY" --update-allow --allow="$TMP/allow.csv" "$A/weird-spills.cubin"
check "weird spills: --update-allow's notices have no raw control byte" no_raw "$TMP/out"
check "weird spills: --update-allow's notices escape ESC" grep -q -F 'added \x1b[31mRED\x1b[0m sm_86' "$TMP/out"

finish
