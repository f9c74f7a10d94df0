#!/bin/sh
# SPDX-License-Identifier: MIT
# The ptxas -v join: every (function, sm) that ptxas -v printed for a corpus
# artifact joins that artifact's scanned row, whose registers and stack
# agree, and takes the log's spill stores and loads; figures that disagree
# with the binary (rdc_app, relinked by nvlink) join nothing.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
for f in "$BUILD"/*; do
	b=$(basename "$f")
	case "$b" in bad_*|rdc_app|main.o) continue ;; esac
	[ -s "$GOLDEN/$b.ptxas.log" ] || continue
	"$SPILLWAY" --list "$f" "$GOLDEN/$b.ptxas.log" >"$TMP/$b.csv" 2>"$TMP/$b.err"
	check "$b: --list with its ptxas log exits 0" [ $? -eq 0 ]
	check "$b: no message" [ ! -s "$TMP/$b.err" ]
	case "$b" in rdc_a.o|rdc_b.o|librdc.a) rel=--relocatable ;; *) rel= ;; esac
	if python3 "$srcdir/tests/corpus/golden_compare.py" $rel spills "$TMP/$b.csv" \
	    "$GOLDEN/$b.ptxas.log" >"$TMP/cmp"; then
		pass "$b: $(tail -1 "$TMP/cmp")"
	else
		fail "$b: ptxas join differs"; sed 's/^/    /' "$TMP/cmp"
	fi
done

# --log=FILE reads the same log, whatever its name.
cp "$GOLDEN/spill.o.ptxas.log" "$TMP/build-output.txt"
"$SPILLWAY" --list "$BUILD/spill.o" --log="$TMP/build-output.txt" >"$TMP/log.csv"
check "--log=FILE joins like a path" cmp -s "$TMP/log.csv" "$TMP/spill.o.csv"
expect_status 2 "--log=FILE that is no log" "$SPILLWAY" --list --log="$srcdir/README.md"
check "names the file" grep -q "README.md.*not a build log" "$TMP/err"

# A kernel spills (spill bytes > 0) or holds an array (frame > 0, no spill).
# (Rows are anchored at visibility: the columns appended after it are cut.)
upto_visibility "$TMP/spill.o.csv" "$TMP/stack.o.csv"
check "mix_spill_kernel<double,48,3> on sm_80 spills 1156 bytes" \
	grep -q ',sm_80,entry,_ZN3hpc8pressure16mix_spill_kernelIdLi48ELi3EEEvPKT_PS2_i,.*,64,704,0,0,0:372,0,0,0,1024,,1156,1156,default$' "$TMP/spill.o.csv"
check "gather_local_kernel on sm_86 has a 1 KiB array, no spill" \
	grep -q ',sm_86,entry,_ZN9stackdemo19gather_local_kernelEPKiPKfPfi,.*,32,1024,0,0,0:380,0,0,0,,,0,0,default$' "$TMP/stack.o.csv"

# rdc_app: nvlink dropped the kernels main does not launch; those it kept
# take their figures.
"$SPILLWAY" --list "$BUILD/rdc_app" "$GOLDEN/rdc_app.ptxas.log" >"$TMP/rdc.csv"
upto_visibility "$TMP/rdc.csv"
check "rdc_app: calls_remote_kernel joined on sm_80 and sm_90" \
	sh -c "grep -c ',_ZN6linker19calls_remote_kernelEPKfPfi,.*,0,0,[a-z]*$' '$TMP/rdc.csv' | grep -qx 2"

# A log whose registers disagree with the binary (another build) lends nothing.
sed 's/Used 64 registers/Used 63 registers/' "$GOLDEN/spill.o.ptxas.log" >"$TMP/other.log"
"$SPILLWAY" --list "$BUILD/spill.o" "$TMP/other.log" >"$TMP/other.csv"
upto_visibility "$TMP/other.csv"
check "figures of another build join nothing" \
	sh -c "! grep -q ',64,[0-9]*,.*,[0-9][0-9]*,[0-9][0-9]*,[a-z]*$' '$TMP/other.csv' && grep -q ',48,0,.*,0,0,[a-z]*$' '$TMP/other.csv'"

# Logs are read before any row is gathered, wherever they lie: after the
# binary in a directory's name order, or in an ar archive named after it
# on the command line.
mkdir "$TMP/tree"
cp "$BUILD/spill.o" "$TMP/tree/a-spill.o"
cp "$GOLDEN/spill.o.ptxas.log" "$TMP/tree/z-ptxas.log"
"$SPILLWAY" --list "$TMP/tree" >"$TMP/tree.csv"
upto_visibility "$TMP/tree.csv"
sed 's/^[^,]*,//' "$TMP/tree.csv" >"$TMP/tree.rows"
sed 's/^[^,]*,//' "$TMP/spill.o.csv" >"$TMP/spill.o.rows"
check "a log after the binary in a directory joins its rows" cmp -s "$TMP/tree.rows" "$TMP/spill.o.rows"
if command -v ar >/dev/null 2>&1; then
	(cd "$TMP/tree" && ar rc logs.a z-ptxas.log)
	"$SPILLWAY" --list "$BUILD/spill.o" "$TMP/tree/logs.a" >"$TMP/ar.csv"
	upto_visibility "$TMP/ar.csv"
	check "a log in an archive after the binary joins its rows" cmp -s "$TMP/ar.csv" "$TMP/spill.o.csv"
fi

# The whole tree and every log at once: the same figures as artifact by
# artifact, although several artifacts hold the same kernel built otherwise
# (spill.cu in libkernels.so and in spill_maxrreg32.o, both on sm_86).
"$SPILLWAY" --list "$BUILD" "$GOLDEN"/*.ptxas.log >"$TMP/all.csv" 2>"$TMP/all.err"
upto_visibility "$TMP/all.csv" "$TMP/libkernels.so.csv" "$TMP/spill_maxrreg32.o.csv" "$TMP/templates.o.csv"
for b in libkernels.so spill_maxrreg32.o templates.o; do
	grep "^$b," "$TMP/all.csv" | sed 's/^[^,]*,//' >"$TMP/all.$b"
	grep "^$BUILD/$b," "$TMP/$b.csv" | sed 's/^[^,]*,//' >"$TMP/one.$b"
	check "$b: rows carry spill figures" grep -q ',[0-9][0-9]*,[0-9][0-9]*,[a-z]*$' "$TMP/one.$b"
	check "$b: same spills in the whole tree as alone" cmp -s "$TMP/all.$b" "$TMP/one.$b"
done

# Rows read back from a --list CSV (a saved baseline, merged scans) carry
# neither a function's own frame nor its callees: no log joins them (issue
# 34, item 3: a baseline's "3400" spill stores were another build's, whose
# registers matched).  A saved row keeps the figures it was written with.
K=_ZN3hpc8pressure16mix_spill_kernelIdLi48ELi3EEEvPKT_PS2_i
"$SPILLWAY" --list "$BUILD/spill.o" | list_upto visibility >"$TMP/bare.csv"
sed "/,sm_80,entry,$K,/s/,64,704,/,64,512,/" "$TMP/bare.csv" >"$TMP/other-build.csv"
"$SPILLWAY" --list "$TMP/other-build.csv" "$GOLDEN/spill.o.ptxas.log" | list_upto visibility >"$TMP/rb.csv"
check "a CSV row of another build (64 registers, a 512-byte frame) takes no spills" \
	grep -q ",sm_80,entry,$K,.*,64,512,.*,,,default\$" "$TMP/rb.csv"
sed "/,sm_80,entry,$K,/s/,1156,1156,default\$/,900,1000,default/" "$TMP/spill.o.csv" >"$TMP/saved.csv"
"$SPILLWAY" --list "$TMP/saved.csv" "$GOLDEN/spill.o.ptxas.log" | list_upto visibility >"$TMP/rs.csv"
check "a saved row keeps its own spill figures (900, 1000), not the log's 1156" \
	grep -q ",sm_80,entry,$K,.*,64,704,.*,900,1000,default\$" "$TMP/rs.csv"
finish
