#!/bin/sh
# SPDX-License-Identifier: MIT
# Line tables: tests/corpus/lineinfo/build/lineinfo.o and lineinfo.sm_90.cubin,
# built with nvcc -lineinfo from tests/corpus/src/lineinfo.cu in a
# checkout at GitHub's path (/home/runner/work/spillway/spillway), carry
# DWARF .debug_line.  Each kernel's finding names its .cu file and the
# line that defines the kernel, in the JSON and in GitHub's file= and
# line= (relative to $GITHUB_WORKSPACE); a binary without line tables
# names none; a damaged table gives no location, never a crash, and
# changes no figure.
. "$srcdir/tests/lib/lib.sh"
command -v python3 >/dev/null || exit 77
WS=/home/runner/work/spillway/spillway
LI="$CORPUS/lineinfo/build"
SRC=tests/corpus/src/lineinfo.cu
def() { grep -n "__global__ void $1(" "$srcdir/$SRC" | cut -d: -f1; }
scale=$(def scale_kernel)
local_=$(def local_kernel)
check "the source defines both kernels" test -n "$scale" -a -n "$local_"

for obj in lineinfo.o lineinfo.sm_90.cubin; do
	"$SPILLWAY" --report=json --max-regs=1 "$LI/$obj" >"$TMP/$obj.json"
	check "$obj: each kernel's finding names $SRC and its line ($scale, $local_)" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
got = sorted((f["kernel"].split("(")[0], f["file"], f["line"])
             for f in d["findings"] if f["rule"] == "max-regs")
want = sorted([("lineinfo::scale_kernel", sys.argv[2], int(sys.argv[3])),
               ("lineinfo::local_kernel", sys.argv[2], int(sys.argv[4]))])
sys.exit(0 if got == want else print(got) or 1)' \
		"$TMP/$obj.json" "$WS/$SRC" "$scale" "$local_"
	GITHUB_ACTIONS=true GITHUB_WORKSPACE="$WS/" \
		"$SPILLWAY" --check --max-regs=1 "$LI/$obj" >"$TMP/$obj.gh" 2>/dev/null
	check "$obj: the ::error is on the kernel's own line, relative to the workspace" grep -qx \
		"::error file=$SRC,line=$scale,title=spillway max-regs%3A lineinfo%3A%3Ascale_kernel sm_90::VIOLATION .*" \
		"$TMP/$obj.gh"
	"$SPILLWAY" --check --max-regs=1 --junit="$TMP/$obj.xml" "$LI/$obj" >/dev/null 2>&1
	check "$obj: the JUnit testcases carry the kernels' file= and line=" python3 -c '
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
got = sorted((c.get("name").split("(")[0], c.get("file"), c.get("line")) for c in cases)
want = sorted([("lineinfo::scale_kernel", sys.argv[2], sys.argv[3]),
               ("lineinfo::local_kernel", sys.argv[2], sys.argv[4])])
sys.exit(0 if got == want else print(got) or 1)' "$TMP/$obj.xml" "$WS/$SRC" "$scale" "$local_"
	command -v xmllint >/dev/null && check "$obj: ...and validate against junit.xsd" \
		xmllint --noout --schema "$srcdir/data/schema/junit.xsd" "$TMP/$obj.xml"
	GITHUB_ACTIONS=true "$SPILLWAY" --check --max-regs=1 "$LI/$obj" >"$TMP/$obj.abs" 2>/dev/null
	check "$obj: outside the workspace, the path as the table names it" grep -q \
		"^::error file=$WS/$SRC,line=$local_,title=spillway max-regs%3A lineinfo%3A%3Alocal_kernel" \
		"$TMP/$obj.abs"
done

"$SPILLWAY" --report=json --max-regs=1 "$BUILD/spill.o" >"$TMP/plain.json"
check "a binary without line tables: no file, no line" python3 -c '
import json, sys
fs = json.load(open(sys.argv[1]))["findings"]
sys.exit(0 if fs and all(f["file"] is None and f["line"] is None for f in fs) else 1)' "$TMP/plain.json"

# Damage: the cubin with its .debug_line or its relocations spoiled, one
# way each.  The scan reads every figure as before; a kernel whose rows
# were spoiled has no location.
cat >"$TMP/spoil.py" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
how = sys.argv[3]
shoff, = struct.unpack_from("<Q", data, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
def sh(i):
    return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
stroff = sh(shstrndx)[4]
def name(i):
    n = sh(i)[0]
    return data[stroff + n:data.index(b"\0", stroff + n)].decode()
secs = {name(i): sh(i) for i in range(shnum)}
line = secs[".debug_line"]
rela = secs[".rela.debug_line"]
if how == "length":	# the unit's length past the section
    struct.pack_into("<I", data, line[4], 0xfffffff0)
elif how == "zeros":	# the whole table zeros
    data[line[4]:line[4] + line[5]] = bytes(line[5])
elif how == "noise":	# every byte after the header's length
    for k in range(line[4] + 4, line[4] + line[5]):
        data[k] = (k * 131 + 7) & 0xff
elif how == "reloc-offset":	# a relocation past the table
    struct.pack_into("<Q", data, rela[4], line[5] + 4096)
elif how == "reloc-symbol":	# a symbol that is not there
    struct.pack_into("<Q", data, rela[4] + 8, (0xffffff << 32) | 2)
elif how == "reloc-type":	# a relocation of another type
    struct.pack_into("<Q", data, rela[4] + 8, (struct.unpack_from("<Q", data, rela[4] + 8)[0] & ~0xffffffff) | 77)
open(sys.argv[2], "wb").write(data)
PY
"$SPILLWAY" --list "$LI/lineinfo.sm_90.cubin" | cut -d, -f2- >"$TMP/list.want"
for how in length zeros noise reloc-offset reloc-symbol reloc-type; do
	python3 "$TMP/spoil.py" "$LI/lineinfo.sm_90.cubin" "$TMP/$how.cubin" "$how"
	bounded 1 "a line table spoiled ($how): the gate's answer, within bounds" \
		"$SPILLWAY" --check --max-regs=1 "$TMP/$how.cubin"
	"$SPILLWAY" --list "$TMP/$how.cubin" | cut -d, -f2- >"$TMP/list.got"
	check "...($how) every figure as before" cmp "$TMP/list.want" "$TMP/list.got"
	"$SPILLWAY" --report=json --max-regs=1 "$TMP/$how.cubin" >"$TMP/$how.json"
	check "...($how) a location only where the table still says one, and only the kernel's own" python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["findings"]:
    if f["file"] is not None and (f["file"], f["line"]) not in ((sys.argv[2], int(sys.argv[3])), (sys.argv[2], int(sys.argv[4]))):
        sys.exit(1)' "$TMP/$how.json" "$WS/$SRC" "$scale" "$local_"
done
check "relocations spoiled: no location at all" sh -c "! grep -q '\"file\": \"/' '$TMP/reloc-offset.json' '$TMP/reloc-type.json' '$TMP/reloc-symbol.json'"
finish
