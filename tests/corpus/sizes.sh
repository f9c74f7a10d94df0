#!/bin/sh
# SPDX-License-Identifier: MIT
# Sizes against the real tools (issue 26), every row: code_bytes is the
# .text.<mangled> section's size as readelf -SW gives it, for every
# function of every bare cubin of the corpus; for every corpus file
# cuobjdump 13 read on the device (tests/corpus/golden/sizes: -xelf's
# extracted files, each one's sections), the functions' .text sizes, the
# SASS images' decompressed sizes and their Mercury sections are the
# extracted cubins'.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v readelf >/dev/null 2>&1 || { echo "readelf (binutils) not found: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
PY="$srcdir/tests/corpus/size_golden.py"
SIZES="$GOLDEN/sizes"

xz -dc "$CORPUS/extra/many-sections.sm_90.cubin.xz" >"$TMP/many-sections.sm_90.cubin"
python3 "$PY" text "$SPILLWAY" "$BUILD"/*.cubin "$CORPUS"/cuda118/build/*.cubin \
    "$CORPUS"/extra/*.cubin "$TMP/many-sections.sm_90.cubin" >"$TMP/text" 2>&1
status=$?
check "code_bytes is readelf's .text size for every function of every bare cubin" test "$status" -eq 0
grep -v '^same' "$TMP/text" | sed 's/^/    /' | head -10
check "every bare cubin compared ($(grep -c '^same' "$TMP/text") of them)" \
	test "$(grep -c '^same' "$TMP/text")" -ge 18

python3 "$PY" extracted "$SPILLWAY" "$SIZES" "$BUILD"/* "$CORPUS"/cuda118/build/* \
    "$CORPUS"/extra/*.a "$CORPUS"/extra/*.cubin >"$TMP/extracted" 2>&1
status=$?
check "functions, images and Mercury bytes are cuobjdump -xelf's for every file with a golden" \
	test "$status" -eq 0
grep '^not same' "$TMP/extracted" | sed 's/^/    /' | head -10
check "the files with a golden compared ($(grep -c '^same' "$TMP/extracted") of them)" \
	test "$(grep -c '^same' "$TMP/extracted")" -ge 50
check "sm_100 cubins: Mercury bytes counted" \
	grep -q '^same: longnames.sm_100.cubin: 5 functions, 1 SASS images, [1-9]' "$TMP/extracted"

# Attribution (--list=sizes): every file's lines add up (file = arches +
# overhead, arch = images, a SASS image = its kernels and parts, a kernel
# = its functions), and the file line is the .nv_fatbin section readelf
# gives (each archive member's), or the fatbin file's size; the device's
# cuobjdump run saw the same section sizes.
python3 "$PY" attribution "$SPILLWAY" "$SIZES" "$BUILD"/* "$CORPUS"/cuda118/build/* \
    "$CORPUS"/extra/*.a "$CORPUS"/extra/*.cubin >"$TMP/attribution" 2>&1
status=$?
check "--list=sizes adds up to each .nv_fatbin section, overhead on lines of its own" test "$status" -eq 0
grep '^not same' "$TMP/attribution" | sed 's/^/    /' | head -10
check "the files with a fatbin compared ($(grep -c '^same' "$TMP/attribution") of them)" \
	test "$(grep -c '^same' "$TMP/attribution")" -ge 50
check "and the device's section sizes agree ($(grep -c "device's too" "$TMP/attribution"))" \
	test "$(grep -c "device's too" "$TMP/attribution")" -ge 30

# --list=sizes --format=json: the same lines as JSON Lines, row for row.
"$SPILLWAY" --list=sizes "$BUILD" >"$TMP/sizes.csv" 2>/dev/null
"$SPILLWAY" --list=sizes --format=json "$BUILD" >"$TMP/sizes.jsonl" 2>/dev/null
check "--list=sizes as JSON Lines is the CSV, row for row" python3 -c '
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
objs = [json.loads(l) for l in open(sys.argv[2])]
same = lambda r, o: all(r[k] == ("" if o[k] is None else str(o[k])) for k in r)
sys.exit(0 if len(rows) == len(objs) > 100 and all(same(r, o) for r, o in zip(rows, objs)) else 1)
' "$TMP/sizes.csv" "$TMP/sizes.jsonl"

# Duplicates: namespaces_allarch.o carries namespaces.o's sm_80 and sm_90
# images byte for byte (their hashes in --list=images agree); the size
# section says so, with each image's stored bytes as wasted.
"$SPILLWAY" --list=images "$BUILD/namespaces.o" "$BUILD/namespaces_allarch.o" >"$TMP/ns.images"
"$SPILLWAY" --report=csv --sections=size "$BUILD/namespaces.o" "$BUILD/namespaces_allarch.o" >"$TMP/ns.csv"
for sm in sm_80 sm_90; do
	set -- $(awk -F, -v sm="$sm" '$3 == "sass" && $4 == sm { print $6, $21 }' "$TMP/ns.images" | sort | uniq -c)
	check "$sm: the same image in both objects ($1 with hash $3)" test "$1" -eq 2
	check "$sm: the duplicate said, $2 bytes wasted" \
		grep -q "^size,image,$sm,,2,$2,$2,.*namespaces.o @0x[0-9a-f]*,.*namespaces_allarch.o @0x[0-9a-f]*\$" "$TMP/ns.csv"
done
"$SPILLWAY" --report=csv --sections=size "$BUILD/namespaces.o" >"$TMP/one.csv"
check "one object alone: no image duplicate" sh -c "! grep -q '^size,image,' '$TMP/one.csv'"

# A --list=images CSV read back is bounded: a row of 100,000 fields and a
# field of 512 KiB end in time and memory, the images before them read; a
# field past 1 MiB makes the file no such CSV, named (exit 2).
python3 - "$TMP/hostile-images.csv" "$TMP/huge-field.csv" <<'PY'
import sys
head = "library,member,kind,arch,compressed,stored_size,size,code_version\n"
with open(sys.argv[1], "w") as f:
    f.write(head)
    f.write("a.so,,sass,sm_90,none,100,100,1.8\n")
    f.write("b.so,,sass,sm_90,none,100,100," + ",".join(["9"] * 100000) + "\n")
    f.write("c" * (512 << 10) + ",,sass,sm_90,none,100,100,1.8\n")
with open(sys.argv[2], "w") as f:
    f.write(head)
    f.write("a.so,,sass,sm_90,none,100,100,1.8\n")
    f.write("c" * (4 << 20) + ",,sass,sm_90,none,100,100,1.8\n")
PY
bounded "0|2" "a hostile --list=images CSV" "$SPILLWAY" --list=images "$TMP/hostile-images.csv"
check "...its three images read, the fields past the header ignored" \
	sh -c "cut -d, -f1 '$TMP/out' | cut -c1-8 | tr '\\n' ' ' | grep -qx 'library a.so b.so cccccccc '"
check "...the 512 KiB field cut to 4095 bytes" sh -c "[ \$(sed -n 4p '$TMP/out' | cut -d, -f1 | wc -c) -eq 4096 ]"
bounded 2 "a --list=images CSV with a field of 4 MiB" "$SPILLWAY" --list=images "$TMP/huge-field.csv"
check "...is refused, named with the bound" grep -q "huge-field.csv.*a field of more than 1 MiB" "$TMP/err"

finish
