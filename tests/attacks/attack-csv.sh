#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile inputs (issue 20), csv: --list CSVs read back, --baseline gates,
# allowance tables read and written.  Every reproducer under
# tests/attacks/repro/csv, tests/attacks/repro/allow and the csv cases of
# tests/attacks/repro/names and host, run within the bounds, with what must be
# said (the file and the line) and what must be kept (rows after a bad
# one, the old table).
. "${srcdir:-.}/tests/lib/lib.sh"

A="$srcdir/tests/attacks/repro"
EX="$srcdir/data/example"
TABLE="$EX/spill-allow.csv"

# said FILE LINE: the message names the file, an offset and the line.
said() {
	grep -q "$1: offset 0x[0-9a-f]*: line $2: " "$TMP/err"
}
# rows: the --list rows written (the header aside).
rows() {
	echo $(($(wc -l <"$TMP/out") - 1))
}

# --list FILE.csv: name, exit status, line named (- when none), rows read.
# A file is read whole or its damage named by line; the rows around a bad
# row are kept; a last line without a newline is a file cut short.
while read -r name want line kept; do
	f="$A/csv/$name.csv"
	bounded "$want" "--list $name.csv" "$SPILLWAY" --list "$f"
	check "$name.csv: $kept rows read (got $(rows))" [ "$(rows)" -eq "$kept" ]
	if [ "$line" = - ] && [ "$kept" -eq 0 ]; then
		check "$name.csv: only that it holds no rows (issue 36)" \
			grep -qxF "spillway: no device code under $f" "$TMP/err"
	elif [ "$line" = - ]; then
		check "$name.csv: nothing said" [ ! -s "$TMP/err" ]
	else
		check "$name.csv: the message names the file and line $line" said "$f" "$line"
	fi
	# The same file as a baseline: a gate never passes on what it could not read.
	bounded "$want" "--check --baseline=$name.csv --max-growth=stack:0" \
		"$SPILLWAY" --check --allow="$TABLE" --baseline="$f" --max-growth=stack:0 "$EX"
done <<EOF
bad-row-early 2 2 999
bom 0 - 1
crlf 0 - 1
dup-cols 2 1 0
extra-cols 2 1 0
header-only 0 - 0
list-cut-100 2 706 704
list-cut-1000 2 701 699
list-cut-20000 2 626 624
list-cut-5000 2 686 684
list-cut-in-number 2 16 14
long-row 2 2 0
long-sm 2 2 0
num-exp 2 2 0
num-neg 2 2 0
num-overflow 2 2 0
num-space 0 - 1
odd-sm 2 2 2
short-row 2 2 0
unterminated 2 2 0
EOF

# A file cut short: what is read is its complete lines, exactly.
for name in list-cut-100 list-cut-in-number; do
	f="$A/csv/$name.csv"
	"$SPILLWAY" --list "$f" >"$TMP/out" 2>"$TMP/err"
	check "$name.csv: said to be cut short" grep -q "$f: offset 0x[0-9a-f]*: line [0-9]*: cut short" "$TMP/err"
	# The file predates the visibility column: its rows read back with
	# the column added, as default.
	head -n "$(wc -l <"$f")" "$f" | sed '1s/$/,visibility/; 2,$s/$/,default/' >"$TMP/whole"
	# Columns added after visibility (max_block, derived) are left out.
	list_upto visibility <"$TMP/out" >"$TMP/out.upto"
	check "$name.csv: the complete rows read back as they were" cmp -s "$TMP/whole" "$TMP/out.upto"
done
"$SPILLWAY" --list "$A/csv/bad-row-early.csv" >"$TMP/out" 2>"$TMP/err"
check "bad-row-early.csv: one message" [ "$(wc -l <"$TMP/err")" -eq 1 ]
check "bad-row-early.csv: the last row is read" grep -q '^lib,,sm_80,entry,k999,' "$TMP/out"

# Variants: a --list of the example cut at every 211th byte is refused as cut
# short unless the cut falls after a newline; one bad row in 20,000 drops
# only itself; more than ten bad rows are one message each, then counted.
"$SPILLWAY" --list "$EX" >"$TMP/full.csv"
size=$(wc -c <"$TMP/full.csv")
cuts=0 wrong=0 at=$(($(head -n 1 "$TMP/full.csv" | wc -c) + 1))
while [ "$at" -lt "$size" ]; do
	head -c "$at" "$TMP/full.csv" >"$TMP/cut.csv"
	"$SPILLWAY" --list "$TMP/cut.csv" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$(tail -c 1 "$TMP/cut.csv" | od -An -c | tr -d ' ')" = '\n' ]; then
		[ "$rc" -eq 0 ] || wrong=$((wrong + 1))
	else
		[ "$rc" -eq 2 ] && grep -q "cut short" "$TMP/err" || wrong=$((wrong + 1))
		head -n "$(wc -l <"$TMP/cut.csv")" "$TMP/cut.csv" | cmp -s - "$TMP/out" || wrong=$((wrong + 1))
	fi
	cuts=$((cuts + 1))
	at=$((at + 211))
