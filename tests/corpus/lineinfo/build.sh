#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the line-table objects from ../src/lineinfo.cu with nvcc 13.0 -lineinfo,
# in a copy of the source at GitHub's checkout path, so that the tables
# name the file as a runner's build would (tests/e2e/lineinfo.sh sets
# GITHUB_WORKSPACE to that path and expects file=tests/corpus/src/lineinfo.cu).
set -eu
cd "$(dirname "$0")"
WS=/home/runner/work/spillway/spillway
mkdir -p "$WS/tests/corpus/src" build
cp ../src/lineinfo.cu "$WS/tests/corpus/src/"
(cd "$WS/tests/corpus" &&
	nvcc -lineinfo -c src/lineinfo.cu -o lineinfo.o -gencode=arch=compute_90,code=sm_90 &&
	nvcc -lineinfo -cubin -arch=sm_90 src/lineinfo.cu -o lineinfo.sm_90.cubin)
mv "$WS/tests/corpus/lineinfo.o" "$WS/tests/corpus/lineinfo.sm_90.cubin" build/
nvcc --version | tail -2 >build/toolchain.txt
