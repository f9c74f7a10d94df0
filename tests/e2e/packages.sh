#!/bin/sh
# SPDX-License-Identifier: MIT
# Packages read as they ship (issue 40): a wheel, tarballs (.tar, .tar.gz,
# .tar.bz2, .tar.xz), a .conda (a zip of .tar.zst members, made with the
# zstd command when there is one) and a .deb (made with dpkg-deb) built at test time from the corpus's
# files give exactly the rows of the same tree unpacked, each library named
# PACKAGE!/PATH (PACKAGE!/INNER!/PATH in a .conda); --summary and --check
# say the same of them; a folder holding a package reads it; a member
# named with "!/" in its path is read under that name.
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "skip: no python3"; exit 77; }

# The tree a wheel of torch would unpack to: libraries under torch/lib/,
# a .dist-info, Python files, and a folder whose name ends in "!".
T="$TMP/tree"
mkdir -p "$T/torch/lib/odd!" "$T/torch-1.0.dist-info"
for f in "$BUILD"/*.o "$BUILD"/*.so "$BUILD"/*.cubin "$BUILD"/*.fatbin "$BUILD"/*.a; do
	case $f in */bad_*) continue ;; esac
	cp "$f" "$T/torch/lib/"
done
cp "$BUILD/spill.o" "$T/torch/lib/odd!/spill.o"
printf 'import torch._C\n' >"$T/torch/__init__.py"
printf 'Metadata-Version: 2.1\nName: torch\nVersion: 1.0\n' >"$T/torch-1.0.dist-info/METADATA"
printf 'Wheel-Version: 1.0\nRoot-Is-Purelib: false\n' >"$T/torch-1.0.dist-info/WHEEL"

cd "$TMP" || exit 2
python3 - "$T" <<'EOF' || { echo "cannot build the packages"; exit 2; }
import os, sys, tarfile, zipfile
tree = sys.argv[1]
names = []
for root, dirs, files in os.walk(tree):
    dirs.sort()
    for f in sorted(files):
        p = os.path.join(root, f)
        names.append((p, os.path.relpath(p, tree)))
with zipfile.ZipFile("torch-1.0-cp312-linux_x86_64.whl", "w", zipfile.ZIP_DEFLATED) as z:
    for p, n in names:
        z.write(p, n)
    z.writestr("torch-1.0.dist-info/RECORD", "".join(n + ",,\n" for _, n in names))
for mode, name in (("w", "pkg.tar"), ("w:gz", "pkg.tar.gz"), ("w:bz2", "pkg.tar.bz2"), ("w:xz", "pkg.tar.xz")):
    with tarfile.open(name, mode) as t:
        for p, n in names:
            t.add(p, arcname=n)
EOF

# rows PACKAGE PREFIX: its --list rows with PREFIX taken off the library
# column, sorted (a package's rows come in its members' order).
"$SPILLWAY" --list "$T" >"$TMP/tree.csv" 2>"$TMP/tree.err"
check "the tree unpacked lists rows" [ "$(wc -l <"$TMP/tree.csv")" -gt 500 ]
sed 1d "$TMP/tree.csv" | sort >"$TMP/want"
same_rows() {
	local pkg=$1 prefix=$2
	"$SPILLWAY" --list "$pkg" >"$TMP/pkg.csv" 2>"$TMP/pkg.err"
	local rc=$?
	check "$pkg: --list exits 0, says nothing" [ "$rc" -eq 0 -a ! -s "$TMP/pkg.err" ]
	check "$pkg: the header is --list's" [ "$(head -n 1 "$TMP/pkg.csv")" = "$(head -n 1 "$TMP/tree.csv")" ]
	check "$pkg: every library is named $prefix..." sh -c \
	    'sed 1d "$1" | cut -d, -f1 | grep -v "^$2" | grep -q . && exit 1; exit 0' sh "$TMP/pkg.csv" "$prefix"
	sed 1d "$TMP/pkg.csv" | awk -v p="$prefix" '{ if (index($0, p) == 1) $0 = substr($0, length(p) + 1); print }' |
		sort >"$TMP/got"
	if cmp -s "$TMP/want" "$TMP/got"; then
		pass "$pkg: the rows of the tree unpacked, $(wc -l <"$TMP/got") of them"
	else
		fail "$pkg: rows differ from the tree's"
		diff "$TMP/want" "$TMP/got" | head -5 | sed 's/^/    /'
	fi
}
WHL=torch-1.0-cp312-linux_x86_64.whl
same_rows "$WHL" "$WHL!/"
for p in pkg.tar pkg.tar.gz pkg.tar.bz2 pkg.tar.xz; do
	same_rows "$p" "$p!/"
done

# A .conda: a zip (stored) of metadata.json, info-*.tar.zst and
# pkg-*.tar.zst; python3 has no zstd.
if command -v zstd >/dev/null 2>&1; then
	(cd "$T" && tar cf - torch) | zstd -q -19 >pkg-torch-1.0-0.tar.zst
	(cd "$T" && tar cf - torch-1.0.dist-info) | zstd -q >info-torch-1.0-0.tar.zst
	python3 - <<'EOF'
import zipfile
with zipfile.ZipFile("torch-1.0-0.conda", "w", zipfile.ZIP_STORED) as z:
    z.writestr("metadata.json", '{"conda_pkg_format_version": 2}')
    z.write("info-torch-1.0-0.tar.zst")
    z.write("pkg-torch-1.0-0.tar.zst")
EOF
	same_rows torch-1.0-0.conda "torch-1.0-0.conda!/pkg-torch-1.0-0.tar.zst!/"
else
	echo "# skip: no zstd command, no .conda made (python3 has no zstd)"
fi

