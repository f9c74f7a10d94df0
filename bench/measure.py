#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""measure.py COMMAND...: runs COMMAND with its stdout thrown away and prints
'WALL_SECONDS PEAK_RSS_KIB EXIT' for it (peak RSS of the largest process,
from getrusage(RUSAGE_CHILDREN) in a process that ran nothing else)."""
import resource
import subprocess
import sys
import time

t0 = time.monotonic()
rc = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
wall = time.monotonic() - t0
print("%.3f %d %d" % (wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, rc))
