#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile packages (issue 40), made at test time by python3's zipfile,
# tarfile and zlib: bombs past the bound on what a package may unpack to,
# sizes that lie, a member the central directory lists and the local
# headers hide, an xz dictionary of 1 GiB, packages nested past two levels, more members than the
# bound, hostile names (../, absolute, control bytes, not UTF-8, a NUL,
# 10,000 bytes), packages cut short or damaged, and a member as large as
# the file.  Every one ends within the bounds of tests/lib/lib.sh (10 s of
# CPU, 256 MiB), damage by exit 2 with a message naming the package and
# the member, and the rows of the good members kept.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
CUBIN="$BUILD/stack.sm_80.cubin"
cubin_rows=$(($("$SPILLWAY" --list "$CUBIN" | wc -l) - 1))
P="$TMP/pk"
mkdir -p "$P/run"
python3 - "$P" "$CUBIN" "$BUILD/libkernels.so" <<'EOF' || exit 99
import io, os, sys, tarfile, zipfile, zlib
out, cubin_path, lib_path = sys.argv[1:4]
cubin = open(cubin_path, "rb").read()
lib = open(lib_path, "rb").read()

def gz(data, level=1):
    c = zlib.compressobj(level, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()

def tar_bytes(members, fmt=tarfile.PAX_FORMAT):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode="w", format=fmt) as t:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return b.getvalue()

def header(name, size):
    info = tarfile.TarInfo(name)
    info.size = size
    return info.tobuf(format=tarfile.GNU_FORMAT)

def entry(name, data):
    return header(name, len(data)) + data + bytes(-len(data) % 512)

def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)

# A bomb: a tar.gz of one member of 2 GiB of zeros, as concatenated gzip
# members (one of 64 MiB of zeros, 32 times): 2 MiB that unpack to 2 GiB.
zeros = gz(bytes(64 << 20))
write("bomb.tar.gz", gz(entry("ok.cubin", cubin) + header("zeros.bin", 2 << 30)) + zeros * 32)
# The same as a zip: one deflated member of 1.5 GiB of zeros after a
# cubin, written as a stream writes it (its sizes in a data descriptor
# after its bytes: its end is found only by inflating it); and a member of
# zeros whose header gives its size, stepped over unread.
class Stream(io.RawIOBase):
    def __init__(self, f):
        self.f = f
    def writable(self):
        return True
    def write(self, b):
        return self.f.write(b)
