#!/usr/bin/env python3
"""Writes the fuzz seed corpora (fuzz/corpus/<target>/) from the test corpus.

Run from the source tree with a built ./spillway:  python3 fuzz/seeds.py
Seeds are kept small (a few KB each) so that the fuzzers run fast.
"""
import os
import struct
import subprocess
import sys

B = "tests/corpus/build"
OUT = "fuzz/corpus"


def sections(elf):
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize) for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = {}
    for h in hdrs:
        name = elf[stroff + h[0]:elf.index(b"\0", stroff + h[0])].decode()
        out.setdefault(name, elf[h[4]:h[4] + h[5]])
    return out


def entries(fatbin):
    """(header, payload) of every entry of the first container."""
    hsize, = struct.unpack_from("<H", fatbin, 6)
    body, = struct.unpack_from("<Q", fatbin, 8)
    at, end, out = hsize, hsize + body, []
    while at < end:
        eh, = struct.unpack_from("<I", fatbin, at + 4)
        padded, = struct.unpack_from("<Q", fatbin, at + 8)
        out.append((fatbin[at:at + eh], fatbin[at + eh:at + eh + padded]))
        at += eh + padded
    return out


def container(ents):
    body = b"".join(h + p for h, p in ents)
    return struct.pack("<IHHQ", 0xBA55ED50, 1, 16, len(body)) + body


def put(target, name, data):
    os.makedirs(os.path.join(OUT, target), exist_ok=True)
    with open(os.path.join(OUT, target, name), "wb") as f:
        f.write(data)


def read(name):
    with open(os.path.join(B, name), "rb") as f:
        return f.read()


def unzstd(data):
    return subprocess.run(["zstd", "-dc"], input=data, capture_output=True, check=True).stdout


def ar(members):
    out = b"!<arch>\n"
    for name, data in members:
        hdr = "%-16s%-12d%-6d%-6d%-8o%-10d`\n" % (name + "/", 0, 0, 0, 0o644, len(data))
        out += hdr.encode() + data + (b"\n" if len(data) & 1 else b"")
    return out


def main():
    main_o, rdc_b = read("main.o"), read("rdc_b.o")
    plain = sections(main_o)[".nv_fatbin"]
    rel = sections(rdc_b)["__nv_relfatbin"]
    speed = read("spill.compress-speed.fatbin")
    lz4_ptx = [e for e in entries(speed) if struct.unpack_from("<Q", e[0], 40)[0] & 0x2000]
    small_cubin = entries(plain)[0][1]
    rel_ents = entries(rel)
    csize, = struct.unpack_from("<I", rel_ents[0][0], 16)
    rdc_cubin = unzstd(rel_ents[0][1][:csize])
    csv = subprocess.run(["./spillway", "--list", os.path.join(B, "main.o"), os.path.join(B, "rdc_b.o")],
                         capture_output=True, check=True).stdout

    small_ar = ar([("main.o", main_o), ("rdc_b.o", rdc_b)])
    for name, data in [("main.o", main_o), ("rdc_b.o", rdc_b), ("small.a", small_ar),
                       ("nested.a", ar([("inner.a", small_ar)])),
                       ("templates_ptx.fatbin", read("templates_ptx.compress-all.fatbin")),
                       ("main.sm_80.cubin", small_cubin), ("rdc_b.sm_89.cubin", read("rdc_b.sm_89.cubin")),
                       ("list.csv", csv)]:
        put("scan", name, data)
    for name, data in [("stored-elf.fatbin", plain), ("zstd-rdc.fatbin", rel),
                       ("lz4-ptx.fatbin", container(lz4_ptx[:1])),
                       ("zstd-ptx.fatbin", read("templates_ptx.compress-all.fatbin")),
                       ("two-containers.fatbin", plain + rel)]:
        put("fatbin", name, data)
    for name, data in [("main.sm_80.cubin", small_cubin), ("rdc_b.sm_80.rel.cubin", rdc_cubin),
                       ("rdc_b.sm_89.cubin", read("rdc_b.sm_89.cubin")),
                       ("stack.sm_80.cubin", read("stack.sm_80.cubin")),
                       ("coop.sm_90a.cubin", read("coop.sm_90a.cubin"))]:
        put("cubin", name, data)
    names = set()
    for f in sorted(os.listdir("tests/corpus/golden")):
        if f.endswith(".resource-usage.txt"):
            for line in open(os.path.join("tests/corpus/golden", f), errors="replace"):
                if line.startswith(" Function "):
                    names.add(line[len(" Function "):].rstrip().rstrip(":"))
    for i, n in enumerate(sorted(names)):
        put("demangle", "name%03d" % i, n.encode())
    lines = csv.splitlines(keepends=True)
    put("listcsv", "main-rdc_b.csv", csv)
    put("listcsv", "header-only.csv", lines[0])
    put("listcsv", "quoted.csv", lines[0] + b'"a,b","m""x",sm_80,entry,_Z1fv,"f()",f,,1,2,3,4,0:8,0,0,0,,,,\n')
    return 0


if __name__ == "__main__":
    sys.exit(main())
