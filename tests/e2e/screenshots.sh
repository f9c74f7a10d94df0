#!/bin/sh
# SPDX-License-Identifier: MIT
# doc/screenshots/render.py still remakes the README's screenshots: two
# views driven in tmux, captured with their colours and shot with headless
# Chromium, come out as PNGs of the size the screen asks.
. "${srcdir:-.}/tests/lib/lib.sh"

for tool in python3 tmux chromium cmark-gfm; do
	command -v $tool >/dev/null || { echo "$tool missing: skipped"; exit 77; }
done
fc-list 2>/dev/null | grep -q "DejaVu Sans Mono" || { echo "DejaVu Sans Mono missing: skipped"; exit 77; }

cd "$srcdir" || exit 2
python3 doc/screenshots/render.py --spillway="$SPILLWAY" --out="$TMP" kernels libraries \
	report-example report-names report-html \
	>"$TMP/out" 2>"$TMP/err"
check "render.py runs" [ $? -eq 0 ]
sed 's/^/    /' "$TMP/err"
for shot in kernels libraries report-example report-names report-html; do
	check "$shot.png is a PNG" sh -c "head -c 8 '$TMP/$shot.png' | od -An -c | grep -q 'P   N   G'"
	w=$(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print(struct.unpack('>I', d[16:20])[0])" "$TMP/$shot.png" 2>/dev/null)
	case $shot in report-*) least=880 ;; *) least=901 ;; esac
	check "$shot.png is as wide as its screen asks ($w px)" [ "${w:-0}" -ge $least ]
done
check "render.py names what it shot" grep -q "kernels.png: 120x30, data/example" "$TMP/out"
check "  ...the Markdown at GitHub's width" grep -q "report-example.png: 880 px, --report=markdown data/example" "$TMP/out"
check "  ...the HTML at 1,400 px" grep -q "report-html.png: 1400 px, --report=html data/example" "$TMP/out"
finish
