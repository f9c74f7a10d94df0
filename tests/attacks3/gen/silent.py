#!/usr/bin/env python3
"""Inputs of the silent-pass class beyond the stored cases (tests/attack3-silent.sh):
each hides a 4 KiB stack frame where a reader once dropped it without a word.

    silent.py OUTDIR

Writes OUTDIR/NAME for each NAME below; a name starting with fatbin- must
give the violation (exit 1), every other is damage (exit 2).
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from elfgen import (ar, cubin, fatbin, fatbin_entry, host_elf, nvinfo_sval,  # noqa: E402
                    EIATTR_REGCOUNT, EIATTR_FRAME_SIZE, EIATTR_MIN_STACK_SIZE, SHT_NOBITS,
                    SHT_SYMTAB, SHT_LOPROC)


def framed_nv(sym, frame):
    return (nvinfo_sval(EIATTR_REGCOUNT, 1, 32) + nvinfo_sval(EIATTR_FRAME_SIZE, sym, frame) +
            nvinfo_sval(EIATTR_MIN_STACK_SIZE, sym, frame))


def kernel(name=b"hidden_kernel", sym=1, extra=(), nv=None):
    return cubin([(name, 32, b"\0" * 16)], extra_sections=extra, nvinfo=nv if nv is not None else framed_nv(sym, 4096))


def section_type(image, index, typ):
    c = bytearray(image)
    shoff = struct.unpack_from("<Q", c, 0x28)[0]
    struct.pack_into("<I", c, shoff + index * 64 + 4, typ)
    return bytes(c)


def rename_symtab(image):
    """.symtab -> .symtub, of type PROGBITS: no symbol table at all."""
    c = bytearray(image)
    at = c.find(b".symtab\0")
    c[at:at + 7] = b".symtub"
    return section_type(bytes(c), 3, 1)


def fb(image):
    return fatbin([fatbin_entry(2, 0x11, image, arch=90)])


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    benign = fb(cubin([(b"benign_kernel", 10, b"\0" * 16)]))
    evil = fb(kernel())
    files = {
        # Device code in every .nv_fatbin section, not only the first.
        "fatbin-third-section.o": host_elf([(b".nv_fatbin", 1, benign), (b".nv_fatbin", 1, benign[:0]),
                                            (b".nv_fatbin", 1, evil)]),
        "fatbin-member-two-sections.a": ar([(b"two.o", host_elf([(b".nv_fatbin", 1, benign),
                                                                 (b".nv_fatbin", 1, evil)]))]),
        "fatbin-relfatbin-two-sections.o": host_elf([(b"__nv_relfatbin", 1, benign),
                                                     (b"__nv_relfatbin", 1, evil)]),
        # One symbol table, of type SHT_SYMTAB.
        "symtab-nobits.cubin": section_type(kernel(), 3, SHT_NOBITS),
        "symtab-note.cubin": section_type(kernel(), 3, 7),
        "symtab-none.cubin": rename_symtab(kernel()),
        "symtab-second.cubin": kernel(extra=[(b".symtab.b", SHT_SYMTAB, b"\0" * 48, 48, 2, 1, 24)]),
        # Records that name no function of the image, or in another form.
        "record-section-symbol.cubin": kernel(nv=framed_nv(2, 4096)),
        "record-symbol-2^32-1.cubin": kernel(nv=framed_nv(0xffffffff, 4096)),
        "record-frame-short.cubin": kernel(nv=nvinfo_sval(EIATTR_REGCOUNT, 1, 32) +
                                       struct.pack("<BBHI", 4, EIATTR_MIN_STACK_SIZE, 4, 1)),
        # A kernel's section naming a symbol past the table.
        "text-symbol-past-table.cubin": section_info(kernel(), 4, (32 << 24) | 77),
        # Local memory of a function the image does not have.
        "local-of-no-function.cubin": kernel(extra=[(b".nv.local.ghost", SHT_LOPROC + 9, None, 4096, 0, 0, 0)]),
    }
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


def section_info(image, index, info):
    c = bytearray(image)
    shoff = struct.unpack_from("<Q", c, 0x28)[0]
    struct.pack_into("<I", c, shoff + index * 64 + 44, info)
    return bytes(c)


if __name__ == "__main__":
    main()
