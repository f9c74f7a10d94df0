#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the fuzz seed corpora (fuzz/corpus/<target>/) from the test corpus.

Run from the source tree with a built ./spillway:  python3 fuzz/seeds.py
Seeds are kept small (a few KB each) so that the fuzzers run fast.
"""
import json
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


def zstd(data):
    return subprocess.run(["zstd", "-qc"], input=data, capture_output=True, check=True).stdout


def packages(members):
    """(name, bytes) of a wheel, a stored zip, tarballs and a .conda of members."""
    import io, tarfile, zipfile

    def zipped(how, items):
        b = io.BytesIO()
        with zipfile.ZipFile(b, "w", how) as z:
            for n, d in items:
                z.writestr(n, d)
        return b.getvalue()

    def tarred(mode, items):
        b = io.BytesIO()
        with tarfile.open(fileobj=b, mode=mode) as t:
            for n, d in items:
                info = tarfile.TarInfo(n)
                info.size = len(d)
                t.addfile(info, io.BytesIO(d))
        return b.getvalue()

    wheel = members + [("pkg-1.0.dist-info/METADATA", b"Name: pkg\n")]
    tgz = tarred("w:gz", members)
    return [("pkg.whl", zipped(zipfile.ZIP_DEFLATED, wheel)), ("stored.zip", zipped(zipfile.ZIP_STORED, members)),
            ("pkg.tar", tarred("w", members)), ("pkg.tar.gz", tgz), ("pkg.tar.bz2", tarred("w:bz2", members)),
            ("pkg.tar.xz", tarred("w:xz", members)), ("nested.tar.gz", tarred("w:gz", [("inner.tar.gz", tgz)])),
            ("pkg.conda", zipped(zipfile.ZIP_STORED, [("metadata.json", b"{}"),
                                                     ("pkg-1.0-0.tar.zst", zstd(tarred("w", members)))]))]


def with_section_twice(elf, name, same_bytes=False):
    """elf with the header of its first section called name copied onto a new
    table's end: over the same bytes, or over a copy of them after the file."""
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    stroff = struct.unpack_from("<IIQQQQIIQQ", elf, shoff + shstrndx * shentsize)[4]
    for i in range(shnum):
        h = list(struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize))
        if elf[stroff + h[0]:elf.index(b"\0", stroff + h[0])].decode() == name:
            break
    else:
        raise SystemExit("no section " + name)
    out = bytearray(elf)
    if not same_bytes:
        out += b"\0" * (-len(out) % 8)
        body = elf[h[4]:h[4] + h[5]]
        h[4] = len(out)
        out += body
    out += b"\0" * (-len(out) % 8)
    table = elf[shoff:shoff + shnum * shentsize] + struct.pack("<IIQQQQIIQQ", *h)
    struct.pack_into("<Q", out, 0x28, len(out))
    struct.pack_into("<H", out, 0x3C, shnum + 1)
    return bytes(out + table)


def cubin_edits(cubin):
    """What a reader once dropped without a word (issue 35), from a real cubin:
    its symbol table of another type, a frame record naming symbol 9999, two
    symbol tables, two functions naming one symbol."""
    shoff, = struct.unpack_from("<Q", cubin, 0x28)
    shnum, = struct.unpack_from("<H", cubin, 0x3C)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", cubin, shoff + i * 64) for i in range(shnum)]
    symtab = [i for i, h in enumerate(hdrs) if h[1] == 2][0]
    no_symtab = bytearray(cubin)
    struct.pack_into("<I", no_symtab, shoff + symtab * 64 + 4, 1)
    oob = bytearray(cubin)
    info = [h for h in hdrs if h[1] == 0x70000000][0]
    at = info[4]
    while at < info[4] + info[5]:
        fmt, attr, val = struct.unpack_from("<BBH", oob, at)
        if fmt == 4 and attr == 0x11:
            struct.pack_into("<I", oob, at + 4, 9999)
            break
        at += 4 + (val if fmt == 4 else 0)
    texts = [i for i, h in enumerate(hdrs) if h[1] == 1 and h[7] & 0xffffff and h[2] & 4]
    collide = bytearray(cubin)
    struct.pack_into("<I", collide, shoff + texts[1] * 64 + 44, hdrs[texts[0]][7])
    return [("no-symtab.cubin", bytes(no_symtab)), ("frame-symbol-9999.cubin", bytes(oob)),
            ("two-symtabs.cubin", with_section_twice(cubin, ".symtab", True)),
            ("one-symbol-two-functions.cubin", bytes(collide))]


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
                       ("list.csv", csv),
                       ("nv_fatbin-twice.o", with_section_twice(read("stack.o"), ".nv_fatbin")),
                       ("nv_fatbin-same-bytes-twice.o", with_section_twice(read("stack.o"), ".nv_fatbin", True))]:
        put("scan", name, data)
    for name, data in packages([("pkg/lib/main.sm_80.cubin", small_cubin), ("pkg/__init__.py", b"import os\n")]):
        put("package", name, data)
    for name, data in [("stored-elf.fatbin", plain), ("zstd-rdc.fatbin", rel),
                       ("lz4-ptx.fatbin", container(lz4_ptx[:1])),
                       ("zstd-ptx.fatbin", read("templates_ptx.compress-all.fatbin")),
                       ("two-containers.fatbin", plain + rel)]:
        put("fatbin", name, data)
    for name, data in [("main.sm_80.cubin", small_cubin), ("rdc_b.sm_80.rel.cubin", rdc_cubin),
                       ("rdc_b.sm_89.cubin", read("rdc_b.sm_89.cubin")),
                       ("stack.sm_80.cubin", read("stack.sm_80.cubin")),
                       ("coop.sm_90a.cubin", read("coop.sm_90a.cubin"))] + \
            [("stack.sm_80." + n, d) for n, d in cubin_edits(read("stack.sm_80.cubin"))]:
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
    put("listcsv", "quoted-lines.csv", lines[0] + lines[1] +
        b'"lib\nover\r\nlines","m ""x""\n",sm_80,entry,_Z1fv,"f(\n)",f,,1,2,3,4,0:8,0,0,0,,,,\n')
    put("allow", "quoted-lines.csv", b'kernel,sm,stack,local,note\n"k\nover,\n""lines""",sm_86,16,0,"a\nnote"\n'
        b'k2,86,0,0,\n')
    traces()
    return 0


def traces():
    """Compile-time traces: the first events of nvcc's and clang's (the
    fixture's, closed), and the shapes tests/unit/test_ctrace.c reads."""
    for name, src in [("nvcc.json", "tests/corpus/traces/build/templates.o.json"),
                      ("clang.json", "tests/corpus/traces/build/hosttpl.json")]:
        with open(src, encoding="utf-8") as f:
            d = json.load(f)
        d["traceEvents"] = d["traceEvents"][:24] + [e for e in d["traceEvents"] if e.get("ph") == "M"][:6]
        put("ctrace", name, json.dumps(d).encode())
    put("ctrace", "empty.json", b'{"traceEvents":[]}')
    put("ctrace", "producer.json", b'{"traceEvents":[],"otherData":{"producer":"spillway"}}')


if __name__ == "__main__":
    sys.exit(main())
