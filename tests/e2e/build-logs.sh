#!/bin/sh
# SPDX-License-Identifier: MIT
# Build logs read for what they are (issue 25), on the real logs of a ggml
# build (data/logs/ggml-j2: eight of ggml's CUDA sources under ninja
# -j2, spillway record, then three of them rebuilt):
# - the GNU time -v block of `time -v ninja` is the build, not a module;
# - a .ninja_log of two runs and a record log of both are joined module by
#   module from the last run that built it, which runs is said, and times
#   of two runs are never laid on one timeline (nor compared as one set);
#   the trace keeps every module, each run a process of its own;
# - CMake's compiler-ID folders are not scanned, with a notice that counts.
. "${srcdir:-.}/tests/lib/lib.sh"

D="$srcdir/data/logs/ggml-j2"
K=CMakeFiles/kernels.dir/src

# time -v ninja: its block (0:29.88, 427764 KiB, "ninja -C ... -j2") is no module.
expect_status 0 "ninja's output with ptxas -v and time -v of ninja" \
	"$SPILLWAY" --summary --log="$D/build.out" "$D/rss.log"
check "no module of ninja" sh -c "! grep -q '^ninja	' '$TMP/out'"
check "eight modules" grep -q "^build: 8 modules" "$TMP/out"
check "softmax.cu.o keeps its own record: 0.45 GB (the tree), 4.7 s" \
	grep -qE "^$K/softmax\.cu\.o	0\.45 GB	4\.7 s	0	" "$TMP/out"
check "a notice names the block left out" \
	grep -qx "spillway: notice: 1 GNU time -v block of a command that compiles nothing left out (ninja): the whole build, not a module" "$TMP/err"
expect_status 1 "--check --mem-budget=400MiB: softmax alone is over" \
	"$SPILLWAY" --check --mem-budget=400MiB --log="$D/build.out" "$D/rss.log"
check "one violation, softmax.cu.o's" sh -c "[ \$(grep -c '^VIOLATION' '$TMP/out') -eq 1 ] && grep -q '^VIOLATION $K/softmax.cu.o: ' '$TMP/out'"

# Two runs: the first build of eight, then arange, clamp, scale again.
expect_status 0 "--summary of the .ninja_log and the record log" \
	"$SPILLWAY" --summary --log="$D/ninja_log" "$D/rss.log"
check "the runs joined are said" grep -qx "runs joined, each module from the last that built it: .ninja_log run 2 of 2 (3 modules), .ninja_log run 1 of 2 (5 modules)" "$TMP/out"
check "the schedule lays out run 2 alone and says the others are elsewhere" \
	grep -q "^schedule: as recorded (.ninja_log, run 2 of 2): 5.7 s (0.1 min); 5 modules of other runs not on this timeline" "$TMP/out"
check "no module is 'left out (no start time)'" sh -c "! grep -q 'no start time' '$TMP/out'"
check "arange.cu.o is its rebuild's: 3.5 s" grep -qE "^$K/arange\.cu\.o	0\.32 GB	3\.5 s	" "$TMP/out"
check "acc.cu.o is the first build's: 10.2 s" grep -qE "^$K/acc\.cu\.o	0\.32 GB	10\.2 s	" "$TMP/out"
check "only run 2's compiles are paired" \
	sh -c "! sed -n '/^concurrent/,\$p' '$TMP/out' | grep -qE 'acc|pad|concat|norm|softmax'"

expect_status 0 "--jobs=2 over both runs" "$SPILLWAY" --summary --jobs=2 --log="$D/ninja_log" "$D/rss.log"
check "the simulation is not compared with one run's span" \
	grep -q "over 8 modules; recorded: 5.7 s (0.1 min) over 3 of them (.ninja_log, run 2 of 2): not the same set, not compared" "$TMP/out"

expect_status 0 "the record log alone: its own two runs" "$SPILLWAY" --summary "$D/rss.log"
check "a target recorded again starts the record log's next run" \
	grep -qx "runs joined, each module from the last that built it: record log run 2 of 2 (3 modules), record log run 1 of 2 (5 modules)" "$TMP/out"

expect_status 0 "--report=trace of both runs" "$SPILLWAY" --report=trace --log="$D/ninja_log" "$D/rss.log"
if command -v python3 >/dev/null; then
	check "the trace keeps all eight, run 1 in a process of its own" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
x = [e for e in d["traceEvents"] if e["ph"] == "X"]
pids = {e["pid"] for e in x}
names = {e["args"]["name"] for e in d["traceEvents"] if e["ph"] == "M" and e["name"] == "process_name"}
sys.exit(not (len(x) == 8 and pids == {0, 1} and ".ninja_log run 1 (not on the timeline of pid 0)" in names))
' "$TMP/out"
fi

