#!/bin/sh
# SPDX-License-Identifier: MIT
# --check end to end, red both ways as seed 000 shows: an allowance lowered
# by one byte fails for every instantiation over it and is green again when
# restored; a new object with a float buf[1024] fails as "not in allowance
# table" with ptxas's 4096 bytes; missing and empty inputs exit 77.
. "${srcdir:-.}/tests/lib/lib.sh"

EXAMPLE="$srcdir/data/example"
TABLE="$EXAMPLE/spill-allow.csv"
SCRATCH="$srcdir/tests/lib/fixtures/spill_scratch.cu.o"

# count_lines WANT FILE PATTERN: exactly WANT lines of FILE match PATTERN (fixed string).
count_lines() {
	[ "$(grep -cF -- "$3" "$2")" -eq "$1" ]
}

# The example table holds data/example as it is.
expect_status 0 "data/example passes with its table" "$SPILLWAY" --check --allow="$TABLE" "$EXAMPLE"
check "no VIOLATION line" sh -c "! grep -q VIOLATION '$TMP/out'"
check "a summary line per library, gated and skipped counted" \
	grep -qx "stack.o: 4 kernels (4 instantiations) on sm_75, sm_86 (8 entries gated, 0 vendored entries skipped), 6 use stack / local memory, 0 not allowed" "$TMP/out"

# One byte under: the one instantiation at 1184 bytes fails, in each library.
sed 's/^hpc::pressure::mix_spill_kernel,sm_86,1184,/hpc::pressure::mix_spill_kernel,sm_86,1183,/' "$TABLE" >"$TMP/lowered.csv"
check "the table was lowered" sh -c "! cmp -s '$TABLE' '$TMP/lowered.csv'"
expect_status 1 "an allowance lowered by one byte" "$SPILLWAY" --check --allow="$TMP/lowered.csv" "$EXAMPLE"
check "the violation names kernel, sm, measure, allowance and object" \
	grep -qxF "VIOLATION void hpc::pressure::mix_spill_kernel<float, 160, 2>(float const*, float*, int) sm_86: STACK 1184 LOCAL 0 (over its allowance STACK 1183 LOCAL 0) [libkernels.so]" "$TMP/out"
check "one line per violating instantiation (two objects carry it)" count_lines 2 "$TMP/out" "VIOLATION"
check "the same in spill_maxrreg32.o" grep -qF "sm_86: STACK 1184 LOCAL 0 (over its allowance STACK 1183 LOCAL 0) [spill_maxrreg32.o]" "$TMP/out"
check "the library line counts it" grep -qF "spill_maxrreg32.o: 2 kernels (4 instantiations) on sm_86, sm_89 (8 entries gated, 0 vendored entries skipped), 8 use stack / local memory, 1 not allowed" "$TMP/out"

# Under every instantiation: one line each, with its own measure.
sed 's/^hpc::pressure::mix_spill_kernel,sm_86,1184,/hpc::pressure::mix_spill_kernel,sm_86,703,/' "$TABLE" >"$TMP/lowered.csv"
expect_status 1 "an allowance under every instantiation" "$SPILLWAY" --check --allow="$TMP/lowered.csv" "$EXAMPLE"
check "six lines: three instantiations in two objects" count_lines 6 "$TMP/out" "(over its allowance STACK 703 LOCAL 0)"
for m in "<double, 48, 3>(double const*, double*, int) sm_86: STACK 704" \
	 "<float, 96, 3>(float const*, float*, int) sm_86: STACK 816" \
	 "<float, 160, 2>(float const*, float*, int) sm_86: STACK 1184"; do
	check "instantiation $m" count_lines 2 "$TMP/out" "mix_spill_kernel$m"
done
expect_status 0 "restored, green again" "$SPILLWAY" --check --allow="$TABLE" "$EXAMPLE"

