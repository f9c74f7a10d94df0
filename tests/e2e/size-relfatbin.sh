#!/bin/sh
# SPDX-License-Identifier: MIT
# The device link's inputs (issue 40): an executable built with separable
# compilation keeps, beside its linked .nv_fatbin, a __nv_relfatbin with
# every relocatable image nvlink read.  Its bytes are counted (the sizes,
# --list=images, the report) as "nvlink input", never as kernels: every
# byte of both sections attributed, to the byte readelf -S gives.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v readelf >/dev/null 2>&1 || { echo "readelf (binutils) not found: skipped"; exit 77; }
command -v objcopy >/dev/null 2>&1 || { echo "objcopy (binutils) not found: skipped"; exit 77; }
SEP="$CORPUS/sepcomp"
B="$SEP/build"
APP="$B/sepapp"

# readelf's size of a file's (or each member's) section NAME, summed.
# (--list=sizes names each file from the tree scanned: sepapp, frames.o.)
section_size() {
	local sum=0 h
	for h in $(readelf -SW "$1" | awk -v name="$2" '
	    { sub(/^ *\[ *[0-9]+\] */, "") }
	    $1 == name { print $5 }'); do
		sum=$((sum + 0x$h))
	done
	echo "$sum"
}
# spillway's file lines of that section (--list=sizes), summed.
spillway_size() {
	awk -F, -v name="$2" '$1 == "file" && $5 == name { sum += $9 } END { print sum + 0 }' "$1"
}

bounded 0 "--list=sizes of the separable build" "$SPILLWAY" --list=sizes "$B"
cp "$TMP/out" "$TMP/sizes.csv"
for f in sepapp sepapp_dlink.o wholeapp frames.o libsepkern.a; do
	for sec in .nv_fatbin __nv_relfatbin; do
		want=$(section_size "$B/$f" "$sec")
		awk -F, -v f="$f" '$1 == "file" && $2 == f' "$TMP/sizes.csv" >"$TMP/one.csv"
		got=$(spillway_size "$TMP/one.csv" "$sec")
		check "$f: $sec, $want bytes by readelf -S, $got attributed" [ "$got" -eq "$want" ]
	done
done
relfat=$(section_size "$APP" __nv_relfatbin)
linked=$(section_size "$APP" .nv_fatbin)
check "sepapp has both sections ($linked + $relfat bytes)" [ "$relfat" -gt 0 ] && [ "$linked" -gt 0 ]

# Under sepapp's __nv_relfatbin: arches, images and overhead that add up.
awk -F, '$2 == "sepapp"' "$TMP/sizes.csv" | awk -F, '
    $1 == "file" { sec = $5; file[sec] = $9 }
    $1 == "arch" || $1 == "overhead" { parts[sec] += $9 }
    $1 == "arch" { arch[sec] += $9 }
    $1 == "image" { image[sec] += $9 }
    $1 == "part" && $5 == "nvlink input (not read)" { input[sec]++ }
    END { for (s in file) printf "%s %d %d %d %d %d\n", s, file[s], parts[s], arch[s], image[s], input[s] }' \
    >"$TMP/sums"
set -- $(grep '^__nv_relfatbin ' "$TMP/sums")
check "sepapp's __nv_relfatbin: arches and overhead sum to the section ($3 of $2)" [ "$2" -eq "$3" ]
check "...its images to their arches ($5 of $4)" [ "$4" -eq "$5" ]
check "...each SASS image one 'nvlink input (not read)' part ($6 of them)" [ "$6" -eq 24 ]

# --list=images: the inputs are rows of their own, said so; the linked
# image's rows are as before.
bounded 0 "--list=images of sepapp" "$SPILLWAY" --list=images "$APP"
cp "$TMP/out" "$TMP/images.csv"
check "--list=images: an nvlink_input column" sh -c "head -1 '$TMP/images.csv' | grep -q ',hash,nvlink_input\$'"
check "...39 entries of __nv_relfatbin, nvlink_input yes" \
	[ "$(awk -F, 'NR > 1 && $22 == "yes"' "$TMP/images.csv" | wc -l)" -eq 39 ]
check "...the 2 linked images, nvlink_input no" \
	[ "$(awk -F, 'NR > 1 && $22 == "no" && $10 == "nvlink"' "$TMP/images.csv" | wc -l)" -eq 2 ]
entries=$(awk -F, 'NR > 1 { sum += $15 } END { print sum }' "$TMP/images.csv")
overhead=$(awk -F, '$2 == "sepapp" && $1 == "overhead" && $5 == "container headers" { sum += $9 } END { print sum }' "$TMP/sizes.csv")
check "...their entries and the container headers are both sections ($entries + $overhead)" \
	[ $((entries + overhead)) -eq $((relfat + linked)) ]

# No kernel of theirs: --list keeps cuobjdump's rows (it lists .nv_fatbin
# only), and a SASS arch only they carry is no SASS of sepapp's.
"$SPILLWAY" --list "$APP" >"$TMP/list.csv" 2>/dev/null
want=$(grep -c 'Function ' "$SEP/golden/sepapp.resource-usage.txt")
check "--list: cuobjdump's $want functions, none from the inputs" \
	[ "$(($(wc -l <"$TMP/list.csv") - 1))" -eq "$want" ]
expect_status 1 "--require-sass=120: sm_120 only among the inputs (libcudadevrt's)" \
	"$SPILLWAY" --check --require-sass=120 "$APP"
check "...is no SASS of sepapp's" grep -q "sepapp: no SASS for sm_120 (it carries SASS for sm_80, sm_90; PTX for none)" "$TMP/out"

# The report says what they are, and what share of the bytes.
"$SPILLWAY" --report --sections=size "$APP" >"$TMP/report.md" 2>/dev/null
pct=$(awk -v r="$relfat" -v l="$linked" 'BEGIN { printf "%.1f", 100 * r / (r + l) }')
check "report: the inputs' bytes and share ($relfat, $pct %)" \
	grep -q "keeps the device link's inputs in .*: $relfat bytes, $pct % of its $((relfat + linked)) bytes" "$TMP/report.md"
check "...not duplicates of the linked image" grep -q "not duplicates of the linked image" "$TMP/report.md"
check "...the arch table says nvlink input" grep -q '| `sm_120` | SASS, nvlink input | 1 |' "$TMP/report.md"

# What the report says of them, checked on the corpus: every object's
# __nv_relfatbin is in sepapp's byte for byte.
objcopy -O binary --only-section=__nv_relfatbin "$APP" "$TMP/app.rel"
found=0
for o in frames recurse spiller remote remote_impl cdp; do
	objcopy -O binary --only-section=__nv_relfatbin "$B/$o.o" "$TMP/$o.rel"
	python3 -c 'import sys; sys.exit(open(sys.argv[2], "rb").read() not in open(sys.argv[1], "rb").read())' \
		"$TMP/app.rel" "$TMP/$o.rel" && found=$((found + 1))
done
check "every object's __nv_relfatbin is in sepapp's byte for byte ($found of 6)" [ "$found" -eq 6 ]

# Read back as a baseline, the inputs stay apart: nothing changed.
"$SPILLWAY" --report --sections=size --baseline="$TMP/images.csv" "$APP" >"$TMP/base.md" 2>/dev/null
check "--list=images read back as --baseline: no library or arch changed" \
	grep -q "no library, arch or kernel changed in bytes" "$TMP/base.md"

finish