done
check "the example's --list cut at $cuts places: each cut named, the rows before it exact ($wrong wrong)" [ "$wrong" -eq 0 -a "$cuts" -gt 20 ]
awk 'BEGIN {
	print "library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads"
	for (i = 0; i < 20000; i++)
		printf "lib,,sm_80,entry,k%d,k,k,,%s,0,0,0,,0,0,0,,,,\n", i, i == 7777 ? "1e3" : "12"
}' >"$TMP/bad1.csv"
bounded 2 "one bad row in 20,000" "$SPILLWAY" --list "$TMP/bad1.csv"
check "19,999 rows kept (got $(rows))" [ "$(rows)" -eq 19999 ]
check "the bad row named by its line" said "$TMP/bad1.csv" 7779
awk 'BEGIN {
	print "library,member,sm,kind,mangled,name,collapsed,namespace,reg,stack,shared,local,constant,texture,surface,sampler,max_threads,min_blocks,spill_stores,spill_loads"
	for (i = 0; i < 100000; i++)
		printf "lib,,sm_80,entry,k%d,k,k,,%s,0,0,0,,0,0,0,,,,\n", i, i % 2 ? "-1" : "12"
}' >"$TMP/bad2.csv"
bounded 2 "50,000 bad rows in 100,000" "$SPILLWAY" --list "$TMP/bad2.csv"
check "50,000 rows kept (got $(rows))" [ "$(rows)" -eq 50000 ]
check "ten messages and one that counts the rest" [ "$(wc -l <"$TMP/err")" -eq 11 ]
check "the rest counted" grep -q "line 23: and 49990 more rows not read (lines 23 to 100001)" "$TMP/err"

# --baseline: missing, malformed, a truncated object: the gate exits 2 and
# names the file.
bounded 2 "--baseline= a missing file" \
	"$SPILLWAY" --check --allow="$TABLE" --baseline="$TMP/nonexistent.csv" --max-growth=stack:0 "$EX"
check "it names the file" grep -q "$TMP/nonexistent.csv" "$TMP/err"
bounded 2 "--baseline= a malformed CSV" \
	"$SPILLWAY" --check --allow="$TABLE" --baseline="$A/names/bad-baseline.csv" --max-growth=stack:0 "$EX"
check "it names the file and line" said "$A/names/bad-baseline.csv" 2
bounded 2 "--baseline= a truncated object" \
	"$SPILLWAY" --check --allow="$TABLE" --baseline="$A/host/baseline-truncated.o" --max-growth=stack:0 "$EX"
check "it names the file" grep -q "baseline-truncated.o: offset 0x" "$TMP/err"
"$SPILLWAY" --list "$EX" >"$TMP/base.csv"
bounded 0 "--baseline= a sound --list of the same tree" \
	"$SPILLWAY" --check --allow="$TABLE" --baseline="$TMP/base.csv" --max-growth=stack:0 "$EX"
sed 's/,stackdemo::gather_local_kernel,stackdemo,32,1024,/,stackdemo::gather_local_kernel,stackdemo,32,1000,/' \
	"$TMP/base.csv" >"$TMP/grown.csv"
check "the baseline edited" sh -c '! cmp -s "$0" "$1"' "$TMP/base.csv" "$TMP/grown.csv"
bounded 1 "--baseline= a sound --list with a kernel grown since" \
	"$SPILLWAY" --check --allow="$TABLE" --baseline="$TMP/grown.csv" --max-growth=stack:0 "$EX"

# Allowance tables: read, or refused naming file and line.
while read -r name want line; do
	f="$A/allow/$name.csv"
	bounded "$want" "--check --allow=$name.csv" "$SPILLWAY" --check --allow="$f" "$EX"
	if [ "$line" = - ]; then
		check "$name.csv: read" [ ! -s "$TMP/err" ]
	else
		check "$name.csv: the message names the file and line $line" grep -q "^spillway: $f:$line: " "$TMP/err"
	fi
done <<EOF
blank 2 3
comment-quote 1 -
crlf 1 -
dup-normalized 2 3
empty 2 1
extra-field 2 2
multiline-note 1 -
plus 2 2
quotes 1 -
reordered 1 -
short 2 2
sm-a 1 -
sm-upper 2 2
sm5 1 -
space 1 -
stack-overflow 2 2
unterminated 2 2
upper-header 1 -
EOF

