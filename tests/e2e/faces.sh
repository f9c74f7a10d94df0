#!/bin/sh
# SPDX-License-Identifier: MIT
# One truth, many faces (issue 22): the same input through two faces gives
# the same words and numbers.  --check against the report's summary (CSV),
# --summary against --check, the VIOLATION lines against the total line
# that counts them, and the browser's table and Check view (in tmux)
# against the CLI.  Every figure compared is read from the faces' output,
# never written here.
. "${srcdir:-.}/tests/lib/lib.sh"

EXAMPLE="$srcdir/data/example"

# field N of "A, B, C" after "prefix: " -- the number before WORDS in LINE.
number_before() { printf '%s\n' "$1" | sed -n "s/.* \([0-9][0-9]*\) $2.*/\1/p" | head -1; }
# The report's summary row NAME as "kernels instantiations entries framed".
report_row() {
	awk -F, -v row="$2" '$1 == "summary" && $2 == row { print $3, $4, $5, $6 }' "$1"
}
# The sums of the per-library count lines of --summary or --check:
# "kernels instantiations entries framed".
library_sums() {
	sed -n 's/^.*: \([0-9]*\) kernels* (\([0-9]*\) instantiations*) on .* (\([0-9]*\) entr[iesy]*[^)]*), \([0-9]*\) uses* stack.*/\1 \2 \3 \4/p' "$1" |
	    awk '{ k += $1; i += $2; e += $3; f += $4 } END { print k + 0, i + 0, e + 0, f + 0 }'
}
total_line() { grep '^check: ' "$1"; }

# --- the vendored rule: --check and the report skip the same entries ------
for glob in '*rdc_a.o' 'moderate_*' '*maxrreg*' no-namespace; do
	"$SPILLWAY" --check --vendored="$glob" "$EXAMPLE" >"$TMP/check.out" 2>/dev/null
	"$SPILLWAY" --report=csv --sections=summary --vendored="$glob" "$EXAMPLE" >"$TMP/report.csv" 2>/dev/null
	t=$(total_line "$TMP/check.out")
	gated=$(number_before "$t" "entries gated")
	skipped=$(number_before "$t" "vendored entries skipped")
	rg=$(report_row "$TMP/report.csv" gated | cut -d' ' -f3)
	rs=$(report_row "$TMP/report.csv" "skipped (vendored)" | cut -d' ' -f3)
	check "--vendored=$glob: --check skips some ($skipped)" [ "${skipped:-0}" -gt 0 ]
	check "--vendored=$glob: the report skips as many ($rs = $skipped)" [ "$rs" = "$skipped" ]
	check "--vendored=$glob: and gates as many ($rg = $gated)" [ "$rg" = "$gated" ]
	# The report's gated row in whole equals the sums of --check's library lines.
	check "--vendored=$glob: report row = sums of --check's library lines" \
		[ "$(report_row "$TMP/report.csv" gated)" = "$(library_sums "$TMP/check.out")" ]
done

# --- one count vocabulary: --summary, --check and the report agree --------
for tree in "$EXAMPLE" "$BUILD"; do
	name=$(basename "$tree")
	"$SPILLWAY" --summary "$tree" >"$TMP/summary.out" 2>/dev/null
	"$SPILLWAY" --check "$tree" >"$TMP/check.out" 2>/dev/null
	"$SPILLWAY" --report=csv --sections=summary "$tree" >"$TMP/report.csv" 2>/dev/null
	sums=$(library_sums "$TMP/summary.out")
	check "$name: --summary says kernels and instantiations ($sums)" [ "${sums%% *}" -gt 0 ]
	check "$name: --check's library lines count as --summary's" \
		[ "$(library_sums "$TMP/check.out")" = "$sums" ]
	check "$name: the report's gated row counts as --summary's" \
		[ "$(report_row "$TMP/report.csv" gated)" = "$sums" ]
	# Line by line, too: --summary's numbers are --check's for every library.
	sed -n 's/^\([^ ]*\): \([0-9]* kernels* ([0-9]* instantiations*)\) on .* (\([0-9]*\) entr[iesy]*).*/\1 \2 \3/p' \
		"$TMP/summary.out" >"$TMP/a"
	sed -n 's/^\([^ ]*\): \([0-9]* kernels* ([0-9]* instantiations*)\) on .* (\([0-9]*\) entr[iesy]* gated.*/\1 \2 \3/p' \
		"$TMP/check.out" >"$TMP/b"
	check "$name: every library line, --summary = --check ($(wc -l <"$TMP/a") libraries)" \
		sh -c 'test -s "$1" && cmp -s "$1" "$2"' sh "$TMP/a" "$TMP/b"
done

