#!/bin/sh
# SPDX-License-Identifier: MIT
# The command line's own output (issue 23): --check ends with PASS, FAIL
# or SKIP; a build-only check names its gate; --max-growth violations come
# before the count lines that add them up; -q keeps only the violations and
# the totals; colour only on a terminal or with --color=always.
. "${srcdir:-.}/tests/lib/lib.sh"

EXAMPLE="$srcdir/data/example"
TABLE="$EXAMPLE/spill-allow.csv"
SEED="$srcdir/tests/lib/fixtures/seed001/build-rss.log"
ESC=$(printf '\033')

# last_is FILE TEXT: the last line of FILE is TEXT.
last_is() { [ "$(tail -n 1 "$1" | tr -d "\r")" = "$2" ]; }
# before FILE A B: the first line matching A comes before the first matching B.
before() {
	a=$(grep -n -m1 -F -- "$2" "$1" | cut -d: -f1)
	b=$(grep -n -m1 -F -- "$3" "$1" | cut -d: -f1)
	[ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]
}

# --- PASS, FAIL, SKIP: the last line says the gate's answer.
expect_status 0 "data/example passes" "$SPILLWAY" --check --allow="$TABLE" "$EXAMPLE"
check "  ...the last line is PASS with the counts" last_is "$TMP/out" "PASS: 0 violations; 244 entries gated, 0 build modules judged"
sed 's/^hpc::pressure::mix_spill_kernel,sm_86,1184,/hpc::pressure::mix_spill_kernel,sm_86,1183,/' "$TABLE" >"$TMP/lowered.csv"
expect_status 1 "one byte under fails" "$SPILLWAY" --check --allow="$TMP/lowered.csv" "$EXAMPLE"
check "  ...the last line is FAIL with the counts" last_is "$TMP/out" "FAIL: 2 violations; 244 entries gated, 0 build modules judged"
check "  ...one verdict line" [ "$(grep -c '^PASS\|^FAIL\|^SKIP' "$TMP/out")" -eq 1 ]
expect_status 77 "a host object: nothing to judge" "$SPILLWAY" --check "$BUILD/main.o"
check "  ...the last line is SKIP" last_is "$TMP/out" "SKIP: nothing to judge (--empty-ok passes it)"
expect_status 0 "nothing to judge with --empty-ok" "$SPILLWAY" --check --empty-ok "$BUILD/main.o"
check "  ...is PASS" last_is "$TMP/out" "PASS: 0 violations; 0 entries gated, 0 build modules judged"
expect_status 2 "unreadable input" "$SPILLWAY" --check "$BUILD/bad_truncated.o"
check "  ...is FAIL" grep -qx "FAIL: input not all read (0 violations among what was)" "$TMP/out"

# --- a build-only check says which gate it ran, on how many modules.
expect_status 0 "--mem-budget alone passes" "$SPILLWAY" --check --mem-budget=14GiB "$SEED"
check "  ...names the gate and the modules" grep -qx "check: 7 build modules judged against --mem-budget=14 GiB" "$TMP/out"
check "  ...PASS counts the modules" last_is "$TMP/out" "PASS: 0 violations; 0 entries gated, 7 build modules judged"
expect_status 1 "--mem-budget and --mem-host" "$SPILLWAY" --check --mem-budget=12GB --mem-host=20GiB --jobs=2 "$SEED"
check "  ...both gates named" grep -qx "check: 7 build modules judged against --mem-budget=12 GB, --mem-host=20 GiB" "$TMP/out"
check "  ...after the violations" before "$TMP/out" "VIOLATION reg_flow" "build modules judged against"
check "  ...FAIL last" sh -c "tail -n 1 '$TMP/out' | grep -q '^FAIL: '"
expect_status 0 "build records without a build gate" "$SPILLWAY" --check --empty-ok "$SEED"
check "  ...says none was given" grep -qx "check: 7 build modules judged against no build gate (give --mem-budget or --mem-host)" "$TMP/out"

