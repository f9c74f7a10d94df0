#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser, driven in tmux as a user would: keys in with send-keys, the
# screen out with capture-pane.  Every wait polls the screen until what is
# expected shows up, so the test is as fast as the program and tolerant of
# a loaded machine.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

# rows: the table's rows (under the bar and the two header lines, above
# the status line) of the last screen.
rows() { sed -n '4,39p' "$TMP/screen" | grep -v '^ *$'; }
# column N: the Nth field counted from the right of each row.
column_from_right() { rows | awk -v n="$1" '{ print $(NF - n + 1) }'; }
sorted_desc() { awk 'NR > 1 && $1 + 0 > prev + 0 { bad = 1 } { prev = $1 } END { exit bad }'; }
sorted_asc() { awk 'NR > 1 && $1 + 0 < prev + 0 { bad = 1 } { prev = $1 } END { exit bad }'; }

# golden ARTIFACT ARCH MANGLED: cuobjdump's numbers for a function, as the
# detail view writes them ("31 1024 0 0 0:380 0 0 0").
golden() {
	awk -v want="$2" -v fn="$3" '
	/^arch = / { arch = $3 }
	$1 == "Function" && $2 == fn ":" && (want == "" || arch == want) {
		getline
		gsub(/CONSTANT\[/, ""); gsub(/\]:/, ":"); gsub(/[A-Z]+:/, "")
		$1 = $1; print; exit
	}' "$GOLDEN/$1.resource-usage.txt"
}
# check_detail: every arch row of the detail on the screen equals
# cuobjdump's for $ARTIFACT (bare cubins: GOLDEN_ARCH=""); the number of
# rows compared goes to $TMP/compared.
check_detail() {
	ok=0 bad=0 mangled=""
	while IFS= read -r line; do
		case "$line" in
		"  _Z"*) mangled=${line#  } ;;
		"  sm_"*)
			set -- $line
			arch=$1
			shift
			want=$(golden "$ARTIFACT" "${GOLDEN_ARCH-$arch}" "$mangled")
			n=$(echo "$want" | wc -w)
			got=$(echo "$*" | cut -d' ' -f1-"$n")
			if [ -n "$want" ] && [ "$got" = "$want" ]; then
				ok=$((ok + 1))
			else
				bad=$((bad + 1))
				echo "    $mangled $arch: screen '$got', cuobjdump '$want'"
			fi ;;
		esac
	done <"$TMP/screen"
	echo "$ok" >"$TMP/compared"
	[ "$bad" -eq 0 ] && [ "$ok" -gt 0 ]
}

# What the screens must show, from --list (one python run: it is slow to
# start): kernels as the table counts them, distinct (collapsed, library)
# entries, in all and under each filter the test applies.
"$SPILLWAY" --list "$BUILD" >"$TMP/list.csv" 2>/dev/null
have_python=0
if command -v python3 >/dev/null; then
	python3 - "$TMP/list.csv" >"$TMP/expect" <<'PY' && have_python=1
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["kind"] == "entry"]
def count(keep):
    return len({(r["collapsed"], r["library"]) for r in rows if keep(r)})
print("total=%d" % count(lambda r: True))
print("fill=%d" % count(lambda r: "fill" in r["collapsed"].lower() or "fill" in r["name"].lower()))
print("stackdemo=%d" % count(lambda r: r["namespace"] == "stackdemo" or r["namespace"].startswith("stackdemo::")))
print("sm75=%d" % count(lambda r: r["sm"] == "sm_75"))
print("maxstack=%d" % max(int(r["stack"]) for r in rows))
PY
	. "$TMP/expect"
	# The same kernel in several files of a separable build (the rdc_*
	# files: objects, their archive, the device link, the executable) is
	# one row, in the file it is judged in: the kernels --summary counts
	# there (spillway(1), COPIES), not one per file as --list has them.
	total=$("$SPILLWAY" --summary "$BUILD" 2>/dev/null | sed -n \
	    's/^.*: \([0-9]*\) kernels* ([0-9]* instantiations*) on .* ([0-9]* entr[iesy]*), .*/\1/p' |
	    awk '{ n += $1 } END { print n }')