# --- the total line adds up to the VIOLATION lines above it ---------------
# not allowed: the distinct entries (kernel, sm, object) among the lines.
violations_agree() {
	t=$(total_line "$TMP/out")
	lines=$(grep -c '^VIOLATION' "$TMP/out")
	said=$(number_before "$t" "violation")
	entries=$(grep '^VIOLATION .* sm_[0-9a-z]*: ' "$TMP/out" |
	    sed 's/^VIOLATION \(.* sm_[0-9a-z]*\): .*\(\[[^]]*\]\)$/\1 \2/' | sort -u | wc -l)
	check "$1: $lines VIOLATION lines, the total says $said" [ "$lines" -gt 0 ] && [ "$said" = "$lines" ]
	check "$1: not allowed = entries among them ($entries)" \
		[ "$(number_before "$t" "not allowed")" = "$entries" ]
}
expect_status 1 "--max-regs=40" "$SPILLWAY" --check --max-regs=40 "$EXAMPLE"
violations_agree "--max-regs=40"
check "--max-regs=40: the total counts both rules" sh -c 'grep "^check: " "$1" | grep -q "allowance, [0-9]* --max-regs)"' sh "$TMP/out"
expect_status 1 "--require-sass=sm_100" "$SPILLWAY" --check --allow="$EXAMPLE/spill-allow.csv" --require-sass=sm_100 "$EXAMPLE"
t=$(total_line "$TMP/out")
check "--require-sass: the total counts its $(grep -c '^VIOLATION' "$TMP/out") violations" \
	[ "$(number_before "$t" "violation")" = "$(grep -c '^VIOLATION' "$TMP/out")" ]
check "--require-sass: no entry is not allowed" [ "$(number_before "$t" "not allowed")" = 0 ]

# --- a real library, where the numbers are large --------------------------
REAL=""
for l in /usr/local/cuda/lib64/libcusparse.so* /usr/local/cuda/lib64/libcublas.so*; do
	[ -f "$l" ] && [ ! -L "$l" ] && { REAL=$l; break; }
done
if [ -n "$REAL" ]; then
	"$SPILLWAY" --summary "$REAL" >"$TMP/summary.out" 2>/dev/null
	"$SPILLWAY" --check --vendored=no-namespace --max-regs=64 "$REAL" >"$TMP/out" 2>/dev/null
	"$SPILLWAY" --report=csv --sections=summary --vendored=no-namespace "$REAL" >"$TMP/report.csv" 2>/dev/null
	"$SPILLWAY" --report=csv --sections=summary "$REAL" >"$TMP/all.csv" 2>/dev/null
	check "$(basename "$REAL"): the report counts as --summary ($(library_sums "$TMP/summary.out"))" \
		[ "$(report_row "$TMP/all.csv" gated)" = "$(library_sums "$TMP/summary.out")" ]
	t=$(total_line "$TMP/out")
	check "$(basename "$REAL"): vendored, --check and the report skip the same" \
		[ "$(report_row "$TMP/report.csv" "skipped (vendored)" | cut -d' ' -f3)" = "$(number_before "$t" "vendored entries skipped")" ]
	violations_agree "$(basename "$REAL") --max-regs=64"
else
	echo "# no CUDA library under /usr/local/cuda/lib64: the real-library case skipped"
fi

# --- the browser: its table and its Check view say what the CLI says ------
TUI_OPTIONAL=1 . "${srcdir:-.}/tests/lib/tui-lib.sh"
if [ -z "$TUI_MISSING" ]; then
	"$SPILLWAY" --summary "$EXAMPLE" >"$TMP/summary.out"
	kernels=$(library_sums "$TMP/summary.out" | cut -d' ' -f1)
	"$SPILLWAY" --check --max-regs=40 --vendored='*rdc_a.o' "$EXAMPLE" >"$TMP/check.out"
	t=$(total_line "$TMP/check.out")
	tm new-session -d -x 300 -y 60 -s spw \
	    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SPILLWAY' --max-regs=40 --vendored='*rdc_a.o' '$EXAMPLE'; sleep 600"
	check "the browser's table counts --summary's $kernels kernels" wait_for " of $kernels kernels"
	tm send-keys -t spw 2
	check "its header counts the same entries" wait_for \
		"$(grep -c '^VIOLATION' "$TMP/check.out") violations, 0 notices; $(number_before "$t" "entries gated") entries gated, $(number_before "$t" "vendored entries skipped") vendored entries skipped"
	tm send-keys -t spw G
	check "its Check view shows --check's total line" wait_for "$t"
	tm kill-server 2>/dev/null
	if [ -n "$REAL" ]; then
		"$SPILLWAY" --summary "$REAL" >"$TMP/summary.out"
		kernels=$(library_sums "$TMP/summary.out" | cut -d' ' -f1)
		tm new-session -d -x 300 -y 60 -s spw \
		    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SPILLWAY' '$REAL'; sleep 600"
		check "$(basename "$REAL"): the browser counts --summary's $kernels kernels" \
			wait_for " of $kernels kernels"
		tm kill-server 2>/dev/null
	fi
else
	echo "# tmux missing: the browser's cases skipped"
fi
finish
