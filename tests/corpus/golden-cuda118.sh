#!/bin/sh
# SPDX-License-Identifier: MIT
# CUDA 11.8 ground truth: spillway --list against cuobjdump 11.8
# --dump-resource-usage, every row, on the CUDA 11.8 libraries that Debian
# 12 ("bookworm") ships in non-free.  The packages are fetched with
# apt-get download and unpacked with dpkg -x into a cache directory
# (${SPILLWAY_CUDA118_CACHE:-$HOME/.cache/spillway-cuda118}); nothing is
# installed and the machine's own apt setup is left as it is: apt reads a
# sources file of its own (the machine's Debian mirror, suite bookworm,
# component non-free) and keeps its lists in the cache.
# Not in make check (about 750 MB to fetch the first time, 2.5 GB unpacked):
#   make cuda118        or        SPILLWAY=./spillway sh tests/corpus/golden-cuda118.sh
# Exit 77 only when the packages cannot be had (no apt, no network, not an
# x86-64 machine, no CUDA 11.8 in the archive).
# $SPILLWAY_CUDA118_PACKAGES overrides the library packages compared;
# $SPILLWAY_CUDA118_MIRROR the mirror.
. "${srcdir:-.}/tests/lib/lib.sh"

skip() { echo "$*: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || skip "python3 not found"
for tool in apt-get apt-cache dpkg-deb /usr/bin/time; do
	command -v "$tool" >/dev/null 2>&1 || skip "$tool not found"
done
[ "$(uname -m)" = x86_64 ] || skip "cuobjdump 11.8 runs on x86-64 only"

# The toolkit (cuobjdump is in nvidia-cuda-toolkit) and every bookworm
# library package with device code; libcudart, libcufftw, libnppc and
# libnppisu hold none and are left out.
TOOLKIT=nvidia-cuda-toolkit
PACKAGES=${SPILLWAY_CUDA118_PACKAGES:-"libcublas11 libcublaslt11 libcufft10
	libcurand10 libcusolver11 libcusolvermg11 libcusparse11 libnppial11
	libnppicc11 libnppidei11 libnppif11 libnppig11 libnppim11 libnppist11
	libnppitc11 libnpps11"}
CACHE=${SPILLWAY_CUDA118_CACHE:-${HOME:-/tmp}/.cache/spillway-cuda118}
APTDIR="$CACHE/apt"
PKGDIR="$CACHE/pkgs"
mkdir -p "$APTDIR/lists/partial" "$APTDIR/archives/partial" "$APTDIR/parts" \
	"$PKGDIR" || skip "cannot write the cache $CACHE"

# The mirror of the machine's own Debian entry (deb822 or one-line).
mirror() {
	[ -n "${SPILLWAY_CUDA118_MIRROR:-}" ] && { echo "$SPILLWAY_CUDA118_MIRROR"; return; }
	{
		cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
			sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n'
		cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
			sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p'
	} | grep -v -e security -e '^$' | grep -m 1 debian || echo http://deb.debian.org/debian
}
{
	echo "Types: deb"
	echo "URIs: $(mirror)"
	echo "Suites: bookworm"
	echo "Components: non-free"
	[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] &&
		echo "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
} >"$APTDIR/cuda118.sources"
# scratch_apt TOOL ARGS...: apt-get or apt-cache on the lists above only.
scratch_apt() {
	local tool=$1
	shift
	"$tool" -q -o Dir::Etc::SourceList="$APTDIR/cuda118.sources" \
		-o Dir::Etc::SourceParts="$APTDIR/parts" \
		-o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$APTDIR/parts" \
		-o Dir::State::Lists="$APTDIR/lists" -o Dir::Cache="$APTDIR" \
		-o Dir::Cache::Archives="$APTDIR/archives" \
		-o APT::Architecture=amd64 -o APT::Architectures=amd64 \
		-o APT::Sandbox::User=root "$@"
}
# apt-get update with these lists needs no root.  Offline, what the cache
# holds already is used.
if ! scratch_apt apt-get update >"$TMP/update" 2>&1 || grep -q '^[WE]: ' "$TMP/update"; then
	sed 's/^/    /' "$TMP/update" | tail -3
	offline=1
else
	offline=0
fi

# fetch PACKAGE: unpacks PACKAGE's candidate into $PKGDIR/PACKAGE once per
# version ($PKGDIR/PACKAGE.version says which); the .deb is not kept.
fetch() {
	local pkg=$1 version
	if [ "$offline" -eq 1 ]; then
		[ -s "$PKGDIR/$pkg.version" ]
		return
	fi
	version=$(scratch_apt apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: //p')
	case "$pkg:$version" in
	"$TOOLKIT":11.8.*) ;;
	"$TOOLKIT":*) echo "    $TOOLKIT in bookworm non-free is '$version', not 11.8"; return 1 ;;
	*:|*:"(none)") echo "    $pkg: not in bookworm non-free"; return 1 ;;
	esac
	[ "$(cat "$PKGDIR/$pkg.version" 2>/dev/null)" = "$version" ] && return 0
	rm -rf "$PKGDIR/$pkg" "$PKGDIR/$pkg.version" "$APTDIR/archives/$pkg"
	mkdir -p "$APTDIR/archives/$pkg"
	(cd "$APTDIR/archives/$pkg" && scratch_apt apt-get download "$pkg=$version") \
		>"$TMP/download" 2>&1 || { sed 's/^/    /' "$TMP/download" | tail -3; return 1; }
	dpkg-deb -x "$APTDIR/archives/$pkg"/*.deb "$PKGDIR/$pkg" || return 1
	rm -rf "$APTDIR/archives/$pkg"
	echo "$version" >"$PKGDIR/$pkg.version"
}
for pkg in $TOOLKIT $PACKAGES; do
	fetch "$pkg" || skip "$pkg cannot be had from bookworm non-free"
done
CUOBJDUMP="$PKGDIR/$TOOLKIT/usr/bin/cuobjdump"
"$CUOBJDUMP" --version >"$TMP/version" 2>&1 || skip "cuobjdump 11.8 does not run here"
echo "# cuobjdump $(sed -n "s/.*release //p" "$TMP/version"), $TOOLKIT $(cat "$PKGDIR/$TOOLKIT.version")$(
	[ "$offline" -eq 1 ] && echo ", from the cache (apt offline)")"

# timed NAME COMMAND...: runs COMMAND with its output in $TMP/NAME.out and
# $TMP/NAME.err, its exit status in $timed_rc and its seconds in $timed_s.
timed() {
	local name=$1
	shift
	/usr/bin/time -o "$TMP/$name.time" -f "%x %e" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
	set -- $(tail -n 1 "$TMP/$name.time")
	timed_rc=$1 timed_s=$2
}

libs=0 rows=0 equal=0 s_total=0 c_total=0
for pkg in $PACKAGES; do
	for lib in $(find "$PKGDIR/$pkg" -type f -name 'lib*.so.*' | sort); do
		b=$(basename "$lib")
		libs=$((libs + 1))
		timed spillway "$SPILLWAY" --list "$lib"
		s_rc=$timed_rc s_s=$timed_s
		timed cuobjdump "$CUOBJDUMP" --dump-resource-usage "$lib"
		c_rc=$timed_rc c_s=$timed_s
		s_total=$(echo "$s_total $s_s" | awk '{ print $1 + $2 }')
		c_total=$(echo "$c_total $c_s" | awk '{ print $1 + $2 }')
		times="spillway $s_s s, cuobjdump $c_s s"
		if [ "$s_rc" -ne 0 ] || [ -s "$TMP/spillway.err" ]; then
			fail "$b: spillway --list exits $s_rc ($times)"
			sed 's/^/    /' "$TMP/spillway.err" | head -5
			continue
		fi
		if [ "$c_rc" -ne 0 ]; then
			fail "$b: cuobjdump exits $c_rc ($times)"
			sed 's/^/    /' "$TMP/cuobjdump.err" | head -5
			continue
		fi
		python3 "$srcdir/tests/corpus/golden_compare.py" resource-usage \
			"$TMP/spillway.out" "$TMP/cuobjdump.out" >"$TMP/cmp"
		cmp_rc=$?
		# "E/T rows match, X extra"
		set -- $(tail -n 1 "$TMP/cmp" | tr '/' ' ')
		equal=$((equal + $1)) rows=$((rows + $2))
		if [ "$cmp_rc" -eq 0 ]; then
			pass "$b: $1/$2 rows equal ($times)"
		else
			fail "$b: $1/$2 rows equal, $5 extra ($times)"
			sed '$d; s/^/    /' "$TMP/cmp"
		fi
	done
done
echo "# $libs libraries: $equal/$rows rows equal; spillway $s_total s, cuobjdump $c_total s"
check "every package holds a library" [ "$libs" -gt 0 ]
finish
