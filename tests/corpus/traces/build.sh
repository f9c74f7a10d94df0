#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the compile-time trace fixture (tests/e2e/traces.sh) under
# spillway record: ../src/templates.cu with nvcc 13.0 -fdevice-time-trace -
# (it writes templates.o.json beside -o templates.o) and -Xptxas -v, for
# sm_80 and sm_90; src/hosttpl.cpp with clang++ -ftime-trace (hosttpl.json
# beside hosttpl.o).  The record log names the same outputs, so each trace
# joins its compile.  Run from anywhere: ./build.sh [path/to/spillway]
set -eu
cd "$(dirname "$0")"
SPILLWAY=${1:-../../../spillway}
SPILLWAY=$(cd "$(dirname "$SPILLWAY")" && pwd)/$(basename "$SPILLWAY")
rm -rf build && mkdir -p build
cp ../src/templates.cu src/hosttpl.cpp build/
cd build
"$SPILLWAY" record --log=record.log -- nvcc -c templates.cu -o templates.o --extended-lambda \
	-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
	-fdevice-time-trace - -Xptxas -v 2>templates.ptxas.log
"$SPILLWAY" record --log=record.log -- clang++ -c hosttpl.cpp -o hosttpl.o -O1 -ftime-trace
rm -f templates.cu hosttpl.cpp hosttpl.o
{ nvcc --version | tail -2; clang++ --version | head -1; } >toolchain.txt
