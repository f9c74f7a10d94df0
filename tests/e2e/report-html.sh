#!/bin/sh
# SPDX-License-Identifier: MIT
# The HTML report, opened in headless Chromium: the page the browser built
# has one table row per CSV row of the same report (headers included), and
# the names with '<' and '&' arrive as text.  Then a harness embedded in a
# copy of the page clicks, types and measures in the browser: the sort
# (numbers as numbers, unknowns last both ways), the filter box, the row
# limit and its button, and that no name wraps inside a word.  Skipped (77)
# without chromium (Debian: chromium; .ci/run installs it when root).
. "${srcdir:-.}/tests/lib/lib.sh"

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || { echo "chromium missing: skipped"; exit 77; }
command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }

# dump FILE [WIDTH [FLAG]]: the DOM after the page's scripts ran.
dump() {
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
	    --user-data-dir="$TMP/profile" --window-size="${2:-1280},900" ${3:-} \
	    --dump-dom "file://$1" 2>/dev/null
}

for input in "$BUILD/templates.o" "$BUILD"; do
	name=$(basename "$input")
	"$SPILLWAY" --report=html -o "$TMP/$name.html" "$input" 2>/dev/null
	"$SPILLWAY" --report=csv "$input" >"$TMP/$name.csv" 2>/dev/null
	want=$(grep -c . "$TMP/$name.csv")
	dump "$TMP/$name.html" >"$TMP/$name.dom"
	check "$name: chromium rendered the page" grep -q '</table>' "$TMP/$name.dom"
	got=$(grep -o '<tr[ >]' "$TMP/$name.dom" | wc -l)
	check "$name: $got table rows in the browser, $want CSV rows" [ "$got" -eq "$want" ]
	# Each table shows its first 200 rows: hidden, the rest past them.
	limits=$(awk '/<tbody>/ { n = 0; h = 0 } /^<tr/ { n++ } /^<tr hidden/ { h++ }
	    /<\/tbody>/ { if (h != (n > 200 ? n - 200 : 0)) bad++; t++ }
	    END { print t + 0, bad + 0 }' "$TMP/$name.dom")
	check "$name: 200 rows shown a table, the rest hidden (tables, wrong: $limits)" \
	    [ "${limits#* }" -eq 0 ] && [ "${limits% *}" -gt 0 ]
	tables=$(grep -o '<table>' "$TMP/$name.dom" | wc -l)
	check "$name: one HTML table per CSV table ($tables)" \
	    [ "$tables" -eq "$(grep -c '^section,' "$TMP/$name.csv")" ]
	sections=$(grep -c '^<h3 id=' "$TMP/$name.html")
	check "$name: a contents entry per section ($sections)" \
	    [ "$sections" -gt 0 ] && [ "$(grep -c '^<li><a href="#' "$TMP/$name.html")" -eq "$sections" ]
done
check "kernel names reach the page as code" \
	grep -q '<code>blas::<wbr>fill_kernel</code>' "$TMP/templates.o.dom"
check "the page has a title" grep -q '<title>spillway report</title>' "$TMP/build.html"
check "the page has a dark style" grep -q 'prefers-color-scheme:dark' "$TMP/build.html"

# The harness: each check a line "ok - ..." or "not ok - ..." in <pre id=harness>.
cat >"$TMP/harness.js" <<'JS'
(function(){
var out=[];
function ok(c,what){out.push((c?'ok - ':'not ok - ')+what)}
function table(title){var h=Array.from(document.querySelectorAll('h3')).find(function(h){return h.textContent===title});
	var e=h;while(e&&e.tagName!=='TABLE')e=e.nextElementSibling;return e}
function unknown(s){return /^(|\u2014|unknown)$/.test(s.trim())}
function column(t,i){return Array.from(t.tBodies[0].rows).map(function(r){return r.cells[i].textContent.trim()})}
function visible(t){return Array.from(t.tBodies[0].rows).filter(function(r){return !r.hidden})}
// Sort: a column with numbers and unknowns (the registers of noreg/, a
// --list CSV whose reg column is empty) in the table of stack frames.
var t=table('Kernels that spill')||table('Kernels with a stack frame (no ptxas -v log read: spills unknown)'),heads=t.tHead.rows[0].cells,col=-1;
for(var i=0;i<heads.length&&col<0;i++){var v=column(t,i);
	if(v.some(unknown)&&v.filter(function(s){return !unknown(s)}).length>2&&v.every(function(s){return unknown(s)||/^\d+$/.test(s)}))col=i}
ok(col>=0,'a column with numbers and unknowns: '+(col>=0?heads[col].textContent:'none'));
function sorted(dir){heads[col].click();var v=column(t,col),k=v.filter(function(s){return !unknown(s)}).map(Number),
	first=v.findIndex(unknown),good=v.slice(first).every(unknown);
	for(var j=1;j<k.length;j++)if(dir*(k[j]-k[j-1])<0)good=false;return{good:good,text:v.join(' ')}}
var up=sorted(1),down=sorted(-1);
ok(up.good,'ascending: numbers rise, the unknowns last');
ok(down.good,'descending: numbers fall, the unknowns last');
ok(up.text!==down.text,'ascending differs from descending');
ok(heads[col].getAttribute('aria-sort')==='descending','the heading says descending');
// Filter: the rows shown are exactly those containing the text.
t=table('Kernels that spill')||table('Kernels with a stack frame (no ptxas -v log read: spills unknown)');var box=t.previousElementSibling.querySelector('input'),all=t.tBodies[0].rows.length;
box.value='mix_spill';box.dispatchEvent(new Event('input'));
var shown=visible(t),want=Array.from(t.tBodies[0].rows).filter(function(r){return r.textContent.indexOf('mix_spill')>=0}).length;
var limit=parseInt(document.body.dataset.rowLimit,10);
ok(want>0&&want<all&&shown.length===Math.min(want,limit),'filter: '+shown.length+' of '+all+' rows shown, '+want+' match, limit '+limit);
ok(shown.every(function(r){return r.textContent.indexOf('mix_spill')>=0}),'filter: every row shown matches');
box.value='';box.dispatchEvent(new Event('input'));
ok(visible(t).length===Math.min(all,limit),'filter cleared: the first '+Math.min(all,limit)+' of '+all+' rows back');
// Row limit (data-row-limit=10 in this copy) and the button for the rest.
t=table('Occupancy');all=t.tBodies[0].rows.length;
var more=t.nextElementSibling.querySelector('button');
ok(visible(t).length===limit&&all>limit,'row limit: '+visible(t).length+' of '+all+' rows shown');
ok(more&&!more.hidden&&more.textContent.indexOf(String(all))>=0,'row limit: a button offers all '+all);
more.click();
ok(visible(t).length===all&&more.hidden,'row limit: one click shows all '+all);
var sortedRows=visible(t).length;heads=t.tHead.rows[0].cells;heads[heads.length-1].click();
ok(visible(t).length===sortedRows,'row limit: a sort after the click keeps every row shown');
// No name breaks inside a word: a line of a <code> starts after ':', ',',
// '>', '-' (in a file name), a space or the '…' of a shortened name, or
// before '<'.
var names=0,wrapped=0,bad=[];
document.querySelectorAll('td code').forEach(function(c){names++;if(c.getClientRects().length<2)return;wrapped++;
	var s=c.textContent,tn=document.createTreeWalker(c,NodeFilter.SHOW_TEXT),n,prev=null,prevChar='';
	while((n=tn.nextNode()))for(var j=0;j<n.data.length;j++){var r=document.createRange();r.setStart(n,j);r.setEnd(n,j+1);
		var b=r.getBoundingClientRect();if(b.width===0){prevChar=n.data[j];continue}
		if(prev!==null&&b.top>prev+1&&!/[:,>\- \u2026]/.test(prevChar)&&!/[< ]/.test(n.data[j]))bad.push(s);
		prev=b.top;prevChar=n.data[j]}});
ok(wrapped>0,'names wrapped in this narrow window: '+wrapped+' of '+names);
ok(bad.length===0,'no name broken inside a word'+(bad.length?': '+bad[0]:''));
// The page: every contents entry leads to its heading; headers stick.
var links=Array.from(document.querySelectorAll('nav a'));
ok(links.length>0&&links.every(function(a){var h=document.getElementById(a.hash.slice(1));return h&&h.textContent===a.textContent}),
	'contents: '+links.length+' links, each to its heading');
ok(Array.from(document.querySelectorAll('thead th')).every(function(th){return getComputedStyle(th).position==='sticky'}),'table headers are sticky');
var scheme=document.createElement('pre');scheme.id='scheme';
scheme.textContent=getComputedStyle(document.body).backgroundColor+' on '+getComputedStyle(document.body).color;document.body.appendChild(scheme);
var pre=document.createElement('pre');pre.id='harness';pre.textContent=out.join('\n');document.body.appendChild(pre);
})();
JS
# The harness's page: the corpus, and stack.o again as a --list CSV with no
# register figure, so that a column holds numbers and unknowns.
"$SPILLWAY" --list "$BUILD/stack.o" | python3 -c '
import csv, sys
rows = csv.DictReader(sys.stdin)
out = csv.DictWriter(sys.stdout, rows.fieldnames, lineterminator="\n")
out.writeheader()
for r in rows:
    r["library"], r["reg"] = "noreg/stack.o", ""
    out.writerow(r)' >"$TMP/noreg.csv"
"$SPILLWAY" --report=html -o "$TMP/page.html" "$BUILD" "$TMP/noreg.csv" 2>/dev/null
check "the harness's page has registers unknown" grep -q 'noreg/stack.o' "$TMP/page.html"
sed -e 's/data-row-limit="200"/data-row-limit="10"/' \
    -e "s|</body>|<script src=\"file://$TMP/harness.js\"></script></body>|" \
    "$TMP/page.html" >"$TMP/harness.html"
check "the copy for the harness limits its tables to 10 rows" grep -q 'data-row-limit="10"' "$TMP/harness.html"
dump "$TMP/harness.html" 700 >"$TMP/harness.dom"
light=$(sed -n 's|.*<pre id="scheme">\([^<]*\)</pre>.*|\1|p' "$TMP/harness.dom")
dump "$TMP/harness.html" 700 --blink-settings=preferredColorScheme=0 >"$TMP/dark.dom"
dark=$(sed -n 's|.*<pre id="scheme">\([^<]*\)</pre>.*|\1|p' "$TMP/dark.dom")
check "light by default ($light)" [ "$light" = "rgb(255, 255, 255) on rgb(31, 35, 40)" ]
check "dark where the system asks ($dark)" [ -n "$dark" ] && [ "$dark" != "$light" ]
sed -n '/<pre id="harness">/,/<\/pre>/p' "$TMP/harness.dom" |
    sed -e 's/.*<pre id="harness">//' -e 's|</pre>.*||' -e 's/&gt;/>/g' -e 's/&lt;/</g' -e 's/&amp;/\&/g' >"$TMP/harness.out"
check "the harness ran all its 16 checks" [ "$(grep -c '^ok - \|^not ok - ' "$TMP/harness.out")" -eq 16 ]
while IFS= read -r line; do
	case $line in
	"ok - "*) pass "browser: ${line#ok - }" ;;
	"not ok - "*) fail "browser: ${line#not ok - }" ;;
	esac
done <"$TMP/harness.out"
finish
