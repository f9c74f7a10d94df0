#!/bin/sh
# SPDX-License-Identifier: MIT
# One order of arches in every face (issue 22): --summary, --check, the
# --require-sass and --max-growth messages, the report (Markdown, CSV,
# HTML) and the browser
# list the arches of one input in the same numeric order (sm_75 before
# sm_100, sm_90 before sm_90a), never as text (sm_100, sm_120, sm_75).
. "${srcdir:-.}/tests/lib/lib.sh"

OBJ="$BUILD/namespaces_allarch.o"
[ -f "$OBJ" ] || { echo "corpus object missing: skipped"; exit 77; }

# The sm_ names of the input, in the order they come: "sm_75 sm_80 ...".
# (Only the arches are read, so that a face may reword its line.)
sms() { grep -o 'sm_[0-9][0-9]*[af]\{0,1\}' | tr '\n' ' ' | sed 's/ $//'; }

# --- --summary: the list every other face is compared with. ---------------
"$SPILLWAY" --summary "$OBJ" >"$TMP/summary" 2>&1
summary=$(grep -F "namespaces_allarch.o: " "$TMP/summary" | sms)
check "--summary lists the arches" [ -n "$summary" ]
echo "    --summary: $summary"

# The arches are cuobjdump's (tests/corpus/golden: one ELF per arch; its
# file names drop the f of sm_103f and sm_121f), each once.
echo "$summary" | tr ' ' '\n' | sed 's/^sm_\([0-9]*\).*/\1/' | sort -n >"$TMP/ours"
sed -n 's/^ELF file .*\.sm_\([0-9]*\)[af]\{0,1\}\.cubin$/\1/p' \
    "$GOLDEN/namespaces_allarch.o.list-elf.txt" | sort -n >"$TMP/cuobjdump"
check "--summary names cuobjdump's $(wc -l <"$TMP/cuobjdump") SASS arches" \
    cmp -s "$TMP/ours" "$TMP/cuobjdump"
# Numeric: what a version sort gives, not what a text sort gives.
numeric=$(echo "$summary" | tr ' ' '\n' | sort -V | tr '\n' ' ' | sed 's/ $//')
text=$(echo "$summary" | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
check "--summary's order is numeric" [ "$summary" = "$numeric" ]
check "  (and a text sort would differ: $(echo "$text" | cut -d' ' -f1-3) ...)" [ "$summary" != "$text" ]

# same FACE LIST: a face's list equals --summary's.
same() {
	if [ "$2" = "$summary" ]; then
		pass "$1 lists them in the order of --summary"
	else
		fail "$1 lists '$2', --summary '$summary'"
	fi
}

# --- --check: the library line. ---------------------------------------------
"$SPILLWAY" --check "$OBJ" >"$TMP/check" 2>&1
same "--check" "$(grep -F "namespaces_allarch.o: " "$TMP/check" | sms)"

# --- --require-sass: what the library carries. ----------------------------
# (sm_70: an arch of a known generation that the object does not carry;
# sm_200, no generation data/arches.csv knows, is a usage error now.)
expect_status 1 "--require-sass=sm_70 is a violation" \
    "$SPILLWAY" --check --require-sass=sm_70 "$OBJ"
same "--require-sass" "$(sed -n 's/^VIOLATION .*no SASS for sm_70 (it carries SASS for \(.*\); PTX for .*/\1/p' "$TMP/out" | sms)"
check "--require-sass names the PTX" grep -q "; PTX for compute_121)" "$TMP/out"

# --- --max-growth: one kernel grown on every arch, one line per arch. -------
# The baseline is this scan's --list with ggml_like_add_f32 at 1 register.
"$SPILLWAY" --list "$OBJ" | sed 's/,ggml_like_add_f32,,[0-9]*,/,ggml_like_add_f32,,1,/' >"$TMP/base.csv"
expect_status 1 "--max-growth=reg:0 against a baseline is a violation" \
    "$SPILLWAY" --check --baseline="$TMP/base.csv" --max-growth=reg:0 "$OBJ"
same "--max-growth" "$(sed -n 's/^VIOLATION ggml_like_add_f32(.*) \(sm_[0-9a-z]*\): REG .*/\1/p' "$TMP/out" | sms)"

# --- The report: Markdown, CSV, HTML. ---------------------------------------
"$SPILLWAY" --report=markdown "$OBJ" >"$TMP/md" 2>&1
same "the report's summary (markdown)" \
    "$(sed -n 's/^Read 1 file: .* SASS: \(.*\); PTX: .*/\1/p' "$TMP/md" | sms)"
# c_histogram_u8 differs on every arch: its reference, then the arches that
# differ, name all of them.
same "the report's arch comparison row (markdown)" \
    "$(grep -m1 '^| `c_histogram_u8` |' "$TMP/md" | cut -d'|' -f4,7 | sms)"
same "the report's coverage row (markdown)" \
    "$(grep -m1 '^| `namespaces_allarch.o` | sm_' "$TMP/md" | cut -d'|' -f3 | sms)"

"$SPILLWAY" --report=csv "$OBJ" >"$TMP/csv" 2>&1
same "the report's arch comparison columns (csv)" \
    "$(grep -m1 '^section,kernel,library,sm_.* REG' "$TMP/csv" | tr ',' '\n' |
    sed -n 's/^\(sm_[0-9a-z]*\) REG$/\1/p' | tr '\n' ' ' | sed 's/ $//')"
same "the report's coverage row (csv)" \
    "$(grep -m1 '^coverage,namespaces_allarch.o,' "$TMP/csv" | cut -d, -f3 | sms)"

"$SPILLWAY" --report=html "$OBJ" >"$TMP/html" 2>&1
same "the report's arch comparison row (html)" \
    "$(grep -m1 -A5 '<td><code>c_histogram_u8</code></td>' "$TMP/html" | sed -n '3p;6p' | sms)"

# --- The browser: the arches its a key steps through. -----------------------
TMUX_BIN=${TMUX_BIN:-$(command -v tmux)}
if [ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ]; then
	unset TMUX TMUX_PANE
	SOCK="$TMP/tmux"
	trap '"$TMUX_BIN" -S "$SOCK" kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
	tm() { "$TMUX_BIN" -S "$SOCK" -f /dev/null "$@"; }
	tm new-session -d -x 160 -y 40 -s spw \
	    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SPILLWAY' '$OBJ'; sleep 600"
	# arch_shown: the arch of the status line ("" for all arches).
	arch_shown() { tm capture-pane -p -t spw | grep -o 'arch: [^ ]*' | tail -n 1 | cut -c7-; }
	i=0
	while [ $i -lt 300 ] && ! tm capture-pane -p -t spw | grep -q 'sort: '; do
		sleep 0.05; i=$((i + 1))
	done
	tui="" prev="" n=0
	# Every arch once, then back to all: at most one step per arch and one more.
	while [ $n -le 40 ]; do
		tm send-keys -t spw a
		i=0
		while [ $i -lt 300 ]; do
			cur=$(arch_shown)
			[ "$cur" != "$prev" ] && break
			sleep 0.05; i=$((i + 1))
		done
		[ -z "$cur" ] || [ "$cur" = "$prev" ] && break
		tui="${tui:+$tui }$cur"
		prev=$cur
		n=$((n + 1))
	done
	same "the browser" "$tui"
else
	echo "tmux missing: the browser's order not compared"
fi

finish