with open(os.path.join(out, "bomb.zip"), "wb") as raw:
    with zipfile.ZipFile(Stream(raw), "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        z.writestr("ok.cubin", cubin)
        with z.open("zeros.bin", "w") as f:
            chunk = bytes(64 << 20)
            for _ in range(24):
                f.write(chunk)
with zipfile.ZipFile(os.path.join(out, "zeros-sized.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("ok.cubin", cubin)
    z.writestr("zeros.bin", bytes(16 << 20))

# Sizes that lie: a tar member that claims 8 GiB and holds a cubin; a zip
# (stored) member whose local header claims more than the file, and one
# that claims less.
write("tar-claims-8g.tar", entry("ok.cubin", cubin) + header("liar.cubin", 8 << 30) + cubin)
def zip_stored(names):
    b = io.BytesIO()
    with zipfile.ZipFile(b, "w", zipfile.ZIP_STORED) as z:
        for n in names:
            z.writestr(n, cubin)
    return bytearray(b.getvalue())
for name, size in (("zip-claims-more.zip", 0x7ffffff0), ("zip-claims-less.zip", 100)):
    d = zip_stored(["ok.cubin", "liar.cubin"])
    at = d.find(b"PK\x03\x04", 4)            # the second local header
    d[at + 18:at + 26] = size.to_bytes(4, "little") * 2
    write(name, bytes(d))

# A member the central directory lists (as pip finds it) that the local
# headers do not reach: the second header's magic made the central
# directory's; and a zip cut where its second member would begin.
d = zip_stored(["ok.cubin", "hidden.cubin"])
at = d.find(b"PK\x03\x04", 4)
hid = bytearray(d)
hid[at:at + 4] = b"PK\x01\x02"
write("hidden.zip", bytes(hid))
write("cut-at-member.zip", bytes(d[:at]))

# Nesting: a cubin in a tar.gz in a tar.gz (2 levels: read), and one more.
inner = gz(tar_bytes([("lib/k.cubin", cubin)]))
two = gz(tar_bytes([("inner.tar.gz", inner)]))
write("nest2.tar.gz", two)
write("nest3.tar.gz", gz(tar_bytes([("middle.tar.gz", two)])))

# More members than the bound (2^20): 1024 empty members, gzip'd once,
# 1025 times over.
block = b"".join(header("e%04d" % i, 0) for i in range(1024))
write("members.tar.gz", gz(block, 9) * 1025 + gz(bytes(1024)))

# 300 cubins: more than the 64 scratch files held at once, so the walk
# waits for the workers.
with zipfile.ZipFile(os.path.join(out, "many.whl"), "w", zipfile.ZIP_DEFLATED) as z:
    for i in range(300):
        z.writestr("lib/k%03d.cubin" % i, cubin)

# Names: each a cubin.
names = ["../../escape.cubin", "/abs/olute.cubin", "ctl\x1b[31mred.cubin",
         "not-utf8-\udcff\udcfe.cubin", "long/" + "n" * 10000 + ".cubin"]
b = io.BytesIO()
with tarfile.open(fileobj=b, mode="w", format=tarfile.PAX_FORMAT, encoding="utf-8", errors="surrogateescape") as t:
    for n in names:
        info = tarfile.TarInfo(n)
        info.size = len(cubin)
        t.addfile(info, io.BytesIO(cubin))
write("names.tar", b.getvalue())
d = zip_stored(["nul-Qhidden.cubin"])
write("nul.zip", bytes(d).replace(b"nul-Qhidden", b"nul-\0hidden"))

# Damage: a wheel cut in its second member; a deflated member's bytes
# broken; a tar.gz cut in its stream.
b = io.BytesIO()
with zipfile.ZipFile(b, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("pkg/ok.cubin", cubin)
    z.writestr("pkg/lib.so", lib)
    z.writestr("pkg/after.cubin", cubin)
whl = b.getvalue()
at = whl.find(b"PK\x03\x04", 4)
write("cut.whl", whl[:at + 2000])
bad = bytearray(whl)
bad[at + 200:at + 400] = b"\xff" * 200
write("broken.whl", bytes(bad))
write("cut.tar.gz", gz(tar_bytes([("ok.cubin", cubin), ("lib.so", lib)]))[:-5000])

# xz: a dictionary of 1 GiB (liblzma would fill it as the stream
# unpacks), and xz -9's 64 MiB.
import lzma
for name, dict_size in (("dict-1g.tar.xz", 1 << 30), ("dict-64m.tar.xz", 64 << 20)):
    f = [{"id": lzma.FILTER_LZMA2, "preset": 0, "dict_size": dict_size}]
    write(name, lzma.compress(entry("k.cubin", cubin) + bytes(1024), format=lzma.FORMAT_XZ, filters=f))

# A member as large as the file: a tar of one library padded with zeros
# to 200 MiB.
with open(os.path.join(out, "whole.tar"), "wb") as f:
    big = (200 << 20) - 2048
    f.write(header("big.so", big))
    f.write(lib)
    f.write(bytes(big - len(lib)))
    f.write(bytes(1024))
EOF

# rows: the rows of $TMP/out, header aside.
rows() { echo $(($(wc -l <"$TMP/out") - 1)); }
said() { grep -qF -- "$1" "$TMP/err"; }

cd "$P/run" || exit 2
bounded 2 "a tar.gz bomb (2 MiB to 2 GiB)" "$SPILLWAY" --list "$P/bomb.tar.gz"
check "...stops at the bound, naming the package and the member" \
	said "$P/bomb.tar.gz: member zeros.bin: the package unpacks to more than 1024 MiB"
check "...keeps the cubin before it: $cubin_rows rows" [ "$(rows)" -eq "$cubin_rows" ]
bounded 2 "a zip bomb (one member of 1.5 GiB of zeros, its size after it)" "$SPILLWAY" --list "$P/bomb.zip"
check "...stops at the bound" said "bomb.zip: member zeros.bin: the package unpacks to more than"
check "...keeps the cubin before it" [ "$(rows)" -eq "$cubin_rows" ]
bounded 0 "a zip member of zeros whose header gives its size: stepped over" "$SPILLWAY" --list "$P/zeros-sized.zip"
check "...the cubin's rows" [ "$(rows)" -eq "$cubin_rows" ]

bounded 2 "a tar member that claims 8 GiB" "$SPILLWAY" --list "$P/tar-claims-8g.tar"
check "...is damage named by its member" grep -q "tar-claims-8g.tar: member liar.cubin: " "$TMP/err"
check "...the member before is read" [ "$(rows)" -eq "$cubin_rows" ]
for f in zip-claims-more zip-claims-less; do
	bounded 2 "$f: a zip member's size that lies" "$SPILLWAY" --list "$P/$f.zip"
	check "...is damage naming the package and the member" grep -q "$f.zip: .*member liar.cubin" "$TMP/err"
	check "...the member before is read" [ "$(rows)" -ge "$cubin_rows" ]
done

bounded 2 "a zip whose central directory lists a member its local headers do not reach" \
	"$SPILLWAY" --list "$P/hidden.zip"
check "...is damage: the counts named" said "hidden.zip: the central directory lists 2 members, the local headers 1"
check "...the member reached is read" [ "$(rows)" -eq "$cubin_rows" ]
bounded 2 "a zip cut where its second member begins" "$SPILLWAY" --list "$P/cut-at-member.zip"
check "...is damage, named" grep -q "cut-at-member.zip: .*member ok.cubin" "$TMP/err"

bounded 0 "a package in a package (2 levels) is read" "$SPILLWAY" --list "$P/nest2.tar.gz"
check "...named nest2.tar.gz!/inner.tar.gz!/lib/k.cubin" \
	grep -q '^[^,]*nest2.tar.gz!/inner.tar.gz!/lib/k.cubin,' "$TMP/out"
bounded 2 "3 levels of packages" "$SPILLWAY" --list "$P/nest3.tar.gz"
check "...the third is named, not read" said "nest3.tar.gz!/middle.tar.gz!/inner.tar.gz: a package inside a package inside a package"

bounded 2 "more than 2^20 members" "$SPILLWAY" --list "$P/members.tar.gz"
check "...said" said "members.tar.gz: more than 1048576 members: the rest are not read"

for t in 1 4; do
	bounded 0 "300 members to read, 64 held at once, -T $t" "$SPILLWAY" -T "$t" --list "$P/many.whl"
	check "...all read: $((300 * cubin_rows)) rows" [ "$(rows)" -eq $((300 * cubin_rows)) ]
done

bounded 0 "hostile names, each a cubin" "$SPILLWAY" --list "$P/names.tar"
check "...all 5 read" [ "$(rows)" -eq $((5 * cubin_rows)) ]
check "...../ kept in the name, never a path: nothing written" [ -z "$(ls -A "$P/run")" ] && [ ! -e "$P/escape.cubin" ]
check "...named names.tar!/../../escape.cubin" grep -q 'names.tar!/../../escape.cubin,' "$TMP/out"
check "...named names.tar!//abs/olute.cubin" grep -q 'names.tar!//abs/olute.cubin,' "$TMP/out"
check "...a name of 10,000 bytes cut at 4096 and said so" grep -q 'nnnn\.\.\.(cut),' "$TMP/out"
bounded 0 "--summary on them" "$SPILLWAY" --summary "$P/names.tar"
check "...escapes the terminal's escape" grep -qF 'ctl\x1b[31mred.cubin' "$TMP/out"
check "...and the bytes that are not UTF-8" grep -qF 'not-utf8-\xff\xfe.cubin' "$TMP/out"
check "...no raw ESC reaches the terminal" sh -c '! grep -q "$(printf "\033")" "$1"' sh "$TMP/out"
bounded 0 "a zip name with a NUL byte" "$SPILLWAY" --list "$P/nul.zip"
check "...read, named up to the NUL" grep -q '^[^,]*nul.zip!/nul-,' "$TMP/out"

bounded 2 "a wheel cut in its second member" "$SPILLWAY" --list "$P/cut.whl"
check "...names the package and the member" grep -q "cut.whl: member pkg/lib.so: " "$TMP/err"
check "...keeps the first member's rows" [ "$(rows)" -eq "$cubin_rows" ]
bounded 2 "a wheel with a damaged deflate stream" "$SPILLWAY" --list "$P/broken.whl"
check "...names the package and the member" grep -q "broken.whl: member pkg/lib.so: " "$TMP/err"
check "...keeps the first member's rows" [ "$(rows)" -eq "$cubin_rows" ]
bounded 2 "a tar.gz cut in its stream" "$SPILLWAY" --list "$P/cut.tar.gz"
check "...names the package and the member" grep -q "cut.tar.gz: member lib.so: " "$TMP/err"

bounded 2 "an xz stream whose dictionary is 1 GiB" "$SPILLWAY" --list "$P/dict-1g.tar.xz"
check "...is refused before it is unpacked" said "dict-1g.tar.xz: the xz stream needs more than 80 MiB to decompress"
bounded 0 "an xz stream of xz -9's dictionary (64 MiB) is read" "$SPILLWAY" --list "$P/dict-64m.tar.xz"
check "...its cubin's rows" [ "$(rows)" -eq "$cubin_rows" ]

bounded 0 "a member as large as the file (200 MiB)" "$SPILLWAY" --list "$P/whole.tar"
"$SPILLWAY" --list "$BUILD/libkernels.so" >"$TMP/lib.csv"
check "...its rows are the library's" [ "$(rows)" -eq $(($(wc -l <"$TMP/lib.csv") - 1)) ]
finish
