#!/bin/sh
# SPDX-License-Identifier: MIT
# A separable-compilation project of our own (tests/corpus/sepcomp: CMake
# with CUDA_SEPARABLE_COMPILATION ON): every row of its relocatable
# objects and their archive equals what ptxas -v and nvlink -v printed
# (a kernel's own frame plus its callees' chain, unknown where recursion
# leaves no bound), every kernel of the device-link object and the
# executable equals nvlink -v, and the whole-program executable's
# recursive kernels read unknown once their ptxas -v log is joined.  The
# gate fails an unbounded stack unless an allowance row accepts it with a
# note, and --update-allow names what no row holds.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
SEP="$CORPUS/sepcomp"
PTXAS="$SEP/golden/ptxas.log"
NVLINK="$SEP/golden/nvlink.log"
CMP="$srcdir/tests/corpus/sepcomp_compare.py"

# compare SHOWN MODE CSV LOGS...: sepcomp_compare.py holds every row.
compare() {
	local shown=$1
	shift
	if python3 "$CMP" "$@" >"$TMP/cmp"; then
		pass "$shown: $(tail -1 "$TMP/cmp")"
	else
		fail "$shown: differs"; sed 's/^/    /' "$TMP/cmp" | head -20
	fi
}

# remote_impl.o holds no entry: ptxas -v names no sm for its function.
for o in recurse frames spiller remote cdp; do
	"$SPILLWAY" --list "$SEP/build/$o.o" "$PTXAS" >"$TMP/$o.csv" 2>"$TMP/$o.err"
	check "$o.o: --list exits 0, no message" [ $? -eq 0 ] && [ ! -s "$TMP/$o.err" ]
	compare "$o.o" object "$TMP/$o.csv" "$PTXAS" "$NVLINK"
done
"$SPILLWAY" --list "$SEP/build/libsepkern.a" "$PTXAS" >"$TMP/lib.csv"
compare libsepkern.a object "$TMP/lib.csv" "$PTXAS" "$NVLINK"
for f in sepapp sepapp_dlink.o; do
	"$SPILLWAY" --list "$SEP/build/$f" >"$TMP/$f.csv"
	compare "$f" linked "$TMP/$f.csv" "$NVLINK"
	"$SPILLWAY" --list "$SEP/build/$f" "$PTXAS" >"$TMP/$f-log.csv"
	compare "$f with the objects' ptxas -v log" linked "$TMP/$f-log.csv" "$NVLINK" "$PTXAS"
done
"$SPILLWAY" --list "$SEP/build/wholeapp" "$PTXAS" >"$TMP/whole.csv"
compare wholeapp whole "$TMP/whole.csv" "$PTXAS"

# cuobjdump 13.0 (taken on the H200 host, golden/*.resource-usage.txt):
# every row of the linked files equal; every row of the relocatable ones
# equal but STACK, which cuobjdump prints as 0 there.
for f in sepapp sepapp_dlink.o wholeapp recurse.o frames.o spiller.o remote.o remote_impl.o \
    cdp.o libsepkern.a; do
	case "$f" in sepapp|sepapp_dlink.o|wholeapp) rel= ;; *) rel=--relocatable ;; esac
	"$SPILLWAY" --list "$SEP/build/$f" >"$TMP/cuo.csv"
	if python3 "$srcdir/tests/corpus/golden_compare.py" $rel resource-usage "$TMP/cuo.csv" \
	    "$SEP/golden/$f.resource-usage.txt" >"$TMP/cmp"; then
		pass "$f: $(tail -1 "$TMP/cmp") (cuobjdump${rel:+, STACK aside})"
	else
		fail "$f: cuobjdump differs"; sed 's/^/    /' "$TMP/cmp" | head -10
	fi
done

# The driver (CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES and NUM_REGS of the
# executable's sm_90 kernels, on the H200): each bounded stack equals its
# local bytes, and the driver says 0 where recursion leaves no bound.
compare "sepapp sm_90" driver "$TMP/sepapp.csv" "$SEP/golden/driver-attrs.tsv" sepapp.2.sm_90.cubin sm_90
check "  ...its 12 kernels and the device runtime's 32" grep -q '^44/44 driver rows hold' "$TMP/cmp"
"$SPILLWAY" --list "$SEP/build/wholeapp" "$PTXAS" >"$TMP/whole-log.csv"
compare "wholeapp sm_90" driver "$TMP/whole-log.csv" "$SEP/golden/driver-attrs.tsv" wholeapp.2.sm_90.cubin sm_90

