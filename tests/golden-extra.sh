#!/bin/sh
# Real files and structures outside the corpus (tests/corpus/extra,
# README.md there): spillway --list equals cuobjdump 13.0 row for row on
# each, and where cuobjdump's figure is not the driver's (REG of an entry
# whose symbol is not of default visibility), the driver's is checked.
. "${srcdir:-.}/tests/lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
EXTRA="$CORPUS/extra"

# equal_to_cuobjdump SHOWN FILE GOLDEN: --list of FILE into $TMP/SHOWN.csv
# exits 0 without a message and equals cuobjdump's GOLDEN row for row.
equal_to_cuobjdump() {
	local shown=$1 f=$2 golden=$3
	"$SPILLWAY" --list "$f" >"$TMP/$shown.csv" 2>"$TMP/$shown.err"
	check "$shown: --list exits 0" [ $? -eq 0 ]
	check "$shown: no message" [ ! -s "$TMP/$shown.err" ]
	check "$shown: cuobjdump lists functions" grep -q "^ Function " "$golden"
	if python3 "$srcdir/tests/golden_compare.py" resource-usage "$TMP/$shown.csv" \
	    "$golden" >"$TMP/cmp"; then
		pass "$shown: $(tail -1 "$TMP/cmp") (cuobjdump)"
	else
		fail "$shown: cuobjdump differs"; sed 's/^/    /' "$TMP/cmp"
	fi
}

# unxz FILE.xz OUT: python's lzma, so that no xz tool is needed.
unxz_to() {
	python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$1" "$2"
}

for f in "$EXTRA"/*.o "$EXTRA"/*.a "$EXTRA"/*.cubin; do
	equal_to_cuobjdump "$(basename "$f")" "$f" "$f.resource-usage.txt"
done

# A cubin of 67,513 sections: past the 65,280 that e_shnum holds, so the
# count is in section 0's sh_size (e_shnum 0), and the symbols of sections
# past SHN_LORESERVE take their index from SHT_SYMTAB_SHNDX.
many=many-sections.sm_90.cubin
unxz_to "$EXTRA/$many.xz" "$TMP/$many"
unxz_to "$EXTRA/$many.resource-usage.txt.xz" "$TMP/$many.resource-usage.txt"
check "$many: e_shnum is 0, sh_size of section 0 is the count" python3 -c '
import struct, sys
d = open(sys.argv[1], "rb").read()
shoff, = struct.unpack_from("<Q", d, 0x28)
shnum, = struct.unpack_from("<H", d, 0x3c)
count, = struct.unpack_from("<Q", d, shoff + 32)
sys.exit(not (shnum == 0 and count == 67513))' "$TMP/$many"
equal_to_cuobjdump "$many" "$TMP/$many" "$TMP/$many.resource-usage.txt"
check "$many: 22,500 rows" [ "$(grep -c ',entry,' "$TMP/$many.csv")" -eq 22500 ]

# An archive whose members carry --compress-mode=size (CUDA 13's zstd)
# fatbin entries.
"$SPILLWAY" --list=images "$EXTRA/libsizecomp.a" >"$TMP/images.csv"
check "libsizecomp.a: every SASS image of both members is zstd" \
	sh -c "[ \$(grep -c '^[^,]*libsizecomp.a,[a-z_]*.o,sass,sm_[0-9]*,zstd,' '$TMP/images.csv') -eq 4 ]"

# Visibility (make-visibility.py): every symbol's STV_* in the column.
vis="$TMP/visibility.sm_90.cubin.csv"
for want in _Z11vis_defaultPi,default _Z10vis_staticPi,default \
    _Z12vis_internalPi,internal _Z10vis_hiddenPi,hidden \
    _Z13vis_protectedPi,protected _Z17vis_static_hiddenPi,hidden; do
	check "visibility of ${want%,*}: ${want#*,}" \
		grep -q ",entry,${want%,*},.*,${want#*,}\$" "$vis"
done
check "a hidden device function in -rdc code: hidden" \
	grep -q ',device,_Z10dev_hiddeni,.*,hidden$' "$TMP/visibility-rdc.sm_90.cubin.csv"
# The driver (tests/device/functions.c, driver-attrs.c on an H200): every
# kernel is enumerated and found by name, whatever its visibility, and its
# registers are REGCOUNT, which spillway lists and cuobjdump does not.
drv="$EXTRA/visibility.sm_90.cubin.driver-attrs.tsv"
check "the driver found every kernel by name" \
	sh -c "[ \$(grep -c 'get	.*CUDA_SUCCESS' '$EXTRA/visibility.sm_90.cubin.functions.tsv') -eq 6 ]"
awk -F'\t' 'NR > 1 { print $2 "," $3 }' "$drv" | sort >"$TMP/driver-regs"
awk -F, 'NR > 1 && $4 == "entry" { print $5 "," $9 }' "$vis" | sort >"$TMP/our-regs"
check "REG of every kernel equals the driver's (6 kernels)" \
	sh -c "[ \$(wc -l <'$TMP/driver-regs') -eq 6 ] && cmp -s '$TMP/driver-regs' '$TMP/our-regs'"
check "cuobjdump prints REG 0 for the four of non-default visibility" \
	sh -c "[ \$(grep -c 'REG:0 ' '$EXTRA/visibility.sm_90.cubin.resource-usage.txt') -eq 4 ]"
finish
