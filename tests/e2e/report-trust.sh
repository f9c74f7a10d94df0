#!/bin/sh
# SPDX-License-Identifier: MIT
# Faces that told the wrong story on a real build (issue 34, item 6; each
# kernel counted once is another change's):
# - a ptxas -v log that was read and joined is never called absent;
# - a relocatable object's PTX is not staleness in the coverage table;
# - --max-growth compares each instantiation with its own old figure;
# - a baseline covering files the scan does not is said so, by name.
. "${srcdir:-.}/tests/lib/lib.sh"

# A log joined to coop.o's rows, none of them with a frame; stack.o's
# frames have no log.
expect_status 0 "--report: a log joined to frameless rows only" \
	"$SPILLWAY" --report --sections=spills "$BUILD/coop.o" "$BUILD/stack.o" "$GOLDEN/coop.o.ptxas.log"
check "  ...is not called absent" sh -c "! grep -q 'no ptxas -v log' '$TMP/out'"
check "  ...the heading says it lends the framed kernels nothing" grep -qx \
	'### Kernels with a stack frame (spills unknown: the ptxas -v log read lends none of them figures)' "$TMP/out"
check "  ...and how many rows it joined" grep -q '^The `ptxas -v` log read joined 20 (function, sm) rows, none of these 6' "$TMP/out"
"$SPILLWAY" --report --stale-fails "$BUILD/coop.o" "$BUILD/stack.o" "$GOLDEN/coop.o.ptxas.log" >"$TMP/whole.md" 2>/dev/null
check "  ...nor in the report's verdict line" sh -c "! grep -q 'no .ptxas -v. log' '$TMP/whole.md'"
check "  ...which says the log read holds none of theirs" grep -q \
	'^FAIL: .* 6 of 28 (kernel, sm) entries have a stack frame (spill figures unknown: no figures of theirs in the `ptxas -v` log read)\.$' "$TMP/whole.md"
expect_status 0 "--report without any log" "$SPILLWAY" --report --sections=spills "$BUILD/stack.o"
check "  ...says no log was read" grep -qx '### Kernels with a stack frame (no ptxas -v log read: spills unknown)' "$TMP/out"
expect_status 1 "--check --max-spill with that log" \
	"$SPILLWAY" --check --max-spill=0 "$BUILD/coop.o" "$BUILD/stack.o" "$GOLDEN/coop.o.ptxas.log"
check "  ...the notice does not call the log absent" sh -c "! grep -q 'no ptxas -v log' '$TMP/out'"

# Coverage: relocatable objects carry PTX, the device link and executable
# linked from them do not: that is no staleness (before: sepapp and its
# device link were "stale?" beside 8 files with PTX).
SEP="$CORPUS/sepcomp/build"
expect_status 0 "--report coverage of a separable-compilation build" \
	"$SPILLWAY" --report --sections=coverage "$SEP"
check "  ...no file is stale?" sh -c "! grep -q 'stale?' '$TMP/out'"
check "  ...no note of a different arch set" sh -c "! grep -q 'carry a different' '$TMP/out'"
mkdir "$TMP/mixed"
cp "$SEP/frames.o" "$SEP/spiller.o" "$SEP/recurse.o" "$SEP/sepapp" "$SEP/sepapp_dlink.o" "$TMP/mixed/"
cp "$BUILD/stack.o" "$TMP/mixed/old.o"
expect_status 0 "--report coverage: an object of other SASS arches among them" \
	"$SPILLWAY" --report --sections=coverage "$TMP/mixed"
check "  ...is the one stale?" sh -c "[ \$(grep -c 'stale?' '$TMP/out') -eq 1 ] && grep -q '^| \`old.o\` .*stale? 5 other files carry SASS sm_80 sm_90 |\$' '$TMP/out'"

# --max-growth, instantiation by instantiation: a baseline without
# fill_kernel<double, 8> (REG 28 now) and with fill_kernel<float, 4> at 12
# registers (16 now).  Before: "fill_kernel<double, 8> sm_75: REG 28, was
# 16" (16 was another instantiation's), and <float, 4>'s +4 unnamed.
"$SPILLWAY" --list "$BUILD/templates.o" >"$TMP/t.csv"
grep -v ',sm_75,entry,_ZN4blas11fill_kernelIdLi8EEEvPT_S1_i,' "$TMP/t.csv" |
	sed '/,sm_75,entry,_ZN4blas11fill_kernelIfLi4EEEvPT_S1_i,/s/,blas,16,/,blas,12,/' >"$TMP/base.csv"
expect_status 1 "--max-growth=reg:0 against that baseline" \
	"$SPILLWAY" --check --baseline="$TMP/base.csv" --max-growth=reg:0 "$BUILD/templates.o"
check "  ...fill_kernel<float, 4> against its own 12" grep -qF \
	"VIOLATION void blas::fill_kernel<float, 4>(float*, float, int) sm_75: REG 16, was 12 (+4, over --max-growth=reg:0)" "$TMP/out"
check "  ...fill_kernel<double, 8> is new, the kernel's largest named with its own instantiation" grep -qF \
	"VIOLATION void blas::fill_kernel<double, 8>(double*, double, int) sm_75: REG 28, a new instantiation; blas::fill_kernel's largest was 16, void blas::fill_kernel<blas::detail::Complex<float>, 3>(" "$TMP/out"
check "  ...two violations, no other" [ "$(grep -c '^VIOLATION' "$TMP/out")" -eq 2 ]

# A baseline of three files, a scan of one: the other two are named, their
# kernels "file not scanned", not removed (before: 28 removed, no word).
"$SPILLWAY" --list "$BUILD/stack.o" "$BUILD/spill.o" "$BUILD/coop.o" >"$TMP/three.csv"
expect_status 0 "--report --baseline covering more files than the scan" \
	"$SPILLWAY" --report --sections=diff --baseline="$TMP/three.csv" "$BUILD/stack.o"
check "  ...names the files not scanned" grep -q \
	'^The baseline covers 2 files this scan did not read (`coop.o`, `spill.o`): 28 (kernel, sm) pairs of them are marked "file not scanned", not removed.$' "$TMP/out"
check "  ...none is called removed" grep -q ': 0 (kernel, sm) pairs changed, 0 new, 0 removed ' "$TMP/out"
check "  ...their rows say so" sh -c "[ \$(grep -c '| file not scanned |' '$TMP/out') -eq 28 ]"
finish
