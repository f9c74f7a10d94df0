#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compare `spillway --list` CSV with NVIDIA's own output for one artifact.

usage: golden_compare.py [--relocatable] resource-usage LIST_CSV CUOBJDUMP_TXT
       golden_compare.py [--relocatable] ptxas LIST_CSV PTXAS_LOG
       golden_compare.py [--relocatable] spills LIST_CSV PTXAS_LOG

--relocatable: the artifact holds relocatable images (-rdc=true objects and
their archives).  cuobjdump prints STACK 0 there, a placeholder for what
the device link settles: STACK is left out of the comparison with it, and
ptxas -v's frame is the STACK expected of an entry whose calls stay out of
the object (every entry of the corpus's rdc objects calls another object's
function or none), as spillway(1) CALLS AND RECURSION says.

resource-usage: both sides become multisets of (sm, mangled, REG, STACK,
SHARED, LOCAL, CONSTANT banks, TEXTURE, SURFACE, SAMPLER); every row must
match and the two sets of (function, sm) must be equal.  Rows whose
visibility column says "unlisted" are counted apart: cuobjdump prints none
of them.  REG is left out for entries of another ELF visibility than
default: cuobjdump prints the .text header's byte for them, where the
driver and spillway give REGCOUNT (spillway(1), DIFFERENCES FROM
CUOBJDUMP); tests/corpus/golden-extra.sh checks those against the driver.  A bare cubin's
cuobjdump output names no arch; the CSV's own sm stands in for it then.

ptxas: every entry function that ptxas -v compiled must appear in the CSV
on that sm with ptxas's registers and cumulative stack size (registers
only for ptxas 11.8, which prints no cumulative stack size).

