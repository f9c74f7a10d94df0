#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Hostile AMDGPU inputs (issue 28), made from a real code object and bundle:
a MessagePack note whose counts claim more than its bytes (2^32 - 1
elements in 5 bytes, nested), msgpack nested past msgpack-c's depth,
a note cut short, a note over its section; bundles whose entry count,
offsets, sizes and id lengths run past the end; compressed bundles (CCOB)
whose stated sizes are too large, too small or past any image, whose
payload is cut short, whose method or version is none clang writes.

usage: gen_amdgpu.py CODE_OBJECT BUNDLE OUTDIR
"""
import os
import struct
import sys
import zlib


def note_at(d):
    """(offset of the note's data, its size) of NT_AMDGPU_METADATA."""
    shoff, = struct.unpack_from("<Q", d, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", d, 0x3A)
    for i in range(shnum):
        _, typ, _, _, off, size = struct.unpack_from("<IIQQQQ", d, shoff + i * shentsize)
        if typ != 7:
            continue
        at = off
        while at < off + size:
            namesz, descsz, ntype = struct.unpack_from("<III", d, at)
            data = at + 12 + ((namesz + 3) & ~3)
            if ntype == 32:
                return at, data, descsz
            at = data + ((descsz + 3) & ~3)
    sys.exit("no NT_AMDGPU_METADATA")


def with_desc(d, hdr, data, size, new):
    """The code object with the note's data replaced by new, as long as the
    old (padded with nil, 0xc0), so that no offset moves."""
    new = new[:size] + b"\xc0" * (size - len(new)) if len(new) <= size else new[:size]
    return d[:data] + new + d[data + size:]


def main():
    co, bundle, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    d = open(co, "rb").read()
    hdr, data, size = note_at(d)

    def put(name, b):
        open(os.path.join(out, name), "wb").write(b)

    # A map claiming 2^32 - 1 pairs; an array of 2^32 - 1; nested claims.
    put("msgpack-map32-huge.co", with_desc(d, hdr, data, size, b"\xdf\xff\xff\xff\xff"))
    put("msgpack-array32-huge.co", with_desc(d, hdr, data, size,
        b"\x81\xaeamdhsa.kernels\xdd\xff\xff\xff\xff"))
    put("msgpack-nested-claims.co", with_desc(d, hdr, data, size,
        b"\x81\xaeamdhsa.kernels" + b"\xdd\x00\x00\x10\x00" * 200))
    put("msgpack-deep.co", with_desc(d, hdr, data, size, b"\x91" * (size - 1) + b"\x00"))
    put("msgpack-str-huge.co", with_desc(d, hdr, data, size, b"\x81\xdb\xff\xff\xff\xf0"))
    # The note's size past its section, and the data cut in the middle.
    put("note-descsz-huge.co", d[:hdr + 4] + struct.pack("<I", 0xfffffff0) + d[hdr + 8:])
    put("note-cut.co", d[:data + size // 2])
    # A kernel's count that is no 32-bit number.
    meta = d[data:data + size]
    at = meta.find(b"\xab.vgpr_count")
    if at >= 0:
        v = at + 12
        put("kernel-vgpr-negative.co", d[:data + v] + b"\xd0\x80" + d[data + v + 2:])
    b = open(bundle, "rb").read()
    # The second entry's fields (the first is the host's, empty).
    idlen0, = struct.unpack_from("<Q", b, 48)
    e1 = 32 + 24 + idlen0
    put("bundle-count-huge.hipfb", b[:24] + struct.pack("<Q", (1 << 63) + 5) + b[32:])
    put("bundle-count-past.hipfb", b[:24] + struct.pack("<Q", len(b) // 24) + b[32:])
    put("bundle-offset-huge.hipfb", b[:e1] + struct.pack("<Q", (1 << 64) - 8) + b[e1 + 8:])
    put("bundle-size-huge.hipfb", b[:e1 + 8] + struct.pack("<Q", (1 << 64) - 1) + b[e1 + 16:])
    put("bundle-idlen-huge.hipfb", b[:48] + struct.pack("<Q", (1 << 64) - 1) + b[56:])
    put("bundle-cut.hipfb", b[:len(b) // 3])
    put("bundle-ccob.hipfb", b"CCOB" + struct.pack("<HHIIQ", 2, 1, 64, 128, 0) + b"\x28\xb5\x2f\xfd" + b"\0" * 40)
    # A code object whose metadata is sound but cut in an entry of a bundle.
    put("bundle-entry-cut.hipfb", b[:-100])
    # Compressed bundles (v3, zlib) of the real one, their fields changed.
    z = zlib.compress(b, 9)

    def ccob(version=3, method=0, total=None, usize=len(b), payload=z):
        total = 32 + len(payload) if total is None else total
        return b"CCOB" + struct.pack("<HHQQQ", version, method, total, usize, 0) + payload
    put("ccob-usize-huge.hipfb", ccob(usize=1 << 40))
    put("ccob-usize-over.hipfb", ccob(usize=len(b) + 4096))
    put("ccob-usize-under.hipfb", ccob(usize=len(b) - 4096))
    put("ccob-cut.hipfb", ccob()[:32 + len(z) // 2])
    put("ccob-payload-cut.hipfb", ccob(payload=z[:len(z) // 2]))
    put("ccob-method.hipfb", ccob(method=2))
    put("ccob-version.hipfb", ccob(version=9))
    put("ccob-total-small.hipfb", ccob(total=8))
    put("ccob-trailing.hipfb", ccob() + b"\0" * 64 + b"garbage")


if __name__ == "__main__":
    main()
