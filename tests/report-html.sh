#!/bin/sh
# The HTML report, opened in headless Chromium: the page the browser built
# has one table row per CSV row of the same report (headers included), and
# the names with '<' and '&' arrive as text.  Skipped (77) without chromium:
# CI does not install it (a browser and its libraries are some 300 MB for one
# test); the cmocka test parses the same Markdown with libcmark-gfm there.
. "${srcdir:-.}/tests/lib.sh"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || { echo "chromium missing: skipped"; exit 77; }

dump() {
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
	    --user-data-dir="$TMP/profile" --dump-dom "file://$1" 2>/dev/null
}

for input in "$BUILD/templates.o" "$BUILD"; do
	name=$(basename "$input")
	"$SPILLWAY" --report=html -o "$TMP/$name.html" "$input" 2>/dev/null
	"$SPILLWAY" --report=csv "$input" >"$TMP/$name.csv" 2>/dev/null
	want=$(grep -c . "$TMP/$name.csv")
	dump "$TMP/$name.html" >"$TMP/$name.dom"
	check "$name: chromium rendered the page" grep -q '</table>' "$TMP/$name.dom"
	got=$(grep -o '<tr>' "$TMP/$name.dom" | wc -l)
	check "$name: $got table rows in the browser, $want CSV rows" [ "$got" -eq "$want" ]
	tables=$(grep -o '<table>' "$TMP/$name.dom" | wc -l)
	check "$name: one HTML table per CSV table ($tables)" \
	    [ "$tables" -eq "$(grep -c '^section,' "$TMP/$name.csv")" ]
done
check "kernel names reach the page as code" \
	grep -q '<code>blas::fill_kernel</code>' "$TMP/templates.o.dom"
finish
