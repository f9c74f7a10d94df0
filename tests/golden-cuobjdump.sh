#!/bin/sh
# Every corpus artifact: spillway --list must equal cuobjdump
# --dump-resource-usage row for row (REG, STACK, SHARED, LOCAL, CONSTANT[n],
# TEXTURE, SURFACE, SAMPLER on every sm, and the same (function, sm) set),
# and every entry compiled by ptxas -v must show ptxas's registers and
# cumulative stack size.
. "${srcdir:-.}/tests/lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }

# equal_to_cuobjdump SHOWN FILE GOLDEN: --list of FILE, into $TMP/NAME.csv,
# exits 0 without a message and equals cuobjdump's GOLDEN row for row.
equal_to_cuobjdump() {
	local shown=$1 f=$2 golden=$3 b
	b=$(basename "$f")
	"$SPILLWAY" --list "$f" >"$TMP/$b.csv" 2>"$TMP/$b.err"
	check "$shown: --list exits 0" [ $? -eq 0 ]
	check "$shown: no message" [ ! -s "$TMP/$b.err" ]
	if python3 "$srcdir/tests/golden_compare.py" resource-usage "$TMP/$b.csv" \
	    "$golden" >"$TMP/cmp"; then
		pass "$shown: $(tail -1 "$TMP/cmp") (cuobjdump)"
	else
		fail "$shown: cuobjdump differs"; sed 's/^/    /' "$TMP/cmp"
	fi
}

for f in "$BUILD"/*; do
	b=$(basename "$f")
	case "$b" in bad_*) continue ;; esac
	equal_to_cuobjdump "$b" "$f" "$GOLDEN/$b.resource-usage.txt"
	# rdc_app's kernels were linked by nvlink after ptxas ran: their
	# register counts are the maxima over the linked call tree, which
	# ptxas -v of the separate compile never saw.
	[ "$b" = rdc_app ] && continue
	[ -s "$GOLDEN/$b.ptxas.log" ] || continue
	if python3 "$srcdir/tests/golden_compare.py" ptxas "$TMP/$b.csv" \
	    "$GOLDEN/$b.ptxas.log" >"$TMP/cmp"; then
		pass "$b: $(tail -1 "$TMP/cmp") (ptxas -v)"
	else
		case "$(tail -1 "$TMP/cmp")" in
		0/0*) pass "$b: ptxas compiled no entry" ;;
		*) fail "$b: ptxas differs"; sed 's/^/    /' "$TMP/cmp" ;;
		esac
	fi
done

# Real files built elsewhere: tests/golden-extra.sh.

# The whole tree at once gives the same rows as file by file, and the same
# bytes at 1 and 4 workers.
"$SPILLWAY" -T 1 --list "$BUILD" >"$TMP/t1.csv" 2>/dev/null
"$SPILLWAY" -T 4 --list "$BUILD" >"$TMP/t4.csv" 2>/dev/null
check "--list identical at 1 and 4 workers" cmp -s "$TMP/t1.csv" "$TMP/t4.csv"
# Workers copy images out of files kept open; past half the open-file
# limit they open the file again by path.  Under a limit of 70 only
# three files stay open: the rows must not change.
(ulimit -n 70 && "$SPILLWAY" -T 4 --list "$BUILD") >"$TMP/few-fds.csv" 2>/dev/null
check "--list identical with few files kept open" cmp -s "$TMP/t1.csv" "$TMP/few-fds.csv"
check "--list of the tree has every row" [ "$(grep -c . "$TMP/t1.csv")" -gt 700 ]
finish
