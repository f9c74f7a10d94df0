#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, time and memory past the bounds, the readers' cases: a
# file is told from its first 64 KiB (a text of one long line is not
# faulted in whole to learn it is no log).  Cases one-line-512MiB-text,
# demangle-prefix-cuts, amd-msgpack-T16 and fatbin-3M-ptx-entries of
# tests/attacks/repro3, at sizes that show each bound on a 2-core machine; the
# inputs are made by tests/attacks/repro3/gen at test time.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
cd "$TMP" || exit 1
GEN="python3 $srcdir/tests/attacks/repro3/gen/gen.py"

# under_kb KIB DESCRIPTION: the last cpu_bounded run peaked under KIB.
under_kb() {
	if [ "$SANITIZED" = 1 ]; then
		pass "$2 (not measured under ASan)"
	elif [ "$bounded_kb" -lt "$1" ]; then
		pass "$2 (${bounded_kb} KiB)"
	else
		fail "$2: peak RSS ${bounded_kb} KiB, bound $1 KiB"
	fi
}

# cpu_under SECONDS DESCRIPTION: the last cpu_bounded run took less CPU.
cpu_under() {
	if [ "$SANITIZED" = 1 ]; then
		pass "$2 (not measured under ASan)"
	elif awk -v c="$bounded_s" -v b="$1" 'BEGIN { exit !(c < b) }'; then
		pass "$2 (${bounded_s} s CPU)"
	else
		fail "$2: ${bounded_s} s CPU, bound $1 s"
	fi
}

# --- one-line-512MiB-text: 96 MiB of text with no newline in a tree is
# skipped after its first 64 KiB, not mapped in whole (main: 98 MiB).
mkdir oneline
head -c 100663296 /dev/zero | tr '\0' a >oneline/x.txt
cpu_bounded 0 "a 96 MiB line of text in a tree: skipped" "$SPILLWAY" --summary oneline
under_kb 32768 "a 96 MiB line of text in a tree: not read whole"
cpu_bounded 2 "a 96 MiB line of text named: no file spillway reads" "$SPILLWAY" --summary oneline/x.txt
under_kb 32768 "a 96 MiB line of text named: not read whole"
check "a 96 MiB line of text named: said so" grep -q "not a CUDA binary" "$TMP/err"
rm -rf oneline
# The same line behind a log's header: every reader skips a line past
# 1 MiB, and finding its end no longer faults it in (main: 98 MiB).
mkdir logline
{ echo "# build-rss log v2"; head -c 100663296 /dev/zero | tr '\0' a; echo; } >logline/r.log
cpu_bounded 2 "a record log with a 96 MiB line: the line skipped" "$SPILLWAY" --summary logline
under_kb 32768 "a record log with a 96 MiB line: not held"
check "a record log with a 96 MiB line: said so" \
    grep -q "r.log: line 2: line longer than 1048576 bytes, skipped" "$TMP/err"
head -c 100663296 /dev/zero | tr '\0' a >logline/x.txt
cpu_bounded 2 "--log= a 96 MiB line of text: no log" "$SPILLWAY" --summary --log=logline/x.txt
under_kb 32768 "--log= a 96 MiB line of text: not held"
rm -rf logline

# --- demangle-prefix-cuts: 8,000 names that do not demangle whole, each
# with 64 cuts that do; the longest is tried first and alone printed and
# kept (main: 8.0 s CPU, 120 MiB).
$GEN demangle dm.cubin 8000
cpu_bounded 0 "8,000 names of 64 cuts that demangle" "$SPILLWAY" --list dm.cubin
cpu_under 3 "8,000 names of 64 cuts: one parse each"
under_kb 65536 "8,000 names of 64 cuts: only the answer kept"
check "8,000 names of 64 cuts: the longest cut is the collapsed name" \
    grep -q ',_ZN5u79991cIiE.*,u7999\(::c\)\{64\}<…>,u7999\(::c\)\{63\},' "$TMP/out"
rm -f dm.cubin

# --- amd-msgpack-T16: 8 code objects whose metadata holds a 1M-entry map
# (46 MiB of msgpack-c objects each), read by 8 workers: the objects come
# from one budget the workers share, so one note is unpacked at a time
# (main: 8 zones at once, about 400 MiB).
mkdir amd
for i in 1 2 3 4 5 6 7 8; do $GEN amd-bigmap amd/a$i.co $i; done
cpu_bounded 0 "8 code objects of 1M-entry metadata maps at -T 8" "$SPILLWAY" --list -T 8 amd
under_kb 131072 "8 code objects of 1M-entry maps at -T 8: one zone at a time"
check "8 code objects of 1M-entry maps: every kernel read" \
    [ "$(grep -c ',gfx90a,entry,k[1-8],' "$TMP/out")" = 8 ]