# --- --max-growth: printed before the library line and the total, counted in the total.
"$SPILLWAY" --list "$BUILD/stack.o" | sed 's/,32,1024,0,0,0:380/,32,1000,0,0,0:380/' >"$TMP/base.csv"
expect_status 1 "--max-growth=stack:0" "$SPILLWAY" --check --allow="$TABLE" --baseline="$TMP/base.csv" --max-growth=stack:0 "$BUILD/stack.o"
check "  ...the growth before the library line" before "$TMP/out" "VIOLATION stackdemo::gather_local_kernel" "stack.o: 4 kernels"
check "  ...and before the total" before "$TMP/out" "VIOLATION stackdemo::gather_local_kernel" "check: "
check "  ...counted in the total" grep -qF "check: 8 entries gated, 0 vendored entries skipped, 0 not allowed, 0 stale allowances, 2 allowances matching no kernel; 1 violation (1 --max-growth)" "$TMP/out"
check "  ...and in FAIL" last_is "$TMP/out" "FAIL: 1 violation; 8 entries gated, 0 build modules judged"

# --- plurals: one count, one noun.
expect_status 0 "--vendored=no-namespace" "$SPILLWAY" --check --vendored=no-namespace --allow="$TABLE" "$EXAMPLE/spill_maxrreg32.o"
check "  ...1 kernel, singular" grep -qF "spill_maxrreg32.o: 1 kernel (3 instantiations)" "$TMP/out"
check "  ...no '1 kernels' anywhere" sh -c "! grep -q '\\b1 kernels\\|\\b1 instantiations\\|\\b1 entries\\|\\b1 violations' '$TMP/out'"
expect_status 0 "--summary" "$SPILLWAY" --summary "$EXAMPLE/spill_maxrreg32.o"
check "  ...says kernels in the plural for 2" grep -qF "spill_maxrreg32.o: 2 kernels (4 instantiations)" "$TMP/out"

# --- -q: no per-library line, no notice; the violations and the totals stay.
expect_status 1 "-q --check" "$SPILLWAY" -q --check --allow="$TMP/lowered.csv" "$EXAMPLE"
check "  ...no per-library line" sh -c "! grep -q 'kernels* (' '$TMP/out'"
check "  ...the violations stay" [ "$(grep -c '^VIOLATION ' "$TMP/out")" -eq 2 ]
check "  ...the total stays" grep -q "^check: 244 entries gated" "$TMP/out"
check "  ...FAIL last" last_is "$TMP/out" "FAIL: 2 violations; 244 entries gated, 0 build modules judged"

# --- colour: never into a pipe or a file unless --color=always.
expect_status 1 "into a pipe" "$SPILLWAY" --check --allow="$TMP/lowered.csv" "$EXAMPLE"
check "  ...no escape byte" sh -c "! grep -q '$ESC' '$TMP/out'"
expect_status 1 "--color=always" "$SPILLWAY" --check --color=always --allow="$TMP/lowered.csv" "$EXAMPLE"
check "  ...VIOLATION in red" grep -q "^${ESC}\[1;31mVIOLATION${ESC}\[0m void hpc::pressure" "$TMP/out"
check "  ...FAIL in red" last_is "$TMP/out" "${ESC}[1;31mFAIL${ESC}[0m: 2 violations; 244 entries gated, 0 build modules judged"
check "  ...nothing else coloured" [ "$(grep -c "$ESC" "$TMP/out")" -eq 3 ]
expect_status 0 "--color=always on a pass" "$SPILLWAY" --check --color=always --allow="$TABLE" "$EXAMPLE"
check "  ...PASS in green" last_is "$TMP/out" "${ESC}[1;32mPASS${ESC}[0m: 0 violations; 244 entries gated, 0 build modules judged"
if command -v script >/dev/null 2>&1; then
	# On a terminal (script(1) gives one): colour unless NO_COLOR or --color=never.
	script -qec "'$SPILLWAY' --check --allow='$TMP/lowered.csv' '$EXAMPLE'" /dev/null >"$TMP/tty" 2>&1
	check "a terminal: coloured" grep -q "${ESC}\[1;31mFAIL" "$TMP/tty"
	NO_COLOR=1 script -qec "'$SPILLWAY' --check --allow='$TMP/lowered.csv' '$EXAMPLE'" /dev/null >"$TMP/tty" 2>&1
	check "a terminal with NO_COLOR: plain" sh -c "! grep -q '$ESC' '$TMP/tty' && grep -q '^FAIL: ' '$TMP/tty'"
	script -qec "'$SPILLWAY' --check --color=never --allow='$TMP/lowered.csv' '$EXAMPLE'" /dev/null >"$TMP/tty" 2>&1
	check "a terminal with --color=never: plain" sh -c "! grep -q '$ESC' '$TMP/tty'"
	NO_COLOR=1 script -qec "'$SPILLWAY' --check --color=always --allow='$TMP/lowered.csv' '$EXAMPLE'" /dev/null >"$TMP/tty" 2>&1
	check "NO_COLOR with --color=always: the option wins" grep -q "${ESC}\[1;31mFAIL" "$TMP/tty"