# Without its log the whole-program binary cannot tell: it says what
# cuobjdump says (STACK 0 for the plain recursive kernel).
"$SPILLWAY" --list "$SEP/build/wholeapp" | list_upto visibility >"$TMP/whole-bare.csv"
check "wholeapp without its log: the recursive kernel reads STACK 0, as the binary says" \
	grep -q ',sm_90,entry,_ZN5whole22whole_recursive_kernelEPKiPii,.*,26,0,0,0,' "$TMP/whole-bare.csv"

# The gate: an unbounded stack fails, with the reason.
expect_status 1 "--check of the static library: the recursive kernels fail" \
	"$SPILLWAY" --check "$SEP/build/libsepkern.a"
check "  ...each says its stack is unbounded" sh -c \
	"[ \$(grep -c 'STACK unbounded: a call chain comes back (recursion)' '$TMP/out') -eq 6 ]"
check "  ...a kilobyte frame of an -rdc object is judged (800 bytes, sm_90)" grep -q \
	"VIOLATION void sep::local_buffer_kernel<200>(float const\*, float\*, int) sm_90: STACK 800 LOCAL 0 (not in allowance table)" "$TMP/out"
check "  ...the calls that leave their object are a notice" grep -q \
	'^4 gated entries call functions their relocatable object does not define' "$TMP/out"

# --update-allow writes the bounded rows and names the unbounded ones (by
# collapsed kernel and sm: two kernels on two sms).
"$SPILLWAY" --update-allow --allow="$TMP/allow.csv" "$SEP/build/libsepkern.a" >"$TMP/upd" 2>&1
check "--update-allow names what no row holds" grep -q \
	"no allowance holds sep::recursive_count_kernel sm_80: its stack is unbounded" "$TMP/upd"
check "  ...and counts them" grep -q '4 unbounded, held by no row' "$TMP/upd"
check "  ...writing no row for them" sh -c "! grep -q '^sep::recursive' '$TMP/allow.csv'"
expect_status 1 "--check with that table: only the recursion fails" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" "$SEP/build/libsepkern.a"
check "  ...6 violations" grep -q '^FAIL: 6 violations' "$TMP/out"

# A written decision accepts it; a row without its note is refused.
for k in 'sep::recursive_walk_kernel' 'sep::recursive_count_kernel'; do
	for sm in sm_80 sm_90; do
		echo "$k,$sm,unbounded,0,\"depth bounded by the caller: at most 8 levels\"" >>"$TMP/allow.csv"
	done
done
expect_status 0 "--check with unbounded rows and their notes passes" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" "$SEP/build/libsepkern.a"
printf 'sep::chain_kernel,sm_80,unbounded,0,\n' >"$TMP/nonote.csv"
sed -n 1,4p "$TMP/allow.csv" | grep -v '^sep' | cat - "$TMP/nonote.csv" >"$TMP/nonote2.csv"
expect_status 2 "an unbounded row without a note is refused" \
	"$SPILLWAY" --check --allow="$TMP/nonote2.csv" "$SEP/build/libsepkern.a"
check "  ...saying why" grep -q "stack 'unbounded' without a note" "$TMP/err"

# The whole-program recursion, with the log: unbounded, and the callee's
# spills count for the kernel (--max-spill).
expect_status 1 "--check of wholeapp with its ptxas log: the recursion fails" \
	"$SPILLWAY" --check --max-spill=0 "$SEP/build/wholeapp" "$PTXAS"
check "  ...whole_recursive_kernel is unbounded" grep -q \
	'whole::whole_recursive_kernel(int const\*, int\*, int) sm_90: STACK unbounded' "$TMP/out"
check "  ...its callee's spills are the kernel's" grep -q \
	'whole::whole_recursive_kernel(int const\*, int\*, int) sm_90: SPILL STORES 36 LOADS 36' "$TMP/out"
finish
