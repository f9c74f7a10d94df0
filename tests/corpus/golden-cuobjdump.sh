#!/bin/sh
# SPDX-License-Identifier: MIT
# Every corpus artifact: spillway --list must equal cuobjdump
# --dump-resource-usage row for row (REG, STACK, SHARED, LOCAL, CONSTANT[n],
# TEXTURE, SURFACE, SAMPLER on every sm, and the same (function, sm) set),
# and every entry compiled by ptxas -v must show ptxas's registers and
# cumulative stack size.  The same for tests/corpus/cuda118 (nvcc 11.8
# builds) against cuobjdump 11.8 and ptxas 11.8.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }

# The artifacts of relocatable images (-rdc=true objects, their archives):
# cuobjdump's STACK is a placeholder there, and ptxas -v's frame is the
# truth (golden_compare.py --relocatable).
relocatable() {
	case "$1" in rdc_a*.o|rdc_b*.o|librdc*.a) echo --relocatable ;; esac
}

# equal_to_cuobjdump SHOWN FILE GOLDEN [KNOWN]: --list of FILE, into
# $TMP/NAME.csv, exits 0 without a message and equals cuobjdump's GOLDEN
# row for row.  With KNOWN ("E/T"), FILE is a known failure: the
# comparison must end at exactly "E/T rows match", and a FILE that
# matches more (or less) fails, to be taken off its list.
equal_to_cuobjdump() {
	local shown=$1 f=$2 golden=$3 known=${4:-} b rc result
	b=$(basename "$f")
	"$SPILLWAY" --list "$f" >"$TMP/$b.csv" 2>"$TMP/$b.err"
	check "$shown: --list exits 0" [ $? -eq 0 ]
	check "$shown: no message" [ ! -s "$TMP/$b.err" ]
	python3 "$srcdir/tests/corpus/golden_compare.py" $(relocatable "$b") resource-usage "$TMP/$b.csv" \
	    "$golden" >"$TMP/cmp"
	rc=$?
	result=$(tail -1 "$TMP/cmp")
	if [ -n "$known" ]; then
		case "$result" in
		"$known rows match"*) pass "$shown: known failure, $result (cuobjdump)" ;;
		*) fail "$shown: a known failure at $known rows equal, now $result: update its list"
		   sed 's/^/    /' "$TMP/cmp" ;;
		esac
	elif [ $rc -eq 0 ]; then
		pass "$shown: $result (cuobjdump)"
	else
		fail "$shown: cuobjdump differs"; sed 's/^/    /' "$TMP/cmp"
	fi
}

# equal_to_ptxas SHOWN CSV LOG: every entry ptxas -v compiled into the
# artifact (LOG, its build log) has ptxas's registers and stack in CSV.
equal_to_ptxas() {
	local shown=$1 csv=$2 log=$3
	[ -s "$log" ] || return 0
	if python3 "$srcdir/tests/corpus/golden_compare.py" $(relocatable "$(basename "$csv" .csv)") ptxas "$csv" "$log" >"$TMP/cmp"; then
		pass "$shown: $(tail -1 "$TMP/cmp") (ptxas -v)"
	else
		case "$(tail -1 "$TMP/cmp")" in
		0/0*) pass "$shown: ptxas compiled no entry" ;;
		*) fail "$shown: ptxas differs"; sed 's/^/    /' "$TMP/cmp" ;;
		esac
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
	equal_to_ptxas "$b" "$TMP/$b.csv" "$GOLDEN/$b.ptxas.log"
done

# The CUDA 11.8 corpus (tests/corpus/cuda118: sm_35 to sm_72, the pre-12
# fatbin compression, and sm_80 to sm_90 as nvcc 11.8 builds them)
# against cuobjdump 11.8, from the committed goldens.  Every golden lists
# functions: an empty one would compare nothing.
#
# Known failures, one per line as "ARTIFACT equal/total" (the rows equal
# today): none.  An artifact listed here passes only at exactly that count.
CUDA118_KNOWN_FAILURES=""
C118="$CORPUS/cuda118"
n118=0
for f in "$C118"/build/*; do
	b=$(basename "$f")
	n118=$((n118 + 1))
	golden="$C118/golden/$b.resource-usage.txt"
	check "cuda118/$b: cuobjdump 11.8 lists functions" grep -q '^ *Function ' "$golden"
	known=$(echo "$CUDA118_KNOWN_FAILURES" | sed -n "s/^$(echo "$b" | sed 's/\./\\./g') //p")
	equal_to_cuobjdump "cuda118/$b" "$f" "$golden" "$known"
	# As rdc_app above.
	[ "$b" = rdc_app.old ] && continue
	equal_to_ptxas "cuda118/$b" "$TMP/$b.csv" "$C118/golden/$b.ptxas.log"
done
check "cuda118: every artifact of build.sh is there ($n118)" \
	[ "$n118" -eq "$(sh "$C118/build.sh" --list | grep -c .)" ]

# Real files built elsewhere: tests/corpus/golden-extra.sh.

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
"$SPILLWAY" -T 1 --list "$C118/build" >"$TMP/c118-t1.csv" 2>/dev/null
"$SPILLWAY" -T 4 --list "$C118/build" >"$TMP/c118-t4.csv" 2>/dev/null
check "cuda118: --list identical at 1 and 4 workers" cmp -s "$TMP/c118-t1.csv" "$TMP/c118-t4.csv"
finish
