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
INCLUDE='^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]([^">]*/)?options[.]h[">]'

# The layers, bottom up (HACKING.md): a file includes headers of its own
# layer and of those below it only.  src/LAYER/ holds the first six but
# cli; reports/ and ui/ sit above the judge, and src/cli/ on top.
LAYERS="src/util src/model src/logs src/readers src/judge reports ui src/cli"

cd "$srcdir" || exit 2
find src ui reports fuzz -name '*.[ch]' | sort >"$TMP/files"
check "the sources are found" [ "$(wc -l <"$TMP/files")" -gt 50 ]
# Each header's layer, by rank: "name rank", read by the shell's globs.
: >"$TMP/headers"
r=0
for l in $LAYERS; do
	check "layer $l is there" [ -d "$l" ]
	for h in "$l"/*.h; do echo "${h##*/} $r"; done >>"$TMP/headers"
	r=$((r + 1))
done

# One awk over every file: the first file read is the header table; then
# each source's includes: options.h outside the two files allowed, and,
# for a file of a layer, a header of no layer or of a layer above its own.
# The two allowed must be seen to include options.h, or the pattern finds
# nothing.
xargs awk -v layers="$LAYERS" -v allowed="$ALLOWED" -v optinc="$INCLUDE" -v out="$TMP/" '
	BEGIN {
		n = split(layers, l, " "); for (i = 1; i <= n; i++) layer[l[i]] = i - 1
		n = split(allowed, a, " "); for (i = 1; i <= n; i++) allow[a[i]] = 1
	}
	FNR == 1 { file++ }
	file == 1 { rank[$1] = $2; next }
	FNR == 1 { dir = FILENAME; sub(/\/[^\/]*$/, "", dir); me = (dir in layer) ? layer[dir] : -1 }
	$0 ~ optinc {
		if (FILENAME in allow)
			seen[FILENAME] = 1
		else
			print FILENAME >(out "offenders")
	}
	me >= 0 && /^[ \t]*#[ \t]*include[ \t]*"/ {
		inc = $0
		sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
		if (inc == "config.h" || inc == "gitrev.h")
			next
		h = inc; sub(/.*\//, "", h)
		if (!(h in rank))
			print FILENAME " includes " inc ", a header of no layer" >(out "upward")
		else if (rank[h] > me)
			print FILENAME " includes " inc ", of a layer above it" >(out "upward")
	}
	END { for (f in allow) if (!(f in seen)) print f >(out "blind") }' "$TMP/headers" <"$TMP/files"
touch "$TMP/offenders" "$TMP/upward" "$TMP/blind"
sed 's/^/    does not include options.h: /' "$TMP/blind"
check "$ALLOWED include options.h" [ ! -s "$TMP/blind" ]
sort -u "$TMP/offenders" | sed 's/^/    includes options.h: /'
check "no file but $ALLOWED includes options.h ($(wc -l <"$TMP/files") read)" \
	[ ! -s "$TMP/offenders" ]
sed 's/^/    /' "$TMP/upward"
check "no file includes a header of a layer above its own" [ ! -s "$TMP/upward" ]
check "the rule reads every layer's headers ($(wc -l <"$TMP/headers"))" [ "$(wc -l <"$TMP/headers")" -gt 60 ]
finish
