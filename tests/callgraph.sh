#!/bin/sh
# No two source files call each other (issue 22): a file A that uses a
# symbol B defines, while B uses one A defines, is a cycle, read from the
# built objects with nm.  Every object of src/, ui/ and reports/ is read
# (those linked into src/libspillway.a, and src/main.o), and every cycle
# found is printed.  Pairs only: a longer loop (A -> B -> C -> A) is not
# looked for.
#
# CHECKED lists the files that must take part in no cycle: the test fails
# on a cycle with one of them, and prints the others as "known cycle"
# lines.  The list is to grow, file by file as each cycle is broken, until
# it covers every file of src/, ui/ and reports/; then it goes, and any
# cycle fails.
. "${srcdir:-.}/tests/lib.sh"

CHECKED="
src/logs.c
src/loglines.c
src/logindex.c
src/log_ptxas.c
src/log_nvtime.c
src/log_record.c
src/log_timev.c
src/log_ninja.c
src/scan.c
src/scan_walk.c
src/scan_image.c
src/scan_pool.c
src/scan_job.c
src/scan_source.c
"

command -v nm >/dev/null || { echo "nm not found: skipped"; exit 77; }
OBJDIR=$(dirname "$SPILLWAY")
LIB="$OBJDIR/src/libspillway.a"
[ -f "$LIB" ] || { echo "$LIB not built: skipped"; exit 77; }

# The objects linked today (an object left behind by a removed source is
# not in the archive, which make writes anew), by their path under OBJDIR.
ar t "$LIB" >"$TMP/members"
echo main.o >>"$TMP/members"
find "$OBJDIR/src" "$OBJDIR/ui" "$OBJDIR/reports" -name '*.o' | sort | while read -r o; do
	grep -qxF "$(basename "$o")" "$TMP/members" && echo "$o"
done >"$TMP/objects"
check "the objects of src/, ui/ and reports/ are found" [ "$(wc -l <"$TMP/objects")" -ge "$(wc -l <"$TMP/members")" ]

# "file symbol D" for a definition, "file symbol U" for a use.
while read -r o; do
	f=${o#"$OBJDIR"/}
	nm -P -g "$o" | awk -v f="${f%.o}.c" '$2 == "U" { print f, $1, "U"; next } { print f, $1, "D" }'
done <"$TMP/objects" >"$TMP/syms"

# "A B sym": A uses sym, which B defines; one line per (A, B), its first symbol.
awk '$3 == "D" { def[$2] = $1; next }
	{ use[++n] = $1 " " $2 }
	END {
		for (i = 1; i <= n; i++) {
			split(use[i], u, " ")
			b = def[u[2]]
			if (b != "" && b != u[1] && !((u[1], b) in seen)) {
				seen[u[1], b] = 1
				print u[1], b, u[2]
			}
		}
	}' "$TMP/syms" | sort >"$TMP/edges"
check "the call graph has edges" [ -s "$TMP/edges" ]

# "A B symAB symBA" for every pair that calls each other, A before B.
awk '{ e[$1, $2] = $3; if ($1 < $2) pair[$1, $2] = 1 }
	END {
		for (k in pair) {
			split(k, p, SUBSEP)
			if ((p[2], p[1]) in e)
				print p[1], p[2], e[p[1], p[2]], e[p[2], p[1]]
		}
	}' "$TMP/edges" | sort >"$TMP/cycles"

for f in $CHECKED; do
	check "$f is built" grep -q "^$OBJDIR/${f%.c}\.o\$" "$TMP/objects"
done
while read -r a b ab ba; do
	line="$a <-> $b ($a uses $ab, $b uses $ba)"
	checked=0
	for f in $CHECKED; do
		[ "$f" = "$a" ] || [ "$f" = "$b" ] && checked=1
	done
	if [ "$checked" -eq 1 ]; then
		echo "cycle $line"
	else
		echo "known cycle $line"
	fi
done <"$TMP/cycles"
for f in $CHECKED; do
	check "$f calls no file that calls it" awk -v f="$f" '$1 == f || $2 == f { found = 1 } END { exit found }' "$TMP/cycles"
done
echo "$(wc -l <"$TMP/cycles") cycles in all"
finish
