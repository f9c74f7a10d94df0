#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Gives the symbols of a cubin built from visibility.cu every ELF
visibility (the low two bits of st_other), and to two of them st_other bit
0x08, which every function of the driver's OptiX library images that
cuobjdump prints nothing for carries (st_other 0x18: STO_CUDA_ENTRY | 0x08).
nvcc 13 makes neither from source (it ignores
__attribute__((visibility("hidden"))) on a __global__ function), so the
fixture is nvcc's output with those bits changed and nothing else.

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
# The bit no NVIDIA tool names: cuobjdump, nvdisasm and the driver's
# cuModuleEnumerateFunctions leave such a function out.
UNLISTED_BIT = 0x08
UNLISTED = {"_Z10vis_staticPi", "_Z17vis_static_hiddenPi"}
SHT_SYMTAB = 2
SYM_SIZE = 24


def named(name, key):
    return name == key or name.endswith("_" + key)


def wanted(name):
    """The st_other bits 0-3 for a symbol, or None to leave it as it is."""
    vis = next((v for k, v in VISIBILITY.items() if named(name, k)), None)
    if any(named(name, k) for k in UNLISTED):
        return (vis or STV_DEFAULT) | UNLISTED_BIT
    return vis


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
                data[off + 5] = (st_other & ~0xf) | vis
                changed += 1
    assert changed >= 5, "visibility.cu's functions not found"
    open(dst, "wb").write(data)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
