#!/bin/sh
# SPDX-License-Identifier: MIT
# build.sh [--list] [ARTIFACT...]: builds the CUDA 11.8 corpus into build/
# with nvcc 11.8 (V11.8.89, Debian 12 non-free) and host compiler g++-11,
# deterministically; golden/commands.txt gets every nvcc command line,
# golden/toolchain.txt the version banners, golden/ARTIFACT.ptxas.log
# nvcc's output (-Xptxas -v) for each artifact.
#
# These are the arches and formats CUDA 13 no longer makes (sm_35 to sm_72,
# the pre-12 fatbin compression of -Xfatbin=-compress-all) and, for the
# arches both toolkits know (sm_80 to sm_90), what 11.8 makes of them.
#
# nvcc 11.8: $NVCC118 if set, else what ./toolchain.sh lays out (fetched
# from Debian's archive into a prefix of its own; nothing is installed).
# The sources are ../src/*.cu; two are changed for 11.8 (see derive below).
# As with ../build.sh, nvcc derives the tag of anonymous namespaces from the
# absolute source path and names host-side temporaries after its process
# id: everything is compiled in a fixed staging folder, and (where unshare
# --pid works, as root) each nvcc runs in a fresh pid namespace with a
# private empty TMPDIR.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
STAGE=/tmp/spillway-cuda118-corpus/corpus
OLD="35 37 50 52 60 61 70 72"
NEW="80 86 89 90"

# NAME|SASS|PTX|FLAGS|INPUTS: SASS and PTX are compute capabilities
# (-gencode arch=compute_XX,code=sm_XX and code=compute_XX); INPUTS are
# src/*.cu or earlier artifacts (build/NAME).  Build order.
ARTIFACTS="
templates.old.o|$OLD|72|-c --extended-lambda|src/templates.cu
templates.old.compress-all.o|$OLD|72|-c --extended-lambda -Xfatbin=-compress-all|src/templates.cu
namespaces.old.o|$OLD||-c|src/namespaces.cu
stack.old.o|35 50 61 72|35|-c|src/stack.cu
spill.old.o|37 52 60 70||-c|src/spill.cu
spill_maxrreg32.old.o|35 61||-c -maxrregcount=32|src/spill.cu
memory.old.o|$OLD|70|-c|src/memory.cu
longnames.old.compress-all.o|52 70||-c -Xfatbin=-compress-all|src/longnames.cu
rdc_a.old.o|35 60 70|70|-c -rdc=true|src/rdc_a.cu
rdc_b.old.o|35 60 70|70|-c -rdc=true|src/rdc_b.cu
librdc.old.a|35 60 70|70|-lib -rdc=true|src/rdc_a.cu src/rdc_b.cu
rdc_dlink.old.o|35 60 70||-dlink|build/rdc_a.old.o build/rdc_b.old.o
rdc_app.old|52 72||-rdc=true -cudart shared|src/main.cu src/rdc_a.cu src/rdc_b.cu
app.old|37 61|61|-cudart shared|src/main.cu src/namespaces.cu src/stack.cu src/memory.cu
libkernels.old.so|50 70||-shared -Xcompiler -fPIC --extended-lambda -cudart shared|src/templates.cu src/namespaces.cu src/spill.cu
templates.sm_35.cubin|35||-cubin --extended-lambda|src/templates.cu
spill.sm_50.cubin|50||-cubin|src/spill.cu
memory.sm_61.cubin|61||-cubin|src/memory.cu
stack.sm_72.cubin|72||-cubin|src/stack.cu
rdc_b.sm_37.cubin|37||-cubin -rdc=true|src/rdc_b.cu
memory.old.fatbin|35 61 70|70|-fatbin|src/memory.cu
spill.old.fatbin|37 52 70|70|-fatbin|src/spill.cu
spill.old.compress-all.fatbin|37 52 70|70|-fatbin -Xfatbin=-compress-all|src/spill.cu
templates.new.o|$NEW|90|-c --extended-lambda|src/templates.cu
namespaces.new.compress-all.o|$NEW||-c -Xfatbin=-compress-all|src/namespaces.cu
spill.new.o|80 90||-c|src/spill.cu
coop.sm_90.o|90|90|-c|src/coop.cu
librdc.new.a|80 90|90|-lib -rdc=true|src/rdc_a.cu src/rdc_b.cu
memory.sm_90.cubin|90||-cubin|src/memory.cu
stack.sm_86.cubin|86||-cubin|src/stack.cu
spill.new.fatbin|80 89 90|90|-fatbin -Xfatbin=-compress-all|src/spill.cu
"

field() { echo "$1" | cut -d'|' -f"$2"; }
names() { echo "$ARTIFACTS" | grep . | cut -d'|' -f1; }
if [ "${1:-}" = --list ]; then
	names
	exit 0
fi

