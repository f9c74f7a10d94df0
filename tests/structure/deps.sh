#!/bin/sh
# SPDX-License-Identifier: MIT
# One list of dependencies (issue 36): deps/debian.txt.  configure.ac
# checks for exactly its libraries (each pkg-config module and header, and
# the package each error message names), and bootstrap, README's manual
# command and the GitHub workflow of data/ci/ take their packages from it
# rather than spelling them out; debian/control's Build-Depends are its
# packages.
. "${srcdir:-.}/tests/lib/lib.sh"

DEPS="$srcdir/deps/debian.txt"
AC="$srcdir/configure.ac"
awk '!/^#/ && NF' "$DEPS" >"$TMP/rows"
check "deps/debian.txt has rows" [ -s "$TMP/rows" ]
check "every row is PACKAGE tool|lib|test, a lib with what configure checks" awk '
	$2 == "lib" && NF == 3 { next } ($2 == "tool" || $2 == "test") && NF == 2 { next }
	{ print "    bad row: " $0; bad = 1 } END { exit bad }' "$TMP/rows"

# What configure.ac checks: pkg-config modules (the fallback of one as
# A|B), headers, and the Debian packages its messages name.
# module LINE: the module of a PKG_CHECK_MODULES call in it.
awk 'function module() { match($0, /PKG_CHECK_MODULES\(\[[A-Z0-9_]*\], \[[^]]*\]/)
		s = substr($0, RSTART, RLENGTH); sub(/.*\[/, "", s); sub(/\]$/, "", s); return s }
	/PKG_CHECK_MODULES\(/ && /\[\],$/ { first = module(); next }
	/PKG_CHECK_MODULES\(/ && first != "" { print first "|" module(); first = ""; next }
	/PKG_CHECK_MODULES\(/ { print module() }' "$AC" | sort -u >"$TMP/ac-modules"
sed -n 's/.*AC_CHECK_HEADERS(\[\([^]]*\)\].*/\1/p' "$AC" | sort -u >"$TMP/ac-headers"
sed -n 's/.*SPW_NEED(\[[^]]*\], \[\([^]]*\)\]).*/\1/p' "$AC" | sed 's/ and /\n/g' | sort -u >"$TMP/ac-packages"
check "configure.ac's checks are found" [ "$(wc -l <"$TMP/ac-modules")" -ge 10 ]
awk '$2 == "lib" && $3 !~ /\.h$/ { print $3 }' "$TMP/rows" | sort -u >"$TMP/modules"
awk '$2 == "lib" && $3 ~ /\.h$/ { print $3 }' "$TMP/rows" | sort -u >"$TMP/headers"
awk '$2 == "lib" { print $1 }' "$TMP/rows" | sort -u >"$TMP/libs"
# same WHAT A B: the two lists are equal, each difference printed.
same() {
	if cmp -s "$2" "$3"; then pass "$1"; else
		fail "$1"; diff "$2" "$3" | sed -n 's/^</    wanted only:/p; s/^>/    found only:/p'
	fi
}
same "PKG_CHECK_MODULES: the list's modules, no more, no fewer" "$TMP/ac-modules" "$TMP/modules"
same "AC_CHECK_HEADERS: the list's headers" "$TMP/ac-headers" "$TMP/headers"
same "the packages configure.ac's messages name: the list's libraries" "$TMP/ac-packages" "$TMP/libs"

# The others read the list; none spells out a library of it: one grep
# each over the three.
lister='deps/debian.txt'
READERS="bootstrap README.md data/ci/github-actions.yml"
(cd "$srcdir" && grep -L "$lister" $READERS) >"$TMP/unread"
sed 's/^/    does not read the list: /' "$TMP/unread"
check "$READERS read $lister" [ ! -s "$TMP/unread" ]
(cd "$srcdir" && grep -lwF -f "$TMP/libs" $READERS) >"$TMP/spelled"
sed 's/^/    names a package of the list itself: /' "$TMP/spelled"
check "none of them names a package of the list itself" [ ! -s "$TMP/spelled" ]
# debian/control builds with the same packages: the tools but the
# compiler (build-essential is implied), the libraries, and the tests'
# marked <!nocheck>.
C="$srcdir/debian/control"
awk '/^Build-Depends:/ { on = 1; sub(/^Build-Depends:/, "") } on && /^[A-Z]/ && !/^Build-Depends:/ { on = 0 }
	on { n = split($0, d, ","); for (i = 1; i <= n; i++) { s = d[i]; gsub(/^[ \t]+|[ \t]+$/, "", s); if (s != "") print s } }' "$C" |
	grep -v '^debhelper-compat' | sed 's/ *(.*)//' | sort >"$TMP/control"
awk '$2 == "tool" && $1 != "build-essential" { print $1 } $2 == "lib" { print $1 } $2 == "test" { print $1 " <!nocheck>" }' \
	"$TMP/rows" | sort >"$TMP/want-control"
same "debian/control's Build-Depends: the list's (tests <!nocheck>)" "$TMP/want-control" "$TMP/control"
check ".ci/run installs the build's packages through bootstrap" sh -c \
	'grep -q "^\./bootstrap" "$1" && ! grep -wqF -f "$2" "$1"' sh "$srcdir/.ci/run" "$TMP/libs"
finish
