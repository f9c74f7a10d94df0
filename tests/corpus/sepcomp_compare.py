#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compare `spillway --list` of tests/corpus/sepcomp with what ptxas -v
and nvlink -v printed when build.sh built it (golden/ptxas.log,
golden/nvlink.log).

usage: sepcomp_compare.py object LIST_CSV PTXAS_LOG NVLINK_LOG
       sepcomp_compare.py linked LIST_CSV NVLINK_LOG [PTXAS_LOG]
       sepcomp_compare.py whole LIST_CSV PTXAS_LOG
       sepcomp_compare.py driver LIST_CSV DRIVER_TSV CUBIN SM

object: the relocatable objects and their archive.  A device function's
STACK is its own frame (ptxas -v "N bytes stack frame").  An entry's STACK
is what it needs at run time: unknown where nvlink says its stack "cannot
be statically determined", else nvlink's "N stack" for it, except for the
entries whose calls leave their object (AT_LINK below: the device link
adds the callee), whose STACK is their own frame and the chain the object
holds.  With the log joined (LIST_CSV made with PTXAS_LOG as an input
too), an entry's spills are its own and its callees' (CALLEES below).

linked: the device-link object and the executable: every entry has
nvlink's registers and stack (unknown where nvlink warned); with
PTXAS_LOG (joined when LIST_CSV was made), its spills are its own and its
callees', as in the objects.

whole: the whole-program executable with its ptxas log joined: the
entries whose callee recursion ptxas left unfolded read unknown, the
others ptxas's cumulative stack; spills are the entry's and its callees'.

driver: the entries of LIST_CSV on SM against the driver's attributes of
the cubin CUBIN (golden/driver-attrs.tsv, tests/device's driver-attrs on
the H200): registers equal CU_FUNC_ATTRIBUTE_NUM_REGS, and a bounded
stack equals CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES.  Where the stack has no
bound the driver gives what the binary wrote, the kernel's own part (0,
or a whole-program kernel's own frame): only registers are compared.

