#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, time and memory past the bounds (issue 35): every case
# within 10 s of CPU and 256 MiB of peak RSS, whatever the input chooses.
# Cases hashflood-*, update-allow-25k-rows, allow-quoted-field-100MiB,
# jobs-auto-100k-modules and report-html-100k-kernels of tests/attacks/repro3,
# their inputs made by tests/attacks/repro3/gen at test time.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
cd "$TMP" || exit 1
GEN="python3 $srcdir/tests/attacks/repro3/gen/gen.py"

# --- names that share one hash of the old, unkeyed string pool: interning
# them was quadratic (60,000: 15 s; 120,000: a minute).  The pool's hash is
# keyed per run now.
$GEN flood-cubin flood.cubin 60000
cpu_bounded 0 "60,000 kernel names of one unkeyed hash, a cubin" "$SPILLWAY" --list flood.cubin
check "the cubin: every name listed" [ "$(grep -c '^' "$TMP/out")" -gt 60000 ]
$GEN flood-ptxas flood.log 60000
cpu_bounded 0 "60,000 kernel names of one unkeyed hash, a ptxas -v log" "$SPILLWAY" --summary flood.log
rm -f flood.cubin flood.log

# --- --update-allow of a table that gains 25,000 rows: the table was sorted
# again after each new row (20,000: 14 s); now once.
$GEN stack-kernels s25k.cubin 25000
cpu_bounded 0 "--update-allow: 25,000 new rows" "$SPILLWAY" --update-allow --allow=new.csv s25k.cubin
check "--update-allow: 25,000 rows written" [ "$(grep -c '^stack_kernel_' new.csv)" = 25000 ]
check "--update-allow: in kernel order" sh -c "grep '^stack_kernel_' new.csv | sort -c"
cpu_bounded 0 "--check against the 25,000 rows" "$SPILLWAY" --check --allow=new.csv s25k.cubin
rm -f s25k.cubin new.csv

# --- an allowance table whose kernel is one quoted field over 102,400 lines
# (100 MiB): quadratic, 30 s and 672 MB.  A table is at most 16 MiB, a
# record 1 MiB: refused at once, exit 2, the bound named.
$GEN ok-cubin ok.cubin
$GEN allow-quoted quoted.csv 100
cpu_bounded 2 "--check --allow: a quoted field of 100 MiB" "$SPILLWAY" --check --allow=quoted.csv ok.cubin
check "the table's bound named" grep -q "quoted.csv: larger than 16 MiB" "$TMP/err"
cpu_bounded 2 "--check --allow=-: the same table as a stream" sh -c "exec '$SPILLWAY' --check --allow=- ok.cubin <quoted.csv"
$GEN allow-quoted quoted.csv 2
cpu_bounded 2 "--check --allow: a quoted field of 2 MiB" "$SPILLWAY" --check --allow=quoted.csv ok.cubin
check "the record's bound named, at its line" grep -q "quoted.csv:2: a record of more than 1 MiB" "$TMP/err"
rm -f quoted.csv
# The same field in a --list CSV read back (415 MB): a record of more than
# 1 MiB is a bad row, exit 2.
"$SPILLWAY" --list ok.cubin >list.csv
python3 -c "import sys; h, r = open(sys.argv[1]).read().split(chr(10))[:2]; f = r.split(','); \
f[4] = chr(34) + ('y' * 1023 + chr(10)) * 102400 + chr(34); \
open(sys.argv[1], 'w').write(h + chr(10) + ','.join(f) + chr(10))" list.csv
cpu_bounded 2 "--summary of a --list CSV with a quoted field of 100 MiB" "$SPILLWAY" --summary list.csv
check "the --list CSV's record bound named, at its line" grep -q "list.csv: .*line 2: a record of more than 1 MiB" "$TMP/err"
rm -f list.csv
# And in a --list=images CSV given as a baseline (211 MB): no such CSV.
"$SPILLWAY" --list=images ok.cubin >images.csv
python3 -c "import sys; h, r = open(sys.argv[1]).read().split(chr(10))[:2]; f = r.split(','); \
f[0] = chr(34) + ('y' * 1023 + chr(10)) * 102400 + chr(34); \
open(sys.argv[1], 'w').write(h + chr(10) + ','.join(f) + chr(10))" images.csv
cpu_bounded 2 "--check --baseline: a --list=images CSV with a quoted field of 100 MiB" \
	"$SPILLWAY" --check --baseline=images.csv ok.cubin
check "the field's bound named" grep -q "images.csv: not a --list=images CSV: a field of more than 1 MiB" "$TMP/err"
rm -f images.csv

# --- --jobs=auto over 100,000 modules all running at once: every -j from 1
# to 64 was a whole schedule, its sets and pairs (20 s).  The jobs are laid
# out once, each -j one list schedule; the worst case swept only where the
# heaviest peaks together do not fit.
$GEN record rec.log 100000
cpu_bounded 0 "--summary --jobs=auto: 100,000 modules" "$SPILLWAY" --summary --jobs=auto --mem-host=16GB rec.log
check "--jobs=auto: the advice given" grep -q "^--jobs=auto: -j64, the largest whose worst case" "$TMP/out"
# The same modules recorded on alternating core counts: how most were
# recorded was counted over a sample for each module whose count differed.
awk -F '\t' 'BEGIN { OFS = "\t" } NR > 1 { $9 = 2 + NR % 2 } { print }' rec.log >alt.log
cpu_bounded 0 "--summary --jobs=auto: 100,000 modules of alternating cores" \
	"$SPILLWAY" --summary --jobs=auto --mem-host=16GB alt.log
rm -f rec.log alt.log

# --- --report=html of 100,000 kernels held the document five times over
# (its Markdown, cmark's tree, the HTML, the decorated body, the contents):
# 890 MB, and under ulimit -v 400000 "out of memory".  The page is written
# a piece of the Markdown at a time.  Every row is on the page with a
# --max-bytes that takes them all (1 TiB).
$GEN kernels k.cubin 100000
cpu_bounded 0 "--report=html: 100,000 kernels" "$SPILLWAY" --report=html --max-bytes=1099511627776 -o r.html k.cubin
check "--report=html: every kernel on the page" [ "$(grep -c '<td><code>kern_' r.html)" -ge 100000 ]
check "--report=html: one page, whole" sh -c "tail -1 r.html | grep -qx '</html>'"
if [ "$SANITIZED" = 0 ]; then	# ASan's shadow memory does not fit a ulimit -v
	cpu_bounded 0 "--report=html: 100,000 kernels under ulimit -v 400000" \
		sh -c "ulimit -v 400000; exec '$SPILLWAY' --report=html --max-bytes=1099511627776 -o r2.html k.cubin"
	check "--report=html: the same page under ulimit -v" cmp -s r.html r2.html
fi
# By default the page keeps its Markdown under 1 MiB: a few MB that a
# browser opens at once, each table cut saying where its other rows are
# (it was 43 MB).
cpu_bounded 0 "--report=html: 100,000 kernels, the default page" "$SPILLWAY" --report=html -o r3.html k.cubin
check "--report=html: the default page under 4 MB ($(stat -c %s r3.html) bytes)" \
	[ "$(stat -c %s r3.html)" -lt 4000000 ]
check "--report=html: a table cut says that --report=csv lists every row" \
	grep -q "…and [0-9]* more rows (<code>spillway --report=csv</code> lists every row)" r3.html
check "--report=html: the default page, whole" sh -c "tail -1 r3.html | grep -qx '</html>'"
rm -f k.cubin r.html r2.html r3.html

finish