# A NUL byte in a note: refused by both, and --update-allow leaves the table.
cp "$A/names/allow-nul.csv" "$TMP/nul.csv"
bounded 2 "--update-allow on a table with a NUL byte" "$SPILLWAY" --update-allow --allow="$TMP/nul.csv" "$BUILD/spill.o"
check "the table is left as it was" cmp -s "$A/names/allow-nul.csv" "$TMP/nul.csv"
bounded 2 "--check on a table with a NUL byte" "$SPILLWAY" --check --allow="$TMP/nul.csv" "$BUILD/spill.o"
check "it names the file and line" grep -q "$TMP/nul.csv:9: a NUL byte" "$TMP/err"

# sm_10000: what --update-allow writes, --check reads.
printf 'kernel,sm,stack,local,note\n' >"$TMP/arch.csv"
bounded 0 "--update-allow on sm_10000" "$SPILLWAY" --update-allow --allow="$TMP/arch.csv" "$A/allow/spill-arch10000.fatbin"
check "a row for sm_10000" grep -q '^hpc::pressure::mix_spill_kernel,sm_10000,1192,0,$' "$TMP/arch.csv"
bounded "0|1" "--check reads it back" "$SPILLWAY" --check --allow="$TMP/arch.csv" "$A/allow/spill-arch10000.fatbin"

# Kernel names of every kind of byte: the table written reads back.
bounded 0 "--update-allow on weird kernel names" "$SPILLWAY" --update-allow --allow="$TMP/weird.csv" "$A/names/weird-spills.cubin"
bounded 0 "--check reads that table back and passes" "$SPILLWAY" --check --allow="$TMP/weird.csv" "$A/names/weird-spills.cubin"

# A symlinked table: the target is written, the link stays, the mode too.
mkdir -p "$TMP/ad/shared"
sed 's/^stackdemo::printf_kernel,sm_75,24,/stackdemo::printf_kernel,sm_75,48,/' "$TABLE" >"$TMP/ad/shared/real.csv"
chmod 640 "$TMP/ad/shared/real.csv"
ln -s shared/real.csv "$TMP/ad/link.csv"
bounded 0 "--update-allow through a symlink" "$SPILLWAY" --update-allow --allow="$TMP/ad/link.csv" "$EX/stack.o"
check "the target is updated" cmp -s "$TABLE" "$TMP/ad/shared/real.csv"
check "the link is still a link" [ -L "$TMP/ad/link.csv" ]
check "the target keeps mode 640" [ "$(stat -c %a "$TMP/ad/shared/real.csv")" = 640 ]
check "no temporary left" [ "$(find "$TMP/ad" | wc -l)" -eq 4 ]
ln -s shared/gone.csv "$TMP/ad/dangling.csv"
bounded 2 "--update-allow through a dangling symlink" "$SPILLWAY" --update-allow --allow="$TMP/ad/dangling.csv" "$EX/stack.o"
check "nothing created" [ ! -e "$TMP/ad/shared/gone.csv" ]

# Streams: a FIFO with no writer ends at once; a pipe, - and <(...) are read.
mkfifo "$TMP/fifo" 2>/dev/null || true
if [ -p "$TMP/fifo" ]; then
	bounded 2 "--allow= a FIFO with no writer" "$SPILLWAY" --check --allow="$TMP/fifo" "$EX"
	check "it says so, naming the FIFO" grep -q "$TMP/fifo: a stream that ended empty" "$TMP/err"
fi
bounded 0 "--allow=/dev/stdin from a pipe" sh -c 'cat "$1" | "$0" --check --allow=/dev/stdin "$2"' "$SPILLWAY" "$TABLE" "$EX"
bounded 0 "--allow=- from standard input" sh -c '"$0" --check --allow=- "$2" <"$1"' "$SPILLWAY" "$TABLE" "$EX"
if command -v bash >/dev/null 2>&1; then
	bounded 0 "--allow=<(cat table)" bash -c '"$0" --check --allow=<(cat "$1") "$2"' "$SPILLWAY" "$TABLE" "$EX"
fi
bounded 2 "--update-allow --allow=- (a stream cannot be written back)" \
	sh -c '"$0" --update-allow --allow=- "$2" <"$1"' "$SPILLWAY" "$TABLE" "$EX"
check "it says why" grep -q "a stream, not a file" "$TMP/err"
bounded 2 "--allow=/dev/zero" "$SPILLWAY" --check --allow=/dev/zero "$EX"
check "it says what /dev/zero is" grep -q "/dev/zero: is a character device" "$TMP/err"
finish