# The scratch object: a dynamically indexed float buf[1024].
check "ptxas -v says 4096 bytes on both arches (the fixture's ground truth)" \
	count_lines 2 "$srcdir/tests/lib/fixtures/spill_scratch.cu.o.ptxas.log" "4096 bytes stack frame"
expect_status 1 "a new object with float buf[1024]" "$SPILLWAY" --check --allow="$TABLE" "$EXAMPLE" "$SCRATCH"
for sm in sm_86 sm_120; do
	check "scratch kernel on $sm: not in allowance table, STACK 4096" \
		grep -qxF "VIOLATION strata::kernels::(anonymous namespace)::spill_scratch_kernel(float const*, float*, int const*, int) $sm: STACK 4096 LOCAL 0 (not in allowance table) [$SCRATCH]" "$TMP/out"
done
check "nothing else fails" count_lines 2 "$TMP/out" "VIOLATION"
if command -v ar >/dev/null 2>&1; then
	cp "$SCRATCH" "$TMP/spill_scratch.cu.o"
	(cd "$TMP" && ar rc libscratch.a spill_scratch.cu.o)
	expect_status 1 "the scratch object in a static library" "$SPILLWAY" --check --allow="$TABLE" "$TMP/libscratch.a"
	check "the bracket names the archive member" \
		grep -qF "sm_86: STACK 4096 LOCAL 0 (not in allowance table) [spill_scratch.cu.o]" "$TMP/out"
fi
expect_status 0 "removed, green again" "$SPILLWAY" --check --allow="$TABLE" "$EXAMPLE"

# Nothing to judge.
expect_status 77 "a named library that is missing" "$SPILLWAY" --check --allow="$TABLE" "$EXAMPLE/stack.o" "$TMP/libmissing.so"
check "the missing library is named" grep -q "libmissing.so: no such file: nothing to judge" "$TMP/err"
mkdir "$TMP/empty"
expect_status 77 "an empty scan" "$SPILLWAY" --check --allow="$TABLE" "$TMP/empty"
expect_status 0 "an empty scan with --empty-ok" "$SPILLWAY" --check --empty-ok --allow="$TABLE" "$TMP/empty"
expect_status 77 "a library without a SASS entry function" "$SPILLWAY" --check "$BUILD/ptx_only.o"
check "it says what the library carries" grep -q "ptx_only.o: no SASS entry function (0 SASS images without an entry function, 2 PTX, 0 LTO-IR)" "$TMP/err"
expect_status 77 "a host object with no kernel" "$SPILLWAY" --check "$BUILD/main.o"
expect_status 77 "--arch that selects nothing" "$SPILLWAY" --check --arch=75 "$EXAMPLE/spill.o"
expect_status 0 "--arch narrows the scan" "$SPILLWAY" --check --allow="$TABLE" --arch=86 "$EXAMPLE"
check "only sm_86 is counted" grep -qF "stack.o: 4 kernels (4 instantiations) on sm_86 (4 entries gated" "$TMP/out"
expect_status 2 "unreadable input still exits 2" "$SPILLWAY" --check "$BUILD/bad_truncated.o"

# Vendored kernels are counted and skipped, never gated.
grep -v '^moderate_pressure_kernel,' "$TABLE" >"$TMP/novendor.csv"
expect_status 1 "a global-namespace kernel without a row" "$SPILLWAY" --check --allow="$TMP/novendor.csv" "$EXAMPLE"
check "it is the vendored kernel that fails" count_lines 2 "$TMP/out" "VIOLATION moderate_pressure_kernel(float const*, float*, int)"
expect_status 0 "--vendored=no-namespace skips it" "$SPILLWAY" --check --vendored=no-namespace --allow="$TMP/novendor.csv" "$EXAMPLE"
check "and counts it (one kernel, singular)" grep -qF "spill_maxrreg32.o: 1 kernel (3 instantiations) on sm_86, sm_89 (6 entries gated, 2 vendored entries skipped), 6 use stack / local memory, 0 not allowed" "$TMP/out"
check "the total says how many were skipped" grep -qF "check: 228 entries gated, 16 vendored entries skipped, 0 not allowed" "$TMP/out"
expect_status 0 "--vendored=GLOB on the kernel name" "$SPILLWAY" --check --vendored='moderate_*' --allow="$TMP/novendor.csv" "$EXAMPLE"
expect_status 0 "--vendored=GLOB on the library" "$SPILLWAY" --check --vendored='*maxrreg*' --allow="$TMP/novendor.csv" "$EXAMPLE"
check "the whole library is skipped" grep -qF "spill_maxrreg32.o: 0 kernels (0 instantiations) on sm_86, sm_89 (0 entries gated, 8 vendored entries skipped)" "$TMP/out"
expect_status 0 "--exclude narrows the scan" "$SPILLWAY" --check --exclude='*maxrreg*' --allow="$TMP/novendor.csv" "$EXAMPLE"

