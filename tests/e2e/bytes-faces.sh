#!/bin/sh
# SPDX-License-Identifier: MIT
# One size, one text, in every face (issue 22): the peak RSS of each module
# as --summary, the Markdown report, --check and the browser's Build view
# print it, on seed 001's record log and on the corpus's time -v log (a
# compile under 1 GB); the CSV report's bytes agree with them; a budget is
# echoed in the unit it was given, alike by --check, the report and the
# browser's Check view; and what is no size is refused.
. "${srcdir:-.}/tests/lib/lib.sh"

SEED="$srcdir/tests/lib/fixtures/seed001/build-rss.log"
APP="$GOLDEN/app.rss.log"

# sizes_summary LOG: "module size" per module, from --summary's table.
sizes_summary() {
	"$SPILLWAY" --summary "$1" |
	    awk -F '\t' '/^module\tpeak\t/ { on = 1; next } /^schedule: / { on = 0 } on { print $1 " " $2 }'
}
# sizes_report LOG: the same from the Markdown report's Build costs table.
sizes_report() {
	"$SPILLWAY" --report --sections=builds "$1" |
	    awk -F ' [|] ' '/^[|] module [|]/ { on = 1; next } on && /^[|]---/ { next }
		on && !/^[|]/ { exit } on { sub(/^[|] /, "", $1); gsub(/`/, "", $1); print $1 " " $3 }'
}
# sizes_csv LOG: the same from the CSV report's bytes, in GB of 10^9
# (python3's csv: the arches cell is quoted).
sizes_csv() {
	"$SPILLWAY" --report=csv --sections=builds "$1" | python3 -c '
import csv, sys
for row in csv.DictReader(sys.stdin):
    if row["section"] != "builds" or row["module"] == "module":
        break
    print("%s %.2f GB" % (row["module"], int(row["peak_rss_bytes"]) / 1e9))'
}
# sizes_check LOG: "module size" of each VIOLATION of --mem-budget=1B
# (every module is over it).
sizes_check() {
	"$SPILLWAY" --check --mem-budget=1B "$1" |
	    sed -n 's/^VIOLATION \(.*\): peak RSS \(.*\) ([0-9]* KiB) over --mem-budget=1 B (0 KiB)$/\1 \2/p'
}

for log in "$SEED" "$APP"; do
	b=$(basename "$log")
	sizes_summary "$log" >"$TMP/$b.summary"
	n=$(wc -l <"$TMP/$b.summary")
	check "$b: --summary lists $n modules, each with a size in GB" \
	    sh -c "[ $n -gt 0 ] && [ \$(grep -cE ' [0-9]+\.[0-9][0-9] GB\$' '$TMP/$b.summary') -eq $n ]"
	faces="report check"
	command -v python3 >/dev/null && faces="$faces csv"
	for face in $faces; do
		# The report lists the heaviest first, --summary in log order.
		sizes_$face "$log" | sort >"$TMP/$b.$face"
		if sort "$TMP/$b.summary" | cmp -s - "$TMP/$b.$face"; then
			pass "$b: $face prints every module's peak as --summary does"
		else
			fail "$b: $face and --summary disagree"
			sort "$TMP/$b.summary" | diff - "$TMP/$b.$face" | sed 's/^/    /'
		fi
	done
done
check "seed 001: reg_flow's measured maximum is 12.98 GB" grep -qx "reg_flow 12.98 GB" "$TMP/build-rss.log.summary"
check "seed 001: interp, under 1 GB, is 0.80 GB" grep -qx "interp 0.80 GB" "$TMP/build-rss.log.summary"
check "time -v: app's 189232 KiB are 0.19 GB" grep -qx "build/app 0.19 GB" "$TMP/app.rss.log.summary"

# Budgets echoed in the unit they were given: --check (where a module is
# over it) and the report's budget line say the same.
for spec in "200MiB=200 MiB" "12GB=12 GB" "1.5GiB=1.5 GiB" "9000000=9000000 KiB" \
    "0.25tb=0.25 TB" "13GB=13 GB" "14G=14 GiB" "14680064=14680064 KiB"; do
	given=${spec%%=*} want=${spec#*=}
	"$SPILLWAY" --report --sections=builds --mem-budget="$given" "$SEED" >"$TMP/rep"
	check "--mem-budget=$given: the report echoes $want" \
	    grep -qF "Budget per compile (--mem-budget): $want; the largest peak is 12.98 GB (reg_flow)" "$TMP/rep"
	"$SPILLWAY" --check --mem-budget="$given" "$SEED" >"$TMP/chk"
	if grep -q '^VIOLATION' "$TMP/chk"; then
		check "--mem-budget=$given: every violation echoes $want" \
		    sh -c "[ \$(grep -c '^VIOLATION' '$TMP/chk') -eq \$(grep -cF 'over --mem-budget=$want (' '$TMP/chk') ]"
	fi
done
# The peak in the budget's own unit beside it, so that the two compare
# without converting: 0.19 GB over 150 MiB reads as 184.797 MiB over it.
"$SPILLWAY" --check --mem-budget=150MiB "$APP" >"$TMP/chk"
check "--mem-budget=150MiB: the peak in MiB too" grep -qxF \
    "VIOLATION build/app: peak RSS 0.19 GB = 184.797 MiB (189232 KiB) over --mem-budget=150 MiB (153600 KiB)" "$TMP/chk"
"$SPILLWAY" --check --jobs=2 --mem-host=16GiB "$SEED" >"$TMP/chk"
check "--mem-host=16GiB: the sum in GiB too" \
    grep -qF "peaks sum to 21.90 GB = 20.396 GiB (21386719 KiB), over --mem-host=16 GiB (16777216 KiB)" "$TMP/chk"
check "--mem-budget=14GiB is no longer echoed as 15.03 GB" sh -c "! grep -q '15.03 GB' '$TMP/rep'"
"$SPILLWAY" --check --jobs=2 --mem-host=16GB "$SEED" >"$TMP/chk"
check "--mem-host=16GB: --check echoes 16 GB" \
    grep -qF "peaks sum to 21.90 GB (21386719 KiB), over --mem-host=16 GB (15625000 KiB)" "$TMP/chk"
"$SPILLWAY" --report --sections=builds --jobs=2 --mem-host=16GB "$SEED" >"$TMP/rep"
check "--mem-host=16GB: the report echoes 16 GB" \
    grep -qF "Host memory (--mem-host): 16 GB; the most at once is 21.90 GB: over it." "$TMP/rep"

# What is no size.
for bad in nan inf 1e3 0x10G -1G "1 G" " 1G" 1PB 1GiBx 1..2G 9223372036854775807 ""; do
	expect_status 2 "--mem-budget='$bad' is refused" "$SPILLWAY" --check --mem-budget="$bad" "$SEED"
	check "  ...saying what a size is" grep -qF -- "--mem-budget takes a size (14GiB, 512M, or KiB as a plain number), not '$bad'" "$TMP/err"
done

# The browser: its Build view prints the sizes --summary prints, its Check
# view the --check lines, budget echo included.  In tmux, as tests/e2e/tui.sh.
TUI_OPTIONAL=1 . "${srcdir:-.}/tests/lib/tui-lib.sh"
if [ -n "$TUI_MISSING" ]; then
	echo "# tmux missing: the browser's faces not compared"
	finish
fi
for log in "$SEED" "$APP"; do
	b=$(basename "$log")
	SOCK="$TMP/tmux.$b"
	tm new-session -d -x 160 -y 40 -s spw \
	    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SPILLWAY' --mem-budget=100MiB '$log'; sleep 600"
	check "$b: the browser offers the Build view" wait_for "2 Build"
	tm send-keys -t spw 2
	check "$b: 2 shows the compiles" wait_for " compiles"
	# The rows are drawn after the heading: wait for the last one.
	check "$b: ... down to the last module" wait_for "$(tail -n 1 "$TMP/$b.summary" | cut -d' ' -f1)"
	awk '/^  module +peak RSS/ { on = 1; next } on && NF >= 5 && $1 != "time" && $1 != "running" { print $1 " " $2 " " $3 }' "$TMP/screen" >"$TMP/$b.tui"
	if cmp -s "$TMP/$b.summary" "$TMP/$b.tui"; then
		pass "$b: the Build view prints every module's peak as --summary does"
	else
		fail "$b: the Build view and --summary disagree"
		diff "$TMP/$b.summary" "$TMP/$b.tui" | sed 's/^/    /'
	fi
	"$SPILLWAY" --check --mem-budget=100MiB "$log" | sed -n 's/^VIOLATION //p' | head -n 1 >"$TMP/line"
	check "$b: --check's first violation echoes 100 MiB" grep -q 'over --mem-budget=100 MiB (102400 KiB)$' "$TMP/line"
	tm send-keys -t spw 3
	check "$b: the Check view prints that violation as --check does" wait_for "$(cat "$TMP/line")"
	tm kill-server 2>/dev/null
done
finish