# nvcc --time phases (data/logs/ggml-j2x2: sm_80 and sm_86), in --summary and the report.
X="$srcdir/data/logs/ggml-j2x2"
expect_status 0 "--summary of two arches' nvcc --time" "$SPILLWAY" --summary --jobs=2 --log="$X/nvtime.csv" "$X/rss.log"
check "phases by arch: cicc compute_80 over 8 compiles, 26.8 s" \
	grep -qE "^cicc	compute_80	8	26\.8 s	10\.3 s \($K/softmax\.cu\.o\)$" "$TMP/out"
check "ptxas sm_86: 2.2 s" grep -qE "^ptxas	sm_86	8	2\.2 s	" "$TMP/out"
check "the arch cost: one arch fewer, as built, one more under -j2" \
	grep -q "^arch cost (nvcc --time: preprocessing, cicc, ptxas per arch): 8 compiles of up to 2 arches; one arch is 29.1 s of their 114.8 s (25 %); -j2: one arch fewer 44.3 s, as built 60.9 s, one arch more 77.4 s" "$TMP/out"
expect_status 0 "the report's build section" "$SPILLWAY" --report=markdown --log="$X/nvtime.csv" "$X/rss.log"
check "shows the phases" grep -qF "| cicc | compute_80 | 8 | 26.8 | 10.3 | \`$K/softmax.cu.o\` |" "$TMP/out"
# A rebuild's nvcc --time rows replace the first build's for the same module.
expect_status 0 "nvcc --time of a build and its rebuild" "$SPILLWAY" --summary --log="$D/nvtime.csv" "$D/rss.log"
check "cicc compute_80 counted once per module" grep -qE "^cicc	compute_80	8	" "$TMP/out"

# Unknown peaks: a .ninja_log alone under --jobs=2.
expect_status 0 "a .ninja_log alone, --jobs=2" "$SPILLWAY" --summary --jobs=2 --log="$srcdir/data/logs/ggml-j1/ninja_log"
check "sets of unknown peaks sum to 'unknown', not '>= 0.00 GB'" \
	sh -c "grep -q '	unknown\$' '$TMP/out' && ! grep -q '0\.00 GB' '$TMP/out'"

# A ptxas -v log alone (ninja's output) says what it holds.
expect_status 0 "--summary of a ptxas log alone" "$SPILLWAY" --summary --log="$D/build.out"
check "its findings per arch" grep -qx "ptxas -v (no binary read to join): sm_80: 70 entries, 0 device functions, 0 spills; most registers 45 (_Z29soft_max_f32_parallelize_colsPKfPfS1_S1_15soft_max_params)" "$TMP/out"

# CMake's compiler identification: CMakeFiles/3.25.1/CompilerIdCUDA and
# CompilerIdCXX, laid out as CMake does, of the corpus's own objects (no
# file of CMake's or of another project is kept: issue 36).
T="$TMP/tree"
mkdir -p "$T/$K" "$T/CMakeFiles/3.25.1/CompilerIdCUDA/tmp" "$T/CMakeFiles/3.25.1/CompilerIdCXX"
cp "$BUILD/stack.o" "$T/$K/stack.cu.o"
cp "$BUILD/app" "$T/CMakeFiles/3.25.1/CompilerIdCUDA/a.out"
cp "$BUILD/main.o" "$T/CMakeFiles/3.25.1/CompilerIdCUDA/tmp/CMakeCUDACompilerId.o"
cp "$BUILD/rdc_dlink.o" "$T/CMakeFiles/3.25.1/CompilerIdCUDA/tmp/a_dlink.o"
cp "$BUILD/app" "$T/CMakeFiles/3.25.1/CompilerIdCXX/a.out"
D_TREE=$T
expect_status 0 "--summary of a CMake build tree" "$SPILLWAY" --summary "$D_TREE"
check "the build's own object is read" grep -q "^$K/stack.cu.o: 4 kernels" "$TMP/out"
check "nothing of CMakeFiles/3.25.1 is" sh -c "! grep -q 'CompilerId' '$TMP/out'"
check "a notice counts the files left out" \
	grep -qx "spillway: notice: 4 files in 1 folder of CMake's own checks not scanned (CMakeFiles/3.25.1)" "$TMP/err"
expect_status 0 "--list of the tree" "$SPILLWAY" --list "$D_TREE"
check "no row of a compiler-ID object" sh -c "! grep -q CompilerId '$TMP/out'"
expect_status 0 "a compiler-ID folder named on the command line is read" \
	"$SPILLWAY" --list "$D_TREE/CMakeFiles/3.25.1/CompilerIdCUDA/a.out"
check "...its rows listed" [ "$(wc -l <"$TMP/out")" -gt 1 ]
finish