fi

# --- The table: every kernel, largest stack frame first. -------------------
start -- "$BUILD"
check "the status line says two files could not be read" wait_for "2 files could not be read"
keys j k
check "the browser opens on the kernel table" wait_for "sort: STACK all arches desc"
if [ $have_python -eq 1 ]; then
	check "the status line counts every kernel ($total)" grep -q " $total of $total kernels" "$TMP/screen"
	check "the first row has the largest stack frame ($maxstack)" [ "$(column_from_right 4 | head -1)" = "$maxstack" ]
fi
column_from_right 4 | sorted_desc
check "STACK never grows down the screen" [ $? -eq 0 ]
check "the header names the columns" grep -q "KERNEL .*LIBRARY .*REG .*▼STACK .*LOCAL .*SHARED" "$TMP/screen"
check "the header says the numbers are the maximum, CODE the sum" grep -q "all arches: max; CODE: sum" "$TMP/screen"

# --- Sort: S goes to the previous column, r reverses. ----------------------
keys S
check "S sorts by REG" wait_for "sort: REG all arches desc"
column_from_right 5 | sorted_desc
check "REG never grows down the screen" [ $? -eq 0 ]
keys r
check "r reverses the sort" wait_for "sort: REG all arches asc"
column_from_right 5 | sorted_asc
check "REG never shrinks down the screen" [ $? -eq 0 ]
keys s
check "s goes back to STACK, descending again" wait_for "sort: STACK all arches desc"

# --- Filters: by name, by namespace; Esc clears. ---------------------------
keys '\'
type_text fill
keys Enter
check "\\ filters by name" wait_for "filter: fill"
check "every row holds the text" sh -c "! sed -n '4,39p' '$TMP/screen' | grep -v '^ *\$' | grep -vi fill"
[ $have_python -eq 1 ] && check "the filter leaves $fill kernels" grep -q " $fill of $total kernels" "$TMP/screen"
keys Escape
check "Esc clears the filter" wait_gone "filter: fill"
keys f
type_text stackdemo
keys Enter
check "f filters by namespace" wait_for "ns: stackdemo"
check "every row is in the namespace" sh -c "! sed -n '4,39p' '$TMP/screen' | grep -v '^ *\$' | grep -v 'stackdemo::'"
[ $have_python -eq 1 ] && check "the namespace holds $stackdemo kernels" grep -q " $stackdemo of $total kernels" "$TMP/screen"
keys u
check "u clears the namespace" wait_gone "ns: stackdemo"

# --- Search: / jumps to the first match, n to the next. --------------------
keys g /
type_text gather_local
keys Enter
check "/ searches" wait_for "search: gather_local"
n1=$(grep -o '[0-9]*/[0-9]*  match [0-9]* of [0-9]*$' "$TMP/screen")
keys n
i=0
while [ $i -lt 100 ]; do screen >"$TMP/screen"; n2=$(grep -o '[0-9]*/[0-9]*  match [0-9]* of [0-9]*$' "$TMP/screen"); [ "$n2" != "$n1" ] && break; sleep 0.05; i=$((i + 1)); done
check "n moves to the next match ($n1 -> $n2)" [ "$n2" != "$n1" ]

# --- Arches: one, then two side by side. -----------------------------------
keys u a
check "a shows the first arch" wait_for "arch: sm_75"
[ $have_python -eq 1 ] && check "sm_75 has $sm75 kernels" grep -q " $sm75 of $total kernels" "$TMP/screen"
keys c
check "c compares with the next arch" wait_for "compare: sm_75 vs sm_80"
keys c
check "c again takes the next one" wait_for "compare: sm_75 vs sm_86"
check "both arches head their columns" grep -q "sm_75 .*sm_86" "$TMP/screen"
keys '\'
type_text gather_local
keys Enter
check "the comparison filters" wait_for "filter: gather_local"
# stack.o holds sm_75 and sm_86: REG 31 against 32, the same 1 KiB frame,
# CODE 2560 against 2688 (--list's code_bytes).
check "the comparison shows both arches' numbers" grep -q "gather_local_kernel .*stack.o *31 *1024 *0 *0 *2560 *32 *1024 *0 *0 *2688" "$TMP/screen"
tm capture-pane -e -p -t spw | grep "stack.o" >"$TMP/row-e"
check "the differing REG is highlighted" grep -q "$(printf '\033')\[[0-9;]*35m" "$TMP/row-e"

