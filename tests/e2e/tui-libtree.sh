#!/bin/sh
# SPDX-License-Identifier: MIT
# The Libraries view is a library -> kernel tree, as ncdu has it: a row
# per library (its kernels, their instantiations, the worst REG and STACK
# among them, each equal to what --list says), the most kernels first;
# Enter or Right opens a library into its kernels (the worst STACK
# first), Left closes it, Enter on a kernel shows it in detail and q comes
# back to the tree as it was, L shows the library's kernels in the table.
# At 100x30 and 80x24.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
EX="$srcdir/data/example"

# The libraries as --list has them: kernels (collapsed names), their
# instantiations (mangled names), the worst REG and STACK; the most
# kernels first, then by path.
"$SPILLWAY" --list "$EX" >"$TMP/list.csv"
python3 - "$TMP/list.csv" >"$TMP/want" <<'PY'
import csv, sys
libs = {}
for r in csv.DictReader(open(sys.argv[1])):
    if r["kind"] != "entry":
        continue
    l = libs.setdefault(r["library"], [set(), set(), -1, -1])
    l[0].add(r["collapsed"]); l[1].add(r["mangled"])
    l[2] = max(l[2], int(r["reg"])); l[3] = max(l[3], int(r["stack"]))
for name, l in sorted(libs.items(), key=lambda kv: (-len(kv[1][0]), kv[0])):
    print(len(l[0]), len(l[1]), l[2], l[3], name)
PY
check "--list names the libraries" [ "$(wc -l <"$TMP/want")" -gt 1 ]
first=$(awk 'NR == 1 { print $5 }' "$TMP/want")
nfirst=$(awk 'NR == 1 { print $1 }' "$TMP/want")
nlibs=$(wc -l <"$TMP/want")

# The rows of the last screen: library rows (▸ or ▾ first), kernel rows
# (├ or └ before the name).
lib_rows() { grep -E '^(▸|▾) ' "$TMP/screen" | sed -E 's/^(▸|▾) +//' | tr -s ' '; }
kernel_rows() { grep -E '(├|└) ' "$TMP/screen"; }

for size in 100x30 80x24; do
	TUI_COLS=${size%x*} TUI_ROWS=${size#*x}
	export TUI_COLS TUI_ROWS
	start -- "$EX"
	check "$size: the table opens" wait_for "kernels  sort:"
	keys 2
	check "$size: 2 shows the tree" wait_for "$nlibs libraries, the most kernels first"
	lib_rows >"$TMP/got"
	check "$size: a row per library, each figure as --list says, the most kernels first" \
		cmp "$TMP/want" "$TMP/got"
	check "$size: every library closed at first" sh -c "! grep -q '^▾' '$TMP/screen'"

	keys Enter
	check "$size: Enter opens the library lit ($first)" wait_for "▾ "
	check "$size: ... the first one" sh -c "grep '^▾' '$TMP/screen' | grep -q ' $first\$'"
	kernel_rows >"$TMP/kernels"
	check "$size: ... into its $nfirst kernels" [ "$(wc -l <"$TMP/kernels")" -eq "$nfirst" ]
	check "$size: ... the last drawn with └" sh -c "tail -1 '$TMP/kernels' | grep -q '└ '"
	awk '{ print $3 }' "$TMP/kernels" >"$TMP/stacks"
	check "$size: ... the worst STACK first" sh -c "sort -rn '$TMP/stacks' | cmp -s - '$TMP/stacks'"
	worst=$(awk 'NR == 1 { print $3 }' "$TMP/kernels")
	check "$size: ... the library's STACK is its worst kernel's" \
		[ "$worst" = "$(awk 'NR == 1 { print $4 }' "$TMP/want")" ]
	name=$(awk 'NR == 1 { print $NF }' "$TMP/kernels")

	keys Down Enter
	check "$size: Enter on a kernel shows it in detail ($name)" wait_for "> Detail"
	check "$size: ... that kernel" grep -qF "$name" "$TMP/screen"
	keys q
	check "$size: q comes back to the tree, still open" wait_for "└ "
	check "$size: ... its rows all there" [ "$(kernel_rows | wc -l)" -eq "$nfirst" ]

	keys Left
	check "$size: Left on a kernel closes its library" wait_gone "└ "
	check "$size: ... every library closed" sh -c "! grep -q '^▾' '$TMP/screen'"
	keys Right
	check "$size: Right opens it again" wait_for "└ "
	keys Left
	check "$size: Left on the library closes it" wait_gone "└ "

	keys L
	check "$size: L shows the library's kernels in the table" wait_for "  library: $first"
	keys q
	check "$size: q quits" wait_for "spillway exited 0"
done
finish