Exit 0 when every row holds (and some were compared), 1 otherwise.
"""
import collections
import csv
import re
import sys

# Facts of the sources (tests/corpus/sepcomp/src), not figures: the
# entries whose calls leave their object, and each entry's callees.
AT_LINK = {
    "_ZN3sep19calls_remote_kernelEPKfPfi",  # remote_scale is remote_impl.cu's
    "_ZN3sep13parent_kernelEPfi",           # launches through libcudadevrt
}
CALLEES = {
    "_ZN3sep12chain_kernelEPKfPfi": ["_ZN3sep10middle_sumEPKfi$1", "_ZN3sep8leaf_sumEPKfi"],
    "_ZN3sep20calls_spiller_kernelEPKfPfi": ["_ZN3sep8pressureEPKfi$1"],
    "_ZN3sep21recursive_walk_kernelIfEEvPKT_PS1_i": ["_ZN3sep9walk_downIfEET_PKS1_i"],
    "_ZN3sep21recursive_walk_kernelIdEEvPKT_PS1_i": ["_ZN3sep9walk_downIdEET_PKS1_i"],
    "_ZN3sep22recursive_count_kernelEPKiPii": ["_ZN3sep10count_downEPKii$1"],
    "_ZN5whole25whole_spill_callee_kernelEPKfPfi": ["_ZN5whole12spill_calleeEPKfi"],
    "_ZN5whole22whole_recursive_kernelEPKiPii": ["_ZN5whole7descendEPKii"],
    "_ZN5whole29whole_framed_recursive_kernelEPKiPii": ["_ZN5whole7descendEPKii"],
}
WHOLE_UNBOUNDED = {"_ZN5whole22whole_recursive_kernelEPKiPii",
                   "_ZN5whole29whole_framed_recursive_kernelEPKiPii"}

COMPILING = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
PROPS = re.compile(r"ptxas info\s*: Function properties for (\S+)\s*$")
FRAME = re.compile(r"^\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
USED = re.compile(r"Used (\d+) registers(?:.*?(\d+) bytes cumulative stack size)?")
GMEM = re.compile(r"ptxas info\s*: \d+ bytes gmem")
NV_PROPS = re.compile(r"Function properties for '([^']+)': \(target: (sm_\w+)\)")
NV_USED = re.compile(r"used (\d+) registers, used \d+ barriers, (\d+) stack.*\(target: (sm_\w+)\)")
NV_WARN = re.compile(r"Stack size for entry function '([^']+)' cannot be statically determined \(target: (sm_\w+)\)")


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(s):
    return None if s == "" else int(s)


def ptxas(path):
    """(sm, function) -> [frame, stores, loads, reg, cumulative]; a block's
    device functions take the sm of its first entry (ptxas names no sm
    for them).  A whole-program callee is printed after each entry that
    calls it, with that entry's figures (they differ: the same recursive
    function spills more under one kernel than under another): it is
    keyed (sm, function, the entry) too."""
    figs, block, arch, props, entry, last = {}, [], None, None, None, None
    for line in open(path, errors="replace"):
        if GMEM.search(line):
            block, arch = [], None
            continue
        m = COMPILING.search(line)
        if m:
            entry = last = m.group(1)
            arch = m.group(2)
            for name, fig in block:
                figs[(arch, name)] = fig
            block = []
            continue
        m = PROPS.search(line)
        if m:
            props = m.group(1)
            continue
        m = FRAME.match(line)
        if m and props:
            fig = [int(m.group(1)), int(m.group(2)), int(m.group(3)), None, 0]
            if arch:
                figs[(arch, props)] = fig
                figs[(arch, props, last)] = fig
            else:
                block.append((props, fig))
            props = None
            continue
        m = USED.search(line)
        if m and entry and (arch, entry) in figs:
            figs[(arch, entry)][3] = int(m.group(1))
            figs[(arch, entry)][4] = int(m.group(2) or 0)
            entry = None
    return figs


def nvlink(path):
    """(sm, function) -> (registers, stack or None where it warned)."""
    got, warned, name = {}, set(), None
    for line in open(path, errors="replace"):
        m = NV_WARN.search(line)
        if m:
            warned.add((m.group(2), m.group(1)))
            continue
        m = NV_PROPS.search(line)
        if m:
            name = (m.group(2), m.group(1))
            continue
        m = NV_USED.search(line)
        if m and name:
            got[name] = (int(m.group(1)), None if name in warned else int(m.group(2)))
            name = None
    return got


class Tally:
    def __init__(self):
        self.n, self.bad = 0, 0

    def expect(self, what, want, got):
        self.n += 1
        if want != got:
            self.bad += 1
            print("%s: expected %s, spillway %s" % (what, want, got))

    def done(self, label):
        print("%d/%d %s rows hold" % (self.n - self.bad, self.n, label))
        return 0 if self.n and not self.bad else 1


def spills_of(p, sm, name):
    own = p.get((sm, name))
    if own is None:
        return None
    st, ld = own[1], own[2]
    for c in CALLEES.get(name, []):
        fig = p.get((sm, c, name), p[(sm, c)])
        st += fig[1]
        ld += fig[2]
    return (st, ld)


def objects(csv_path, ptxas_path, nvlink_path):
    p, nv, t = ptxas(ptxas_path), nvlink(nvlink_path), Tally()
    for r in rows(csv_path):
        sm, name, stack = r["sm"], r["mangled"], num(r["stack"])
        what = "%s %s %s" % (r["member"] or r["library"], sm, name)
        if r["kind"] != "entry":
            if (sm, name) in p:
                t.expect(what + " stack (ptxas frame)", p[(sm, name)][0], stack)
            continue
        if name in AT_LINK:
            t.expect(what + " stack (ptxas frame: its call leaves the object)", p[(sm, name)][0], stack)
        else:
            t.expect(what + " stack (nvlink)", nv[(sm, name)][1], stack)
        t.expect(what + " spills (its own and its callees')", spills_of(p, sm, name),
                 (num(r["spill_stores"]), num(r["spill_loads"])))
    return t.done("object")


def linked(csv_path, nvlink_path, ptxas_path=None):
    nv, t = nvlink(nvlink_path), Tally()
    p = ptxas(ptxas_path) if ptxas_path else None
    for r in rows(csv_path):
        if r["kind"] != "entry" or r["mangled"].startswith("__nv_static_"):
            continue
        key = (r["sm"], r["mangled"])
        t.expect("%s %s registers, stack (nvlink)" % key, nv[key], (num(r["reg"]), num(r["stack"])))
        if p is not None:
            t.expect("%s %s spills (its own and its callees')" % key, spills_of(p, *key),
                     (num(r["spill_stores"]), num(r["spill_loads"])))
    return t.done("linked")


def whole(csv_path, ptxas_path):
    p, t = ptxas(ptxas_path), Tally()
    for r in rows(csv_path):
        if r["kind"] != "entry":
            continue
        sm, name = r["sm"], r["mangled"]
        want = None if name in WHOLE_UNBOUNDED else p[(sm, name)][4]
        t.expect("%s %s stack" % (sm, name), want, num(r["stack"]))
        t.expect("%s %s spills" % (sm, name), spills_of(p, sm, name),
                 (num(r["spill_stores"]), num(r["spill_loads"])))
    return t.done("whole-program")


def driver(csv_path, tsv_path, cubin, sm):
    t = Tally()
    with open(tsv_path, newline="") as f:
        attrs = {r["function"]: r for r in csv.DictReader(f, delimiter="\t") if r["file"] == cubin}
    for r in rows(csv_path):
        if r["kind"] != "entry" or r["sm"] != sm or r["mangled"] not in attrs:
            continue
        a = attrs[r["mangled"]]
        stack = num(r["stack"])
        if stack is None:
            t.expect("%s registers (driver; no bound, the driver's local bytes %s)" % (
                r["mangled"], a["local"]), int(a["regs"]), num(r["reg"]))
        else:
            t.expect("%s registers, local bytes (driver)" % r["mangled"],
                     (int(a["regs"]), int(a["local"])), (num(r["reg"]), stack))
    return t.done("driver")


def main():
    a = sys.argv[1:]
    if a[:1] == ["object"] and len(a) == 4:
        return objects(*a[1:])
    if a[:1] == ["linked"] and len(a) in (3, 4):
        return linked(*a[1:])
    if a[:1] == ["whole"] and len(a) == 3:
        return whole(*a[1:])
    if a[:1] == ["driver"] and len(a) == 5:
        return driver(*a[1:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
