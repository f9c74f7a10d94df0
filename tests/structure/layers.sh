#!/bin/sh
# SPDX-License-Identifier: MIT
# Each layer takes its own configuration (issue 22): the command line's
# struct options is read by src/cli/main.c, which fills the scanner's, the
# judge's, the report's and the browser's config from it, and by
# src/cli/options.c, which parses it.  No other source file (src/, ui/,
# reports/, fuzz/) includes options.h, directly or as "../src/cli/options.h".
# And no file includes a header of a layer above its own (below).
. "${srcdir:-.}/tests/lib/lib.sh"

ALLOWED="src/cli/main.c src/cli/options.c"
INCLUDE='^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]([^">]*/)?options\.h[">]'

cd "$srcdir" || exit 2
find src ui reports fuzz -name '*.[ch]' | sort >"$TMP/files"
check "the sources are found" [ "$(wc -l <"$TMP/files")" -gt 50 ]
# The pattern finds what it is to find: the two files allowed.
for f in $ALLOWED; do
	check "$f includes options.h" grep -Eq "$INCLUDE" "$f"
done
# One grep over every file (issue 36: no process per file).
xargs grep -El "$INCLUDE" <"$TMP/files" | while read -r f; do
	case " $ALLOWED " in *" $f "*) continue ;; esac
	echo "$f"
done >"$TMP/offenders"
sed 's/^/    includes options.h: /' "$TMP/offenders"
check "no file but $ALLOWED includes options.h ($(wc -l <"$TMP/files") read)" \
	[ ! -s "$TMP/offenders" ]

# The layers, bottom up (HACKING.md): a file includes headers of its own
# layer and of those below it only.  src/LAYER/ holds the first six but
# cli; reports/ and ui/ sit above the judge, and src/cli/ on top.
LAYERS="src/util src/model src/logs src/readers src/judge reports ui src/cli"
: >"$TMP/headers"
r=0
for l in $LAYERS; do
	check "layer $l is there" [ -d "$l" ]
	for h in "$l"/*.h; do echo "${h##*/} $r"; done >>"$TMP/headers"
	r=$((r + 1))
done
# One awk over every file of every layer: the first file read is the
# header table, then each file's includes, ranked by its folder.
for l in $LAYERS; do ls "$l"/*.[ch]; done >"$TMP/layered"
xargs awk -v layers="$LAYERS" 'BEGIN { n = split(layers, l, " "); for (i = 1; i <= n; i++) layer[l[i]] = i - 1 }
	FNR == 1 { file++ }
	file == 1 { rank[$1] = $2; next }
	FNR == 1 { dir = FILENAME; sub(/\/[^\/]*$/, "", dir); me = layer[dir] }
	/^[ \t]*#[ \t]*include[ \t]*"/ {
		inc = $0
		sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
		if (inc == "config.h" || inc == "gitrev.h")
			next
		h = inc; sub(/.*\//, "", h)
		if (!(h in rank))
			print FILENAME " includes " inc ", a header of no layer"
		else if (rank[h] > me)
			print FILENAME " includes " inc ", of a layer above it"
	}' "$TMP/headers" <"$TMP/layered" >"$TMP/upward"
sed 's/^/    /' "$TMP/upward"
check "no file includes a header of a layer above its own" [ ! -s "$TMP/upward" ]
check "the rule reads every layer's headers ($(wc -l <"$TMP/headers"))" [ "$(wc -l <"$TMP/headers")" -gt 60 ]
finish
