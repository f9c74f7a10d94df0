#!/bin/sh
# The man page is lint-clean, and documents every option --help offers.
. "${srcdir:-.}/tests/lib.sh"

MAN="$srcdir/man/spillway.1"
if [ -n "${MANDOC:-}" ]; then
	check "mandoc -Tlint is clean" sh -c "'$MANDOC' -Tlint -Wwarning '$MAN' >'$TMP/lint' 2>&1"
	sed 's/^/    /' "$TMP/lint"
fi
"$SPILLWAY" --help >"$TMP/help"
for opt in $(grep -oE -- '--[a-z][a-z-]+' "$TMP/help" | sort -u); do
	check "man page documents $opt" grep -q -- "Fl \\\\-${opt#--}" "$MAN"
done
for status in 0 1 2 77 99; do
	check "man page documents exit status $status" grep -q "^\.It $status\$" "$MAN"
done
finish
