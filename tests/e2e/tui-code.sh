#!/bin/sh
# SPDX-License-Identifier: MIT
# The kernel table's CODE column (issue 26): a kernel's code_bytes summed
# over its instantiations and arches, as --list has them; sortable like
# the other resources; at 80 columns it is shown while it fits, and the
# detail view says the kernel's sum.  At 80x24 and 100x30.
. "${srcdir:-.}/tests/lib/lib.sh"
. "$srcdir/tests/lib/tui-lib.sh"

APP="$BUILD/app"
# Each kernel's code_bytes summed over --list's rows: "bytes name", most first.
"$SPILLWAY" --list "$APP" | python3 -c '
import csv, sys
s = {}
for r in csv.DictReader(sys.stdin):
    if r["kind"] == "entry":
        s[r["collapsed"]] = s.get(r["collapsed"], 0) + int(r["code_bytes"])
for k, v in sorted(s.items(), key=lambda x: (-x[1], x[0])):
    print(v, k)' >"$TMP/sums" || { echo "python3 missing: skipped"; exit 77; }
top=$(head -1 "$TMP/sums")
bytes=${top%% *} name=${top#* }
second=$(sed -n 2p "$TMP/sums")

for size in 80x24 100x30; do
	TUI_COLS=${size%x*} TUI_ROWS=${size#*x}
	export TUI_COLS TUI_ROWS
	start -- --tui "$APP"
	check "$size: a CODE column" wait_for " CODE"
	check "$size: its rule says it is a sum" grep -q "all arches: max; CODE: sum" "$TMP/screen"
	keys s s s
	check "$size: s sorts by it, the status line says so" wait_for "sort: CODE all arches desc"
	check "$size: the largest first: $name, $bytes bytes" \
		grep -Eq "^ +$name +([0-9]+ +){4}$bytes *\$" "$TMP/screen"
	check "$size: then ${second#* }, ${second%% *} bytes" \
		sh -c "grep -A1 -E '^ +$name ' '$TMP/screen' | tail -1 | grep -Eq '^ +${second#* } +([0-9]+ +){4}${second%% *} *\$'"
	keys r
	check "$size: r: the smallest first" wait_for "sort: CODE all arches asc"
	keys g Enter
	check "$size: the detail view says the kernel's sum" \
		wait_for "code_bytes $(tail -1 "$TMP/sums" | cut -d" " -f1) bytes of SASS, the sum over"
done
finish
