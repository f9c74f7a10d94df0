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
# One pass over Makefile.am and every page: a page Makefile.am does not
# install, and a page whose SEE ALSO (its .Xr lines) misses another.
(cd "$srcdir" && awk -v pages="$PAGES" '
	BEGIN { n = split(pages, p, " ") }
	FILENAME == "Makefile.am" { for (i = 1; i <= n; i++) if (index($0, "man/" p[i])) installed[p[i]] = 1; next }
	/^\.Xr / { xr[FILENAME, $2 "." $3] = 1 }
	END {
		for (i = 1; i <= n; i++) {
			if (!(p[i] in installed))
				print "Makefile.am does not install " p[i]
			for (j = 1; j <= n; j++)
				if (i != j && !(("man/" p[i], p[j]) in xr))
					print p[i] " does not refer to " p[j]
		}
	}' Makefile.am $(for p in $PAGES; do echo "man/$p"; done)) >"$TMP/refs"
sed 's/^/    /' "$TMP/refs"
check "Makefile.am installs every page, and each page refers to every other" [ ! -s "$TMP/refs" ]
: "${MANDOC:=$(command -v mandoc 2>/dev/null)}"
if [ -n "${MANDOC:-}" ]; then
	# One mandoc over every page at each level: warnings and above, then
	# style too, but for the pages of ours that are not installed here
	# (they are in man/, checked above).
	(cd "$srcdir/man" && "$MANDOC" -Tlint -Wwarning $PAGES) >"$TMP/lint" 2>&1
	check "mandoc -Tlint -Wwarning is clean on every page" [ $? -eq 0 ]
	sed 's/^/    /' "$TMP/lint"
	(cd "$srcdir/man" && "$MANDOC" -Tlint $PAGES) 2>&1 | grep -v 'mandoc.db' |
		grep -v 'STYLE: referenced manual not found: Xr spillway' >"$TMP/lint"
	check "mandoc -Tlint says nothing else of any page" [ ! -s "$TMP/lint" ]
	sed 's/^/    /' "$TMP/lint"
fi
"$SPILLWAY" --help >"$TMP/help"
# Every option --help offers, in spillway(1) as "Fl \-NAME": one awk over
# --help and the page.
awk 'FILENAME == ARGV[1] { while (match($0, /--[a-z][a-z-]+/)) { opt[substr($0, RSTART + 2, RLENGTH - 2)] = 1; $0 = substr($0, RSTART + RLENGTH) } next }
	{ man = man $0 "\n" }
	END { for (o in opt) { n++; if (!index(man, "Fl \\-" o)) print "--" o } print n >"/dev/stderr" }' \
	"$TMP/help" "$MAN" 2>"$TMP/options" | sort >"$TMP/undocumented"
sed 's/^/    not in the man page: /' "$TMP/undocumented"
check "the man page documents every option --help offers ($(cat "$TMP/options"))" \
	sh -c '[ "$(cat "$1")" -gt 40 ] && [ ! -s "$2" ]' sh "$TMP/options" "$TMP/undocumented"
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
# --help's groups and the man page's exit statuses, each file read once.
awk 'BEGIN { n = split("Modes|What to read|Gates of --check|Reports|spillway record|Output and the rest", g, "|") }
	{ for (i = 1; i <= n; i++) if (index($0, g[i]) == 1 && /:$/) seen[i] = 1 }
	END { for (i = 1; i <= n; i++) if (!(i in seen)) print g[i] }' "$TMP/help" >"$TMP/groups"
sed 's/^/    no group: /' "$TMP/groups"
check "--help: the groups Modes, What to read, Gates of --check, Reports, spillway record, Output and the rest" \
	[ ! -s "$TMP/groups" ]
awk 'BEGIN { n = split("0 1 2 77 99", st, " ") }
	/^\.It [0-9]+$/ { doc[$2] = 1 }
	END { for (i = 1; i <= n; i++) if (!(st[i] in doc)) print st[i] }' "$MAN" >"$TMP/statuses"
sed 's/^/    undocumented exit status: /' "$TMP/statuses"
check "man page documents exit statuses 0, 1, 2, 77 and 99" [ ! -s "$TMP/statuses" ]
finish
