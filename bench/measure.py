#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""measure.py COMMAND...: runs COMMAND with its stdout thrown away and prints
'WALL_SECONDS PEAK_RSS_KIB EXIT CPU_SECONDS' for it (peak RSS of the largest
process and CPU time, user and system, from getrusage(RUSAGE_CHILDREN) in a
process that ran nothing else)."""
import resource
import subprocess
import sys
import time

# Children reaped before (a launcher's, such as pyenv's shim) count in
# RUSAGE_CHILDREN after an exec: their CPU is taken off.
before = resource.getrusage(resource.RUSAGE_CHILDREN)
t0 = time.monotonic()
rc = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
wall = time.monotonic() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = ru.ru_utime + ru.ru_stime - before.ru_utime - before.ru_stime
print("%.3f %d %d %.3f" % (wall, ru.ru_maxrss, rc, cpu))
