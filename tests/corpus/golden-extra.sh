#!/bin/sh
# SPDX-License-Identifier: MIT
# Real files and structures outside the corpus (tests/corpus/extra,
# README.md there): spillway --list equals cuobjdump 13.0 row for row on
# each; where cuobjdump prints nothing (unlisted functions) or a figure
# that is not the driver's (REG of an entry whose symbol is not of default
# visibility), the driver's view is checked.
. "${srcdir:-.}/tests/lib/lib.sh"

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
	if python3 "$srcdir/tests/corpus/golden_compare.py" resource-usage "$TMP/$shown.csv" \
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
	[ -e "$f" ] || continue		# a pattern that matched nothing
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

# Visibility (make-visibility.py): every symbol's STV_* in the column, and
# "unlisted" where st_other bit 0x08 is set.
vis="$TMP/visibility.upto.csv"
list_upto visibility <"$TMP/visibility.sm_90.cubin.csv" >"$vis"
list_upto visibility <"$TMP/visibility-rdc.sm_90.cubin.csv" >"$TMP/visibility-rdc.upto.csv"
for want in _Z11vis_defaultPi,default _Z10vis_staticPi,unlisted \
    _Z12vis_internalPi,internal _Z10vis_hiddenPi,hidden \
    _Z13vis_protectedPi,protected "_Z17vis_static_hiddenPi,hidden unlisted"; do
	check "visibility of ${want%,*}: ${want#*,}" \
		grep -q ",entry,${want%,*},.*,${want#*,}\$" "$vis"
done
check "a hidden device function in -rdc code: hidden" \
	grep -q ',device,_Z10dev_hiddeni,.*,hidden$' "$TMP/visibility-rdc.upto.csv"
check "cuobjdump prints no unlisted function (4 of 6 kernels)" \
	sh -c "[ \$(grep -c '^ Function ' '$EXTRA/visibility.sm_90.cubin.resource-usage.txt') -eq 4 ] &&
	    ! grep -q 'vis_static' '$EXTRA/visibility.sm_90.cubin.resource-usage.txt'"
check "nor does nvdisasm" sh -c "! grep -q vis_static '$EXTRA/visibility.sm_90.cubin.nvdisasm-other.txt'"
# The driver (tests/device/functions.c on an H200): it enumerates the four
# that are not unlisted, finds all six by name, and gives each the
# registers of REGCOUNT, which spillway lists and cuobjdump does not.
fns="$EXTRA/visibility.sm_90.cubin.functions.tsv"
awk -F'\t' '$2 == "enumerated" { print $3 }' "$fns" | sort >"$TMP/enumerated"
awk -F, 'NR > 1 && $NF !~ /unlisted/ { print $5 }' "$vis" | sort >"$TMP/listed"
check "the driver enumerates exactly the rows not unlisted (4)" \
	sh -c "[ \$(wc -l <'$TMP/enumerated') -eq 4 ] && cmp -s '$TMP/enumerated' '$TMP/listed'"
awk -F'\t' '$2 == "get" && $4 == "CUDA_SUCCESS" { print $3 "," $5 }' "$fns" | sort >"$TMP/driver-regs"
awk -F, 'NR > 1 && $4 == "entry" { print $5 "," $9 }' "$vis" | sort >"$TMP/our-regs"
check "REG of every kernel equals the driver's, unlisted ones too (6)" \
	sh -c "[ \$(wc -l <'$TMP/driver-regs') -eq 6 ] && cmp -s '$TMP/driver-regs' '$TMP/our-regs'"
check "cuobjdump prints REG 0 for the three listed of non-default visibility" \
	sh -c "[ \$(grep -c 'REG:0 .*CONSTANT' '$EXTRA/visibility.sm_90.cubin.resource-usage.txt') -eq 3 ]"
finish
