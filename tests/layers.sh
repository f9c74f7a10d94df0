#!/bin/sh
# Each layer takes its own configuration (issue 22): the command line's
# struct options is read by src/cli/main.c, which fills the scanner's, the
# judge's, the report's and the browser's config from it, and by
# src/cli/options.c, which parses it.  No other source file (src/, ui/,
# reports/, fuzz/) includes options.h, directly or as "../src/cli/options.h".
# And no file includes a header of a layer above its own (below).
. "${srcdir:-.}/tests/lib.sh"

ALLOWED="src/cli/main.c src/cli/options.c"
INCLUDE='^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]([^">]*/)?options\.h[">]'

cd "$srcdir" || exit 2
find src ui reports fuzz -name '*.[ch]' | sort >"$TMP/files"
check "the sources are found" [ "$(wc -l <"$TMP/files")" -gt 50 ]
# The pattern finds what it is to find: the two files allowed.
for f in $ALLOWED; do
	check "$f includes options.h" grep -Eq "$INCLUDE" "$f"
done
while read -r f; do
	case " $ALLOWED " in *" $f "*) continue ;; esac
	grep -Eq "$INCLUDE" "$f" && echo "$f"
done <"$TMP/files" >"$TMP/offenders"
sed 's/^/    includes options.h: /' "$TMP/offenders"
check "no file but $ALLOWED includes options.h ($(wc -l <"$TMP/files") read)" \
	[ ! -s "$TMP/offenders" ]

# The layers, bottom up (HACKING.md): a file includes headers of its own
# layer and of those below it only.  src/LAYER/ holds the first six but
# cli; reports/ and ui/ sit above the judge, and src/cli/ on top.
LAYERS="src/util src/model src/logs src/readers src/judge reports ui src/cli"
rank() { r=0; for l in $LAYERS; do [ "$l" = "$1" ] && { echo $r; return; }; r=$((r + 1)); done; echo -1; }
: >"$TMP/headers"
for l in $LAYERS; do
	check "layer $l is there" [ -d "$l" ]
	for h in "$l"/*.h; do echo "$(basename "$h") $(rank "$l")"; done >>"$TMP/headers"
done
: >"$TMP/upward"
for l in $LAYERS; do
	me=$(rank "$l")
	for f in "$l"/*.[ch]; do
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
		while read -r inc; do
			[ "$inc" = config.h ] || [ "$inc" = gitrev.h ] && continue
			r=$(awk -v h="$(basename "$inc")" '$1 == h { print $2 }' "$TMP/headers")
			if [ -z "$r" ]; then
				echo "$f includes $inc, a header of no layer"
			elif [ "$r" -gt "$me" ]; then
				echo "$f includes $inc, of a layer above it"
			fi
		done
	done
done >>"$TMP/upward"
sed 's/^/    /' "$TMP/upward"
check "no file includes a header of a layer above its own" [ ! -s "$TMP/upward" ]
check "the rule reads every layer's headers ($(wc -l <"$TMP/headers"))" [ "$(wc -l <"$TMP/headers")" -gt 60 ]
finish
