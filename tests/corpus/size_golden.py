#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Sizes against the real tools, row by row (issue 26).

  size_golden.py text SPILLWAY CUBIN...
      code_bytes of every --list row equals the size readelf -SW gives the
      function's .text.<mangled> section, and every such section is a row.
  size_golden.py extracted SPILLWAY GOLDEN_DIR FILE...
      per file: the multiset of (arch, mangled, code_bytes) equals the
      .text.* sections of the cubins cuobjdump -xelf extracted
      (FILE.text-sections.tsv), and the multiset of (arch, size) of the
      SASS images equals cuobjdump -xelf's extracted file sizes
      (FILE.extracted.tsv); Mercury sections sum to --list=images'
      merc_bytes.
  size_golden.py attribution SPILLWAY FILE SECTION_SIZE
      --sizes=csv's lines for FILE sum to SECTION_SIZE exactly, stored.
Prints one line per file compared; exits 1 on the first difference class.
"""
import collections
import csv
import io
import lzma
import os
import re
import subprocess
import sys

MERC = re.compile(r"^\.nv\.(cap)?merc")
# Section types whose size is device memory, not bytes in the file (cubin.c).
NO_FILE_BYTES = (0, 8, 0x70000007, 0x70000009, 0x7000000A, 0x70000015)


def run(cmd):
    return subprocess.run(cmd, check=False, capture_output=True, text=True)


def spillway_rows(spillway, path, mode="--list", damage_ok=False):
    out = run([spillway, mode, path])
    if out.returncode not in ((0, 1, 2) if damage_ok else (0, 1)):
        raise SystemExit(f"{path}: spillway {mode} exited {out.returncode}: {out.stderr[:300]}")
    return list(csv.DictReader(io.StringIO(out.stdout)))


def readelf_text(path):
    out = run(["readelf", "-SW", path])
    sizes = {}
    for line in out.stdout.splitlines():
        m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s", line)
        if m and m.group(1).startswith(".text."):
            sizes[m.group(1)[6:]] = int(m.group(3), 16)
    return sizes


def cmd_text(spillway, cubins):
    bad = 0
    for path in cubins:
        want = readelf_text(path)
        got = {r["mangled"]: int(r["code_bytes"]) for r in spillway_rows(spillway, path)}
        if got != want:
            bad += 1
            missing = set(want) - set(got)
            extra = set(got) - set(want)
            diff = [k for k in want if k in got and got[k] != want[k]]
            print(f"not same: {path}: {len(missing)} missing, {len(extra)} extra, "
                  f"{len(diff)} differ {diff[:3]}")
        else:
            print(f"same: {path}: {len(want)} functions")
    return bad


def open_golden(base):
    if os.path.exists(base):
        return open(base, encoding="utf-8")
    if os.path.exists(base + ".xz"):
        return lzma.open(base + ".xz", "rt", encoding="utf-8")
    return None


def arch_of(extracted_name):
    # cuobjdump -xelf names: NAME.N.sm_80.cubin, NAME.N.sm_90.ptx
    m = re.search(r"\.(sm_\d+[af]?)\.(cubin|ptx)$", extracted_name)
    return m.group(1) if m else None


def cuobjdump_arch(arch):
    # cuobjdump -xelf names an sm_103f image sm_103 (and keeps sm_90a's a).
    return arch[:-1] if arch.endswith("f") else arch


def cmd_extracted(spillway, golden, files):
    bad = 0
    for path in files:
        name = os.path.basename(path)
        ts = open_golden(os.path.join(golden, name + ".text-sections.tsv"))
        ex = open_golden(os.path.join(golden, name + ".extracted.tsv"))
        if ts is None or ex is None:
            print(f"no golden: {name}")
            continue
        want_fn = collections.Counter()
        want_merc = collections.Counter()
        for line in ts:
            cubin, sec, _typ, size = line.rstrip("\n").split("\t")
            arch = arch_of(cubin)
            if sec.startswith(".text."):
                want_fn[(arch, sec[6:], int(size))] += 1
            elif MERC.match(sec) and int(_typ) not in NO_FILE_BYTES and int(size) > 0:
                want_merc[cubin] += int(size)
        want_img = collections.Counter()
        for line in ex:
            fname, size = line.rstrip("\n").split("\t")
            if fname.endswith(".cubin"):
                want_img[(arch_of(fname), int(size))] += 1
        rows = spillway_rows(spillway, path)
        got_fn = collections.Counter((cuobjdump_arch(r["sm"]), r["mangled"], int(r["code_bytes"]))
                                     for r in rows)
        # cuobjdump -xelf extracts .nv_fatbin's, not the device link's
        # inputs kept beside it in __nv_relfatbin
        imgs = [r for r in spillway_rows(spillway, path, "--list=images")
                if r["kind"] == "sass" and r.get("nvlink_input") != "yes"]
        got_img = collections.Counter((cuobjdump_arch(r["arch"]), int(r["size"])) for r in imgs)
        got_merc = sum(int(r["merc_bytes"] or 0) for r in imgs)
        ok = True
        if got_fn != want_fn:
            ok = False
            print(f"not same: {name}: functions: {len(want_fn - got_fn)} missing "
                  f"{list((want_fn - got_fn).items())[:2]}, {len(got_fn - want_fn)} extra "
                  f"{list((got_fn - want_fn).items())[:2]}")
        if got_img != want_img:
            ok = False
            print(f"not same: {name}: images: missing {list((want_img - got_img).items())[:3]}, "
                  f"extra {list((got_img - want_img).items())[:3]}")
        if got_merc != sum(want_merc.values()):
            ok = False
            print(f"not same: {name}: Mercury bytes {got_merc}, cuobjdump's cubins "
                  f"{sum(want_merc.values())}")
        if ok:
            print(f"same: {name}: {sum(want_fn.values())} functions, {sum(want_img.values())} "
                  f"SASS images, {sum(want_merc.values())} Mercury bytes")
        else:
            bad += 1
    return bad


def fatbin_section_sizes(path):
    """readelf -SW's size of each file's (or archive member's) .nv_fatbin
    and __nv_relfatbin (spillway counts both: the second beside the first
    as the device link's inputs): {(member, section): size}."""
    out = run(["readelf", "-SW", path])
    found = collections.Counter()
    member = ""
    for line in out.stdout.splitlines():
        f = re.match(r"^File: .*\((.*)\)$", line)
        if f:
            member = f.group(1)
            continue
        m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s", line)
        if m and m.group(1) in (".nv_fatbin", "__nv_relfatbin"):
            found[(member, m.group(1))] += int(m.group(3), 16)
    return dict(found)


def check_tree(lines, name):
    """The lines add up: file = arches + overhead, arch = its images,
    a SASS image = its kernels and parts (decompressed), a kernel = its
    functions.  Returns a list of problems."""
    bad = []
    cur = {}
    sums = collections.defaultdict(lambda: [0, 0])

    def close(level):
        parent = cur.get(level)
        if parent is None:
            return
        got = sums[level]
        if level == "file":
            if got[0] != int(parent["stored"]):
                bad.append(f"{name}: arches and overhead store {got[0]}, the file line {parent['stored']}")
        elif level == "arch":
            if got[0] != int(parent["stored"]) or got[1] != int(parent["size"]):
                bad.append(f"{name}: {parent['arch']} images {got}, its line {parent['stored']},{parent['size']}")
        elif level == "image" and parent["what"] == "sass" and got[1] != int(parent["size"]):
            bad.append(f"{name}: image {parent['arch']} of {parent['size']} bytes, kernels and parts {got[1]}")
        elif level == "kernel" and got[1] != int(parent["size"]):
            bad.append(f"{name}: kernel {parent['kernel']} {parent['size']}, functions {got[1]}")
        sums[level] = [0, 0]
        cur[level] = None

    order = ["file", "arch", "image", "kernel"]
    parent_of = {"arch": "file", "overhead": "file", "image": "arch", "kernel": "image",
                 "part": "image", "function": "kernel"}
    for r in lines:
        lv = r["level"]
        if lv in order:
            for deeper in reversed(order[order.index(lv):]):
                close(deeper)
            cur[lv] = r
        p = parent_of.get(lv)
        if p is not None and cur.get(p) is not None:
            sums[p][0] += int(r["stored"]) if r["stored"] else 0
            sums[p][1] += int(r["size"])
    for deeper in reversed(order):
        close(deeper)
    return bad


def cmd_attribution(spillway, golden, files):
    bad = 0
    for path in files:
        name = os.path.basename(path)
        want = fatbin_section_sizes(path)
        if not want and open(path, "rb").read(4) == b"\x50\xed\x55\xba":
            want = {("", ""): os.path.getsize(path)}
        gold = None
        if golden:
            g = open_golden(os.path.join(golden, name + ".sections.tsv"))
            if g is not None:
                for line in g:
                    sec, _typ, size = line.rstrip("\n").split("\t")
                    if sec in (".nv_fatbin", "__nv_relfatbin"):
                        gold = (gold or 0) + int(size)
        rows = spillway_rows(spillway, path, "--list=sizes", damage_ok=name.startswith("bad_"))
        got = collections.Counter()
        for r in rows:
            if r["level"] == "file":
                got[(r["member"], r["what"])] += int(r["stored"])
        got = dict(got)
        problems = check_tree(rows, name)
        if want and got != want:
            problems.append(f"{name}: file lines {got}, readelf's sections {want}")
        if want and gold is not None and sum(want.values()) != gold:
            problems.append(f"{name}: readelf {want}, the device's golden {gold}")
        if problems:
            bad += 1
            for p in problems[:5]:
                print("not same: " + p)
        elif want:
            over = sum(int(r["stored"]) for r in rows if r["level"] == "overhead")
            total = sum(want.values())
            print(f"same: {name}: {total} bytes in {len(want)} sections = images {total - over}"
                  f" + overhead {over}" + (" (the device's too)" if gold == total else ""))
        else:
            print(f"no fatbin: {name}")
    return bad


def main():
    mode, spillway = sys.argv[1], sys.argv[2]
    if mode == "text":
        bad = cmd_text(spillway, sys.argv[3:])
    elif mode == "attribution":
        bad = cmd_attribution(spillway, sys.argv[3], sys.argv[4:])
    elif mode == "extracted":
        bad = cmd_extracted(spillway, sys.argv[3], sys.argv[4:])
    else:
        raise SystemExit(f"unknown mode {mode}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
