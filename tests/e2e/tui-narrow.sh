#!/bin/sh
# SPDX-License-Identifier: MIT
# At 80x24: the Check view's lines keep the sm, the reason and the object
# (the kernel's name last), and Enter on one opens that kernel; the detail
# view gives the spill columns room before TEX/SURF/SAMP when those are
# zero; text views scroll sideways; '-' and '?' as the legend says; and
# TERM=dumb is told it needs a real terminal (exit 2).
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

TUI_COLS=80 TUI_ROWS=24
export TUI_COLS TUI_ROWS
FIX="$srcdir/tests/lib/fixtures"

start -- --max-regs=30 "$BUILD/spill.o" "$FIX/spill_scratch.cu.o" "$FIX/spill_scratch.cu.o.ptxas.log"
check "the table opens" wait_for "kernels  sort:"
keys 2
check "2 opens the Check view" wait_for "violations"
# The verdict's own line for the first violation, as --check prints it.
"$SPILLWAY" --check --max-regs=30 "$BUILD/spill.o" "$FIX/spill_scratch.cu.o" "$FIX/spill_scratch.cu.o.ptxas.log" \
    >"$TMP/check.txt" 2>/dev/null
reason=$(grep -m1 '^VIOLATION' "$TMP/check.txt" | sed 's/.* sm_[0-9a-z]*: \(.*\) \[.*/\1/')
sm=$(grep -m1 '^VIOLATION' "$TMP/check.txt" | sed 's/.* \(sm_[0-9a-z]*\): .*/\1/')
check "a violation line starts with its sm and reason ($sm: $reason)" grep -q "^  $sm *$reason  [a-z_.]*\.o  " "$TMP/screen"
check "every violation line names its object" sh -c "grep '^  sm_' '$TMP/screen' | grep -qv '\.o  ' && exit 1 || exit 0"
keys j Enter
check "Enter on a violation opens its kernel" wait_for "> Detail"
check "... the detail of an instantiation" wait_for "Instantiation"
check "the detail shows the spill columns at 80 columns" grep -q "SPST *SPLD" "$TMP/screen"
check "... and leaves out TEX SURF SAMP, all zero" sh -c "! grep -q ' TEX ' '$TMP/screen'"
check "the unknown figures are '?', not '-'" sh -c "! grep '^  sm_' '$TMP/screen' | grep -q ' - '"
keys g
check "... and says so" wait_for "TEX SURF SAMP are 0 on every arch"
keys Right
check "Right scrolls the text view" wait_for "col 21"
keys Left
check "Left scrolls back" wait_gone "col 21"
keys Left
check "Left at the left edge closes the detail" wait_for "violations"
check "... back on the Check view" sh -c "! grep -q '> Detail' '$TMP/screen'"
keys '?'
check "? shows the help" wait_for "spillway: keys"
check "the legend says what '-' and '?' mean" grep -q "'-' means not compiled for that arch" "$TMP/screen"
keys Right
# The help is wrapped to the screen (tui-keys.sh): nothing left to
# scroll sideways to, where it was cut at 80 columns.
sleep 0.3
screen >"$TMP/screen"
check "the help fits 80 columns: Right leaves it in place" sh -c "! grep -q 'col 21' '$TMP/screen'"
keys q q

# The Messages view: what the scan met, as spillway prints it on stderr.
"$SPILLWAY" --list "$BUILD" >/dev/null 2>"$TMP/stderr"
nmsg=$(grep -c '^spillway: .*: ' "$TMP/stderr")
start -- "$BUILD"
check "the status line points to the Messages view" wait_for "see the Messages view"
keys 2
check "2 opens the Messages view" wait_for "$nmsg messages met while scanning"
while IFS= read -r line; do
	check "the view holds '$(echo "$line" | cut -c1-50)...'" grep -qF "$(echo "$line" | cut -c1-78)" "$TMP/screen"
done <"$TMP/stderr"
keys q

# TERM=dumb: a message and exit 2, not a screen of status lines.
start TERM=dumb -- "$BUILD/spill.o"
check "TERM=dumb says it needs a real terminal" wait_for "the browser needs a terminal that moves the cursor"
check "... and exits 2" wait_for "spillway exited 2"
finish
