#!/bin/sh
# SPDX-License-Identifier: MIT
# toolchain.sh [PREFIX]: lays out nvcc 11.8 from Debian 12 ("bookworm")
# non-free in PREFIX (default $CUDA118_PREFIX, else
# ${SPILLWAY_CUDA118_CACHE:-$HOME/.cache/spillway-cuda118}/nvcc), without
# installing anything: apt reads a sources file of its own (the machine's
# Debian mirror, suite bookworm, components main and non-free, like
# tests/corpus/golden-cuda118.sh),
# apt-get download fetches the packages and dpkg-deb unpacks them.  nvcc
# 11.8 in /usr/bin would shadow the CUDA 13 nvcc that the rest of the tests
# use, hence a prefix of its own:
#
#   PREFIX/bin      nvcc, cicc, ptxas, fatbinary, nvlink, cudafe++, bin2c,
#                   nvprune, cuobjdump, crt/, and an nvcc.profile naming
#                   PREFIX (nvcc reads the one beside itself)
#   PREFIX/nvvm     libdevice
#   PREFIX/include  the CUDA 11.8 headers
#   PREFIX/lib64    libcudart_static.a, libcudadevrt.a, libculibos.a,
#                   libcudart.so*, stubs/libcuda.so
#
# Packages: nvidia-cuda-toolkit (the tools), nvidia-cuda-dev (headers and
# static runtime: a 774 MB .deb of which 4 MB are kept), libcudart11.0
# (libcudart.so.11.0, for -cudart shared) and, from main, libcu++-dev (the
# cuda/std headers that cooperative_groups.h includes; nvidia-cuda-dev
# depends on it).  The host compiler nvcc 11.8
# accepts is g++-11 (apt-get install g++-11), given with -ccbin.
# Prints PREFIX/bin/nvcc on success.
set -eu
VERSION=11.8.89~11.8.0-5~deb12u1
CACHE=${SPILLWAY_CUDA118_CACHE:-${HOME:-/tmp}/.cache/spillway-cuda118}
PREFIX=${1:-${CUDA118_PREFIX:-$CACHE/nvcc}}
PACKAGES="nvidia-cuda-toolkit=$VERSION nvidia-cuda-dev=$VERSION libcudart11.0=$VERSION
	libcu++-dev=1.8.1-2"

if [ -x "$PREFIX/bin/nvcc" ] && [ "$(cat "$PREFIX/.version" 2>/dev/null)" = "$(echo $PACKAGES)" ]; then
	echo "$PREFIX/bin/nvcc"
	exit 0
fi
APTDIR="$PREFIX.apt"
mkdir -p "$APTDIR/lists/partial" "$APTDIR/archives/partial" "$APTDIR/parts"

mirror() {
	{
		cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
			sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n'
		cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p'
	} | grep -v -e security -e '^$' | grep -m 1 debian || echo http://deb.debian.org/debian
}
{
	echo "Types: deb"
	echo "URIs: $(mirror)"
	echo "Suites: bookworm"
	echo "Components: main non-free"
	[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] &&
		echo "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
} >"$APTDIR/cuda118.sources"
scratch_apt() {
	tool=$1
	shift
	"$tool" -q -o Dir::Etc::SourceList="$APTDIR/cuda118.sources" \
		-o Dir::Etc::SourceParts="$APTDIR/parts" \
		-o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$APTDIR/parts" \
		-o Dir::State::Lists="$APTDIR/lists" -o Dir::Cache="$APTDIR" \
		-o Dir::Cache::Archives="$APTDIR/archives" \
		-o APT::Architecture=amd64 -o APT::Architectures=amd64 \
		-o APT::Sandbox::User=root "$@"
}
scratch_apt apt-get update >&2
DEBS="$APTDIR/debs"
UNPACK="$APTDIR/unpacked"
rm -rf "$DEBS" "$UNPACK"
mkdir -p "$DEBS" "$UNPACK"
for pkg in $PACKAGES; do
	(cd "$DEBS" && scratch_apt apt-get download "$pkg") >&2
done
# The tools and libcudart whole; of nvidia-cuda-dev the headers and the
# runtime libraries only (its static CUDA libraries are 2.7 GB).
dpkg-deb -x "$DEBS"/nvidia-cuda-toolkit_*.deb "$UNPACK"
dpkg-deb -x "$DEBS"/libcudart11.0_*.deb "$UNPACK"
dpkg-deb -x "$DEBS"/libcu++-dev_*.deb "$UNPACK"
L=./usr/lib/x86_64-linux-gnu
dpkg-deb --fsys-tarfile "$DEBS"/nvidia-cuda-dev_*.deb |
	tar -x -C "$UNPACK" ./usr/include "$L/libcudart_static.a" "$L/libcudadevrt.a" \
		"$L/libculibos.a" "$L/libcudart.so" "$L/stubs/libcuda.so"
rm -rf "$DEBS"

U=$UNPACK/usr
rm -rf "$PREFIX"
mkdir -p "$PREFIX/bin" "$PREFIX/nvvm" "$PREFIX/lib64/stubs"
for tool in ptxas fatbinary nvlink cudafe++ bin2c nvprune cuobjdump nvdisasm cu++filt; do
	cp "$U/bin/$tool" "$PREFIX/bin/"
done
cp "$U/lib/nvidia-cuda-toolkit/bin/nvcc" "$U/lib/nvidia-cuda-toolkit/bin/cicc" "$PREFIX/bin/"
cp -r "$U/lib/nvidia-cuda-toolkit/bin/crt" "$PREFIX/bin/"
cp -r "$U/lib/nvidia-cuda-toolkit/libdevice" "$PREFIX/nvvm/"
cp -r "$U/include" "$PREFIX/include"
cp -P "$U"/lib/x86_64-linux-gnu/lib* "$PREFIX/lib64/"
cp "$U/lib/x86_64-linux-gnu/stubs/libcuda.so" "$PREFIX/lib64/stubs/"
# Debian's profile names /usr/lib/nvidia-cuda-toolkit and finds the
# headers in /usr/include; this one names the prefix only.
cat >"$PREFIX/bin/nvcc.profile" <<'EOF'
TOP                = $(_HERE_)/..
NVVMIR_LIBRARY_DIR = $(TOP)/nvvm/libdevice
PATH              += $(_HERE_):
INCLUDES          += "-I$(TOP)/include" $(_SPACE_)
LIBRARIES          =+ $(_SPACE_) "-L$(TOP)/lib64/stubs" "-L$(TOP)/lib64"
EOF
rm -rf "$UNPACK"
echo $PACKAGES >"$PREFIX/.version"
"$PREFIX/bin/nvcc" --version >&2
echo "$PREFIX/bin/nvcc"
