#!/bin/sh
# Each layer takes its own configuration (issue 22): the command line's
# struct options is read by src/main.c, which fills the scanner's, the
# judge's, the report's and the browser's config from it, and by
# src/options.c, which parses it.  No other source file (src/, ui/,
# reports/, fuzz/) includes options.h, directly or as "../src/options.h".
. "${srcdir:-.}/tests/lib.sh"

ALLOWED="src/main.c src/options.c"
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
finish
