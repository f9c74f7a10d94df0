#!/bin/sh
# SPDX-License-Identifier: MIT
# One kernel, several files (issue 34, item 6): a separable build puts
# each kernel in its relocatable object, in the static library of them,
# in the device-link object and in the executable.  --check judges each
# once, at the linked figures (the run-time ones), naming where else it
# is; the counts count it once; a kernel found only in relocatable
# objects is judged from the object; --list still lists every file.
. "${srcdir:-.}/tests/lib/lib.sh"

SEP="$CORPUS/sepcomp"
B="$SEP/build"
PTXAS="$SEP/golden/ptxas.log"

expect_status 1 "--check of the whole build: the recursion and the frames fail" \
	"$SPILLWAY" --check "$B" "$PTXAS"
grep '^VIOLATION' "$TMP/out" >"$TMP/viol"
# 9 kernels of sepapp on 2 sms (3 recursive, 6 framed) and wholeapp's 3 on 2.
check "  ...24 violations, one per kernel and sm (was 70: 3 files each)" \
	[ "$(wc -l <"$TMP/viol")" -eq 24 ]
check "  ...no kernel and sm twice" sh -c \
	"[ -z \"\$(sed 's/: .*//' '$TMP/viol' | sort | uniq -d)\" ]"
check "  ...judged at the linked figure, naming the other three files" grep -qF \
	'VIOLATION sep::chain_kernel(float const*, float*, int) sm_90: STACK 320 LOCAL 0 (not in allowance table) [sepapp; also in sepapp_dlink.o, frames.o, libsepkern.a(frames.cu.o)]' \
	"$TMP/viol"
check "  ...an unbounded stack still fails, in the linked file" grep -qF \
	'VIOLATION sep::recursive_count_kernel(int const*, int*, int) sm_80: STACK unbounded: a call chain comes back (recursion); an allowance row with stack unbounded and a note accepts it [sepapp; also in sepapp_dlink.o, libsepkern.a(recurse.cu.o), recurse.o]' \
	"$TMP/viol"
check "  ...94 entries gated, the 136 copies counted apart (was 230 gated)" grep -q \
	'^check: 94 entries gated (and 136 copies of them in other files), 0 vendored entries skipped, 24 not allowed' \
	"$TMP/out"
check "  ...an object's line says where its kernels are judged" grep -qxF \
	'frames.o: 3 kernels (4 instantiations) on sm_80, sm_90: 8 entries judged as the same kernels in sepapp' \
	"$TMP/out"
check "  ...the device-link object's too" grep -qxF \
	'sepapp_dlink.o: 12 kernels (44 instantiations) on sm_80, sm_90: 88 entries judged as the same kernels in sepapp' \
	"$TMP/out"
check "  ...no relocatable entry left to settle at the link" sh -c \
	"! grep -q 'call functions their relocatable object does not define' '$TMP/out'"

# A static library shipped alone: judged from its objects, at their
# figures; the loose copy of one of them is counted once.
expect_status 1 "--check of the library and a loose copy of one object" \
	"$SPILLWAY" --check "$B/libsepkern.a" "$B/frames.o"
check "  ...14 violations, as the library alone" grep -q '^FAIL: 14 violations; 24 entries gated' \
	"$TMP/out"
check "  ...the recursion judged in the object" grep -qF \
	'sep::recursive_count_kernel(int const*, int*, int) sm_90: STACK unbounded' "$TMP/out"
check "  ...frames.o's 8 entries judged in the library" grep -q \
	'frames.o: 3 kernels (4 instantiations) on sm_80, sm_90: 8 entries judged as the same kernels in .*libsepkern.a$' \
	"$TMP/out"

# --list is per file: every copy keeps its row.
"$SPILLWAY" --list "$B" >"$TMP/list.csv"
check "--list keeps every file's rows (230 entries)" \
	[ "$(grep -c ',entry,' "$TMP/list.csv")" -eq 230 ]
# The report: each kernel once, in the file it runs from, naming the others.
"$SPILLWAY" --report "$B" "$PTXAS" >"$TMP/report.md" 2>/dev/null
check "report: 14 (kernel, sm) pairs spill (was 38: a row per file)" grep -q \
	'^14 (kernel, sm) pairs spill' "$TMP/report.md"
check "  ...chain_kernel's row: the linked figures, the other files named" grep -qF \
	'| `sep::chain_kernel` | `sepapp (also in sepapp_dlink.o, frames.o, libsepkern.a(frames.cu.o))` | sm_90 | 1 | 320 | 8 | 8 | 75 |' \
	"$TMP/report.md"
check "  ...no spill row of an object judged in the executable (the size section keeps its bytes)" \
	sh -c '! grep -qF "| \`frames.o\` | sm_90 | 1 | 320 | 8 | 8 |" "$1"' sh "$TMP/report.md"
check "  ...the copies counted once, in words" grep -q \
	'^136 more entries are the same kernels in other files' "$TMP/report.md"
# (the size section's rows and words of sepapp's __nv_relfatbin, the device
# link's inputs, are no copies' and not counted here)
size=$(grep -v 'nvlink input' "$TMP/report.md" | wc -c)
check "  ...smaller: $size bytes (22,559 before)" [ "$size" -lt 21000 ]
# JUnit: a testcase per judged entry, the copies none.
"$SPILLWAY" --check --junit="$TMP/j.xml" "$B" "$PTXAS" >/dev/null 2>&1
check "JUnit: 94 testcases (230 before), 24 failures (70)" sh -c \
	"[ \$(grep -c '<testcase' '$TMP/j.xml') -eq 94 ] && [ \$(grep -c '<failure' '$TMP/j.xml') -eq 24 ]"
# JSON: the counts of --check, the copies apart.
if command -v python3 >/dev/null; then
	"$SPILLWAY" --report=json "$B" "$PTXAS" 2>/dev/null >"$TMP/v.json"
	check "JSON: 94 entries gated, 136 copies apart" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["counts"]
sys.exit(not (c["gated"]["entries"] == 94 and c["copies"]["entries"] == 136 and c["violations"] == 24))
' "$TMP/v.json"
fi
# --update-allow measures each kernel once (4 entries before: one per file).
"$SPILLWAY" --update-allow --allow="$TMP/allow.csv" "$B" >"$TMP/upd" 2>&1
check "--update-allow: chain_kernel's row measured over its one judged entry" grep -q \
	'added sep::chain_kernel sm_80: STACK 320 LOCAL 0 (maximum over 1 entries)' "$TMP/upd"

# Where a file's copies are judged, named the same in every run: the first
# by name of the files that judge them (the entries were in the order of
# their interned names' addresses, which change from run to run).
for i in 1 2 3 4 5 6; do
	"$SPILLWAY" --summary "$CORPUS/build" 2>/dev/null | grep '^rdc_a.o:'
done | sort -u >"$TMP/rdc_a"
check "--summary names one file for rdc_a.o's copies in six runs" [ "$(wc -l <"$TMP/rdc_a")" -eq 1 ]
check "  ...the first by name: librdc.a" grep -q 'judged as the same kernels in librdc.a and other files$' "$TMP/rdc_a"
finish
