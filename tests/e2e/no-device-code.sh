#!/bin/sh
# SPDX-License-Identifier: MIT
# A scan that finds nothing says so (issue 36): in a folder with no device
# code, every mode that writes an output prints "no device code under
# PATH" on standard error and keeps its exit status; a scan that finds
# kernels or a build log prints no such line.
. "${srcdir:-.}/tests/lib/lib.sh"

EXAMPLE="$srcdir/data/example"
SEED="$srcdir/tests/lib/fixtures/seed001/build-rss.log"
mkdir "$TMP/empty" "$TMP/host"
echo 'int main(void) { return 0; }' >"$TMP/host/main.c"

# says_nothing_found MODE: run in $TMP/empty with no path, status 0, the line.
for mode in --summary --list --list=images --list=sizes --report; do
	(cd "$TMP/empty" && "$SPILLWAY" $mode </dev/null >"$TMP/out" 2>"$TMP/err")
	check "$mode in an empty folder exits 0" [ $? -eq 0 ]
	check "  ...and says no device code under ." grep -qx 'spillway: no device code under \.' "$TMP/err"
done
expect_status 0 "--summary of a folder of host sources" "$SPILLWAY" --summary "$TMP/host"
check "  ...names the path" grep -qx "spillway: no device code under $TMP/host" "$TMP/err"
expect_status 0 "--list of two such folders" "$SPILLWAY" --list "$TMP/empty" "$TMP/host"
check "  ...names both" grep -qx "spillway: no device code under $TMP/empty $TMP/host" "$TMP/err"

# A gate already says why there is nothing to judge: 77, and no second line.
expect_status 77 "--check in an empty folder" "$SPILLWAY" --check "$TMP/empty"
check "  ...its own reason, not this line" sh -c "! grep -q 'no device code under' '$TMP/err'"

# Kernels, or only a build log: no such line.
expect_status 0 "--list of the example tree" "$SPILLWAY" --list "$EXAMPLE"
check "  ...says nothing of device code" sh -c "! grep -q 'no device code' '$TMP/err'"
expect_status 0 "--summary of a build log alone" "$SPILLWAY" --summary "$SEED"
check "  ...says nothing of device code" sh -c "! grep -q 'no device code' '$TMP/err'"
finish
