#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser takes the terminal before the scan: while the CUDA
# toolkit's lib64/ is read, the status line says how many files and
# images are read, with a bar; then the table comes.  The figures are the
# scan's own (--stats: images read), never more.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

LIB=${CUDA_LIB64:-/usr/local/cuda/lib64}
[ -d "$LIB" ] || { echo "$LIB missing: skipped"; exit 77; }
TIMEOUT=${TUI_TIMEOUT:-120}	# the whole of lib64 on a loaded machine

"$SPILLWAY" --stats --summary "$LIB" 2>"$TMP/stats" >/dev/null
read_total=$(sed -n 's/^spillway: stats: .* images, \([0-9]*\) read,.*/\1/p' "$TMP/stats")
check "--stats says how many images the scan reads" [ -n "$read_total" ]

TUI_COLS=100 TUI_ROWS=30
export TUI_COLS TUI_ROWS
start -- "$LIB"
check "the status line shows the scan's progress" wait_for "images read ["
line=$(grep ' scanning: ' "$TMP/screen" | tail -1)
echo "    progress: $line"
files=$(echo "$line" | sed -n 's/.* scanning: \([0-9]*\) files\{0,1\}, .*/\1/p')
done_=$(echo "$line" | sed -n 's/.* \([0-9]*\) of [0-9]* images\{0,1\} read.*/\1/p')
found=$(echo "$line" | sed -n 's/.* of \([0-9]*\) images\{0,1\} read.*/\1/p')
check "it names the files read" [ -n "$files" ]
check "it says how many images are read of those found" [ -n "$done_" ] && [ -n "$found" ]
check "no more read than found ($done_ of $found)" [ "${done_:-1}" -le "${found:-0}" ]
check "no more found than the scan reads in all ($found of $read_total)" \
	[ "${found:-1}" -le "${read_total:-0}" ]
check "the bar is drawn" sh -c "grep ' scanning: ' '$TMP/screen' | grep -Eq '\\[#*\\.*\\] [0-9]+%'"
check "it is on the status line" sh -c "tail -1 '$TMP/screen' | grep -q ' scanning: '"
check "then the table" wait_for "kernels  sort:"
check "the progress line is gone" sh -c "! grep -q ' scanning: ' '$TMP/screen'"
keys q
check "q quits" wait_for "spillway exited 0"

# A browser with no terminal to draw on says so before scanning anything:
# no word of the path it was given.
"$SPILLWAY" --tui "$TMP/no-such-tree" </dev/null >"$TMP/out" 2>"$TMP/err"
check "no terminal: usage status" [ $? -eq 2 ]
check "no terminal: it says so" grep -q "needs a terminal" "$TMP/err"
check "no terminal: nothing scanned" sh -c "! grep -q no-such-tree '$TMP/err'"
finish
