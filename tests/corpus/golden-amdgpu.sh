#!/bin/sh
# SPDX-License-Identifier: MIT
# AMDGPU code objects: spillway --list must equal llvm-readelf --notes on
# the code objects clang-offload-bundler unbundles, kernel for kernel and
# target for target (tests/corpus/golden_amdgpu.py): the HIP corpus
# (tests/corpus/amd, goldens committed), then Debian's librocrand1 and
# librocsparse0 where they are installed, their goldens made here.  The
# spilling fixture shows its spills and fails --check with no log.
. "${srcdir:-.}/tests/lib/lib.sh"

AMD="$CORPUS/amd"
command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }

# equal_to_readelf SHOWN FILE GOLDEN: --list of FILE exits 0 without a
# message and equals the notes in GOLDEN row for row.
equal_to_readelf() {
	local shown=$1 f=$2 golden=$3 b
	b=$(basename "$f")
	"$SPILLWAY" --list "$f" >"$TMP/$b.csv" 2>"$TMP/$b.err"
	check "$shown: --list exits 0" [ $? -eq 0 ]
	check "$shown: no message" [ ! -s "$TMP/$b.err" ]
	if python3 "$srcdir/tests/corpus/golden_amdgpu.py" compare "$TMP/$b.csv" "$golden" >"$TMP/cmp"; then
		pass "$shown: $(tail -1 "$TMP/cmp") (llvm-readelf --notes)"
	else
		fail "$shown: llvm-readelf differs"; sed 's/^/    /' "$TMP/cmp" | head -20
	fi
}

for f in "$AMD"/build/*; do
	equal_to_readelf "$(basename "$f")" "$f" "$AMD/golden/$(basename "$f").notes.txt"
done
# Compressed bundles (tests/corpus/amd/make-ccob.py): the notes of the
# bundle and object they compress, under their own file names.
for f in "$AMD"/ccob/spill_hip.v*.hipfb "$AMD/ccob/spill_hip.clang19.hipfb" "$AMD/ccob/spill_hip.ccob.o"; do
	b=$(basename "$f")
	case $b in *.o) from=spill_hip.o ;; *) from=spill_hip.hipfb ;; esac
	sed "s|^# build/$from |# ccob/$b |" "$AMD/golden/$from.notes.txt" >"$TMP/$b.notes.txt"
	equal_to_readelf "ccob/$b" "$f" "$TMP/$b.notes.txt"
done

# The spills, from the binary: the sm column holds the target, reg the
# VGPRs, stack the private segment; vgpr_spill as the metadata says.
csv="$TMP/spill_hip.o.csv"
for t in gfx906 gfx1030; do
	check "spill_kernel<160> on $t: VGPRs spilled, a private segment" \
		python3 - "$csv" "$t" <<'EOF2'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["sm"] == sys.argv[2]]
k = [r for r in rows if r["collapsed"] == "spill_kernel"]
s = [r for r in rows if r["collapsed"] == "small_kernel"]
ok = (len(k) == 1 and int(k[0]["vgpr_spill"]) > 0 and int(k[0]["stack"]) > 0
      and k[0]["max_threads"] == "1024" and k[0]["kind"] == "entry"
      and len(s) == 1 and s[0]["vgpr_spill"] == "0" and s[0]["stack"] == "0"
      and s[0]["shared"] == "1024")
sys.exit(0 if ok else 1)
EOF2
done
check "wavefront 64 on gfx906, 32 on gfx1030" \
	sh -c "grep -q ',gfx906,.*,64\$' '$csv' && grep -q ',gfx1030,.*,32\$' '$csv'"
expect_status 1 "--check with no log fails on the spilling kernel" \
	"$SPILLWAY" --check "$AMD/build/spill_hip.o"
check "one violation per target, naming it" \
	sh -c "grep -c '^VIOLATION void spill_kernel<160>(float const\*, float\*, int) gfx[0-9]*: STACK [1-9][0-9]* ' '$TMP/out' | grep -qx 2"
"$SPILLWAY" --summary "$AMD/build/spill_hip.o" >"$TMP/sum" 2>&1
check "--summary names the targets in order" grep -q "on gfx906, gfx1030 (4 entries)" "$TMP/sum"

# Debian's ROCm libraries: every (kernel, target) row.  ROCM_LIBS names
# others (a test of this test).  golden_amdgpu.py unbundles them with
# clang-offload-bundler --input=, LLVM 18's spelling: an older bundler
# (Debian 12's LLVM 14 takes only --inputs=) is a skip, 77, with its reason.
ROCM_LIBS=${ROCM_LIBS:-/usr/lib/x86_64-linux-gnu/librocrand.so.1.1 /usr/lib/x86_64-linux-gnu/librocsparse.so.0.1}
LLVM=$(ls -d /usr/lib/llvm-*/bin 2>/dev/null | sort -t- -k2 -n | tail -1)
libs=0 present=0
too_old=""
if [ -n "$LLVM" ] && [ -x "$LLVM/clang-offload-bundler" ] &&
	! "$LLVM/clang-offload-bundler" --list --type=o --input="$AMD/build/spill_hip.hipfb" >/dev/null 2>&1; then
	too_old="$LLVM/clang-offload-bundler takes no --input= (LLVM 18 and later do)"
fi
if [ -n "$LLVM" ] && [ -x "$LLVM/clang-offload-bundler" ] && [ -x "$LLVM/llvm-readelf" ]; then
	for lib in $ROCM_LIBS; do
		[ -f "$lib" ] || continue
		present=$((present + 1))
		if [ -n "$too_old" ]; then
			echo "# $(basename "$lib") not compared: $too_old"
			continue
		fi
		libs=$((libs + 1))
		python3 "$srcdir/tests/corpus/golden_amdgpu.py" notes "$lib" >"$TMP/lib.notes"
		check "$(basename "$lib"): the bundler and llvm-readelf read it" test -s "$TMP/lib.notes"
		equal_to_readelf "$(basename "$lib")" "$lib" "$TMP/lib.notes"
		rm -f "$TMP/lib.notes" "$TMP/$(basename "$lib").csv"
	done
fi
[ "$present" -gt 0 ] || echo "# librocrand1, librocsparse0 or LLVM's tools missing: the libraries not compared"
if [ "$present" -gt 0 ] && [ -n "$too_old" ] && [ "$failed" -eq 0 ]; then
	echo "$passed passed, 0 failed; skipped: $too_old"
	exit 77
fi
finish