# Stale rows: a notice, or a failure with --stale-fails.
sed 's/^stackdemo::gather_local_kernel,sm_86,1024,/stackdemo::gather_local_kernel,sm_86,2048,/' "$TABLE" >"$TMP/loose.csv"
expect_status 0 "a row looser than measured passes" "$SPILLWAY" --check --allow="$TMP/loose.csv" "$EXAMPLE"
check "and is reported stale with its line" grep -qF "$TMP/loose.csv:22: stale allowance stackdemo::gather_local_kernel sm_86: STACK 2048 LOCAL 0, measured at most STACK 1024 LOCAL 0" "$TMP/out"
expect_status 0 "-q hides the notice" "$SPILLWAY" -q --check --allow="$TMP/loose.csv" "$EXAMPLE"
check "quiet: no stale line" sh -c "! grep -q 'stale allowance stackdemo' '$TMP/out'"
expect_status 1 "--stale-fails fails on it" "$SPILLWAY" --check --stale-fails --allow="$TMP/loose.csv" "$EXAMPLE"
check "as a VIOLATION" grep -qF "VIOLATION $TMP/loose.csv:22: stale allowance stackdemo::gather_local_kernel sm_86" "$TMP/out"

# Other rules.
expect_status 1 "--max-regs" "$SPILLWAY" --check --max-regs=32 --allow="$TABLE" "$EXAMPLE/stack.o"
check "REG over the limit, per sm" grep -qxF "VIOLATION stackdemo::call_chain_kernel(float const*, float*, int, int) sm_75: REG 40 (over --max-regs=32) [$EXAMPLE/stack.o]" "$TMP/out"
check "only the kernel over it" count_lines 2 "$TMP/out" "VIOLATION"
expect_status 0 "--max-regs at the maximum" "$SPILLWAY" --check --max-regs=40 --allow="$TABLE" "$EXAMPLE/stack.o"
expect_status 0 "--max-spill without ptxas logs: unknown, not a violation" "$SPILLWAY" --check --max-spill=0 --allow="$TABLE" "$EXAMPLE/spill.o"
check "unknown spills are a notice" grep -qF "spill bytes unknown for 16 of 16 gated entries" "$TMP/out"
# A --list CSV with the spill columns filled from the build's ptxas -v log.
"$SPILLWAY" --list "$EXAMPLE/spill_maxrreg32.o" | list_upto visibility >"$TMP/list.csv"
awk -F, 'BEGIN { OFS = "," }
	FNR == NR {
		if ($0 ~ /Compiling entry function/) { split($0, q, "'"'"'"); key = q[2] "|" q[4] }
		if ($0 ~ /spill stores/) { split($0, w, " "); st[key] = w[5]; ld[key] = w[9] }
		next
	}
	FNR > 1 { k = $5 "|" $3; if (k in st) { $(NF - 2) = st[k]; $(NF - 1) = ld[k] } }
	{ print }' "$GOLDEN/spill_maxrreg32.o.ptxas.log" "$TMP/list.csv" >"$TMP/spills.csv"
check "the CSV carries spill bytes" grep -q ',1156,1156,default$' "$TMP/spills.csv"
expect_status 1 "--max-spill on joined spill bytes" "$SPILLWAY" --check --max-spill=1200 --allow="$TABLE" "$TMP/spills.csv"
check "stores and loads over the limit" grep -qF "VIOLATION void hpc::pressure::mix_spill_kernel<float, 160, 2>(float const*, float*, int) sm_86: SPILL STORES 2200 LOADS 2200 (over --max-spill=1200)" "$TMP/out"
check "one line per entry over it (2200 and 1232 bytes, two sms)" count_lines 4 "$TMP/out" "VIOLATION"
expect_status 0 "--max-spill at the maximum" "$SPILLWAY" --check --max-spill=2200 --allow="$TABLE" "$TMP/spills.csv"
expect_status 1 "--require-sass" "$SPILLWAY" --check --require-sass=86,sm_90 --allow="$TABLE" "$EXAMPLE/stack.o"
check "names the library and what it carries" grep -qxF "VIOLATION $EXAMPLE/stack.o: no SASS for sm_90 (it carries SASS for sm_75, sm_86; PTX for compute_75)" "$TMP/out"
check "sm_86 is there" sh -c "! grep -q 'no SASS for sm_86' '$TMP/out'"
expect_status 0 "--require-sass met" "$SPILLWAY" --check --require-sass=75,sm_86 --allow="$TABLE" "$EXAMPLE/stack.o"
# One rule in both places: sm_86 SASS runs natively on sm_87, as the
# coverage table says, so it answers --require-sass=87; sm_90a asks for itself.
expect_status 0 "--require-sass=87 met by sm_86 SASS" \
	"$SPILLWAY" --check --require-sass=87 --allow="$TABLE" "$EXAMPLE/stack.o"
"$SPILLWAY" --report=csv --sections=coverage --gpus=87 "$EXAMPLE/stack.o" >"$TMP/cov87"
check "  ...as the coverage table runs it natively" grep -q '^coverage,stack.o,.*,SASS sm_86$' "$TMP/cov87"
expect_status 1 "--require-sass=sm_90a is that variant" \
	"$SPILLWAY" --check --require-sass=sm_90a --allow="$TABLE" "$EXAMPLE/stack.o"

# Table errors name file and line and exit 2.
expect_status 2 "a table that does not exist" "$SPILLWAY" --check --allow="$TMP/nonexistent.csv" "$EXAMPLE"
check "names it" grep -q "nonexistent.csv: no such allowance table" "$TMP/err"
printf 'kernel,sm,stack,local,note\nk,sm_86,12x,0,\n' >"$TMP/bad.csv"
expect_status 2 "a bad number" "$SPILLWAY" --check --allow="$TMP/bad.csv" "$EXAMPLE"
check "file, line and field" grep -qxF "spillway: $TMP/bad.csv:2: stack: '12x' is not a number of bytes" "$TMP/err"
printf '# c\nkernel,sm,stack,local,size\n' >"$TMP/bad.csv"
expect_status 2 "an unknown column" "$SPILLWAY" --check --allow="$TMP/bad.csv" "$EXAMPLE"
check "names the column" grep -qF "$TMP/bad.csv:2: unknown column 'size'" "$TMP/err"
printf 'kernel,sm,stack,local,note\nk,sm_86,1,0,\n# c\nk,86,2,0,\n' >"$TMP/bad.csv"
expect_status 2 "a duplicate row" "$SPILLWAY" --check --allow="$TMP/bad.csv" "$EXAMPLE"
check "names both lines" grep -qF "$TMP/bad.csv:4: a second row for k on sm_86 (the first is on line 2)" "$TMP/err"
expect_status 2 "--update-allow without --allow" "$SPILLWAY" --update-allow "$EXAMPLE"
# --max-growth against a baseline: a saved --list CSV where gather_local
# had 24 bytes less stack on sm_86 and call_chain 4 registers fewer on sm_75.
"$SPILLWAY" --list "$BUILD/stack.o" | sed 's/,32,1024,0,0,0:380/,32,1000,0,0,0:380/; s/,40,192,0,0,0:376/,36,192,0,0,0:376/' >"$TMP/base.csv"
ALLOW_EX="$srcdir/data/example/spill-allow.csv"
expect_status 1 "--max-growth=stack:0 fails on 24 bytes of growth" \
	"$SPILLWAY" --check --allow="$ALLOW_EX" --baseline="$TMP/base.csv" --max-growth=stack:0 "$BUILD/stack.o"
check "  ...naming the kernel, both values and the rule" \
	grep -qF "VIOLATION stackdemo::gather_local_kernel(int const*, float const*, float*, int) sm_86: STACK 1024, was 1000 (+24, over --max-growth=stack:0)" "$TMP/out"
check "  ...once" [ "$(grep -c '^VIOLATION' "$TMP/out")" -eq 1 ]
expect_status 0 "--max-growth=stack:24 allows it" \
	"$SPILLWAY" --check --allow="$ALLOW_EX" --baseline="$TMP/base.csv" --max-growth=stack:24 "$BUILD/stack.o"
expect_status 1 "--max-growth=reg:2 fails on 4 more registers" \
	"$SPILLWAY" --check --allow="$ALLOW_EX" --baseline="$TMP/base.csv" --max-growth=stack:24,reg:2 "$BUILD/stack.o"
check "  ...REG 40, was 36" grep -qF "sm_75: REG 40, was 36 (+4, over --max-growth=reg:2)" "$TMP/out"
expect_status 2 "--max-growth without --baseline" "$SPILLWAY" --check --max-growth=0 "$BUILD/stack.o"
expect_status 2 "--max-growth with an unknown column" \
	"$SPILLWAY" --check --baseline="$TMP/base.csv" --max-growth=bogus:1 "$BUILD/stack.o"

# A stack ptxas could not bound (recursion; CUDA 11.8's 0xffffffff) is
# unknown, and no allowance passes it.
REC="$CORPUS/cuda118/build/stack.sm_72.cubin"
"$SPILLWAY" --update-allow --allow="$TMP/rec-allow.csv" "$REC" >/dev/null 2>&1
expect_status 1 "--check of a recursive kernel's unknown stack, with every row allowed" \
	"$SPILLWAY" --check --allow="$TMP/rec-allow.csv" "$REC"
check "  ...says the stack is unbounded" grep -qxF "VIOLATION stackdemo::recursion_kernel(int*, int) sm_72: STACK unbounded: a call chain comes back (recursion); an allowance row with stack unbounded and a note accepts it [$REC]" "$TMP/out"
check "  ...and only that one" count_lines 1 "$TMP/out" "VIOLATION"
# A ptxas -v log named as a path beside the binaries is judged through the
# rows it joins: not "nothing to judge" (it was 77, and --update-allow
# refused to write).  Alone, it still is.
PTXLOG="$srcdir/data/logs/ninja-j2/ptxas.log"
expect_status 0 "--check of the binaries and their ptxas -v log as paths" \
	"$SPILLWAY" --check --allow="$ALLOW_EX" "$EXAMPLE" "$PTXLOG"
cp "$ALLOW_EX" "$TMP/ua.csv"
expect_status 0 "--update-allow with the ptxas -v log as a path" \
	"$SPILLWAY" --update-allow --allow="$TMP/ua.csv" "$EXAMPLE" "$PTXLOG"
check "  ...writes the table" grep -q "ua.csv: written" "$TMP/out"
expect_status 77 "--check of the ptxas -v log alone: nothing to judge" "$SPILLWAY" --check "$PTXLOG"
check "  ...says why" grep -q "ptxas.log: no SASS entry function" "$TMP/out" "$TMP/err"
finish
