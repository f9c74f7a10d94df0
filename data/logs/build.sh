#!/bin/sh
# SPDX-License-Identifier: MIT
# Rebuilds data/example's objects from tests/corpus/src with nvcc under
# ninja -j2, every compile through spillway record, and keeps the logs:
# into data/logs/ninja-j2/:
#   build-rss.log   spillway record (peak RSS, wall, status, targets)
#   ptxas.log       ninja's output: its status lines and every ptxas -v block
#   nvcc-time.csv   nvcc --time of every compile, one file shared by all
#   .ninja_log      ninja's own start and end times
# and data/logs/time-v.log: GNU time -v of one more compile of stack.cu.
# usage: data/logs/build.sh [SPILLWAY]   (needs nvcc, ninja; GNU time optional)
# The ggml-* logs beside them are measurements of another project's build;
# its recipe is not kept here (issue 36: only what this project wrote).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
spillway=${1:-$top/spillway}
command -v nvcc >/dev/null || { echo "nvcc not found" >&2; exit 77; }
command -v ninja >/dev/null || { echo "ninja not found" >&2; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/build"
cp "$top"/tests/corpus/src/*.cu "$work/src/"
cat >"$work/build.ninja" <<NINJA
rule nvcc
  command = $spillway record --log=build-rss.log -- nvcc --time nvcc-time.csv -Xptxas -v -c \$in -o \$out \$flags
  description = nvcc \$out
build build/templates.o: nvcc src/templates.cu
  flags = --extended-lambda -gencode=arch=compute_75,code=sm_75 -gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_86,code=sm_86 -gencode=arch=compute_89,code=sm_89 -gencode=arch=compute_90,code=sm_90 -gencode=arch=compute_90a,code=sm_90a -gencode=arch=compute_100,code=sm_100 -gencode=arch=compute_120,code=sm_120 -gencode=arch=compute_120,code=compute_120
build build/spill.o: nvcc src/spill.cu
  flags = -gencode=arch=compute_80,code=sm_80 -gencode=arch=compute_90,code=sm_90 -gencode=arch=compute_100,code=sm_100 -gencode=arch=compute_120,code=sm_120
build build/memory.o: nvcc src/memory.cu
  flags = -gencode=arch=compute_75,code=sm_75 -gencode=arch=compute_89,code=sm_89 -gencode=arch=compute_90a,code=sm_90a -gencode=arch=compute_120,code=sm_120 -gencode=arch=compute_89,code=compute_89
build build/spill_maxrreg32.o: nvcc src/spill.cu
  flags = -maxrregcount=32 -gencode=arch=compute_86,code=sm_86 -gencode=arch=compute_89,code=sm_89
build build/stack.o: nvcc src/stack.cu
  flags = -gencode=arch=compute_75,code=sm_75 -gencode=arch=compute_86,code=sm_86 -gencode=arch=compute_75,code=compute_75
NINJA
(cd "$work" && ninja -j2 >ptxas.log 2>&1)
if [ -x /usr/bin/time ]; then
	(cd "$work" && /usr/bin/time -v -o time-v.log nvcc -Xptxas -v -c src/stack.cu -o build/stack-again.o \
	    -gencode=arch=compute_75,code=sm_75 -gencode=arch=compute_86,code=sm_86 \
	    -gencode=arch=compute_75,code=compute_75 2>/dev/null)
	cp "$work/time-v.log" "$here/"
fi
mkdir -p "$here/ninja-j2"
for f in build-rss.log ptxas.log nvcc-time.csv .ninja_log; do
	cp "$work/$f" "$here/ninja-j2/"
done