# --- Detail: every arch of stack.o's kernel equals cuobjdump. --------------
screen >"$TMP/screen"
row=$(grep -n "stack.o" "$TMP/screen" | head -1 | cut -d: -f1)
# Select the stack.o row: from the top, down (row - 4) times.
keys g
i=4
while [ "$i" -lt "$row" ]; do keys j; i=$((i + 1)); done
keys Enter
check "Enter opens the detail view" wait_for "Instantiation 1 of 1"
check "the detail names the library" grep -q "library    stack.o" "$TMP/screen"
check "the detail shows the full name" grep -qF "stackdemo::gather_local_kernel(int const*, float const*, float*, int)" "$TMP/screen"
ARTIFACT=stack.o
check "the detail's numbers equal cuobjdump's" check_detail
check "  ...on both of stack.o's arches" [ "$(cat "$TMP/compared")" -eq 2 ]
keys q
check "q closes the detail view" wait_for "compare: sm_75 vs sm_86"

# --- Help. ------------------------------------------------------------------
keys '?'
check "? shows the help" wait_for "spillway: keys"
check "the help lists the sort keys" grep -q "s > F6  *sort by the next column" "$TMP/screen"
keys q
check "q closes the help" wait_gone "spillway: keys"

# --- Resize: the layout follows the terminal. ------------------------------
keys x u
wait_for "LIBRARY" >/dev/null
tm resize-window -t spw -x 60 -y 20
check "at 60 columns the status line is on line 20" wait_for "of $(sed -n 's/.* \([0-9]*\) of \([0-9]*\) kernels.*/\2/p' "$TMP/screen" | head -1) kernels"
screen >"$TMP/screen"
check "the screen is 20 lines" [ "$(sed -n '20p' "$TMP/screen" | grep -c kernels)" -eq 1 ]
check "at 60 columns the library column goes" sh -c "! grep -q LIBRARY '$TMP/screen'"
check "at 60 columns the numbers stay" grep -q "REG .*STACK" "$TMP/screen"
check "long names lose their middle" grep -q "…" "$TMP/screen"
# Count characters, not bytes: the ellipsis and the arrows are one column.
widest=$(sed 's/…/./g; s/▸/./g; s/▾/./g; s/▼/./g; s/▲/./g; s/─/./g' "$TMP/screen" | awk '{ print length }' | sort -n | tail -1)
check "no line is wider than 60 ($widest)" [ "$widest" -le 60 ]
tm resize-window -t spw -x 160 -y 40
check "back at 160 columns the library returns" wait_for "LIBRARY"

# --- q quits; the corpus's two broken files are named after the screen. ---
keys q
check "q quits, exit 2 for the two broken files" wait_for "spillway exited 2"
check "the broken files are named once the screen is gone" grep -q "bad_truncated.o: offset" "$TMP/screen"

# --- The detail of a template kernel: five instantiations, one arch. ------
start -- "$BUILD/templates.sm_75.cubin"
wait_for "sort:" >/dev/null
keys /
type_text fill_kernel
keys Enter Enter
check "a template kernel's detail lists its instantiations" wait_for "Instantiation 5 of 5"
ARTIFACT=templates.sm_75.cubin
GOLDEN_ARCH=""
check "every instantiation's numbers equal cuobjdump's" check_detail
check "  ...all five of them" [ "$(cat "$TMP/compared")" -eq 5 ]
unset GOLDEN_ARCH
keys Q
check "Q quits from the detail view" wait_for "spillway exited 0"

