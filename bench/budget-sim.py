#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""budget-sim.py [--no-hand] IMAGES.csv [BUDGET_MIB...]: what the
decompression buffers' budget costs a scan, simulated.

IMAGES.csv is `spillway --list=images FILE`.  Its SASS images are read in
file order by W workers, each image taking size/RATE seconds plus the
kernel's zeroing of the buffer bytes a worker had to take anew (ZERO bytes
per second), with src/util/membudget.c's rules: a worker keeps its buffer
between images; it grows in place when the budget has room and no one
waits; otherwise it gives back all it holds and waits its turn, first come
first served, while every worker finishing an image gives back what it
holds beyond its share (128 MiB / W), or all of it when it holds no more.
What is given back while one waits is first handed to the first in line,
as much as it lacks: moved, not zeroed (--no-hand: freed, as before
b4ef483).

Prints, per budget, the simulated wall time, the bytes taken anew (each
zeroed by the kernel), the bytes handed on and the seconds spent waiting
for room, and the same with no bound.  The constants are the device's (16
cores).  Without handing, on libtorch_cuda, the simulation grows 2,086 MiB
and waits 0.53 s at 180 MiB where spillway, counted, grew 1,966-2,210 MiB
and waited 0.23-0.33 s; with it, 670 MiB anew and 1,346 MiB handed, where
spillway took 1,060-1,296 MiB anew and handed 478-772 MiB: the trend
right, the waiting and the handing overstated (bench/README.md).
"""
import csv
import heapq
import sys

HUGE_PAGE = 2 << 20
WORKERS = 16
RATE = 1.0e9        # bytes decompressed per second per worker
PER_IMAGE = 60e-6   # seconds per image besides decompressing
ZERO = 8e9          # bytes the kernel zeroes per second


def whole_pages(n):
    return (n + HUGE_PAGE - 1) // HUGE_PAGE * HUGE_PAGE


def simulate(sizes, budget, hand=True, workers=WORKERS):
    share = (128 << 20) // workers
    caps = [0] * workers
    used = grown = handed = 0
    waited = now = 0.0
    running = []            # (finish time, worker)
    line = []               # workers waiting for room: [worker, bytes, since, handed to it]
    image_of = {}
    idle = list(range(workers))[::-1]
    nxt = 0

    def start(w, grew):
        heapq.heappush(running, (now + sizes[image_of[w]] / RATE + PER_IMAGE + grew / ZERO, w))

    def give(n):
        nonlocal used, handed
        if hand and line:
            first = line[0]
            moved = min(n, first[1] - first[3])
            first[3] += moved
            handed += moved
            n -= moved
        used -= n

    while True:
        while idle and nxt < len(sizes):
            w = idle.pop()
            image_of[w] = nxt
            want = whole_pages(sizes[nxt])
            nxt += 1
            if caps[w] >= want:
                start(w, 0)
            elif not line and used + want - caps[w] <= budget:
                grew = want - caps[w]
                used += grew
                grown += grew
                caps[w] = want
                start(w, grew)
            else:
                held, caps[w] = caps[w], 0
                give(held)
                line.append([w, want, now, 0])
        while line:
            w, want, since, got = line[0]
            if used != got and used + want - got > budget:
                break
            line.pop(0)
            used += want - got
            grown += want - got
            waited += now - since
            caps[w] = want
            start(w, want - got)
        if not running:
            return now, grown, handed, waited
        now, w = heapq.heappop(running)
        if line:
            keep = share if caps[w] > share else 0
            give(caps[w] - keep)
            caps[w] = keep
        idle.append(w)


def main():
    args = sys.argv[1:]
    hand = "--no-hand" not in args
    args = [a for a in args if a != "--no-hand"]
    if not args:
        sys.exit(__doc__)
    with open(args[0], newline="") as f:
        sizes = [int(r["size"]) for r in csv.DictReader(f) if r["kind"] == "sass"]
    budgets = [int(b) for b in args[1:]] or [160, 180, 200, 220, 240, 260]
    print("%d images, %d MiB decompressed, %d workers%s" %
          (len(sizes), sum(sizes) >> 20, WORKERS, "" if hand else ", no handing"))
    for mib in budgets + [None]:
        t, grown, handed, waited = simulate(sizes, (mib << 20) if mib else 1 << 62, hand)
        print("budget %-9s  %.3f s  taken anew %5d MiB  handed %5d MiB  waiting %.3f s" %
              ("%d MiB" % mib if mib else "unbounded", t, grown >> 20, handed >> 20, waited))


if __name__ == "__main__":
    main()