spills: LIST_CSV was made with the ptxas log given as input too; every
entry function of the log must have joined its row (its spill_stores and
spill_loads equal the log's, and registers and cumulative stack too), and
every device function the binary holds as a function of its own likewise.
Device functions that ptxas printed but the binary does not hold (inlined
into their callers at link) are counted apart.

Exit 0 when equal (and not empty), 1 otherwise; differences are printed.
"""
import collections
import csv
import re
import sys

FUNC = re.compile(r"^\s*Function (.+):\s*$")
ARCH = re.compile(r"^arch = (sm_\w+)")
ITEM = re.compile(r"(REG|STACK|SHARED|LOCAL|TEXTURE|SURFACE|SAMPLER|CONSTANT\[(\d+)\]):(\d+|UNKNOWN)")


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(s):
    return int(s) if s not in (None, "") else None


def figure(s):
    """A cuobjdump figure: digits, or UNKNOWN (cuobjdump 11.8 prints
    STACK:UNKNOWN where the cubin's minimum stack size is 0xffffffff, a
    recursive call tree), which is the CSV's empty field."""
    return None if s == "UNKNOWN" else int(s)


def bank_order(banks):
    """Constant banks as "bank:bytes" pairs by bank number: the CSV keeps
    section order (spillway(1)), cuobjdump 11.8 prints bank order."""
    return " ".join(sorted(banks, key=lambda b: int(b.split(":")[0])))


def golden_rows(path, bare_arch):
    rows = collections.Counter()
    arch, func = bare_arch, None
    for line in open(path, errors="replace"):
        m = ARCH.match(line.strip())
        if m:
            arch = m.group(1)
            continue
        m = FUNC.match(line)
        if m:
            func = m.group(1).strip()
            continue
        if func and "REG:" in line:
            vals, banks = {}, []
            for name, bank, v in ITEM.findall(line):
                if bank:
                    banks.append("%s:%s" % (bank, v))
                else:
                    vals[name] = figure(v)
            rows[(arch, func, vals["REG"], None if RELOCATABLE else vals["STACK"], vals["SHARED"], vals["LOCAL"],
                  bank_order(banks), vals["TEXTURE"], vals["SURFACE"], vals["SAMPLER"])] += 1
            func = None
    return rows


def reg_unread(counter, functions):
    """The rows of the given (sm, function)s with REG left out."""
    out = collections.Counter()
    for k, n in counter.items():
        out[k[:2] + ((None,) if k[:2] in functions else k[2:3]) + k[3:]] += n
    return out


RELOCATABLE = False


def spillway_rows(csv_path):
    """The CSV's rows as cuobjdump's are keyed: (rows, unlisted, the
    (sm, function)s of non-default ELF visibility, sms).  Rows whose
    visibility says "unlisted" (st_other bit 0x08) are kept apart: cuobjdump
    prints none of them (spillway(1), DIFFERENCES FROM CUOBJDUMP)."""
    rows, unlisted = collections.Counter(), collections.Counter()
    not_default, sms = set(), set()
    for r in read_csv(csv_path):
        sms.add(r["sm"])
        stack = None if RELOCATABLE else num(r["stack"])
        key = (r["sm"], r["mangled"], num(r["reg"]), stack, num(r["shared"]),
               num(r["local"]), bank_order(r["constant"].split()), num(r["texture"]),
               num(r["surface"]), num(r["sampler"]))
        words = r.get("visibility", "default").split()
        (unlisted if "unlisted" in words else rows)[key] += 1
        if r["kind"] == "entry" and words[0] not in ("default", "unlisted"):
            not_default.add((r["sm"], r["mangled"]))
    return rows, unlisted, not_default, sms


def compare_rows(csv_path, golden_path):
    """(golden rows, missing, extra, unlisted, non-default) after the rules
    of the docstring; missing and extra are Counters."""
    ours, unlisted, not_default, sms = spillway_rows(csv_path)
    bare = sms.pop() if len(sms) == 1 else None
    gold = golden_rows(golden_path, bare)
    if not_default:
        ours, gold = reg_unread(ours, not_default), reg_unread(gold, not_default)
    return gold, gold - ours, ours - gold, unlisted, not_default


def resource_usage(csv_path, golden_path):
    gold, missing, extra, unlisted, not_default = compare_rows(csv_path, golden_path)
    if not_default:
        print("%d entries of non-default visibility: REG not compared" % len(not_default))
    if unlisted:
        print("%d unlisted rows (st_other 0x08): cuobjdump prints none of them" %
              sum(unlisted.values()))
    for k in list(missing)[:20]:
        print("cuobjdump has, spillway lacks:", k)
    for k in list(extra)[:20]:
        print("spillway has, cuobjdump lacks:", k)
    total = sum(gold.values())
    print("%d/%d rows match, %d extra, %d unlisted" % (
        total - sum(missing.values()), total, sum(extra.values()), sum(unlisted.values())))
    return 0 if not missing and not extra else 1


COMPILING = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
USED = re.compile(r"Used (\d+) registers(?:.*?(\d+) bytes cumulative stack size)?")
USED_BARRIERS = re.compile(r"Used \d+ registers, used \d+ barriers")


def used_stack(line, m):
    """The cumulative stack size of a ptxas 'Used' line.  ptxas 12 and
    later (whose line says "used N barriers") print it whenever it is not
    0; ptxas 11.8 never prints it (its "bytes stack frame" is the entry's
    own frame, not its call tree's): None then."""
    if m.group(2):
        return int(m.group(2))
    return 0 if USED_BARRIERS.search(line) else None


def ptxas(csv_path, log_path):
    ours = {}
    for r in read_csv(csv_path):
        if r["kind"] == "entry":
            ours.setdefault((r["sm"], r["mangled"]), set()).add((num(r["reg"]), num(r["stack"])))
    checked, bad, regs_only = 0, 0, 0
    current, frame = None, None
    for line in open(log_path, errors="replace"):
        m = COMPILING.search(line)
        if m:
            current, frame = (m.group(2), m.group(1)), None
            continue
        m = FRAME.match(line)
        if m and current and frame is None:
            frame = int(m.group(1))
            continue
        m = USED.search(line)
        if m and current:
            want = (int(m.group(1)), frame if RELOCATABLE and frame is not None else used_stack(line, m))
            got = ours.get(current)
            checked += 1
            if want[1] is None:
                regs_only += 1
                got_regs = None if got is None else {reg for reg, _ in got}
                ok = got_regs is not None and want[0] in got_regs
            else:
                ok = got is not None and want in got
            if not ok:
                bad += 1
                print("ptxas %s %s: registers, stack %s; spillway %s" % (current[0], current[1], want, got))
            current = None
    print("%d/%d ptxas entries match%s" % (checked - bad, checked,
          " (%d by registers only: ptxas before 12 prints no stack size)" % regs_only if regs_only else ""))
    return 0 if checked and not bad else 1


PROPS = re.compile(r"ptxas info\s*: Function properties for (.+)$")
FRAME = re.compile(r"^\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")


def ptxas_records(log_path):
    """(sm, mangled, entry) -> (reg, stack, spill stores, spill loads), in log order."""
    recs = {}
    block, arch, current, props, own = [], None, None, None, None
    for line in open(log_path, errors="replace"):
        if "bytes gmem" in line:
            block, arch = [], None
            continue
        m = COMPILING.search(line)
        if m:
            current, arch = m.group(1), m.group(2)
            for k in block:         # device functions read before the entry
                recs[(arch, k[0], False)] = k[1]
            block = []
            continue
        m = PROPS.search(line)
        if m:
            props = m.group(1).strip()
            continue
        m = FRAME.match(line)
        if m and props:
            fig = [None, None, int(m.group(2)), int(m.group(3))]
            if props == current:
                recs[(arch, props, True)] = fig
                own = int(m.group(1))
            elif arch:
                recs[(arch, props, False)] = fig
            else:
                block.append((props, fig))
            props = None
            continue
        m = USED.search(line)
        if m and current and (arch, current, True) in recs:
            recs[(arch, current, True)][0] = int(m.group(1))
            recs[(arch, current, True)][1] = own if RELOCATABLE else int(m.group(2) or 0)
            current = None
    return recs


def spills(csv_path, log_path):
    rows = {}
    for r in read_csv(csv_path):
        rows.setdefault((r["sm"], r["mangled"], r["kind"] == "entry"), []).append(r)
    joined, inlined, bad = 0, 0, 0
    for (sm, name, entry), (reg, stack, st, ld) in ptxas_records(log_path).items():
        got = rows.get((sm, name, entry))
        if not got:
            if entry:
                bad += 1
                print("ptxas entry %s %s: no scanned row" % (sm, name))
            else:
                inlined += 1
            continue
        for r in got:
            ok = num(r["spill_stores"]) == st and num(r["spill_loads"]) == ld
            if entry:
                ok = ok and num(r["reg"]) == reg and num(r["stack"]) == stack
            if not ok:
                bad += 1
                print("ptxas %s %s: reg %s stack %s spills %s/%s; spillway %s %s %s/%s" % (
                    sm, name, reg, stack, st, ld, r["reg"], r["stack"], r["spill_stores"], r["spill_loads"]))
            else:
                joined += 1
    print("%d ptxas functions joined, %d not held by the binary, %d differ" % (joined, inlined, bad))
    return 0 if joined and not bad else 1


def main():
    global RELOCATABLE
    if len(sys.argv) > 1 and sys.argv[1] == "--relocatable":
        RELOCATABLE = True
        del sys.argv[1]
    if len(sys.argv) == 4 and sys.argv[1] == "spills":
        return spills(sys.argv[2], sys.argv[3])
    if len(sys.argv) != 4 or sys.argv[1] not in ("resource-usage", "ptxas"):
        print(__doc__)
        return 2
    if sys.argv[1] == "resource-usage":
        return resource_usage(sys.argv[2], sys.argv[3])
    return ptxas(sys.argv[2], sys.argv[3])


if __name__ == "__main__":
    sys.exit(main())
