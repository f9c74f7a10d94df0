#!/bin/sh
# SPDX-License-Identifier: MIT
# Results on stdout, diagnostics on stderr (issue 23): what a run prints
# on stdout (--check's violations, notices, counts and verdict, --summary,
# the build summary, --update-allow's lines) carries no "spillway:" prefix;
# every line on stderr (a damaged file, nothing to judge, a usage error)
# does.
. "${srcdir:-.}/tests/lib/lib.sh"

EXAMPLE="$srcdir/data/example"
TABLE="$EXAMPLE/spill-allow.csv"
SEED="$srcdir/tests/lib/fixtures/seed001/build-rss.log"

# no_prefix FILE: some line, and none starting "spillway:".
no_prefix() { [ -s "$1" ] && ! grep -q '^spillway:' "$1"; }
# all_prefixed FILE: some line, and every one starting "spillway: ".
all_prefixed() { [ -s "$1" ] && ! grep -v -q '^spillway: ' "$1"; }

# run NAME WANT ARGS...: stdout without, stderr with the prefix.
run() {
	local what=$1 want=$2
	shift 2
	expect_status "$want" "$what" "$SPILLWAY" "$@"
	check "  ...stdout: results without spillway:" no_prefix "$TMP/out"
	if [ -s "$TMP/err" ]; then
		check "  ...stderr: diagnostics with spillway:" all_prefixed "$TMP/err"
	fi
}

# A stale allowance and one matching no kernel: notices on stdout.
cp "$TABLE" "$TMP/allow.csv"
echo "no::such_kernel,sm_86,16,0,a typo" >>"$TMP/allow.csv"
run "--check, violations and notices" 1 --check "$EXAMPLE"
check "  ...the counts line starts with check:" grep -q '^check: 244 entries gated' "$TMP/out"
check "  ...a library line starts with its name" grep -q '^stack\.o: 4 kernels' "$TMP/out"
run "--check with an allowance matching no kernel" 0 --check --allow="$TMP/allow.csv" "$EXAMPLE"
check "  ...the notice starts with the table's name" grep -q "^$TMP/allow.csv:[0-9]*: allowance no::such_kernel sm_86 matches no kernel" "$TMP/out"
run "--summary of binaries and a build log" 0 --summary "$EXAMPLE" "$SEED"
check "  ...the build line starts with build:" grep -q '^build: 7 modules' "$TMP/out"
check "  ...the schedule line starts with schedule:" grep -q '^schedule: ' "$TMP/out"
run "--check --mem-budget" 0 --check --mem-budget=14GiB "$SEED"
run "--update-allow" 0 --update-allow --allow="$TMP/new.csv" "$EXAMPLE"
check "  ...its line starts with the table's name" grep -q "^$TMP/new.csv: written: " "$TMP/out"

# Diagnostics keep it.
run "a damaged file" 2 --check "$BUILD/bad_truncated.o"
check "  ...the damage is said on stderr" grep -q '^spillway: .*bad_truncated.o: ' "$TMP/err"
run "nothing to judge" 77 --check "$BUILD/no-such-file.o"
check "  ...the reason is said on stderr" grep -qx "spillway: $BUILD/no-such-file.o: no such file: nothing to judge" "$TMP/err"
expect_status 2 "a usage error" "$SPILLWAY" --check --arch=banana "$EXAMPLE"
check "  ...said on stderr with spillway:" all_prefixed "$TMP/err"
finish
