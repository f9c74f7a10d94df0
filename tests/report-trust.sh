#!/bin/sh
# Faces that told the wrong story on a real build (issue 34, item 6; each
# kernel counted once is another change's):
# - a ptxas -v log that was read and joined is never called absent;
# - a relocatable object's PTX is not staleness in the coverage table;
# - --max-growth compares each instantiation with its own old figure;
# - a baseline covering files the scan does not is said so, by name.
. "${srcdir:-.}/tests/lib.sh"

# A log joined to coop.o's rows, none of them with a frame; stack.o's
# frames have no log.
expect_status 0 "--report: a log joined to frameless rows only" \
	"$SPILLWAY" --report --sections=spills "$BUILD/coop.o" "$BUILD/stack.o" "$GOLDEN/coop.o.ptxas.log"
check "  ...is not called absent" sh -c "! grep -q 'no ptxas -v log' '$TMP/out'"
check "  ...the heading says it lends the framed kernels nothing" grep -qx \
	'### Kernels with a stack frame (spills unknown: the ptxas -v log read lends none of them figures)' "$TMP/out"
check "  ...and how many rows it joined" grep -q '^The `ptxas -v` log read joined 20 (function, sm) rows, none of these 6' "$TMP/out"
expect_status 0 "--report without any log" "$SPILLWAY" --report --sections=spills "$BUILD/stack.o"
check "  ...says no log was read" grep -qx '### Kernels with a stack frame (no ptxas -v log read: spills unknown)' "$TMP/out"
expect_status 1 "--check --max-spill with that log" \
	"$SPILLWAY" --check --max-spill=0 "$BUILD/coop.o" "$BUILD/stack.o" "$GOLDEN/coop.o.ptxas.log"
check "  ...the notice does not call the log absent" sh -c "! grep -q 'no ptxas -v log' '$TMP/out'"
finish
