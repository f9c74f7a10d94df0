#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Wraps build/spill_hip.hipfb (an uncompressed clang offload bundle) into
compressed ones (CCOB), as clang 18 / ROCm 6 write them (LLVM's
llvm/lib/Object/OffloadBundle.cpp, CompressedOffloadBundle::compress):
little-endian "CCOB", version (u16), method (u16: 0 zlib, 1 zstd), the
total size (v2: u32, v3: u64; v1 has none), the uncompressed size (v1, v2:
u32; v3: u64), the first 8 bytes of the MD5 of the uncompressed bytes,
the payload.  zlib through python3's zlib (a zlib stream, as
llvm::compression::zlib::compress writes); zstd through the zstd command,
when installed.  Writes ccob/spill_hip.v<N>-<method>.hipfb; two.hipfb,
two compressed bundles with zeros between them to a 4096-byte boundary, as
a linked library's .hip_fatbin holds one per object; and, with binutils'
objcopy, spill_hip.ccob.o: spill_hip.o with its .hip_fatbin replaced by the v3 zlib bundle.

usage: make-ccob.py [CORPUS_AMD_DIR]
       make-ccob.py --wrap BUNDLE OUT (v3, zstd or else zlib: the fuzz seed
       fuzz/corpus/amdgpu/tiny.ccob.hipfb is tiny.hipfb's)
"""
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HEADER = {1: "<4sHHIQ", 2: "<4sHHIIQ", 3: "<4sHHQQQ"}


def zstd(data):
    with tempfile.NamedTemporaryFile() as f:
        f.write(data)
        f.flush()
        return subprocess.run(["zstd", "-q", "-c", "-19", "--no-check", f.name],
                              check=True, stdout=subprocess.PIPE).stdout


def ccob(data, version, method):
    payload = zlib.compress(data, 9) if method == 0 else zstd(data)
    digest = struct.unpack("<Q", hashlib.md5(data).digest()[:8])[0]
    fmt = HEADER[version]
    total = struct.calcsize(fmt) + len(payload)
    if version == 1:
        head = struct.pack(fmt, b"CCOB", version, method, len(data), digest)
    else:
        head = struct.pack(fmt, b"CCOB", version, method, total, len(data), digest)
    return head + payload


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--wrap":
        with open(sys.argv[2], "rb") as f:
            data = f.read()
        with open(sys.argv[3], "wb") as f:
            f.write(ccob(data, 3, 1 if shutil.which("zstd") else 0))
        return
    top = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(top, "build", "spill_hip.hipfb"), "rb") as f:
        data = f.read()
    out = os.path.join(top, "ccob")
    os.makedirs(out, exist_ok=True)
    methods = [(0, "zlib")] + ([(1, "zstd")] if shutil.which("zstd") else [])
    for version in (1, 2, 3):
        for method, name in methods:
            if version == 1 and method == 1:
                continue
            with open(os.path.join(out, "spill_hip.v%d-%s.hipfb" % (version, name)), "wb") as f:
                f.write(ccob(data, version, method))
    first = ccob(data, 3, 0)
    with open(os.path.join(out, "two.hipfb"), "wb") as f:
        f.write(first + b"\0" * (-len(first) % 4096) + ccob(data, 2, methods[-1][0]))
    if shutil.which("objcopy"):
        subprocess.run(["objcopy", "--update-section",
                        ".hip_fatbin=" + os.path.join(out, "spill_hip.v3-zlib.hipfb"),
                        os.path.join(top, "build", "spill_hip.o"),
                        os.path.join(out, "spill_hip.ccob.o")], check=True)


if __name__ == "__main__":
    main()
