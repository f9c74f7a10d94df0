#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# What a compile-time trace (Chrome trace JSON of nvcc -fdevice-time-trace
# or clang -ftime-trace) holds, computed here from the JSON itself, for
# tests/e2e/traces.sh to compare with spillway's report:
#   trace_expect.py units TRACE...   one line per trace: file events span_s
#   trace_expect.py items TRACE      its 10 longest instantiations and
#                                    functions, as the report's CSV rows
#                                    (what, traced_name, s, events, sm)
#   trace_expect.py timeline TRACE   how many events --report=trace keeps
# The rules are spillway-reference(7)'s: X events summed by name
# (functions by name and the [arch] of their thread), clang's "Total"
# events left out, times inclusive, longest first, ties by name then arch.
import json
import os
import sys

INST = {"InstantiateFunction", "InstantiateClass",
        "Instantiating Template Function", "Instantiating Template Class"}
FUNC = {"Optimizing compilation unit": "name", "Generating Function IR": "detail",
        "OptFunction": "detail"}
TOP, KEEP = 10, 256


def events(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    ev = d["traceEvents"]
    threads = {(e["pid"], e.get("tid")): e["args"]["name"] for e in ev
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    xs = [e for e in ev if e.get("ph") == "X" and
          not (e["name"].startswith("Total ") and "count" in e.get("args", {}))]
    return xs, threads


def arch_of(thread):
    if thread and "[" in thread and thread.rstrip().endswith("]"):
        return thread[thread.rfind("[") + 1:thread.rfind("]")]
    return ""


def items(path):
    xs, threads = events(path)
    sums = {}
    for e in xs:
        a = e.get("args", {})
        if e["name"] in INST and a.get("detail"):
            key = ("instantiation", a["detail"], "")
        elif e["name"] in FUNC and a.get(FUNC[e["name"]]):
            key = ("function", a[FUNC[e["name"]]],
                   arch_of(threads.get((e["pid"], e.get("tid")))))
        else:
            continue
        s = sums.setdefault(key, [0.0, 0])
        s[0] += e["dur"]
        s[1] += 1
    rows = []
    for what in ("instantiation", "function"):
        keys = sorted((k for k in sums if k[0] == what),
                      key=lambda k: (-sums[k][0], k[1].encode(), k[2]))
        for k in keys[:TOP]:
            rows.append((what, k[1], "%.3f" % (sums[k][0] / 1e6), str(sums[k][1]), k[2]))
    return rows


def main():
    mode, paths = sys.argv[1], sys.argv[2:]
    for p in paths:
        if mode == "units":
            xs, _ = events(p)
            span = max(e["ts"] + e["dur"] for e in xs) - min(e["ts"] for e in xs)
            print(os.path.basename(p), len(xs), "%.3f" % (span / 1e6))
        elif mode == "items":
            for r in items(p):
                print("\t".join(r))
        elif mode == "timeline":
            print(min(KEEP, len(events(p)[0])))


main()
