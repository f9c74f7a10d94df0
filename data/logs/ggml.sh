#!/bin/sh
# Remakes the logs of data/logs/ from a real CUDA build: eight sources of
# ggml's CUDA backend (data/logs/CMakeLists.txt), CMake + ninja, every
# compile through `spillway record`, `-Xptxas -v` and `nvcc --time`, the
# whole ninja run under GNU time -v.
#
#   data/logs/ggml.sh GGML_DIR [SPILLWAY]   (or GGML=GGML_DIR data/logs/build.sh)
#
# GGML_DIR is the ggml/ folder of a ggml-org/ggml checkout (the logs here
# are of commit d99724f2b141fed9e1a9f402213506c081433465).  Minutes on two
# cores.  Builds, each in a fresh folder under $WORK (default /tmp):
#   j2    -j2, sm_80: then three sources touched and rebuilt (the
#         .ninja_log then holds two runs; the record log all of both)
#   j1    -j1, sm_80 (for the -j prediction)
#   j2x2  -j2, sm_80 and sm_86 (for the arch-cost prediction)
#   j1x2  -j1, sm_80 and sm_86 (the same, beside j1)
# Each leaves in data/logs/ggml-NAME/: rss.log (spillway record), .ninja_log
# (as ninja_log), nvtime.csv (nvcc --time), build.out (ninja's output:
# ptxas -v, then GNU time -v of ninja itself), and the build tree's
# CMakeFiles/ compiler-ID objects in tree/ (j2 only; issue 25: the scan
# skips them) beside one object of the build.
set -eu
GGML=$(cd "$1" && pwd)
SPILLWAY=$(cd "$(dirname "${2:-$(command -v spillway)}")" && pwd)/$(basename "${2:-spillway}")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-/tmp}/spillway-logs.$$
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$WORK"

one() {	# NAME JOBS ARCHES
	b="$WORK/$1" out="$HERE/ggml-$1"
	rm -rf "$b" "$out"
	mkdir -p "$b" "$out"
	cmake -S "$HERE" -B "$b" -G Ninja -DGGML="$GGML" -DNVTIME="$b/nvtime.csv" \
		-DCMAKE_CUDA_ARCHITECTURES="$3" -DCMAKE_BUILD_TYPE=Release \
		"-DCMAKE_CUDA_COMPILER_LAUNCHER=$SPILLWAY;record;--log=$b/rss.log" >"$b/cmake.out"
	/usr/bin/time -v ninja -C "$b" -j"$2" >"$b/build.out" 2>&1
	if [ "$1" = j2 ]; then	# an incremental rebuild of three of them
		find "$b/CMakeFiles/kernels.dir" \( -name arange.cu.o -o -name clamp.cu.o -o -name scale.cu.o \) -delete
		/usr/bin/time -v ninja -C "$b" -j"$2" >"$b/rebuild.out" 2>&1
		cp "$b/rebuild.out" "$out/rebuild.out"
	fi
	cp "$b/rss.log" "$b/nvtime.csv" "$b/build.out" "$out/"
	cp "$b/.ninja_log" "$out/ninja_log"
	# CMake's compiler-ID objects, where CMake put them, and one real object
	[ "$1" = j2 ] || return 0
	mkdir -p "$out/tree"
	(cd "$b" && find CMakeFiles -path '*CompilerId*' \( -name '*.o' -o -name 'a.out' \) \
		-exec cp --parents {} "$out/tree" \; && find CMakeFiles/kernels.dir -name arange.cu.o \
		-exec cp --parents {} "$out/tree" \;)
}
for b in ${BUILDS:-j2 j1 j2x2 j1x2}; do
	case $b in
	j2)	one j2 2 80 ;;
	j1)	one j1 1 80 ;;
	j2x2)	one j2x2 2 "80;86" ;;
	j1x2)	one j1x2 1 "80;86" ;;
	esac
done
rm -rf "$WORK"
