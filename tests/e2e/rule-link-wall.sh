#!/bin/sh
# SPDX-License-Identifier: MIT
# --link-wall=PCT: a host object's (or archive member's) .nv_fatbin and
# __nv_relfatbin past PCT % of the 2 GiB that x86-64's 32-bit relocations
# reach (doc/binary-formats.md 1.6); without the option a notice at 75 %.
# No test writes 2 GiB: the objects are the corpus's, their .nv_fatbin moved
# to the end and its section header made to claim more, the rest a hole
# (truncate), which the walk skips as zeros between containers.  The
# figures are readelf -S's.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v readelf >/dev/null 2>&1 || { echo "readelf (binutils) not found: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
WALL=2147483648

# grow OBJECT OUT SIZE [MEMBER]: OBJECT with its .nv_fatbin SIZE bytes, all
# but its first bytes a hole; with MEMBER, OUT is an ar archive of it.
grow() {
	python3 - "$@" <<'PY'
import struct, sys
src, out, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
member = sys.argv[4] if len(sys.argv) > 4 else None
d = bytearray(open(src, "rb").read())
shoff, = struct.unpack_from("<Q", d, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3a)
sh = lambda i: shoff + i * shentsize
names, = struct.unpack_from("<Q", d, sh(shstrndx) + 0x18)
for i in range(shnum):
    name, = struct.unpack_from("<I", d, sh(i))
    if d[names + name:d.index(b"\0", names + name)] == b".nv_fatbin":
        break
else:
    sys.exit("no .nv_fatbin")
off, old = struct.unpack_from("<QQ", d, sh(i) + 0x18)
body = bytes(d[off:off + old])
at = (len(d) + 4095) & ~4095
d += b"\0" * (at - len(d)) + body
struct.pack_into("<QQ", d, sh(i) + 0x18, at, size)
whole = at + size
head = b""
if member is not None:
    head = b"!<arch>\n" + ("%-16s%-12s%-6s%-6s%-8s%-10d`\n" % (member + "/", 0, 0, 0, 644, whole)).encode()
with open(out, "wb") as f:
    f.write(head + d)
    f.truncate(len(head) + whole)
PY
}

# readelf -S's size of FILE's .nv_fatbin, in hex
fatbin_hex() {
	readelf -SW "$1" | awk '{ sub(/^ *\[ *[0-9]+\] */, "") } $1 == ".nv_fatbin" { print $5 }'
}
OBJ="$BUILD/spill.o"
size=$(fatbin_hex "$OBJ")
check "the corpus object has a .nv_fatbin ($size hex bytes)" [ -n "$size" ]
# 79.2 % and 70 % of the wall; a member at 90 %.
grow "$OBJ" "$TMP/near.o" 1700000000
grow "$OBJ" "$TMP/far.o" 1503238553
grow "$OBJ" "$TMP/lib.a" 1932735283 near.o
grown=$(fatbin_hex "$TMP/near.o")
check "the grown object's .nv_fatbin is 1700000000 bytes by readelf -S ($((0x$grown)))" \
	[ "$((0x$grown))" -eq 1700000000 ]
check "...and takes no disk (a hole)" [ "$(du -k "$TMP/near.o" | cut -f1)" -lt 4096 ]

printf 'kernel,sm,stack,local,note\n' >"$TMP/allow.csv"
"$SPILLWAY" --allow="$TMP/allow.csv" --update-allow "$OBJ" >/dev/null 2>&1

# Without the option: a notice, no failure.
bounded 0 "79.2 % of the wall, no option: passes" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" "$TMP/near.o"
check "...with a notice: the bytes, the share, the limit, the file" grep -qF -e \
	"--link-wall: $TMP/near.o: .nv_fatbin holds 1700000000 bytes of device code, 79.2 % of the 2 GiB ($WALL bytes)" "$TMP/out"
check "...saying what fails at the wall" grep -q 'fails with "relocation truncated to fit" (warned at 75 %)$' "$TMP/out"
bounded 0 "70 % of the wall: no notice" "$SPILLWAY" --check --allow="$TMP/allow.csv" "$TMP/far.o"
check "...none" sh -c "! grep -q 'link-wall' '$TMP/out'"

# With it: a violation at or past PCT.
bounded 1 "--link-wall=75: the object at 79.2 % fails" \
	"$SPILLWAY" --check --link-wall=75 --allow="$TMP/allow.csv" "$TMP/near.o"
check "...one violation, the rule's" grep -q '; 1 violation (1 --link-wall)$' "$TMP/out"
check "...its line" grep -qF \
	"VIOLATION $TMP/near.o: .nv_fatbin holds 1700000000 bytes of device code, 79.2 %" "$TMP/out"
bounded 0 "--link-wall=80: under it, passes" \
	"$SPILLWAY" --check --link-wall=80 --allow="$TMP/allow.csv" "$TMP/near.o"
# 1700000000 bytes are 79.16 % of 2^31: 79 % is at or under it.
bounded 1 "--link-wall=79: fails" \
	"$SPILLWAY" --check --link-wall=79 --allow="$TMP/allow.csv" "$TMP/near.o"

# An archive member is judged as the member.
bounded 1 "an archive member at 90 %" \
	"$SPILLWAY" --check --link-wall=85 --allow="$TMP/allow.csv" "$TMP/lib.a"
check "...named LIBRARY:MEMBER" grep -qF \
	"VIOLATION $TMP/lib.a:near.o: .nv_fatbin holds 1932735283 bytes of device code, 90.0 %" "$TMP/out"

# The corpus as it is: nothing near the wall, no notice.
expect_status 2 "the corpus build (its damaged files: exit 2)" "$SPILLWAY" --check "$BUILD"
check "...no link-wall finding" sh -c "! grep -q 'link-wall' '$TMP/out'"

# The machine-read faces name the rule from the table.
"$SPILLWAY" --check --format=json --link-wall=75 --allow="$TMP/allow.csv" "$TMP/near.o" \
	>"$TMP/v.json" 2>/dev/null
check "JSON: the finding's rule, its figures" python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
f = [x for x in v["findings"] if x.get("rule") == "link-wall"]
sys.exit(not (len(f) == 1 and f[0]["measured"] == 1700000000 and f[0]["limit"] == 2147483648 * 0.75))
' "$TMP/v.json"
expect_status 2 "--link-wall=0 is refused (1 to 100)" "$SPILLWAY" --check --link-wall=0 "$TMP/near.o"

finish
