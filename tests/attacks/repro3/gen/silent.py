#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Inputs of the silent-pass class beyond the stored cases (tests/attacks/attack3-silent.sh):
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
        # A shared library stripped of its section headers, its fatbin still in it.
        "no-section-headers.so": strip_section_headers(host_elf([(b".nv_fatbin", 1, evil)], etype=3)),
        # A code object with a second NT_AMDGPU_METADATA note (its kernel's 4 KiB private segment).
        "amd-second-metadata.co": amd_two_notes(),
        # A clang offload bundle whose amdgcn entry names a target too long to keep.
        "bundle-long-target.hipfb": bundle([(b"host-x86_64-unknown-linux-gnu-", b""),
                                            (b"hipv4-amdgcn-amd-amdhsa--gfx90a" + b":xnack+" * 6,
                                             amd_code_object("hidden_kernel", 4096))]),
        # Local memory of a function the image does not have.
        "local-of-no-function.cubin": kernel(extra=[(b".nv.local.ghost", SHT_LOPROC + 9, None, 4096, 0, 0, 0)]),
    }
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


def amd_code_object(name, private):
    from amd import mp, kernel, code_object
    return code_object(mp({"amdhsa.version": [1, 2], "amdhsa.target": "amdgcn-amd-amdhsa--gfx90a",
                           "amdhsa.kernels": [kernel(name, private=private)]}))


def bundle(entries):
    """A clang offload bundle: its magic, the entry count, (offset, size,
    id length, id) each, then the payloads at 8-byte offsets."""
    head = len(b"__CLANG_OFFLOAD_BUNDLE__") + 8 + sum(24 + len(i) for i, _ in entries)
    at = head + (-head % 8)
    table, body = b"", b""
    for ident, payload in entries:
        table += struct.pack("<QQQ", at + len(body) if payload else 0, len(payload), len(ident)) + ident
        body += payload + b"\0" * (-len(payload) % 8)
    return b"__CLANG_OFFLOAD_BUNDLE__" + struct.pack("<Q", len(entries)) + table + b"\0" * (-head % 8) + body


def amd_two_notes():
    from amd import mp, kernel, note
    from elfgen import host_elf

    def meta(k):
        return mp({"amdhsa.version": [1, 2], "amdhsa.target": "amdgcn-amd-amdhsa--gfx90a",
                   "amdhsa.kernels": [k]})
    notes = note(meta(kernel("benign_kernel"))) + note(meta(kernel("hidden_kernel", private=4096)))
    return host_elf([(b".note", 7, notes, 4)], etype=3, machine=224)


def strip_section_headers(elf):
    c = bytearray(elf)
    shoff = struct.unpack_from("<Q", c, 0x28)[0]
    del c[shoff:]
    struct.pack_into("<Q", c, 0x28, 0)
    struct.pack_into("<HHH", c, 0x3A, 0, 0, 0)
    return bytes(c)


def section_info(image, index, info):
    c = bytearray(image)
    shoff = struct.unpack_from("<Q", c, 0x28)[0]
    struct.pack_into("<I", c, shoff + index * 64 + 44, info)
    return bytes(c)


if __name__ == "__main__":
    main()