# --- Colour: on by default, off with NO_COLOR and --color=never. ----------
SGR_COLOUR=$(printf '\033')'\[[0-9;]*3[0-7]m'
# colour_run ENV... -- ARGS...: the first screen, with its escape sequences.
colour_run() {
	start "$@"
	wait_for "sort:" >/dev/null
	tm capture-pane -e -p -t spw >"$TMP/escaped"
	keys q
}
colour_run -- "$BUILD/stack.o"
check "colour by default" grep -q "$SGR_COLOUR" "$TMP/escaped"
colour_run NO_COLOR=1 -- "$BUILD/stack.o"
check "NO_COLOR: the table is drawn" grep -q "sort:" "$TMP/escaped"
check "NO_COLOR: no colour" sh -c "! grep -q '$SGR_COLOUR' '$TMP/escaped'"
check "NO_COLOR: the selection is in reverse video" grep -q "$(printf '\033')\[[0-9;]*7m" "$TMP/escaped"
colour_run -- --color=never "$BUILD/stack.o"
check "--color=never: the table is drawn" grep -q "sort:" "$TMP/escaped"
check "--color=never: no colour" sh -c "! grep -q '$SGR_COLOUR' '$TMP/escaped'"

# --- Build and Check views: build logs and a rule given. ----------------------
start -- --allow="$srcdir/data/example/spill-allow.csv" --max-regs=40 \
	"$srcdir/data/example" "$srcdir/data/logs/ninja-j2"
check "with logs and a rule, the Build and Check views are offered" wait_for "3 Check"
keys 2
check "2 shows the build: five compiles" wait_for "5 compiles"
check "  ...with templates.o's peak RSS" wait_for "build/templates.o"
keys 3
check "3 shows the check's verdict" wait_for "violations"
# --check's "... sm_90: REG 48 (over --max-regs=40) [libkernels.so]", led by
# what a narrow screen must keep.
check "  ...a register violation: sm, reason, object, as --check words them" \
	wait_for "sm_90   REG 48 (over --max-regs=40)  libkernels.so  "
keys Q

# --- Diff view: --baseline's changes, as the report shows them. ----------------
"$SPILLWAY" --list "$BUILD/stack.o" | sed 's/,32,1024,0,0,0:380/,32,1000,0,0,0:380/' >"$TMP/base.csv"
start -- --baseline="$TMP/base.csv" "$BUILD/stack.o"
check "with --baseline, a Diff view is offered" wait_for "2 Diff"
keys 2
check "2 shows the changes: gather_local's stack 1000 -> 1024" wait_for "1000 → 1024 (+24)"
check "  ...as text: no Markdown table rule" sh -c "! grep -qF -e '|---' -e '---|' '$TMP/screen'"
check "  ...no Markdown heading" sh -c "! grep -qF '###' '$TMP/screen'"
check "  ...no code spans" sh -c "! grep -qF '\`' '$TMP/screen'"
check "  ...the heading a line of its own" grep -q "^Changes against the baseline *\$" "$TMP/screen"
# Where a text starts and ends on a line (columns, from 1), UTF-8 counted
# as one column a character.
col_start() { grep -F -- "$1" "$TMP/screen" | head -1 | sed 's/→/>/g; s/—/-/g' | awk -v t="$2" '{ print index($0, t) }'; }
col_end() { echo $(( $(col_start "$1" "$2") + ${#2} )); }
# same_col A B: both found (past column 1) and equal.
same_col() { [ "${1:-0}" -gt 1 ] && [ "$1" = "$2" ]; }
check "  ...the kernel's name under its title" same_col "$(col_start "  kernel " kernel)" "$(col_start gather_local stackdemo::)"
check "  ...the stack, a number, ends under its title" same_col "$(col_end "  kernel " "stack B")" "$(col_end gather_local "(+24)")"
keys Q

# --- No terminal. -----------------------------------------------------------
expect_status 2 "--tui without a terminal" "$SPILLWAY" --tui "$BUILD/stack.o"
finish