# A Debian package: an ar archive whose data.tar.xz (dpkg-deb's default)
# or data.tar.zst holds the tree; its member named PKG.deb:data.tar.xz!/PATH.
if command -v dpkg-deb >/dev/null 2>&1; then
	mkdir -p deb/DEBIAN && cp -R "$T/torch" deb/ &&
		printf 'Package: torch\nVersion: 1.0\nArchitecture: amd64\nMaintainer: t <t@t>\nDescription: t\n' >deb/DEBIAN/control
	for z in xz zstd; do
		dpkg-deb -Z"$z" --root-owner-group --build deb "torch-$z.deb" >/dev/null 2>&1 ||
			{ echo "# skip: dpkg-deb cannot make a $z package"; continue; }
		member=data.tar.$( [ "$z" = zstd ] && echo zst || echo xz)
		same_rows "torch-$z.deb" "torch-$z.deb:$member!/"
	done
else
	echo "# skip: no dpkg-deb, no .deb made"
fi

# The folder with "!" in its name: its file named through it.
"$SPILLWAY" --list "$WHL" >"$TMP/whl.csv"
check 'a member under a folder named "odd!": read as PACKAGE!/torch/lib/odd!/spill.o' \
	grep -q "^$WHL!/torch/lib/odd!/spill.o,," "$TMP/whl.csv"

# --summary: the tree's lines, names mapped.
"$SPILLWAY" --summary "$T" 2>&1 | sort >"$TMP/sum.tree"
"$SPILLWAY" --summary "$WHL" >"$TMP/sum.raw" 2>&1
sed "s|$WHL!/||g" "$TMP/sum.raw" | sort >"$TMP/sum.whl"
if cmp -s "$TMP/sum.tree" "$TMP/sum.whl"; then
	pass "--summary of the wheel: the tree's lines, names mapped"
else
	fail "--summary of the wheel: the tree's lines, names mapped"
	diff "$TMP/sum.tree" "$TMP/sum.whl" | head -6 | sed 's/^/    /'
fi
check "--summary names the wheel's libraries" grep -q "^$WHL!/torch/lib/libkernels.so: 17 kernels" "$TMP/sum.raw"

# --list=images: the tree's images (the device link's inputs too), names
# mapped; --what-if: the tree's bytes after, file by file (the members'
# images are compressed to predict them as the files' are).
"$SPILLWAY" --list=images "$T" | sed 1d | sort >"$TMP/img.tree"
"$SPILLWAY" --list=images "$WHL" | sed 1d | sed "s|^$WHL!/||" | sort >"$TMP/img.whl"
check "--list=images of the wheel: the tree's $(wc -l <"$TMP/img.tree") rows" \
	sh -c '[ "$(wc -l <"$1")" -gt 100 ] && cmp -s "$1" "$2"' sh "$TMP/img.tree" "$TMP/img.whl"
for c in 'drop:sm_80' 'compress=size;ptx:none'; do
	"$SPILLWAY" --report=csv --sections=whatif --what-if="$c" "$T" 2>/dev/null | sort >"$TMP/wi.tree"
	"$SPILLWAY" --report=csv --sections=whatif --what-if="$c" "$WHL" 2>/dev/null >"$TMP/wi.raw"
	# The files' table; the wheel's own bytes follow in a table of packages.
	awk 'NF == 0 { exit } { print }' "$TMP/wi.raw" | sed "s|$WHL!/||g" | sort >"$TMP/wi.whl"
	check "--what-if=$c on the wheel: the tree's total and files ($(wc -l <"$TMP/wi.tree") rows)" \
		sh -c 'grep -q "^whatif,(total)," "$1" && cmp -s "$1" "$2"' sh "$TMP/wi.tree" "$TMP/wi.whl"
	check "--what-if=$c on the wheel: the wheel's own row, as shipped ($(stat -c %s "$WHL") bytes now)" \
		grep -q "^whatif,$WHL,$(stat -c %s "$WHL")," "$TMP/wi.raw"
done

# --check: the same verdict, the same count line, the violations named.
"$SPILLWAY" --check --max-regs=40 "$T" >"$TMP/check.tree" 2>&1
rc_tree=$?
"$SPILLWAY" --check --max-regs=40 "$WHL" >"$TMP/check.whl" 2>&1
rc_whl=$?
check "--check --max-regs=40: the same exit on the wheel and the tree ($rc_tree)" [ "$rc_tree" -eq 1 -a "$rc_whl" -eq "$rc_tree" ]
check "--check: the same count line" [ "$(grep '^check:' "$TMP/check.tree")" = "$(grep '^check:' "$TMP/check.whl")" ]
check "--check: a violation is named by its member" grep -q "$WHL!/torch/lib/" "$TMP/check.whl"

# A folder that holds the wheel reads it, named under the folder.
mkdir -p "$TMP/dist" && cp "$WHL" "$TMP/dist/"
"$SPILLWAY" --list "$TMP/dist" | sed 1d | cut -d, -f1 | sort -u >"$TMP/dist.libs"
check "a folder's wheel is read: its libraries named $WHL!/..." \
	grep -qx "$WHL!/torch/lib/libkernels.so" "$TMP/dist.libs"

# A gzip stream of one file is no package: said when named, not in a walk.
gzip -c "$TMP/tree.csv" >"$TMP/dist/rows.csv.gz"
expect_status 2 "a gzip file that holds no archive, named: exit 2" "$SPILLWAY" --list "$TMP/dist/rows.csv.gz"
check "...saying so" grep -q "rows.csv.gz: a compressed file that holds no archive" "$TMP/err"
expect_status 0 "...and found in a walk: passed over" "$SPILLWAY" --list "$TMP/dist"
finish
