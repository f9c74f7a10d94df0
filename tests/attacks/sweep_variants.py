#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes damaged copies of corpus artifacts for tests/attacks/truncation-sweep.sh.

    python3 tests/attacks/sweep_variants.py CORPUS_BUILD OUTDIR

For each artifact: every prefix length at a stride (and every length up to
the first 64 bytes), then every single-byte corruption (xor 0xff and
0x00) of the first fatbin container header, its first entry header and the
first 16 bytes of the .nv.info and first .nv.info.<fn> sections of the
first stored cubin.  Prints the number of variants written.
"""
import os
import struct
import sys

ARTIFACTS = ["stack.o", "spill.compress-size.fatbin", "rdc_b.sm_89.cubin", "librdc.a"]
PREFIXES = 100
MAGIC = struct.pack("<I", 0xBA55ED50)


def elf_sections(b, base=0):
    """{name: (offset, size)} of an ELF64 starting at base, or {}."""
    try:
        shoff, = struct.unpack_from("<Q", b, base + 0x28)
        shnum, shstrndx = struct.unpack_from("<HH", b, base + 0x3C)
        hdr = lambda i: struct.unpack_from("<IIQQQQ", b, base + shoff + 64 * i)
        stroff = base + hdr(shstrndx)[4]
        out = {}
        for i in range(shnum):
            h = hdr(i)
            name = b[stroff + h[0]:b.index(b"\0", stroff + h[0])].decode()
            out.setdefault(name, (base + h[4], h[5]))
        return out
    except (struct.error, ValueError, IndexError):
        return {}


def header_ranges(b):
    """(what, offset, length) of the header bytes to corrupt."""
    ranges = []
    fat = b.find(MAGIC)
    if fat >= 0:
        ranges.append(("fatbin header", fat, 16))
        hsize, = struct.unpack_from("<H", b, fat + 6)
        ehsize, = struct.unpack_from("<I", b, fat + hsize + 4)
        ranges.append(("first entry header", fat + hsize, min(ehsize, 128)))
    cub = 0 if b[:4] == b"\x7fELF" and b[18] == 190 else b.find(b"\x7fELF\x02\x01\x01\x41")
    if cub >= 0:
        secs = elf_sections(b, cub)
        info = [n for n in secs if n == ".nv.info"] + sorted(n for n in secs if n.startswith(".nv.info."))[:1]
        for n in info:
            off, size = secs[n]
            ranges.append((n, off, min(size, 16)))
    return ranges


def main(src, out):
    os.makedirs(out, exist_ok=True)
    n = 0
    for art in ARTIFACTS:
        with open(os.path.join(src, art), "rb") as f:
            b = f.read()
        stride = max(1, len(b) // PREFIXES)
        lengths = sorted(set(range(0, min(64, len(b)))) | set(range(0, len(b), stride)))
        for L in lengths:
            name = "%s.prefix%07d" % (art, L)
            with open(os.path.join(out, name), "wb") as f:
                f.write(b[:L])
            n += 1
        for what, off, length in header_ranges(b):
            for i in range(off, off + length):
                for op, val in (("xor", 0xFF), ("set", 0x00)):
                    v = b[i] ^ val if op == "xor" else val
                    if v == b[i]:
                        continue
                    c = bytearray(b)
                    c[i] = v
                    name = "%s.byte%07d.%02x" % (art, i, v)
                    with open(os.path.join(out, name), "wb") as f:
                        f.write(c)
                    n += 1
    print(n)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
