#!/usr/bin/env python3
"""Gives the symbols of a cubin built from visibility.cu every ELF
visibility (the low two bits of st_other), the way the driver's OptiX
library carries its hidden entry kernels (st_other 0x12: STO_CUDA_ENTRY |
STV_HIDDEN).  nvcc 13 makes only STV_DEFAULT from source, so the fixture is
nvcc's output with those bits changed and nothing else.

    python3 make-visibility.py IN.cubin OUT.cubin
"""
import struct
import sys

# Mangled name (or its tail after nvcc's __nv_static_..._ prefix of a
# static kernel in -rdc mode) -> visibility.
STV_DEFAULT, STV_INTERNAL, STV_HIDDEN, STV_PROTECTED = 0, 1, 2, 3
VISIBILITY = {
    "_Z12vis_internalPi": STV_INTERNAL,
    "_Z10vis_hiddenPi": STV_HIDDEN,
    "_Z13vis_protectedPi": STV_PROTECTED,
    "_Z17vis_static_hiddenPi": STV_HIDDEN,
    "_Z10dev_hiddeni": STV_HIDDEN,
}
SHT_SYMTAB = 2
SYM_SIZE = 24


def wanted(name):
    for key, vis in VISIBILITY.items():
        if name == key or name.endswith("_" + key):
            return vis
    return None


def main(src, dst):
    data = bytearray(open(src, "rb").read())
    assert data[:4] == b"\x7fELF" and data[4] == 2, "not an ELF64"
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    changed = 0
    for sh in sections:
        if sh[1] != SHT_SYMTAB:
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], SYM_SIZE):
            st_name, st_info, st_other = struct.unpack_from("<IBB", data, off)
            start = strtab[4] + st_name
            name = bytes(data[start:data.index(0, start)]).decode()
            vis = wanted(name)
            if vis is not None and (st_info & 0xf) == 2:	# STT_FUNC
                data[off + 5] = (st_other & ~3) | vis
                changed += 1
    assert changed >= 4, "visibility.cu's functions not found"
    open(dst, "wb").write(data)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
