#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check spillway --report=csv tables against NVIDIA's own output.

usage: report_golden.py arches LIST_CSV REPORT_CSV CUOBJDUMP_TXT
       report_golden.py join LIST_CSV PTXAS_LOG          (joined CSV on stdout)
       report_golden.py spills REPORT_CSV PTXAS_LOG LIST_CSV

arches: the arch comparison's REG and STACK cells, per collapsed kernel and
sm, must be cuobjdump's maxima over the kernel's instantiations, and the
table must hold exactly the kernels whose REG or STACK differ between sms.

join: the --list CSV with spill_stores and spill_loads filled from the
ptxas -v log (what the build-log join will do), for entries ptxas compiled.

spills: every row of the spill table must carry ptxas's figures (maxima over
the instantiations that spill: count, cumulative stack, spill stores and
loads, registers), and every spilling (kernel, sm) of the log must be there.

Exit 0 when equal (and not empty), 1 otherwise; differences are printed.
"""
import collections
import csv
import io
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_compare import golden_rows, read_csv  # noqa: E402  (one cuobjdump parser)

COMPILING = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
PROPS = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
USED = re.compile(r"Used (\d+) registers(?:.*?(\d+) bytes cumulative stack size)?")


def report_tables(path):
    """The report's tables: lists of dict rows, split at empty lines."""
    text = open(path, newline="").read()
    tables = []
    for chunk in re.split(r"\r?\n\r?\n", text):
        if chunk.strip():
            tables.append(list(csv.DictReader(io.StringIO(chunk))))
    return tables


def ptxas_entries(path):
    """(sm, mangled) -> (reg, stack, stores, loads) for each entry compiled."""
    out, current, props = {}, None, None
    for line in open(path, errors="replace"):
        m = COMPILING.search(line)
        if m:
            current, props = (m.group(2), m.group(1)), None
            continue
        m = PROPS.search(line)
        if m and current:
            props = tuple(int(x) for x in m.groups())
            continue
        m = USED.search(line)
        if m and current and props:
            stack = int(m.group(2)) if m.group(2) else props[0]
            out[current] = (int(m.group(1)), stack, props[1], props[2])
            current = None
    return out


def arches(list_csv, report_csv, golden):
    collapsed = {r["mangled"]: r["collapsed"] for r in read_csv(list_csv) if r["kind"] == "entry"}
    want = collections.defaultdict(dict)          # collapsed -> sm -> [reg, stack]
    for (arch, func, reg, stack, *_rest) in golden_rows(golden, None):
        if func in collapsed:
            cur = want[collapsed[func]].setdefault(arch, [reg, stack])
            cur[0], cur[1] = max(cur[0], reg), max(cur[1], stack)
    differing = {k for k, sms in want.items()
                 if len({v[0] for v in sms.values()}) > 1 or len({v[1] for v in sms.values()}) > 1}
    tables = [t for t in report_tables(report_csv) if t and t[0]["section"] == "arches"]
    rows = tables[0] if tables else []
    bad, checked, seen = 0, 0, set()
    for r in rows:
        k = r["kernel"]
        seen.add(k)
        for sm, (reg, stack) in want.get(k, {}).items():
            got = (r.get(sm + " REG"), r.get(sm + " STACK"))
            checked += 1
            if got != (str(reg), str(stack)):
                bad += 1
                print("%s %s: cuobjdump REG %d STACK %d, report %s" % (k, sm, reg, stack, got))
    for k in sorted(differing - seen):
        bad += 1
        print("missing from the arch table: %s" % k)
    for k in sorted(seen - differing):
        bad += 1
        print("in the arch table, but the same on every sm: %s" % k)
    print("%d/%d arch cells match cuobjdump, %d kernels differ between sms" %
          (checked - bad, checked, len(differing)))
    return 0 if checked and not bad else 1


def join(list_csv, log):
    spills = ptxas_entries(log)
    with open(list_csv, newline="") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        fields = reader.fieldnames
    w = csv.DictWriter(sys.stdout, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    for r in rows:
        got = spills.get((r["sm"], r["mangled"]))
        if r["kind"] == "entry" and got:
            r["spill_stores"], r["spill_loads"] = str(got[2]), str(got[3])
        w.writerow(r)
    return 0


def spills(report_csv, log, list_csv):
    collapsed = {r["mangled"]: r["collapsed"] for r in read_csv(list_csv) if r["kind"] == "entry"}
    want = {}
    for (sm, mangled), (reg, stack, st, ld) in ptxas_entries(log).items():
        if (st or ld) and mangled in collapsed:
            k = (collapsed[mangled], sm)
            n, r0, s0, st0, ld0 = want.get(k, (0, 0, 0, 0, 0))
            want[k] = (n + 1, max(r0, reg), max(s0, stack), max(st0, st), max(ld0, ld))
    rows = []
    for t in report_tables(report_csv):
        if t and "instantiations spilling" in t[0]:
            rows = t
    bad, got = 0, {}
    for r in rows:
        got[(r["kernel"], r["sm"])] = (int(r["instantiations spilling"]), int(r["registers"]),
                                       int(r["stack frame B"]), int(r["spill stores B"]),
                                       int(r["spill loads B"]))
    for k in sorted(set(want) | set(got)):
        if want.get(k) != got.get(k):
            bad += 1
            print("%s %s: ptxas (n, reg, stack, stores, loads) %s, report %s" %
                  (k[0], k[1], want.get(k), got.get(k)))
    print("%d/%d spilling (kernel, sm) rows match ptxas -v" % (len(want) - bad, len(want)))
    return 0 if not bad else 1


def main():
    a = sys.argv[1:]
    if a[:1] == ["arches"] and len(a) == 4:
        return arches(a[1], a[2], a[3])
    if a[:1] == ["join"] and len(a) == 3:
        return join(a[1], a[2])
    if a[:1] == ["spills"] and len(a) == 4:
        return spills(a[1], a[2], a[3])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
