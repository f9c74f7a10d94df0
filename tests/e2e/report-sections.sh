#!/bin/sh
# SPDX-License-Identifier: MIT
# The report's sections are one table (reports/report.c, report_sections):
# --sections is checked against it, and the message for a name it lacks
# lists it.  Here that list is read back and compared with what --help and
# the man page say, and every section is built alone: each gives its own
# rows only, and the whole report is the sections one after the other, in
# the table's order.
. "${srcdir:-.}/tests/lib/lib.sh"

MAN="$srcdir/man/spillway.1"
EXAMPLE="$srcdir/data/example"
NINJA="$srcdir/data/logs/ninja-j2"

# The table, as --sections' message lists it: "summary spills ...".
"$SPILLWAY" --report --sections=no-such-section "$EXAMPLE" >/dev/null 2>"$TMP/err"
table=$(sed -n "s/^spillway: --sections: no section 'no-such-section' (\(.*\))\$/\1/p" "$TMP/err" |
	sed 's/, / /g')
check "an unknown section is named with the table's list" [ -n "$table" ]
nsections=$(echo $table | wc -w)
expect_status 2 "--sections=no-such-section is a usage error" \
	"$SPILLWAY" --report --sections=no-such-section "$EXAMPLE"

# --help: "--sections=LIST ...; LIST of a, b, ..." over wrapped lines.
help=$("$SPILLWAY" --help | tr '\n' ' ' | tr -s ' ' |
	sed -n 's/.*--sections=LIST [^;]*; LIST of \([a-z]*\(, [a-z]*\)*\).*/\1/p' | sed 's/, / /g')
check "--help lists the table's sections, in its order ($help)" [ "$help" = "$table" ]

# The man page: the .Cm words of the --sections entry.
man=$(awk '/^\.It Fl \\-sections/ { on = 1; next } on && /^\.It/ { exit }
	on && /^\.Cm/ { for (i = 2; i <= NF; i++) if ($i != "," && $i != ".") printf "%s ", $i }' "$MAN")
check "the man page lists the table's sections, in its order ($man)" [ "${man% }" = "$table" ]

# A tree with something for every section: kernels that spill and arrays,
# two arches, build records, a baseline to differ from, and the rules of
# the launch section (--deployable: a library without PTX for its newest),
# and a change for the what-if section.
set -- --deployable --what-if=drop:sm_80 "$BUILD"/libkernels.so "$BUILD"/librdc.a "$BUILD"/main.o "$BUILD"/coop.o \
	"$BUILD"/spill.o "$BUILD"/stack.o "$BUILD"/templates.o "$BUILD"/memory.o "$NINJA" \
	"$CORPUS"/amd/build/spill_hip.o
expect_status 0 "the whole report" "$SPILLWAY" --report=csv --baseline="$EXAMPLE" "$@"
grep -v '^$' "$TMP/out" >"$TMP/whole.csv"
: >"$TMP/each.csv"
for s in $table; do
	"$SPILLWAY" --report=csv --baseline="$EXAMPLE" --sections="$s" "$@" >"$TMP/one.csv" 2>/dev/null
	check "--sections=$s has rows" grep -q "^$s," "$TMP/one.csv"
	check "--sections=$s has no other section's rows" \
		sh -c "! grep -v -e '^$s,' -e '^section,' -e '^\$' '$TMP/one.csv'"
	grep -v '^$' "$TMP/one.csv" >>"$TMP/each.csv"
	"$SPILLWAY" --report --baseline="$EXAMPLE" --sections="$s" "$@" >"$TMP/one.md" 2>/dev/null
	check "--sections=$s has one heading" [ "$(grep -c '^### ' "$TMP/one.md")" -eq 1 ]
done
check "the whole report is its sections in the table's order" cmp -s "$TMP/whole.csv" "$TMP/each.csv"
# Headings: the whole report's, in order, are the sections'.
"$SPILLWAY" --report --baseline="$EXAMPLE" "$@" 2>/dev/null | grep '^### ' >"$TMP/whole.h"
check "the whole report has one heading per section ($nsections)" [ "$(wc -l <"$TMP/whole.h")" -eq "$nsections" ]
finish
