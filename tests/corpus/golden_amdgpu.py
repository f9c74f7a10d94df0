#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""AMDGPU ground truth: LLVM's own tools on the code objects of a file.

usage: golden_amdgpu.py notes FILE...        > GOLDEN
       golden_amdgpu.py compare LIST_CSV GOLDEN

notes: every clang offload bundle of each FILE (the .hip_fatbin section of
a host object, shared library or executable, found by llvm-readelf -S; or
a bundle file, or a bare code object) is listed with clang-offload-bundler
--list, each amdgcn target unbundled with --unbundle, and the code
object's metadata printed with llvm-readelf --notes.  The output is those
notes, each after a line "# FILE BUNDLE TARGET" (BUNDLE counts from 0).
The tools are found in /usr/lib/llvm-*/bin, newest first, or $LLVM_BIN.

An ar archive's members are extracted (ar x) and read each; the notes name
the archive.

compare: each kernel of the notes becomes a row (file, target, .name,
.vgpr_count, .agpr_count, .sgpr_count, .vgpr_spill_count,
.sgpr_spill_count, .private_segment_fixed_size, .group_segment_fixed_size,
.max_flat_workgroup_size, .wavefront_size); the CSV's rows of the same
file and target (sm) become (library, sm, mangled, reg, agpr, sgpr,
vgpr_spill, sgpr_spill, stack, shared, max_threads, wavefront).  The two
multisets must be equal.  A file the notes name by another path than the
CSV's library is matched by its base name.
Exit 0 when equal and not empty, 1 otherwise; differences are printed.
"""
import collections
import concurrent.futures
import csv
import glob
import mmap
import os
import re
import struct
import subprocess
import sys
import tempfile


MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
KEYS = (".vgpr_count", ".agpr_count", ".sgpr_count", ".vgpr_spill_count",
        ".sgpr_spill_count", ".private_segment_fixed_size",
        ".group_segment_fixed_size", ".max_flat_workgroup_size", ".wavefront_size")
COLUMNS = ("reg", "agpr", "sgpr", "vgpr_spill", "sgpr_spill", "stack", "shared",
           "max_threads", "wavefront")


def llvm_tool(name):
    dirs = [os.environ["LLVM_BIN"]] if os.environ.get("LLVM_BIN") else []
    dirs += sorted(glob.glob("/usr/lib/llvm-*/bin"),
                   key=lambda d: int(re.search(r"llvm-(\d+)", d).group(1)), reverse=True)
    for d in dirs:
        p = os.path.join(d, name)
        if os.access(p, os.X_OK):
            return p
    sys.exit(f"{name} not found")


BUNDLER, READELF = llvm_tool("clang-offload-bundler"), llvm_tool("llvm-readelf")


def hip_fatbin(path):
    """(offset, size) of the .hip_fatbin section, or None."""
    out = subprocess.run([READELF, "-S", "--wide", path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.replace("[", " [ ").split()
        if ".hip_fatbin" in f:
            i = f.index(".hip_fatbin")
            return int(f[i + 3], 16), int(f[i + 4], 16)
    return None


def bundles(path, tmp):
    """The bundle files of path: (index, bundle file) or one bare code object."""
    with open(path, "rb") as fh:
        head = fh.read(24)
    if head[:4] == b"\x7fELF" and head[18] == 224:     # EM_AMDGPU
        return [(0, None, path)]
    if head == MAGIC or head[:4] == b"CCOB":
        sec = (0, os.path.getsize(path))
    else:
        sec = hip_fatbin(path)
    if sec is None:
        return []
    out = []
    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as m:
        start, end = sec[0], sec[0] + sec[1]
        if m[start:start + 4] == b"CCOB":
            return compressed_bundles(m, start, end, tmp)
        at = m.find(MAGIC, start, end)
        while at >= 0:
            nxt = m.find(MAGIC, at + len(MAGIC), end)
            stop = nxt if nxt >= 0 else end
            b = os.path.join(tmp, f"b{len(out)}")
            with open(b, "wb") as o:
                o.write(m[at:stop])
            out.append((len(out), b, None))
            at = nxt
    return out


def compressed_bundles(m, at, end, tmp):
    """Compressed bundles (CCOB) one after another, zeros between: each to
    a file of its own, which clang-offload-bundler (LLVM 18 and later)
    decompresses itself.  The total size: v2 u32 at 8, v3 u64 at 8; v1
    runs to the end."""
    out = []
    while at + 8 <= end and m[at:at + 4] == b"CCOB":
        version = struct.unpack_from("<H", m, at + 4)[0]
        total = {2: lambda: struct.unpack_from("<I", m, at + 8)[0],
                 3: lambda: struct.unpack_from("<Q", m, at + 8)[0]}.get(version, lambda: end - at)()
        b = os.path.join(tmp, f"c{len(out)}")
        with open(b, "wb") as o:
            o.write(m[at:at + total])
        out.append((len(out), b, None))
        at += total
        while at < end and m[at] == 0:
            at += 1
    return out


def notes_of(job):
    path, index, bundle, co, tmp = job
    res = []
    if co is not None:
        return [(f"# {path} 0 bare", subprocess.run([READELF, "--notes", co], check=True,
                 capture_output=True, text=True).stdout)]
    targets = subprocess.run([BUNDLER, "--list", "--type=o", f"--input={bundle}"], check=True,
                             capture_output=True, text=True).stdout.split()
    targets = [t for t in targets if "amdgcn-amd-amdhsa" in t]
    outs = [f"{bundle}.{i}.co" for i in range(len(targets))]
    if targets:
        # One call for every target, one llvm-readelf for every code object.
        subprocess.run([BUNDLER, "--unbundle", "--type=o", f"--input={bundle}",
                        "--targets=" + ",".join(targets)] + [f"--output={o}" for o in outs], check=True)
        kept = [(t, o) for t, o in zip(targets, outs) if os.path.getsize(o) > 0]
        text = subprocess.run([READELF, "--notes"] + [o for _, o in kept], check=True,
                              capture_output=True, text=True).stdout if kept else ""
        parts = re.split(r"^File: (.*)\n", text, flags=re.M) if len(kept) > 1 else ["", kept[0][1], text] if kept else [""]
        by_file = dict(zip(parts[1::2], parts[2::2]))
        for t, o in kept:
            res.append((f"# {path} {index} {t}", by_file[o]))
        for o in outs:
            os.unlink(o)
    if bundle is not None:
        os.unlink(bundle)
    return res


def members(path, tmp):
    """An archive's members, extracted (ar x), or the file itself."""
    with open(path, "rb") as fh:
        if fh.read(8) != b"!<arch>\n":
            return [path]
    d = tempfile.mkdtemp(dir=tmp)
    subprocess.run(["ar", "x", "--output", d, os.path.abspath(path)], check=True)
    names = subprocess.run(["ar", "t", path], check=True, capture_output=True, text=True).stdout.split()
    return [os.path.join(d, n) for n in names]


