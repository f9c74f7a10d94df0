#!/bin/sh
# SPDX-License-Identifier: MIT
# No two source files call each other (issue 22): a file A that uses a
# symbol B defines, while B uses one A defines, is a cycle, read from the
# built objects with nm.  Every object of src/, ui/ and reports/ is read
# (those linked into src/libspillway.a, and src/main.o), and every cycle
# found is printed.  Pairs only: a longer loop (A -> B -> C -> A) is not
# looked for.
#
# CHECKED is every C file of src/, ui/ and reports/ (and of any folder
# below them), found anew at each run: each must be built, and the test
# fails on any cycle, so a file added tomorrow is checked as well.
. "${srcdir:-.}/tests/lib/lib.sh"

CHECKED=$(cd "$srcdir" && find src ui reports -name '*.c' | sort)

command -v nm >/dev/null || { echo "nm not found: skipped"; exit 77; }
OBJDIR=$(dirname "$SPILLWAY")
LIB="$OBJDIR/src/libspillway.a"
[ -f "$LIB" ] || { echo "$LIB not built: skipped"; exit 77; }

# The objects linked today (an object left behind by a removed source is
# not in the archive, which make writes anew), by their path under OBJDIR.
ar t "$LIB" >"$TMP/members"
echo main.o >>"$TMP/members"
# One process per step, never one per object (issue 36).
find "$OBJDIR/src" "$OBJDIR/ui" "$OBJDIR/reports" -name '*.o' | sort |
	awk 'FNR == NR { member[$0] = 1; next } { b = $0; sub(/.*\//, "", b) } b in member' \
	"$TMP/members" - >"$TMP/objects"
check "the objects of src/, ui/ and reports/ are found" [ "$(wc -l <"$TMP/objects")" -ge "$(wc -l <"$TMP/members")" ]

# "file symbol D" for a definition, "file symbol U" for a use.
# nm -A names each symbol's object: "OBJDIR/src/x.o: sym T ...".
xargs nm -P -g -A <"$TMP/objects" |
	awk -v d="$OBJDIR/" '{ f = $1; sub(/:$/, "", f); f = substr(f, length(d) + 1); sub(/\.o$/, ".c", f) }
		$3 == "U" { print f, $2, "U"; next } { print f, $2, "D" }' >"$TMP/syms"

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

# The files of src/, ui/ and reports/ that were not built, and every
# cycle: one comparison each, not one check per file.
sed "s|^$OBJDIR/||; s|\.o\$|.c|" "$TMP/objects" | sort >"$TMP/built"
echo "$CHECKED" | comm -23 - "$TMP/built" >"$TMP/unbuilt"
sed 's/^/    not built: /' "$TMP/unbuilt"
check "every C file of src/, ui/ and reports/ is built ($(echo "$CHECKED" | wc -l))" [ ! -s "$TMP/unbuilt" ]
while read -r a b ab ba; do
	echo "    cycle $a <-> $b ($a uses $ab, $b uses $ba)"
done <"$TMP/cycles"
check "no two files call each other" [ ! -s "$TMP/cycles" ]
echo "$(wc -l <"$TMP/cycles") cycles in all"
finish
