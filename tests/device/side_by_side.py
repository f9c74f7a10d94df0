#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""spillway and cuobjdump side by side over every file with device code.

usage: side_by_side.py OUTDIR ROOT...
       side_by_side.py OUTDIR @LIST     (the files LIST names, one per line)
environment: SPILLWAY (command, may hold arguments), CUOBJDUMP, JOBS

Finds the regular files under the ROOTs that spillway finds SASS in (one
of each content), then for each: `spillway --list FILE` alone (timed, one
file at a time) and `cuobjdump --dump-resource-usage FILE` (timed per file,
JOBS at once), and compares the two as tests/corpus/golden_compare.py does (every
row: sm, function, REG, STACK, SHARED, LOCAL, CONSTANT banks, TEXTURE,
SURFACE, SAMPLER; unlisted rows counted apart, REG left out for entries of
non-default visibility: spillway(1) DIFFERENCES FROM CUOBJDUMP).  In a file
with relocatable images (spillway --list=images says so) STACK is left out
(cuobjdump prints a placeholder 0 there: spillway(1) CALLS AND RECURSION),
and the rows that differ in STACK alone are counted apart.  A file that differs is taken apart with
`cuobjdump -xelf all` and compared image by image; each image's ELF
features go into OUTDIR/images.tsv, so that what makes cuobjdump silent
on an image can be read off.

