#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the HIP fixtures and their ground truth (Debian bookworm: hipcc
# 5.2.3, clang-offload-bundler and llvm-readelf of LLVM 15; no GPU needed).
#   build/spill_hip.o         hipcc -c for gfx906 and gfx1030 (.hip_fatbin)
#   build/spill_hip.hipfb     its .hip_fatbin section: a bundle file
#   build/spill_hip.gfx906.co its gfx906 code object, bare
#   build/libspill_hip.a      an archive of the object
#   build/spill_cdna.o        the same source for gfx908 and gfx90a (AGPRs)
#   golden/spill.occupancy.txt clang's "Occupancy [waves/SIMD]" remark of
#                             each kernel of spill.hip on gfx906, gfx908,
#                             gfx90a, gfx1030
#   build/tiny_v3.o           code object v3, gfx908 and gfx90a:xnack+ (AGPRs
#                             counted; hipcc 5.2 cannot link v5 here: lld
#                             says "unknown abi version")
#   build/spill_v5.o          src/spill_v5.hip (spill.hip without the HIP
#                             headers) by clang 19 for gfx90a, gfx942 and
#                             gfx1100: code object v5, clang 19's default
#                             (packages clang-19 and lld-19; skipped without)
#   build/spill_v5_ccob.o     the same with --offload-compress: a compressed
#                             bundle (CCOB v2, zstd) in .hip_fatbin
#   golden/spill_v5.occupancy.txt clang 19's occupancy remark for each
#   golden/*.notes.txt        llvm-readelf --notes of every code object
#                             (tests/corpus/golden_amdgpu.py notes)
# and the fuzz seeds of fuzz/corpus/amdgpu from tiny.hip.
set -eu
cd "$(dirname "$0")"
B=$(ls -d /usr/lib/llvm-*/bin | sort -t- -k2 -n | tail -1)
hipcc --offload-arch=gfx906 --offload-arch=gfx1030 -O3 -c src/spill.hip -o build/spill_hip.o
objcopy -O binary --only-section=.hip_fatbin build/spill_hip.o build/spill_hip.hipfb
"$B/clang-offload-bundler" --unbundle --type=o --input=build/spill_hip.hipfb \
    --targets=hipv4-amdgcn-amd-amdhsa--gfx906 --output=build/spill_hip.gfx906.co
rm -f build/libspill_hip.a
ar rcD build/libspill_hip.a build/spill_hip.o
hipcc --offload-arch=gfx908 --offload-arch=gfx90a:xnack+ -mcode-object-version=3 -O3 \
    -c src/tiny.hip -o build/tiny_v3.o
hipcc --offload-arch=gfx908 --offload-arch=gfx90a -O3 -c src/spill.hip -o build/spill_cdna.o
# What the compiler says of each kernel's occupancy (clang's
# -Rpass-analysis=kernel-resource-usage): "target mangled waves/SIMD".
t=$(mktemp -d)
for a in gfx906 gfx908 gfx90a gfx1030; do
	hipcc --offload-arch=$a -O3 -c src/spill.hip -o "$t/o" \
	    -Rpass-analysis=kernel-resource-usage 2>&1 |
	    awk -v a=$a '/Function Name:/ { n = $(NF - 1) } /Occupancy \[waves\/SIMD\]:/ { print a, n, $(NF - 1) }'
done >golden/spill.occupancy.txt
rm -r "$t"
v5=
if command -v clang-19 >/dev/null && [ -x /usr/lib/llvm-19/bin/ld.lld ]; then
	clang-19 -x hip -nogpuinc -nogpulib --offload-arch=gfx90a --offload-arch=gfx942 \
	    --offload-arch=gfx1100 -O3 -c src/spill_v5.hip -o build/spill_v5.o
	# The same compressed, as ROCm 6's hipcc --offload-compress writes it.
	clang-19 -x hip -nogpuinc -nogpulib --offload-arch=gfx90a --offload-arch=gfx942 \
	    --offload-arch=gfx1100 --offload-compress -O3 -c src/spill_v5.hip -o build/spill_v5_ccob.o
	t=$(mktemp -d)
	for a in gfx90a gfx942 gfx1100; do
		clang-19 -x hip -nogpuinc -nogpulib --offload-arch=$a -O3 -c src/spill_v5.hip -o "$t/o" \
		    -Rpass-analysis=kernel-resource-usage 2>&1 |
		    awk -v a=$a '/Function Name:/ { n = $(NF - 1) } /Occupancy \[waves\/SIMD\]:/ { print a, n, $(NF - 1) }'
	done >golden/spill_v5.occupancy.txt
	rm -r "$t"
	v5="spill_v5.o spill_v5_ccob.o"
fi
for f in spill_hip.o spill_hip.hipfb spill_hip.gfx906.co libspill_hip.a tiny_v3.o spill_cdna.o $v5; do
	python3 ../golden_amdgpu.py notes "build/$f" >"golden/$f.notes.txt"
done

seeds=../../../fuzz/corpus/amdgpu
mkdir -p "$seeds"
t=$(mktemp -d)
hipcc --offload-arch=gfx906 -O3 -c src/tiny.hip -o "$t/tiny.o"
objcopy -O binary --only-section=.hip_fatbin "$t/tiny.o" "$seeds/tiny.hipfb"
"$B/clang-offload-bundler" --unbundle --type=o --input="$seeds/tiny.hipfb" \
    --targets=hipv4-amdgcn-amd-amdhsa--gfx906 --output="$seeds/tiny.gfx906.co"
python3 - "$seeds/tiny.gfx906.co" "$seeds/tiny.metadata.msgpack" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
shoff, = struct.unpack_from("<Q", d, 0x28)
shentsize, shnum = struct.unpack_from("<HH", d, 0x3A)
for i in range(shnum):
    _, typ, _, _, off, size = struct.unpack_from("<IIQQQQ", d, shoff + i * shentsize)
    if typ != 7:
        continue
    at = off
    while at < off + size:
        namesz, descsz, ntype = struct.unpack_from("<III", d, at)
        name_end = at + 12 + ((namesz + 3) & ~3)
        if ntype == 32:
            open(sys.argv[2], "wb").write(d[name_end:name_end + descsz])
            sys.exit(0)
        at = name_end + ((descsz + 3) & ~3)
sys.exit("no NT_AMDGPU_METADATA")
PY
rm -rf "$t"
