#!/bin/sh
# SPDX-License-Identifier: MIT
# make install puts spillway, its man page and the schemas where
# spillway(1) says (issue 36): PREFIX/bin, PREFIX/share/man/man1 and
# PREFIX/share/spillway/schema; installed into $TMP with DESTDIR, and the
# installed binary runs and the man page renders.  bootstrap installs the
# same way, to /usr/local as root, else to ~/.local.
. "${srcdir:-.}/tests/lib/lib.sh"

BUILDDIR=$(dirname "$SPILLWAY")
[ -f "$BUILDDIR/Makefile" ] || { echo "$BUILDDIR/Makefile not found: skipped"; exit 77; }
DEST="$TMP/dest"
P=/opt/spw
# Outside this make: its MAKEFLAGS (jobserver, -k) are not the install's.
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$BUILDDIR" -s install \
	DESTDIR="$DEST" prefix="$P" >"$TMP/install.out" 2>&1; then
	pass "make install DESTDIR=... prefix=$P"
else
	fail "make install DESTDIR=... prefix=$P"; sed 's/^/    /' "$TMP/install.out" | tail -5
fi

check "bin/spillway is installed, executable" [ -x "$DEST$P/bin/spillway" ]
"$DEST$P/bin/spillway" --version >"$TMP/version" 2>&1
check "...and runs (--version)" grep -q '^spillway ' "$TMP/version"
check "share/man/man1/spillway.1 is the man page" cmp -s "$DEST$P/share/man/man1/spillway.1" "$srcdir/man/spillway.1"
if command -v man >/dev/null 2>&1; then
	check "...which man renders" sh -c 'MANWIDTH=80 man -l "$1" 2>/dev/null | grep -q "^NAME"' sh "$DEST$P/share/man/man1/spillway.1"
fi
for s in list.schema.json report.schema.json junit.xsd; do
	check "share/spillway/schema/$s, as the source's" cmp -s "$DEST$P/share/spillway/schema/$s" "$srcdir/data/schema/$s"
done
check "the man page names where the schemas go" grep -q 'PREFIX/share/spillway/schema/list.schema.json' "$srcdir/man/spillway.1"
for shell in bash zsh; do
	case $shell in
	bash) c=bash-completion/completions/spillway ;;
	zsh) c=zsh/site-functions/_spillway ;;
	esac
	check "share/$c, the completion spillway writes" sh -c \
	    '"$1" --completion="$2" | cmp -s - "$3"' sh "$SPILLWAY" "$shell" "$DEST$P/share/$c"
done
find "$DEST" -type f | sed "s|^$DEST$P/||" | sort >"$TMP/files"
cat >"$TMP/want" <<-EOF
	bin/spillway
	share/bash-completion/completions/spillway
	share/man/man1/spillway-record.1
	share/man/man1/spillway.1
	share/man/man5/spillway-allow.5
	share/man/man5/spillway-list.5
	share/man/man5/spillway-record-log.5
	share/man/man7/spillway-reference.7
	share/spillway/schema/junit.xsd
	share/spillway/schema/list.schema.json
	share/spillway/schema/report.schema.json
	share/zsh/site-functions/_spillway
EOF
check "nothing else is installed ($(wc -l <"$TMP/files") files)" cmp -s "$TMP/want" "$TMP/files"
diff "$TMP/want" "$TMP/files" | sed 's/^/    /'

# bootstrap's choice: /usr/local as root, else ~/.local, and it says where.
check "bootstrap installs to /usr/local as root, else ~/.local" sh -c \
	'grep -q "prefix=/usr/local" "$1" && grep -q "prefix=\$HOME/.local" "$1" && grep -q "^make install" "$1"' sh "$srcdir/bootstrap"
check "bootstrap says where" grep -q 'installed $prefix/bin/spillway' "$srcdir/bootstrap"
finish