Writes OUTDIR/files.tsv (one line per file), OUTDIR/images.tsv,
OUTDIR/diffs.txt and prints the totals.  A measuring aid run on the
device machine (tests/device/README.md), not part of make check.
"""
import collections
import concurrent.futures
import csv
import hashlib
import io
import os
import re
import shlex
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import golden_compare as gc  # noqa: E402

SPILLWAY = shlex.split(os.environ.get("SPILLWAY", "spillway"))
CUOBJDUMP = os.environ.get("CUOBJDUMP", "cuobjdump")
JOBS = int(os.environ.get("JOBS", "12"))
csv.field_size_limit(1 << 30)


def candidates(roots):
    seen = set()
    for root in roots:
        for d, dirs, files in os.walk(root):
            dirs.sort()
            for f in sorted(files):
                p = os.path.join(d, f)
                if os.path.islink(p) or not os.path.isfile(p) or p in seen:
                    continue
                try:
                    with open(p, "rb") as fh:
                        magic = fh.read(8)
                except OSError:
                    continue
                if magic[:4] == b"\x7fELF" or magic == b"!<arch>\n":
                    seen.add(p)
                    yield p


def with_sass(paths):
    """The files spillway finds a SASS image in, in chunks of 200."""
    out = []
    paths = list(paths)
    for i in range(0, len(paths), 200):
        r = subprocess.run(SPILLWAY + ["--list=images"] + paths[i:i + 200],
                           capture_output=True, text=True, errors="replace")
        for row in csv.DictReader(io.StringIO(r.stdout)):
            if row["kind"] == "sass" and row["library"] not in out:
                out.append(row["library"])
    return out


def distinct(paths):
    by_hash, out = {}, []
    for p in paths:
        h = hashlib.sha1()
        with open(p, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 24), b""):
                h.update(block)
        if h.hexdigest() not in by_hash:
            by_hash[h.hexdigest()] = p
            out.append(p)
    return out


def timed(cmd, out_path):
    t = time.monotonic()
    with open(out_path, "wb") as out:
        r = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE)
    return time.monotonic() - t, r.returncode, r.stderr.decode(errors="replace")[-500:]


def compare(csv_path, golden_path):
    """(cuobjdump rows, spillway rows, equal, missing, extra, unlisted, non-default)."""
    gold, missing, extra, unlisted, not_default = gc.compare_rows(csv_path, golden_path)
    g = sum(gold.values())
    o = g - sum(missing.values()) + sum(extra.values())
    return g, o, g - sum(missing.values()), missing, extra, sum(unlisted.values()), len(not_default)


def has_relocatable(path):
    """Whether spillway finds a relocatable image in the file."""
    out = subprocess.run(SPILLWAY + ["--list=images", path], capture_output=True, text=True).stdout
    return any(r.get("relocatable") == "yes" for r in csv.DictReader(io.StringIO(out)))


def elf_features(path):
    d = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", d, 0x28)
    flags, = struct.unpack_from("<I", d, 0x30)
    shnum, shstrndx = struct.unpack_from("<HH", d, 0x3c)
    secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * 64) for i in range(shnum)]
    base = secs[shstrndx][4]

    def name(sh):
        s = base + sh[0]
        return d[s:d.index(0, s)].decode(errors="replace")
    names = [name(sh) for sh in secs]
    vis = collections.Counter()
    for sh in secs:
        if sh[1] != 2:
            continue
        for off in range(sh[4], sh[4] + sh[5], 24):
            _, info, other = struct.unpack_from("<IBB", d, off)
            if info & 0xf == 2:
                vis["0x%02x" % other] += 1
    tk = ""
    for sh, n in zip(secs, names):
        if n == ".note.nv.tkinfo":
            tk = d[sh[4]:sh[4] + sh[5]][24:].replace(b"\0", b"|").decode(errors="replace")
    return {
        "e_flags": hex(flags), "e_type": struct.unpack_from("<H", d, 0x10)[0],
        "callgraph": int(".nv.callgraph" in names),
        "module_constant": int(any(re.fullmatch(r"\.nv\.constant\d+", n) for n in names)),
        "texts": sum(n.startswith(".text.") for n in names),
        "st_other": " ".join("%s:%d" % kv for kv in sorted(vis.items())),
        "sections": len(secs), "tkinfo": tk.strip("|")[:160],
    }


def by_image(path, work, out_images, diffs):
    sub = tempfile.mkdtemp(dir=work)
    subprocess.run([CUOBJDUMP, "-xelf", "all", os.path.abspath(path)], cwd=sub,
                   capture_output=True)
    n = collections.Counter()
    for f in sorted(os.listdir(sub)):
        if not f.endswith(".cubin"):
            continue
        p = os.path.join(sub, f)
        timed(SPILLWAY + ["--list", p], p + ".csv")
        timed([CUOBJDUMP, "--dump-resource-usage", p], p + ".txt")
        g, o, eq, missing, extra, ul, nd = compare(p + ".csv", p + ".txt")
        state = "equal" if not missing and not extra else \
            "silent" if g == 0 and o > 0 else "differs"
        n[state] += 1
        feat = elf_features(p)
        out_images.writerow([path, f, state, g, o, eq, sum(extra.values()), ul, nd] +
                            [feat[k] for k in sorted(feat)])
        if state == "differs":
            diffs.write("%s %s: %s\n" % (path, f, list(missing)[:3] + list(extra)[:3]))
    return n


def main():
    outdir, roots = sys.argv[1], sys.argv[2:]
    os.makedirs(outdir, exist_ok=True)
    work = tempfile.mkdtemp()
    t0 = time.monotonic()
    if len(roots) == 1 and roots[0].startswith("@"):	# a list of files, one per line
        files = [l.rstrip("\n") for l in open(roots[0][1:]) if l.strip()]
    else:
        files = distinct(with_sass(candidates(roots)))
    print("%d distinct files with SASS under %s (%.0f s to find)" % (len(files), roots, time.monotonic() - t0))
    sys.stdout.flush()
    runs = {}
    for i, f in enumerate(files):
        runs[f] = [timed(SPILLWAY + ["--list", f], os.path.join(work, "%d.csv" % i))]
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        futs = {f: pool.submit(timed, [CUOBJDUMP, "--dump-resource-usage", f],
                               os.path.join(work, "%d.txt" % i)) for i, f in enumerate(files)}
        for f, fut in futs.items():
            runs[f].append(fut.result())
    with open(os.path.join(outdir, "files.tsv"), "w") as ft, \
            open(os.path.join(outdir, "images.tsv"), "w") as fi, \
            open(os.path.join(outdir, "diffs.txt"), "w") as diffs:
        tf, ti = csv.writer(ft, delimiter="\t"), csv.writer(fi, delimiter="\t")
        tf.writerow(["file", "bytes", "cuobjdump_rows", "spillway_rows", "equal", "missing", "extra",
                     "unlisted", "non_default_visibility", "spillway_s", "cuobjdump_s", "spillway_exit",
                     "cuobjdump_exit", "images_equal", "images_silent", "images_differ",
                     "relocatable_stack_differs"])
        ti.writerow(["file", "image", "state", "cuobjdump_rows", "spillway_rows", "equal", "extra",
                     "unlisted", "non_default_visibility", "callgraph", "e_flags", "e_type", "module_constant",
                     "sections", "st_other", "texts", "tkinfo"])
        tot = collections.Counter()
        for i, f in enumerate(files):
            (ts, rs, es), (tc, rc, ec) = runs[f]
            here = (os.path.join(work, "%d.csv" % i), os.path.join(work, "%d.txt" % i))
            rel = gc.RELOCATABLE = has_relocatable(f)
            g, o, eq, missing, extra, ul, nd = compare(*here)
            stack_only = 0
            if rel:
                gc.RELOCATABLE = False
                stack_only = sum(compare(*here)[3].values()) - sum(missing.values())
                tot["stack_only"] += stack_only
                gc.RELOCATABLE = True
            n = collections.Counter()
            if missing or extra:
                diffs.write("%s: %d missing %s, %d extra %s\n" % (
                    f, sum(missing.values()), list(missing)[:3], sum(extra.values()), list(extra)[:3]))
                n = by_image(f, work, ti, diffs)
            if es or ec:
                diffs.write("%s: spillway said %r; cuobjdump said %r\n" % (f, es, ec))
            tf.writerow([f, os.path.getsize(f), g, o + ul, eq, sum(missing.values()), sum(extra.values()),
                         ul, nd, "%.3f" % ts, "%.3f" % tc, rs, rc, n["equal"], n["silent"], n["differs"],
                         stack_only])
            tot.update(files=1, rows=g, ours=o + ul, equal=eq, missing=sum(missing.values()),
                       extra=sum(extra.values()), unlisted=ul, nd=nd,
                       same=int(not missing and not extra))
            tot["ts"] += ts
            tot["tc"] += tc
            os.unlink(os.path.join(work, "%d.csv" % i))
            os.unlink(os.path.join(work, "%d.txt" % i))
    print("%(files)d files, %(same)d equal row for row; cuobjdump %(rows)d rows, spillway %(ours)d; "
          "%(equal)d equal, %(missing)d missing, %(extra)d extra, %(unlisted)d unlisted (st_other "
          "0x08: cuobjdump prints none); %(nd)d entries of non-default visibility (REG not "
          "compared); %(stack_only)d rows of relocatable images differ in STACK alone" % tot)
    print("time, file by file: spillway %.1f s, cuobjdump %.1f s (%.1fx)" % (
        tot["ts"], tot["tc"], tot["tc"] / tot["ts"] if tot["ts"] else 0))


if __name__ == "__main__":
    main()
