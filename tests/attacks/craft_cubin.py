#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes small hand-made device ELFs (cubins) and fatbins that real tools never make,
for tests/attacks/hostile.sh and the fuzz regression inputs.

    python3 tests/attacks/craft_cubin.py OUTDIR
    python3 tests/attacks/craft_cubin.py --variants OUTDIR CUBIN

Each file is an ELF64 with e_machine 190 and one kernel, "k", plus the
oddity its name says.  --variants writes, for tests/attacks/attack-cubin.sh, what
the attack round's generators (tests/attacks/repro/tools) make with other sizes:
overlapping section headers, a real CUBIN cut inside its section header
table or with its table's fields damaged, bare and inside fatbins, and the
limits of the checks on either side.  Its names start with ok- when the file
must be read (exit 0), bad- when it is damage (exit 2).
"""
import os
import shutil
import struct
import sys

SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_NOBITS, SHT_REL = 1, 2, 3, 8, 9
SHT_LOPROC = 0x70000000


def cubin(sections, syms):
    """sections: list of (name, type, data or None, size, link, info, entsize)."""
    shstr = b"\0"
    names = []
    for s in sections:
        names.append(len(shstr))
        shstr += s[0].encode() + b"\0"
    strtab = b"\0"
    symtab = b"\0" * 24
    for name, info, other, shndx in syms:
        off = len(strtab)
        strtab += name.encode() + b"\0"
        symtab += struct.pack("<IBBHQQ", off, info, other, shndx, 0, 0)
    # Fixed sections: 0 null, 1 .shstrtab, 2 .strtab, 3 .symtab, then the given ones.
    fixed = [(".shstrtab", SHT_STRTAB, None, 0, 0, 0, 0), (".strtab", SHT_STRTAB, strtab, len(strtab), 0, 0, 0),
             (".symtab", SHT_SYMTAB, symtab, len(symtab), 2, 1, 24)]
    allsec = fixed + sections
    shstr = b"\0"
    names = []
    for s in allsec:
        names.append(len(shstr))
        shstr += s[0].encode() + b"\0"
    allsec[0] = (".shstrtab", SHT_STRTAB, shstr, len(shstr), 0, 0, 0)
    body = b""
    offs = []
    for s in allsec:
        offs.append(64 + len(body))
        if s[2] is not None:
            body += s[2] + b"\0" * (-len(s[2]) % 8)
    shoff = 64 + len(body)
    ident = b"\x7fELF\x02\x01\x01\x41\x08" + b"\0" * 7
    eh = ident + struct.pack("<HHIQQQIHHHHHH", 2, 190, 1, 0, 0, shoff, 0x06005604, 64, 56, 0, 64,
                             len(allsec) + 1, 1)
    shdrs = b"\0" * 64
    for i, s in enumerate(allsec):
        name, typ, data, size, link, info, entsize = s
        shdrs += struct.pack("<IIQQQQIIQQ", names[i], typ, 6 if name.startswith(".text") else 0, 0,
                             offs[i], size, link, info, 8, entsize)
    return eh + body + shdrs


def kernel_syms(extra=()):
    # Symbol 1: the kernel k (STT_FUNC, global, STO_CUDA_ENTRY), in section 4 (.text.k).
    return [("k", 0x12, 0x10, 4)] + list(extra)


def text():
    return (".text.k", SHT_PROGBITS, b"\0" * 16, 16, 3, (20 << 24) | 1, 0)


def rel(entries):
    return b"".join(struct.pack("<QQ", 0, (sym << 32) | 1) for sym in entries)


def fatbin_entry(kind, flags, payload, csize, usize, arch=86):
    padded = payload + b"\0" * (-len(payload) % 8)
    eh = struct.pack("<HHIQIIHHIIIQQQ", kind, 0x0101, 64, len(padded), csize, 0, 8, 1, arch, 0, 0,
                     flags, 0, usize)
    return eh + padded


def fatbin(entries):
    body = b"".join(entries)
    return struct.pack("<IHHQ", 0xBA55ED50, 1, 16, len(body)) + body


def main(out):
    os.makedirs(out, exist_ok=True)
    files = {}
    regcount = struct.pack("<BBHII", 4, 0x2f, 8, 1, 20)
    # A clean kernel: REG 20 from .nv.info.
    files["clean.cubin"] = cubin([text(), (".nv.info", SHT_LOPROC, regcount, len(regcount), 3, 0, 0)],
                                 kernel_syms())
    # .nv.info as SHT_NOBITS with a large size: no bytes to read (was a NULL dereference).
    files["nobits-nv-info.cubin"] = cubin([text(), (".nv.info", SHT_NOBITS, None, 0x7fff0000, 3, 0, 0),
                                          (".nv.info.k", SHT_NOBITS, None, 0x1000, 3, 4, 0)], kernel_syms())
    # Relocations into bank 0 as SHT_NOBITS of 2^40 bytes (was an allocation sized from it).
    files["nobits-rel-huge.cubin"] = cubin([text(), (".rel.nv.constant0.k", SHT_NOBITS, None, 1 << 40, 3, 4, 16)],
                                           kernel_syms())
    # Two textures, one sampler, one surface, each referenced several times: 2/1/1.
    refs = [(name, (1 << 4) | t, 0, 0) for name, t in
            [("tex_a", 10), ("tex_b", 10), ("samp_a", 11), ("surf_a", 12)]]
    r = rel([2, 3, 2, 4, 5, 3, 5, 2, 1])
    files["texrefs.cubin"] = cubin([text(), (".rel.nv.constant0.k", SHT_REL, r, len(r), 3, 4, 16)],
                                   kernel_syms(refs))
    # The same with a relocation naming symbol 99 of 6: damage, not a reference less.
    r = rel([2, 3, 2, 4, 5, 3, 5, 2, 1, 99])
    files["texrefs-symbol-oob.cubin"] = cubin([text(), (".rel.nv.constant0.k", SHT_REL, r, len(r), 3, 4, 16)],
                                              kernel_syms(refs))
    # Per-function sections whose sh_info links mislead: .nv.shared.j links to
    # .text.k, .nv.shared.k to no section at all.  The names decide: j 256, k 512.
    files["misleading-links.cubin"] = cubin(
        [text(), (".text.j", SHT_PROGBITS, b"\0" * 16, 16, 3, (24 << 24) | 2, 0),
         (".nv.shared.j", SHT_NOBITS, None, 0x100, 0, 4, 0),
         (".nv.shared.k", SHT_NOBITS, None, 0x200, 0, 999, 0)],
        kernel_syms([("j", 0x12, 0x10, 5)]))
    # A symbol table with sh_entsize 1: the count comes from libelf, not from it.
    c = bytearray(files["clean.cubin"])
    shoff, = struct.unpack_from("<Q", c, 0x28)
    struct.pack_into("<Q", c, shoff + 3 * 64 + 56, 1)
    files["symtab-entsize-1.cubin"] = bytes(c)
    # Compressed entries whose headers promise 200 MB from a few bytes: refused
    # before any buffer is allocated.
    big = 200 << 20
    zframe = b"\x28\xb5\x2f\xfd\xe0" + struct.pack("<Q", big) + b"\x09\x00\x00\x00"
    files["zstd-false-promise.fatbin"] = fatbin([fatbin_entry(2, 0x8011, zframe, len(zframe), big)])
    files["lz4-false-promise.fatbin"] = fatbin([fatbin_entry(2, 0x2011, b"\x1f\x00" * 8, 16, big)])
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


def variants(out, real):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "repro", "tools"))
    import cub
    import fb
    from cub import sec, sym, build, text as ktext
    os.makedirs(out, exist_ok=True)
    files = {}

    def overlap(nsec, size, typ, name, odd, payload=b"\0"):
        # As tools/gen_overlap.py: nsec headers over one region of size bytes.
        region = (payload * (size // len(payload) + 1))[:size]
        first = sec(name, typ, b"\0" + region if odd else region, link=3, info=4, entsize=16)
        off = fb.elf_sections(build([ktext("k", 20), first], [sym("k")]))[5].offset + (1 if odd else 0)
        secs = [ktext("k", 20), dict(first, offset=off, size=size)]
        secs += [sec(name, typ, None, link=3, info=4, entsize=16, offset=off, size=size)] * (nsec - 1)
        return build(secs, [sym("k")])

    def entry(image, zstd):
        if zstd:
            z = fb.zstd_compress(image, 3)
            return fb.make_entry(2, 0x8011, z, len(z), len(image), arch=86)
        return fb.make_entry(2, 0x11, image, 0, 0, arch=86)

    def patch(b, off, fmt, *v):
        b = bytearray(b)
        struct.pack_into(fmt, b, off, *v)
        return bytes(b)

    zstd = shutil.which("zstd") is not None
    nvinfo = b"\x01\x00\x00\x00"
    for n, kib in ((300, 256), (2500, 64), (40, 4096)):
        files["bad-overlap-rel-%dx%dK-unaligned.cubin" % (n, kib)] = overlap(n, kib << 10, SHT_REL, ".rel.nv.constant0.k", True)
        files["bad-overlap-rel-%dx%dK-aligned.cubin" % (n, kib)] = overlap(n, kib << 10, SHT_REL, ".rel.nv.constant0.k", False)
    for n, kib in ((20000, 16), (200, 2048)):
        files["bad-overlap-nvinfo-%dx%dK.cubin" % (n, kib)] = overlap(n, kib << 10, SHT_LOPROC, ".nv.info", False, nvinfo)
    files["bad-overlap-nvinfo-k-3000x256K.cubin"] = overlap(3000, 256 << 10, SHT_LOPROC, ".nv.info.k", False, nvinfo)
    # One header over the region is no overlap: read.
    files["ok-overlap-rel-1x1024K.cubin"] = overlap(1, 1 << 20, SHT_REL, ".rel.nv.constant0.k", True)
    files["ok-overlap-nvinfo-1x1024K.cubin"] = overlap(1, 1 << 20, SHT_LOPROC, ".nv.info", False, nvinfo)
    for z in (False, True) if zstd else (False,):
        kind = "zstd" if z else "plain"
        files["bad-overlap-rel-3000x1024K-%s.fatbin" % kind] = fb.make_container(
            [entry(overlap(3000, 1 << 20, SHT_REL, ".rel.nv.constant0.k", True), z)])
        files["bad-overlap-nvinfo-9000x4M-%s.fatbin" % kind] = fb.make_container(
            [entry(overlap(9000, 4 << 20, SHT_LOPROC, ".nv.info", False, nvinfo), z)])

    # A real cubin cut at every section header, and its table's fields damaged.
    shoff, shnum, strndx = fb.u64(real, 0x28), fb.u16(real, 0x3c), fb.u16(real, 0x3e)
    names = fb.elf_sections(real)[strndx]
    for i in range(0, shnum, max(1, shnum // 8)):
        files["bad-real-cut-in-header-%d.cubin" % i] = real[:shoff + 64 * i + 40]
    files["bad-real-cut-last-header-byte.cubin"] = real[:shoff + 64 * shnum - 1]
    files["bad-real-shstrndx-shnum.cubin"] = patch(real, 0x3e, "<H", shnum)
    files["bad-real-shoff-past.cubin"] = patch(real, 0x28, "<Q", len(real) - 64 * shnum + 8)
    files["bad-real-shentsize-56.cubin"] = patch(real, 0x3a, "<H", 56)
    files["bad-real-name-at-table-end.cubin"] = patch(real, shoff + 64 * (shnum - 1), "<I", names.size)
    files["ok-real-name-at-last-nul.cubin"] = patch(real, shoff + 64 * (shnum - 1), "<I", names.size - 1)
    files["bad-real-names-no-nul.cubin"] = patch(real, names.offset + names.size - 1, "B", 0x41)
    files["bad-real-eflags-0.cubin"] = patch(real, 0x30, "<I", 0)
    files["ok-real.cubin"] = real
    for z in (False, True) if zstd else (False,):
        kind = "zstd" if z else "plain"
        files["bad-real-cut-%s.fatbin" % kind] = fb.make_container([entry(real[:shoff + 100], z)])
        files["bad-real-shstrndx-%s.fatbin" % kind] = fb.make_container(
            [entry(patch(real, 0x3e, "<H", 0xfeff), z)])
        files["ok-real-%s.fatbin" % kind] = fb.make_container([entry(real, z)])

    # Either side of the checks' limits.
    for bank, ok in ((65535, True), (65536, False), (4294967295, False)):
        s = [ktext("k", 20), sec(".nv.constant%d.k" % bank, SHT_PROGBITS, b"\0" * 8, info=4)]
        files["%s-constbank-%d.cubin" % ("ok" if ok else "bad", bank)] = build(s, [sym("k")])
    # Device memory types have no bytes in the file: their offsets may point anywhere.
    for typ, name in ((SHT_LOPROC + 0x0a, ".nv.shared.k"), (SHT_LOPROC + 0x09, ".nv.local.k"),
                      (SHT_LOPROC + 0x07, ".nv.global"), (SHT_LOPROC + 0x15, ".nv.reservedSmem.cap"),
                      (SHT_NOBITS, ".nv_debug.shared")):
        s = [ktext("k", 20), sec(name, typ, None, size=4096, info=4, offset=1 << 40)]
        files["ok-nofilebytes-%x-past-image.cubin" % typ] = build(s, [sym("k")])
    s = [ktext("k", 20), sec(".nv.global.init", SHT_LOPROC + 0x08, None, size=4096, offset=1 << 40)]
    files["bad-global-init-past-image.cubin"] = build(s, [sym("k")])
    s = [ktext("k", 20), sec(".nv.constant0.k", SHT_PROGBITS, None, size=64, info=4, offset=1 << 20)]
    files["bad-constant-past-image.cubin"] = build(s, [sym("k")])
    s = [sec(".text.k", SHT_NOBITS, None, size=16, link=3, info=(20 << 24) | 1)]
    files["bad-text-nobits.cubin"] = build(s, [sym("k")])
    s = [ktext("k", 20)] + [sec(".nv.global", SHT_NOBITS, None, size=(1 << 63) - 1)] * 3
    files["ok-global-saturated.cubin"] = build(s, [sym("k")])
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "--variants":
        with open(sys.argv[3], "rb") as f:
            variants(sys.argv[2], f.read())
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else ".")