def notes(paths):
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            jobs = [(path, i, b, co, tmp) for m in members(path, tmp) for i, b, co in bundles(m, tmp)]
            with concurrent.futures.ThreadPoolExecutor(2) as ex:
                for res in ex.map(notes_of, jobs):
                    for head, text in res:
                        print(head)
                        sys.stdout.write(text)


KERNEL_KEY = re.compile(r"^(  - |    )(\.[a-z_]+):[ \t]*(.*)$")


def scalar(v):
    """A YAML scalar as llvm-readelf writes it: plain, or quoted."""
    v = v.strip()
    if len(v) >= 2 and v[0] == v[-1] == "'":
        return v[1:-1].replace("''", "'")
    if len(v) >= 2 and v[0] == v[-1] == '"':
        return v[1:-1].encode().decode("unicode_escape")
    return int(v) if re.fullmatch(r"\d+", v) else v


def metadata(text):
    """The YAML document of llvm-readelf --notes output, read line by line
    (PyYAML takes minutes over librocsparse0's 200 MB): amdhsa.target and,
    per kernel of amdhsa.kernels, its keys at the kernel's own level."""
    doc, kernels, in_kernels = {}, [], False
    for line in text.splitlines():
        if line.startswith("amdhsa."):
            key, _, v = line.partition(":")
            in_kernels = key == "amdhsa.kernels"
            if v.strip():
                doc[key] = scalar(v)
            continue
        m = KERNEL_KEY.match(line) if in_kernels else None
        if m is None:
            continue
        if m.group(1) == "  - ":
            kernels.append({})
        if m.group(3) != "":
            kernels[-1][m.group(2)] = scalar(m.group(3))
    doc["amdhsa.kernels"] = kernels
    return doc


def target_of(doc, head):
    t = doc.get("amdhsa.target", "")
    if t.startswith("amdgcn-amd-amdhsa--"):
        return t[len("amdgcn-amd-amdhsa--"):]
    return re.sub(r".*amdgcn-amd-amdhsa-+", "", head.split()[-1])


def golden_rows(path):
    rows = collections.Counter()
    with open(path) as fh:
        parts = re.split(r"^(# .*)\n", fh.read(), flags=re.M)
    for head, text in zip(parts[1::2], parts[2::2]):
        doc = metadata(text)
        target = target_of(doc, head)
        lib = os.path.basename(head.split()[1])
        for k in doc.get("amdhsa.kernels", []):
            rows[(lib, target, k[".name"]) + tuple(k.get(key) for key in KEYS)] += 1
    return rows


def csv_rows(path):
    rows = collections.Counter()
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            if not r["sm"].startswith("gfx"):
                continue
            rows[(os.path.basename(r["library"]), r["sm"], r["mangled"]) +
                 tuple(int(r[c]) if r[c] != "" else None for c in COLUMNS)] += 1
    return rows


def compare(list_csv, golden):
    got, want = csv_rows(list_csv), golden_rows(golden)
    extra, missing = got - want, want - got
    for r in list(missing.elements())[:20]:
        print("missing from --list:", r)
    for r in list(extra.elements())[:20]:
        print("not in llvm-readelf:", r)
    total = sum(want.values())
    print(f"{total - sum(missing.values())}/{total} rows match, {sum(extra.values())} extra;"
          f" {len({(r[0], r[1]) for r in want})} (file, target) pairs")
    return 0 if total > 0 and not extra and not missing else 1


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "notes":
        notes(sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
