#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile compile-time traces (src/logs/ctrace.h), made at test time: each
# read within the bounds (CPU time, memory), damage said with exit 2, never
# a signal.  One past CTRACE_EVENTS_MAX events, one of a string of 48 MiB
# (past CTRACE_VALUE_BYTES_MAX), one nested 100,000 deep, one of 64 MiB + 1
# (past CTRACE_BYTES_MAX, sparse), and one of 40,000 distinct names of 1 KiB
# (past CTRACE_NAMES_MAX: read, the rest counted).
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
python3 - "$TMP" <<'PY'
import os, sys
d = sys.argv[1]
ev = '{"ph":"X","name":"ExecuteCompiler","ts":0,"dur":1}'
with open(d + "/events.json", "w") as f:
    f.write('{"traceEvents":[' + ev)
    f.write(("," + ev) * (1 << 20))
    f.write("]}")
with open(d + "/string.json", "w") as f:
    f.write('{"traceEvents":[{"ph":"X","name":"' + "a" * (48 << 20) + '","ts":0,"dur":1}]}')
with open(d + "/deep.json", "w") as f:
    f.write('{"traceEvents":[' + "[" * 100000 + "]" * 100000 + "]}")
with open(d + "/huge.json", "w") as f:
    f.write('{"traceEvents":[]}')
    f.truncate((64 << 20) + 1)
with open(d + "/names.json", "w") as f:
    f.write('{"traceEvents":[' + ev)
    for i in range(40000):
        f.write(',{"ph":"X","name":"InstantiateClass","ts":%d,"dur":%d,"args":{"detail":"T<%d,%s>"}}'
                % (i, i % 97, i, "x" * 1000))
    f.write("]}")
PY
bounded 2 "1,048,577 events" "$SPILLWAY" --summary --log="$TMP/events.json"
check "  said: more than CTRACE_EVENTS_MAX" grep -q "compile-time trace: more than 1048576 events" "$TMP/err"
bounded 2 "an event of 48 MiB" "$SPILLWAY" --summary --log="$TMP/string.json"
check "  said: a value longer than 65536 bytes" grep -q "a value longer than 65536 bytes" "$TMP/err"
bounded 2 "arrays nested 100,000 deep" "$SPILLWAY" --summary --log="$TMP/deep.json"
check "  said: a compile-time trace's damage" grep -q "compile-time trace:" "$TMP/err"
bounded 2 "a trace of 64 MiB + 1" "$SPILLWAY" --summary --log="$TMP/huge.json"
check "  said: past the bytes read" grep -q "compile-time trace of 67108865 bytes, past the 67108864 read" "$TMP/err"
bounded 0 "40,000 names of 1 KiB" "$SPILLWAY" --report=csv --log="$TMP/names.json"
check "  its longest instantiation summed" grep -q 'instantiation,"T<' "$TMP/out"
# The same files found in a tree rather than named: the same words, no more.
mkdir "$TMP/tree" && mv "$TMP"/*.json "$TMP/tree/"
bounded 2 "all five in a tree" "$SPILLWAY" --summary "$TMP/tree"
check "  four damaged traces named" [ "$(grep -c 'compile-time trace' "$TMP/err")" -eq 4 ]
finish
