#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the project with CMake and Ninja (nvcc 13.0 on PATH), one compile
# at a time so that each ptxas -v block stays whole, and keeps what the
# tests read: the objects, the static library, the device-link object and
# the two executables in build/, and in golden/ the compilers' output
# (ptxas -v and nvlink -v) and the command lines.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S . -B "$work" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$work" -j1 -v >"$work/ninja.out" 2>&1
mkdir -p build golden
for o in recurse frames spiller remote remote_impl cdp; do
	cp "$work/CMakeFiles/sepkern.dir/src/$o.cu.o" "build/$o.o"
done
cp "$work/libsepkern.a" build/
cp "$work/CMakeFiles/sepapp.dir/cmake_device_link.o" build/sepapp_dlink.o
cp "$work/sepapp" "$work/wholeapp" build/
strip build/sepapp build/wholeapp
grep -E '^ptxas|^    [0-9]+ bytes stack frame' "$work/ninja.out" >golden/ptxas.log
grep -E '^nvlink' "$work/ninja.out" >golden/nvlink.log
grep -E '^\[[0-9]+/[0-9]+\]' "$work/ninja.out" | sed "s|$work|BUILD|g" >golden/commands.txt
nvcc --version | tail -2 >golden/toolchain.txt
