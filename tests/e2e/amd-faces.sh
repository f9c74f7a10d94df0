#!/bin/sh
# SPDX-License-Identifier: MIT
# CUDA and HIP side by side (issue 28): one tree holding objects of both
# vendors goes through every face unchanged: --summary, --report (Markdown
# and CSV), --check with an allowance table keyed by sm_ and gfx rows and
# --update-allow writing them, --require-target, the baseline, --list read
# back, and the browser.  Figures are read from the faces, never written.
. "${srcdir:-.}/tests/lib/lib.sh"
TUI_OPTIONAL=1
. "${srcdir:-.}/tests/lib/tui-lib.sh"

AMD="$CORPUS/amd/build"
tree="$TMP/tree"
mkdir -p "$tree"
cp "$BUILD/spill.o" "$tree/cuda_spill.o"
cp "$BUILD/stack.o" "$tree/cuda_stack.o"
cp "$AMD/spill_hip.o" "$AMD/tiny_v3.o" "$tree/"

# --summary: one line per library, both vendors' arches.
"$SPILLWAY" --summary "$tree" >"$TMP/sum" 2>"$TMP/sum.err"
check "--summary reads the tree cleanly" [ ! -s "$TMP/sum.err" ]
check "--summary: the HIP object on gfx906, gfx1030" grep -q "spill_hip.o: 2 kernels (2 instantiations) on gfx906, gfx1030 (4 entries)" "$TMP/sum"
check "--summary: the CUDA object on its sms" grep -q "cuda_spill.o: .* on sm_80, sm_90, sm_100, sm_120 " "$TMP/sum"
check "--summary: code object v3 with its xnack target" grep -q "tiny_v3.o: 1 kernel (1 instantiation) on gfx908, gfx90a:xnack+" "$TMP/sum"

# --check: both vendors' frames are gated; with no table all are violations.
expect_status 1 "--check with no table fails" "$SPILLWAY" --check "$tree"
check "the HIP spill is a violation on gfx906" grep -q '^VIOLATION void spill_kernel<160>(float const\*, float\*, int) gfx906: STACK ' "$TMP/out"
check "and a CUDA one on sm_80" grep -q '^VIOLATION .*mix_spill_kernel.* sm_80: STACK ' "$TMP/out"
# --update-allow writes rows of both; --check then passes.
"$SPILLWAY" --allow="$TMP/allow.csv" --update-allow "$tree" >"$TMP/upd" 2>&1
check "--update-allow writes the gfx rows" grep -q '^spill_kernel,gfx1030,[1-9][0-9]*,0,$' "$TMP/allow.csv"
check "and the sm rows" grep -q '^hpc::pressure::mix_spill_kernel,sm_90,[1-9][0-9]*,0,$' "$TMP/allow.csv"
expect_status 0 "--check against the table written passes" "$SPILLWAY" --check --allow="$TMP/allow.csv" "$tree"
check "no stale or unmatched row" grep -q ', 0 stale allowances; 0 violations$' "$TMP/out"
# A gfx row tightened below what was measured: a violation of that target alone.
sed 's/^spill_kernel,gfx906,[0-9]*,/spill_kernel,gfx906,16,/' "$TMP/allow.csv" >"$TMP/tight.csv"
expect_status 1 "a gfx906 row under the measured frame fails" "$SPILLWAY" --check --allow="$TMP/tight.csv" "$tree"
check "naming gfx906 and its allowance" grep -q 'gfx906: STACK [0-9]* LOCAL 0 (over its allowance STACK 16 LOCAL 0)' "$TMP/out"
check "one violation" grep -q '; 1 violation (1 allowance)$' "$TMP/out"

# --require-target: no JIT, so a GPU whose processor is absent runs nothing.
expect_status 1 "--require-target=gfx90a,gfx1100 fails" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --require-target=gfx90a,gfx1100 "$tree"
check "spill_hip.o has no gfx90a code object" grep -q "spill_hip.o: no code object for gfx90a (it carries gfx906, gfx1030)" "$TMP/out"
check "tiny_v3.o runs on gfx90a (xnack+)" sh -c "! grep -q 'tiny_v3.o: no code object for gfx90a ' '$TMP/out'"
check "neither has gfx1100" sh -c "[ \$(grep -c 'no code object for gfx1100' '$TMP/out') -eq 2 ]"
check "the CUDA objects are not judged by it" sh -c "! grep -q 'cuda_.*no code object' '$TMP/out'"
check "the total counts it" grep -q '; 3 violations (3 --require-target)$' "$TMP/out"
expect_status 1 "gfx90a:xnack- is not run by an xnack+ code object" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --require-target=gfx90a:xnack- "$AMD/tiny_v3.o"
expect_status 0 "gfx90a:xnack+ is" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --require-target=gfx90a:xnack+,gfx908 "$AMD/tiny_v3.o"
expect_status 2 "--require-target=sm_80 is a usage error" "$SPILLWAY" --check --require-target=sm_80 "$tree"
expect_status 1 "--require-sass=80 fails on the CUDA object without it" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --require-sass=80 "$tree"
check "--require-sass judges only CUDA libraries" \
	sh -c "grep -c '^VIOLATION' '$TMP/out' | grep -qx 1 && grep -q '^VIOLATION .*cuda_stack.o: no SASS for sm_80' '$TMP/out'"

