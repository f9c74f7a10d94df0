#!/bin/sh
# SPDX-License-Identifier: MIT
# The man pages are lint-clean and refer to one another; spillway(1)
# documents every option --help offers.
. "${srcdir:-.}/tests/lib/lib.sh"

MAN="$srcdir/man/spillway.1"
PAGES="spillway.1 spillway-record.1 spillway-allow.5 spillway-list.5 spillway-record-log.5 spillway-reference.7"
# Every page of man/ is one of them, installed by make install.
check "man/ holds the pages, no other" [ "$(cd "$srcdir/man" && ls | sort | tr '\n' ' ')" = \
    "$(echo $PAGES | tr ' ' '\n' | sort | tr '\n' ' ')" ]
for p in $PAGES; do
	check "Makefile.am installs $p" grep -q "man/$p" "$srcdir/Makefile.am"
done
: "${MANDOC:=$(command -v mandoc 2>/dev/null)}"
for p in $PAGES; do
	f="$srcdir/man/$p"
	# Each page's SEE ALSO names every other page.
	for q in $PAGES; do
		[ "$q" = "$p" ] && continue
		check "$p refers to $q" grep -q "^\.Xr ${q%.*} ${q##*.}" "$f"
	done
	[ -n "${MANDOC:-}" ] || continue
	check "$p: mandoc -Tlint -Wwarning is clean" sh -c "'$MANDOC' -Tlint -Wwarning '$f' >'$TMP/lint' 2>&1"
	sed 's/^/    /' "$TMP/lint"
	# Every level, style included, but for the pages of ours that are
	# not installed here (they are in man/, checked above).
	"$MANDOC" -Tlint "$f" 2>&1 | grep -v 'mandoc.db' |
		grep -v 'STYLE: referenced manual not found: Xr spillway' >"$TMP/lint"
	check "$p: mandoc -Tlint says nothing else" [ ! -s "$TMP/lint" ]
	sed 's/^/    /' "$TMP/lint"
done
"$SPILLWAY" --help >"$TMP/help"
for opt in $(grep -oE -- '--[a-z][a-z-]+' "$TMP/help" | sort -u); do
	check "man page documents $opt" grep -q -- "Fl \\\\-${opt#--}" "$MAN"
done
# Each option documented once; the --list item as --help writes it.
check "--empty-ok is documented once" [ "$(grep -c '^\.It Fl \\-empty-ok' "$MAN")" -eq 1 ]
check "--list's item is --list (=images has its own)" grep -qx '\.It Fl \\-list' "$MAN"
check "no --list=functions in the man page" sh -c "! grep -q 'list Ns Op = Ns Cm functions' '$MAN'"
check "no unexplained FF_MEM_BUDGET_KB" sh -c "! grep -q FF_MEM_BUDGET_KB '$MAN'"
# When the browser is the default: the man page and --help say the same.
check "man: the browser when stdin and stdout are terminals" \
	grep -qx "This is the default when standard input and standard output are terminals." "$MAN"
check "man: the summary otherwise" grep -q "^This is the default unless standard input and standard output are both" "$MAN"
check "--help: the same rule" grep -qx "Modes (default: --tui when stdin and stdout are terminals, else --summary):" "$TMP/help"
# --help fits 79 columns, in groups, its help text in one column; it names
# every mode's values and ends as GNU tools do.
check "--help: no line over 79 columns" sh -c "! awk 'length > 79' '$TMP/help' | grep -q ."
check "--help: the help text starts in one column" \
	[ "$(grep -E '^  (-[a-zA-Z], |    )--[a-z-]+[^ ]*  +[^ ]' "$TMP/help" |
	    sed -E 's/^(  (-[a-zA-Z], |    )--[a-z-]+[^ ]* +).*/\1/' | awk '{ print length }' | sort -u)" = 28 ]
tr '\n' ' ' <"$TMP/help" | tr -s ' ' >"$TMP/help.words"
check "--help: --list's values" grep -q "WHAT: functions, images or sizes" "$TMP/help.words"
check "--help: --report's formats" grep -q "FORMAT: markdown, csv, html, json or trace" "$TMP/help.words"
check "--help: the bug-report line last" sh -c "tail -1 '$TMP/help' | grep -q '^Report bugs to '"
for group in "Modes" "What to read" "Gates of --check" "Reports" "spillway record" "Output and the rest"; do
	check "--help: the group '$group'" grep -q "^$group.*:\$" "$TMP/help"
done
for status in 0 1 2 77 99; do
	check "man page documents exit status $status" grep -q "^\.It $status\$" "$MAN"
done
finish
