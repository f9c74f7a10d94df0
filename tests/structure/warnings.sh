#!/bin/sh
# SPDX-License-Identifier: MIT
# Warnings past -Wall -Wextra.  Every C file of src/ compiles with no
# -Wconversion or -Wsign-conversion warning, under the build's own command
# ($SPW_COMPILE: the Makefile's COMPILE, which make check exports), so that
# a value changing type says so in the code.  And cppcheck, where it is
# installed, reports nothing in src/, ui/ or reports/, under the build's
# -I and -D; a false positive is suppressed on its line with the reason
# (/* cppcheck-suppress ID ; why */).  Without cppcheck the test is skipped
# once the compiler's part has passed.
. "${srcdir:-.}/tests/lib/lib.sh"

if [ -z "${SPW_COMPILE:-}" ]; then
	echo "SPW_COMPILE is not set: run me as make check TESTS=tests/structure/warnings.sh"
	exit 77
fi
WFLAGS="-fsyntax-only -Wconversion -Wsign-conversion -Werror"

# The planted warning: the command and flags catch a narrowing at all.
printf 'int narrow(long x);\nint narrow(long x) { return x; }\n' >"$TMP/planted.c"
check "a planted -Wconversion warning fails the compile" \
	sh -c '! $1 $2 "$3" >/dev/null 2>&1' sh "$SPW_COMPILE" "$WFLAGS" "$TMP/planted.c"

# src/ as written, and what the build generates there (a tree of its own
# when the build is not in the source tree).
find "$srcdir/src" -name '*.c' | sort >"$TMP/files"
[ "$(cd "$srcdir" && pwd)" = "$(pwd)" ] || find src -name '*.c' | sort >>"$TMP/files"
check "src/ has its C files" [ "$(wc -l <"$TMP/files")" -ge 50 ]
: >"$TMP/cc"
while read -r f; do
	$SPW_COMPILE $WFLAGS "$f" >>"$TMP/cc" 2>&1 || echo "(failed: $f)" >>"$TMP/cc"
done <"$TMP/files"
if [ -s "$TMP/cc" ]; then
	fail "src/ compiles with $WFLAGS"
	grep -v '^cc1:\|In function' "$TMP/cc" | sed 's/^/    /' | head -40
else
	pass "src/ compiles with $WFLAGS"
fi

if ! command -v cppcheck >/dev/null 2>&1; then
	[ "$failed" -eq 0 ] || finish
	echo "cppcheck is not installed: its part is skipped"
	exit 77
fi
# The build's -D, and its -I into this project (not the libraries'
# headers, which are not ours to check).
top=$(cd "$srcdir" && pwd)
set --
for a in $SPW_COMPILE; do
	case $a in
	-D*) set -- "$@" "$a" ;;
	-I*)
		d=$(cd "${a#-I}" 2>/dev/null && pwd) || continue
		case $d in "$top"|"$top"/*|"$(pwd)"|"$(pwd)"/*) set -- "$@" "-I${a#-I}" ;; esac ;;
	esac
done
CPPCHECK="cppcheck -q --std=c11 --enable=warning,style,performance,portability --inline-suppr --error-exitcode=1"
printf 'int past(void);\nint past(void) { int a[2] = { 0, 1 }; return a[2]; }\n' >"$TMP/planted-cppcheck.c"
check "cppcheck reports a planted finding" \
	sh -c '! $1 "$2" >/dev/null 2>&1' sh "$CPPCHECK" "$TMP/planted-cppcheck.c"
if $CPPCHECK "$@" --template='{file}:{line}: {severity}: {id}: {message}' \
    "$srcdir/src" "$srcdir/ui" "$srcdir/reports" >"$TMP/cppcheck" 2>&1; then
	pass "cppcheck reports nothing in src/, ui/, reports/"
else
	fail "cppcheck reports nothing in src/, ui/, reports/"
	sed 's/^/    /' "$TMP/cppcheck" | head -60
fi
finish