# The report: both vendors in the summary, the spills, and AMD coverage.
"$SPILLWAY" --report --allow="$TMP/allow.csv" "$tree" >"$TMP/r.md" 2>"$TMP/r.err"
check "--report reads the tree cleanly" [ ! -s "$TMP/r.err" ]
check "the summary lists both vendors' arches" grep -q '`sm_80`.*`gfx906`.*`gfx1030`' "$TMP/r.md"
check "the HIP spills are spills, known from the binary" grep -q '^| `spill_kernel` | `spill_hip.o` | gfx906 | 1 |' "$TMP/r.md"
check "the AMD coverage section" grep -q '^### AMD GPU coverage' "$TMP/r.md"
check "gfx90a runs tiny_v3.o's xnack+ code object only" grep -q '^| `tiny_v3.o` | gfx908 gfx90a:xnack+ | no | gfx908 | gfx90a:xnack+ (xnack+ only) | no | no | no |$' "$TMP/r.md"
check "spill_hip.o runs on gfx906 and gfx1030 alone" grep -q '^| `spill_hip.o` | gfx906 gfx1030 | gfx906 | no | no | no | gfx1030 | no |$' "$TMP/r.md"
"$SPILLWAY" --report=csv --sections=summary "$tree" >"$TMP/r.csv"
check "--report=csv: 2 spilling entries known, the CUDA frames unknown" grep -q '^summary,gated,[0-9]*,[0-9]*,[0-9]*,[0-9]*,2 (+[0-9]* unknown),' "$TMP/r.csv"
"$SPILLWAY" --report --sections=amd --gpus=gfx1030,gfx90a:xnack- "$tree" >"$TMP/g.md"
check "--gpus picks the AMD columns" grep -q '^| library | targets | gfx1030 | gfx90a:xnack- |$' "$TMP/g.md"

# --list read back: the same rows, the AMDGPU columns with them.
"$SPILLWAY" --list "$tree" >"$TMP/list.csv"
"$SPILLWAY" --list "$TMP/list.csv" >"$TMP/again.csv" 2>"$TMP/again.err"
check "--list read back reads cleanly" [ ! -s "$TMP/again.err" ]
check "and writes the same rows" sh -c "sed 's/^[^,]*,//' '$TMP/list.csv' | cmp -s - \"\$(sed 's/^[^,]*,//' '$TMP/again.csv' >'$TMP/a2'; echo '$TMP/a2')\""
# The baseline: against itself nothing changed; a VGPR grown is a change.
expect_status 0 "--max-growth against the same tree passes" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --baseline="$TMP/list.csv" --max-growth=reg:0 "$tree"
python3 - "$TMP/list.csv" "$TMP/old.csv" <<'EOF2'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
reg = rows[0].index("reg")
for r in rows[1:]:
    if r[2] == "gfx906" and r[4].startswith("_Z12spill_kernel"):
        r[reg] = str(int(r[reg]) - 8)
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n").writerows(rows)
EOF2
expect_status 1 "--max-growth=reg:0 fails on 8 VGPRs more on gfx906" \
	"$SPILLWAY" --check --allow="$TMP/allow.csv" --baseline="$TMP/old.csv" --max-growth=reg:0 "$tree"
check "naming the kernel and the target" grep -q 'spill_kernel.*gfx906' "$TMP/out"

# The browser: the HIP kernels in the table, their targets as arches.
if [ -z "$TUI_MISSING" ]; then
	start -- "$tree"
	check "the browser lists the HIP spilling kernel" wait_for "spill_kernel"
	keys a
	check "a shows the first arch, CUDA's" wait_for "arch: sm_75"
	# Then each in arch order: the sms, then the AMD targets.
	i=0
	while [ $i -lt 12 ] && ! grep -qF "arch: gfx906" "$TMP/screen"; do
		keys a
		sleep 0.3
		screen >"$TMP/screen"
		i=$((i + 1))
	done
	check "...and after the sms, gfx906" wait_for "arch: gfx906"
	check "with the HIP kernel's VGPRs on it" sh -c "grep 'spill_kernel' '$TMP/screen' | grep -q ' 64 '"
	keys Q
fi
finish
