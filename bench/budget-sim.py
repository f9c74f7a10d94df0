#!/usr/bin/env python3
"""budget-sim.py IMAGES.csv [BUDGET_MIB...]: what the decompression buffers'
budget costs a scan, simulated.

IMAGES.csv is `spillway --list=images FILE`.  Its SASS images are read in
file order by W workers, each image taking size/RATE seconds plus the
kernel's zeroing of the buffer bytes a worker had to grow (ZERO bytes per
second), with src/membudget.c's rules: a worker keeps its buffer between
images; it grows in place when the budget has room and no one waits;
otherwise it gives back all it holds and waits its turn, first come first
served, while every worker finishing an image gives back what it holds
beyond its share (128 MiB / W), or all of it when it holds no more.

Prints, per budget, the simulated wall time, the bytes grown (each zeroed
by the kernel) and the seconds spent waiting for room, and the same with
no bound.  The constants are the device's (16 cores): there, on
libtorch_cuda, the simulation grows 2,086 MiB and waits 0.53 s where
spillway, counted, grew 1,966-2,210 MiB and waited 0.23-0.33 s: the bytes
right, the waiting overstated (bench/README.md).
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


def simulate(sizes, budget, workers=WORKERS):
    share = (128 << 20) // workers
    caps = [0] * workers
    used = grown = 0
    waited = now = 0.0
    running = []            # (finish time, worker)
    line = []               # workers waiting for room: (worker, bytes, since)
    image_of = {}
    idle = list(range(workers))[::-1]
    nxt = 0

    def start(w, grew):
        heapq.heappush(running, (now + sizes[image_of[w]] / RATE + PER_IMAGE + grew / ZERO, w))

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
                used -= caps[w]
                caps[w] = 0
                line.append((w, want, now))
        while line:
            w, want, since = line[0]
            if used and used + want > budget:
                break
            line.pop(0)
            used += want
            grown += want
            waited += now - since
            caps[w] = want
            start(w, want)
        if not running:
            return now, grown, waited
        now, w = heapq.heappop(running)
        if line:
            keep = share if caps[w] > share else 0
            used -= caps[w] - keep
            caps[w] = keep
        idle.append(w)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with open(sys.argv[1], newline="") as f:
        sizes = [int(r["size"]) for r in csv.DictReader(f) if r["kind"] == "sass"]
    budgets = [int(b) for b in sys.argv[2:]] or [160, 180, 200, 220, 240, 260]
    print("%d images, %d MiB decompressed, %d workers" % (len(sizes), sum(sizes) >> 20, WORKERS))
    for mib in budgets + [None]:
        t, grown, waited = simulate(sizes, (mib << 20) if mib else 1 << 62)
        print("budget %-9s  %.3f s  grown %5d MiB  waiting %.3f s" %
              ("%d MiB" % mib if mib else "unbounded", t, grown >> 20, waited))


if __name__ == "__main__":
    main()