if [ -z "${NVCC118:-}" ]; then
	NVCC118=$(sh "$HERE/toolchain.sh")
fi
NVCC_DIR=$(cd "$(dirname "$NVCC118")" && pwd)
[ "$("$NVCC_DIR/nvcc" --version | sed -n 's/.*release \([0-9.]*\),.*/\1/p')" = 11.8 ] ||
	{ echo "build.sh: $NVCC_DIR/nvcc is not nvcc 11.8" >&2; exit 2; }
command -v g++-11 >/dev/null || { echo "build.sh: g++-11 missing (apt-get install g++-11)" >&2; exit 2; }
# nvcc 11.8 and its ptxas, fatbinary, nvlink, cudafe++ (nvcc.profile puts
# its own folder first too) before any other CUDA.
PATH=$NVCC_DIR:$PATH
export PATH

# derive: the sources nvcc 11.8 does not take as they are.
#   memory.cu: BigParams has 2 ints of padding less (4,088 bytes, 4,096 of
#     parameters with the output pointer): before 12.1 a kernel's
#     parameters are 4,096 bytes at most ("Formal parameter space
#     overflowed (4104 bytes required, max 4096 bytes allowed)").
#   coop.cu: no __maxnreg__ (new in 12.4); the cluster kernel stays (11.8
#     knows clusters on sm_90, the only arch coop.cu is built for).
DERIVE="memory.cu|s/int pad\[23\];/int pad[21];/
coop.cu|s/__maxnreg__(40) //"

rm -rf "$STAGE"
mkdir -p "$STAGE/src" "$STAGE/build" "$STAGE/logs"
cp "$HERE"/../src/*.cu "$STAGE/src/"
echo "$DERIVE" | while IFS='|' read -r file script; do
	sed "$script" "$HERE/../src/$file" >"$STAGE/src/$file"
	if cmp -s "$HERE/../src/$file" "$STAGE/src/$file"; then
		echo "build.sh: '$script' no longer changes src/$file" >&2
		exit 2
	fi
done

cd "$STAGE"
# run_nvcc ARGS...: nvcc in a fresh pid namespace with an empty TMPDIR.
run_nvcc() {
	tmp=$(mktemp -d /tmp/spillway-cuda118-tmp.XXXXXX)
	if [ "$(id -u)" -eq 0 ] && unshare --pid --fork true 2>/dev/null; then
		TMPDIR=$tmp unshare --pid --fork nvcc "$@"
	else
		TMPDIR=$tmp nvcc "$@"
	fi
	rc=$?
	rm -rf "$tmp"
	return $rc
}

want=" $* "
: >"$STAGE/logs/commands.txt"
echo "$DERIVE" | while IFS='|' read -r file script; do
	printf 'src/%s\tsed %s ../src/%s\n' "$file" "'$script'" "$file" >>"$STAGE/logs/commands.txt"
done
for line in $(echo "$ARTIFACTS" | grep . | tr ' ' '^'); do
	line=$(echo "$line" | tr '^' ' ')
	name=$(field "$line" 1)
	sass=$(field "$line" 2)
	ptx=$(field "$line" 3)
	flags=$(field "$line" 4)
	inputs=$(field "$line" 5)
	gencode=
	for a in $sass; do gencode="$gencode -gencode=arch=compute_$a,code=sm_$a"; done
	for a in $ptx; do gencode="$gencode -gencode=arch=compute_$a,code=compute_$a"; done
	cmd="-ccbin g++-11 -Wno-deprecated-gpu-targets -Xptxas -v $flags $inputs -o build/$name$gencode"
	printf '%s\tnvcc %s\n' "$name" "$cmd" >>"$STAGE/logs/commands.txt"
	case "$want" in "  " | *" $name "*) ;; *)
		# not asked for: an input of later ones comes from build/
		[ -e "$HERE/build/$name" ] && cp "$HERE/build/$name" build/
		continue ;;
	esac
	echo "== $name" >&2
	# shellcheck disable=SC2086
	run_nvcc $cmd >"logs/$name.ptxas.log" 2>&1 ||
		{ sed 's/^/    /' "logs/$name.ptxas.log" >&2; exit 1; }
done

{
	nvcc --version
	echo
	g++-11 --version | head -n 1
	# what toolchain.sh unpacked, when it made this nvcc
	[ -r "$NVCC_DIR/../.version" ] && { echo; tr ' ' '\n' <"$NVCC_DIR/../.version"; }
} >logs/toolchain.txt

mkdir -p "$HERE/build" "$HERE/golden"
for name in $(names); do
	case "$want" in "  " | *" $name "*) ;; *) continue ;; esac
	cp "build/$name" "$HERE/build/$name"
	cp "logs/$name.ptxas.log" "$HERE/golden/$name.ptxas.log"
done
cp logs/commands.txt logs/toolchain.txt "$HERE/golden/"
