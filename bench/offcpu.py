#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""offcpu.py COMM < perf-script-output: where COMM's threads were off the CPU,
and when each thread started and stopped.

Record the run with the scheduler's events and stacks, then feed the
script the events:

    perf sched record --call-graph dwarf,8192 -o run.data -- spillway --list FILE
    perf script -i run.data -F comm,pid,tid,time,event,trace,ip,sym,symoff \\
        | bench/offcpu.py spillway

COMM is the name the kernel gives the process: the binary's file name, cut
to 15 characters.  A thread is off the CPU from the sched_switch that takes
it off until the one that puts it back; the time is charged to the state it
left in (S: asleep, D: in the kernel, uninterruptible, R: preempted) and to
the stack it left from.  The main thread (the one whose id is the process
id) is told apart from the workers.
"""
import collections
import re
import sys

HEAD = re.compile(r'^\s*(\S+)\s+(\d+)/(\d+)\s+([\d.]+):\s+(\S+):\s*(.*)$')
SWITCH = re.compile(r'prev_comm=(.*?) prev_pid=(\d+) .*prev_state=(\S+) ==> '
                    r'next_comm=(.*?) next_pid=(\d+)')
SCHEDULER = {'__schedule', 'schedule', 'schedule_preempt_disabled', 'preempt_schedule_common'}


def events(lines):
    """(comm, pid, tid, time, event, trace, frames) for each event."""
    ev = None
    for line in lines:
        if not line.strip():
            continue
        if line[0] in ' \t':
            if ev is not None:
                ev[6].append(line.strip())
            continue
        if ev is not None:
            yield ev
        m = HEAD.match(line.rstrip('\n'))
        ev = None
        if m:
            ev = (m.group(1), m.group(2), m.group(3), float(m.group(4)), m.group(5), m.group(6), [])
    if ev is not None:
        yield ev


def frame_name(frame):
    """'ffffffff81000130 entry_SYSCALL_64+0x76' -> 'entry_SYSCALL_64+0x76'."""
    parts = frame.split(None, 1)
    return parts[1].replace(' (inlined)', '') if len(parts) == 2 else frame


def stack_key(frames):
    kernel = [frame_name(f).split('+')[0] for f in frames if f.startswith('ffffffff')]
    user = [frame_name(f) for f in frames if not f.startswith('ffffffff')]
    kernel = [k for k in kernel if k not in SCHEDULER][:2]
    return ' / '.join(kernel) + ' || ' + ' <- '.join(user[:5])


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: offcpu.py COMM < perf-script-output')
    comm = sys.argv[1]
    away = {}                       # tid -> (time, state, role, stack)
    spent = collections.Counter()   # (role, state, stack) -> seconds
    times = collections.Counter()
    first, last = {}, {}
    pid = None
    for c, p, tid, t, name, trace, frames in events(sys.stdin):
        if c == comm:
            pid = pid or p
            first.setdefault(tid, t)
            last[tid] = t
        if name != 'sched:sched_switch':
            continue
        m = SWITCH.search(trace)
        if not m:
            continue
        prev_comm, prev, state, _, nxt = m.groups()
        if prev_comm == comm:
            role = 'main' if prev == pid else 'worker'
            away[prev] = (t, state[0], role, stack_key(frames))
        if nxt in away:
            t0, st, role, key = away.pop(nxt)
            spent[(role, st, key)] += t - t0
            times[(role, st, key)] += 1
    if not first:
        sys.exit('offcpu.py: no event of %s (is COMM the binary\'s name?)' % comm)
    start = min(first.values())
    for role in ('worker', 'main'):
        mine = {k: v for k, v in spent.items() if k[0] == role}
        print('== %s: %.1f ms off the CPU' % (role, sum(mine.values()) * 1e3))
        for st in ('S', 'D', 'R'):
            print('   %s %.1f ms' % (st, sum(v for k, v in mine.items() if k[1] == st) * 1e3))
        for k, v in sorted(mine.items(), key=lambda kv: -kv[1])[:15]:
            print('%9.2f ms %5d  %s %s' % (v * 1e3, times[k], k[1], k[2][:240]))
    print('== threads, ms from the first event: start, last event')
    for tid in sorted(first, key=lambda k: (k != pid, last[k])):
        print('   %s %-6s %8.1f %8.1f' % ('main  ' if tid == pid else 'worker', tid,
                                          (first[tid] - start) * 1e3, (last[tid] - start) * 1e3))


if __name__ == '__main__':
    main()