fi

# --- an allowance row that matches no kernel scanned: said, and failed with --stale-fails.
expect_status 0 "the example's table on the example" "$SPILLWAY" --check --allow="$TABLE" "$EXAMPLE"
check "  ...every row matches a kernel" sh -c "! grep -q 'matches no kernel' '$TMP/out'"
expect_status 0 "--arch=86 leaves sms out" "$SPILLWAY" --check --arch=86 --allow="$TABLE" "$EXAMPLE"
check "  ...a row for a kernel scanned on another sm is not said" sh -c "! grep -q 'matches no kernel' '$TMP/out'"
cp "$TABLE" "$TMP/typo.csv"
n=$(($(wc -l <"$TABLE") + 1))
printf 'stackdemo::gather_locall_kernel,sm_86,1024,0,a typo\n' >>"$TMP/typo.csv"
printf '"stackdemo::gather_local_kernel(int const*, float const*, float*, int)",sm_86,1024,0,demangled\n' >>"$TMP/typo.csv"
expect_status 0 "a typo and a full demangled name pass" "$SPILLWAY" --check --allow="$TMP/typo.csv" "$EXAMPLE"
check "  ...the typo is said with its line" grep -qxF "$TMP/typo.csv:$n: allowance stackdemo::gather_locall_kernel sm_86 matches no kernel scanned (the kernel column takes the name as --list's collapsed column writes it)" "$TMP/out"
check "  ...the demangled name is said" grep -qF "$TMP/typo.csv:$((n + 1)): allowance stackdemo::gather_local_kernel(int const*, float const*, float*, int) sm_86 matches no kernel scanned" "$TMP/out"
check "  ...the total counts them" grep -qF "0 stale allowances, 2 allowances matching no kernel; 0 violations" "$TMP/out"
check "  ...PASS" last_is "$TMP/out" "PASS: 0 violations; 244 entries gated, 0 build modules judged"
expect_status 0 "-q" "$SPILLWAY" -q --check --allow="$TMP/typo.csv" "$EXAMPLE"
check "  ...hides the notices" sh -c "! grep -q 'matches no kernel scanned' '$TMP/out'"
expect_status 1 "--stale-fails fails on them" "$SPILLWAY" --check --stale-fails --allow="$TMP/typo.csv" "$EXAMPLE"
check "  ...two VIOLATION lines" [ "$(grep -c "^VIOLATION $TMP/typo.csv:[0-9]*: allowance .* matches no kernel scanned" "$TMP/out")" -eq 2 ]
check "  ...counted as --stale-fails" grep -qF "; 2 violations (2 --stale-fails)" "$TMP/out"
check "  ...FAIL" last_is "$TMP/out" "FAIL: 2 violations; 244 entries gated, 0 build modules judged"
finish