"$SPILLWAY" --stats --list -T 8 amd 2>"$TMP/stats" >/dev/null
zones=$(sed -n 's/.*AMDGPU metadata objects \([0-9.]*\) MiB at most.*/\1/p' "$TMP/stats")
check "8 code objects of 1M-entry maps: at most one note's objects at once (${zones:-?} MiB)" \
    awk -v z="${zones:-999}" 'BEGIN { exit !(z > 40 && z <= 48.1) }'
rm -rf amd
# A note listing 70,000 kernels of 9 bytes each: more than a code object
# may list (65,536), damage (main: read, exit 0; 600,000 took 300 MiB).
python3 -c '
import sys
sys.path.insert(0, sys.argv[2])
from amd import mp, mp_map_hdr, mp_arr_hdr, mp_str, code_object
n = 70000
ks = b"".join(b"\x81" + mp_str(".name") + mp_str("k%d" % i) for i in range(n))
meta = (mp_map_hdr(2) + mp("amdhsa.target") + mp("amdgcn-amd-amdhsa--gfx90a") +
        mp("amdhsa.kernels") + mp_arr_hdr(n) + ks)
open(sys.argv[1], "wb").write(code_object(meta))' many.co "$srcdir/tests/attacks/repro3/gen"
cpu_bounded 2 "a code object listing 70,000 kernels: damage" "$SPILLWAY" --list many.co
check "a code object listing 70,000 kernels: said so" \
    grep -q 'amdhsa.kernels lists 70000 kernels, over the limit (65536): not read' "$TMP/err"
rm -f many.co

# --- fatbin-3M-ptx-entries: a fatbin of 1,000,000 PTX entries of no
# bytes: counted with their container, not made an image each (main:
# --list=sizes 296 MiB, --check about 180 MiB).
$GEN ptx-entries p.fatbin 1000000
cpu_bounded 0 "1M empty PTX entries: --list=sizes" "$SPILLWAY" --list=sizes p.fatbin
under_kb 65536 "1M empty PTX entries: --list=sizes, no memory per entry"
check "1M empty PTX entries: --list=sizes counts them and their bytes" \
    grep -qx 'overhead,p.fatbin,,,entries of no bytes,,,1000000,64000000,64000000' "$TMP/out"
check "1M empty PTX entries: --list=sizes, the file's bytes all said" \
    grep -qx 'file,p.fatbin,,,,,,0,64000016,64000016' "$TMP/out"
cpu_bounded 77 "1M empty PTX entries: --check, nothing to judge" "$SPILLWAY" --check p.fatbin
under_kb 65536 "1M empty PTX entries: --check, no memory per entry"
cpu_bounded 0 "1M empty PTX entries: --list" "$SPILLWAY" --list p.fatbin
under_kb 65536 "1M empty PTX entries: --list, no memory per entry"
rm -f p.fatbin

# --- the same class with bytes in each entry: 1,000,000 PTX entries of
# 8 bytes.  At most 262,144 entries of one fatbin are made images; the
# rest is damage, said once, their bytes counted (main: --list=sizes
# about 300 MiB, exit 0).
python3 -c '
import struct, sys
n = 1000000
ent = struct.pack("<HHIQIIHHIIIQQQ", 1, 0x0101, 64, 8, 0, 0, 1, 8, 90, 0, 0, 0x11, 0, 0) + b"//ptx\n\0\0"
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<IHHQ", 0xBA55ED50, 1, 16, 72 * n))
    f.write(ent * n)' p8.fatbin
cpu_bounded 2 "1M PTX entries of 8 bytes: --list=sizes" "$SPILLWAY" --list=sizes p8.fatbin
under_kb 131072 "1M PTX entries of 8 bytes: --list=sizes, 262,144 images at most"
check "1M PTX entries of 8 bytes: the bound said once" \
    [ "$(grep -c 'more than 262144 entries in one fatbin: this one and those after it are not read' "$TMP/err")" = 1 ]
check "1M PTX entries of 8 bytes: the rest counted as entries not read" \
    grep -qx 'overhead,p8.fatbin,,,entries not read,,,0,53125632,53125632' "$TMP/out"
cpu_bounded 2 "1M PTX entries of 8 bytes: --check, not all read" "$SPILLWAY" --check p8.fatbin
under_kb 131072 "1M PTX entries of 8 bytes: --check, 262,144 images at most"
rm -f p8.fatbin

finish
