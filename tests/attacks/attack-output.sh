#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile inputs (issue 20), output: -o FILE is written whole or not at all
# (run.sh case o_clobber), and --summary of a library with no entry under
# the sanitizers (case ubsan).
. "${srcdir:-.}/tests/lib/lib.sh"

# The full-disk cases mount a small tmpfs: unmounted before $TMP goes.
TINY="$TMP/tiny"
trap 'umount "$TINY" 2>/dev/null; rm -rf "$TMP"' EXIT

# entries DIR: how many names DIR holds, dot files (a temporary) included.
entries() {
	ls -A "$1" | wc -l
}

# --- the input named as its own -o: read, then replaced by the same rows.
"$SPILLWAY" --list "$BUILD" >"$TMP/k.csv" 2>/dev/null
cp "$TMP/k.csv" "$TMP/k0.csv"
bounded 0 "--list -o k.csv k.csv" "$SPILLWAY" --list -o "$TMP/k.csv" "$TMP/k.csv"
check "-o k.csv k.csv: the input read back whole, the rows unchanged" cmp -s "$TMP/k.csv" "$TMP/k0.csv"

# --- the baseline named as -o: the diff is against the old rows.
mkdir -p "$TMP/base"
"$SPILLWAY" --list "$BUILD/spill.o" >"$TMP/base/b.csv"
cp "$TMP/base/b.csv" "$TMP/b0.csv"
"$SPILLWAY" --report=csv --baseline="$TMP/b0.csv" "$BUILD/stack.o" >"$TMP/want.csv"
bounded 0 "--report=csv --baseline=b.csv -o b.csv" \
	"$SPILLWAY" --report=csv --baseline="$TMP/base/b.csv" -o "$TMP/base/b.csv" "$BUILD/stack.o"
check "-o the baseline: the report of a diff against the old baseline" cmp -s "$TMP/base/b.csv" "$TMP/want.csv"
check "-o the baseline: it has a diff section" grep -q '^diff,' "$TMP/base/b.csv"
check "-o the baseline: no temporary left" sh -c "[ $(entries "$TMP/base") -eq 1 ]"

# --- a scan that cannot run as asked leaves the old output byte for byte.
mkdir -p "$TMP/keep"
cp "$TMP/k0.csv" "$TMP/keep/keep.csv"
bounded 2 "--list -o keep.csv on a missing path" "$SPILLWAY" --list -o "$TMP/keep/keep.csv" "$TMP/nonexistent.o"
check "missing path: the old output byte for byte" cmp -s "$TMP/keep/keep.csv" "$TMP/k0.csv"
check "missing path: the path is named" grep -q "nonexistent.o: No such file" "$TMP/err"
bounded 2 "--report -o keep.csv with a missing --baseline" \
	"$SPILLWAY" --report=csv --baseline="$TMP/nonexistent.csv" -o "$TMP/keep/keep.csv" "$BUILD/stack.o"
check "missing baseline: the old output byte for byte" cmp -s "$TMP/keep/keep.csv" "$TMP/k0.csv"
bounded 77 "--report=trace -o keep.csv with no module to lay out" \
	"$SPILLWAY" --report=trace -o "$TMP/keep/keep.csv" "$BUILD/stack.o"
check "trace of nothing: the old output byte for byte" cmp -s "$TMP/keep/keep.csv" "$TMP/k0.csv"
check "failed scans: no temporary left" sh -c "[ $(entries "$TMP/keep") -eq 1 ]"

# --- a scan with damage still writes its output (and says 2).
bounded 2 "--list -o with one damaged file" \
	"$SPILLWAY" --list -o "$TMP/keep/keep.csv" "$BUILD/stack.o" "$BUILD/bad_truncated.o"
check "damage: the good object's rows are written" \
	sh -c "grep -c 'stack.o,' '$TMP/keep/keep.csv' | grep -qx 8"
check "damage: the damaged file is named" grep -q "bad_truncated.o: offset 0x5c278" "$TMP/err"

# --- through a symbolic link: the link stays, its target is replaced;
# a dangling link creates its target, as open(2) would.
mkdir -p "$TMP/link/sub"
echo old >"$TMP/link/real.csv"
ln -s real.csv "$TMP/link/link.csv"
ln -s ../real.csv "$TMP/link/sub/up.csv"
ln -s made.csv "$TMP/link/dangling.csv"
"$SPILLWAY" --list "$BUILD/stack.o" >"$TMP/stack.csv"
bounded 0 "-o through a symbolic link" "$SPILLWAY" --list -o "$TMP/link/link.csv" "$BUILD/stack.o"
check "symlink: still a link" test -L "$TMP/link/link.csv"
check "symlink: the target has the rows" cmp -s "$TMP/link/real.csv" "$TMP/stack.csv"
echo old >"$TMP/link/real.csv"
bounded 0 "-o through a relative link in another directory" "$SPILLWAY" --list -o "$TMP/link/sub/up.csv" "$BUILD/stack.o"
check "relative symlink: still a link, the target written" \
	sh -c "test -L '$TMP/link/sub/up.csv' && cmp -s '$TMP/link/real.csv' '$TMP/stack.csv'"
bounded 0 "-o through a dangling link" "$SPILLWAY" --list -o "$TMP/link/dangling.csv" "$BUILD/stack.o"
check "dangling symlink: still a link, its target created" \
	sh -c "test -L '$TMP/link/dangling.csv' && cmp -s '$TMP/link/made.csv' '$TMP/stack.csv'"
check "symlinks: no temporary left" sh -c "[ $(entries "$TMP/link") -eq 5 ] && [ $(entries "$TMP/link/sub") -eq 1 ]"

# --- the mode of an existing file is kept; a new one gets 0666 less the umask.
mkdir -p "$TMP/mode"
echo old >"$TMP/mode/old.csv"
chmod 640 "$TMP/mode/old.csv"
bounded 0 "-o over a file of mode 640" "$SPILLWAY" --list -o "$TMP/mode/old.csv" "$BUILD/stack.o"
check "mode 640 kept" sh -c "[ \$(stat -c %a '$TMP/mode/old.csv') = 640 ]"
chmod 604 "$TMP/mode/old.csv"
bounded 0 "-o over a file of mode 604" "$SPILLWAY" --list -o "$TMP/mode/old.csv" "$BUILD/stack.o"
check "mode 604 kept" sh -c "[ \$(stat -c %a '$TMP/mode/old.csv') = 604 ]"
bounded 0 "-o a new file under umask 027" sh -c "umask 027; exec '$SPILLWAY' --list -o '$TMP/mode/new.csv' '$BUILD/stack.o'"
check "new file: 0666 less the umask" sh -c "[ \$(stat -c %a '$TMP/mode/new.csv') = 640 ]"

# --- what is not a regular file: a directory is refused, a device written.
bounded 2 "-o a directory" "$SPILLWAY" --list -o "$TMP/mode" "$BUILD/stack.o"
check "directory: named, with the reason" grep -q "mode: Is a directory" "$TMP/err"
bounded 2 "-o in a directory that does not exist" "$SPILLWAY" --list -o "$TMP/nodir/k.csv" "$BUILD/stack.o"
check "no directory: the file is named" grep -q "nodir/k.csv: .*No such file or directory" "$TMP/err"
ln -s loop-b "$TMP/link/loop-a"
ln -s loop-a "$TMP/link/loop-b"
bounded 2 "-o a loop of symbolic links" "$SPILLWAY" --list -o "$TMP/link/loop-a" "$BUILD/stack.o"
check "link loop: named, with the reason" grep -q "loop-a: Too many levels of symbolic links" "$TMP/err"
bounded 0 "-o /dev/null" "$SPILLWAY" --list -o /dev/null "$BUILD/stack.o"
check "/dev/null is still a device" test -c /dev/null
if [ -c /dev/full ]; then
	bounded 2 "standard output on a full device" sh -c "exec '$SPILLWAY' --list '$BUILD/stack.o' >/dev/full"
	check "full standard output: said, with the reason" grep -q "standard output: cannot write: No space left on device" "$TMP/err"
	bounded 2 "-o /dev/full" "$SPILLWAY" --list -o /dev/full "$BUILD/stack.o"
	check "-o /dev/full: the file and the reason" grep -q "/dev/full: cannot write: No space left on device" "$TMP/err"
fi

# --- a full disk: exit 2, the file and the reason named, the old file
# intact, nothing left behind.  Disks of several sizes: the output fails
# at the last flush (222 KB) or while the scan streams rows (1.3 MB).
mkdir -p "$TINY"
if mount -t tmpfs -o size=64k tmpfs "$TINY" 2>/dev/null; then
	for size in 16k 64k 200k; do
		mount -o remount,size=$size "$TINY"
		rm -f "$TINY"/* "$TINY"/.[!.]*
		echo "the old file" >"$TINY/k.csv"
		chmod 600 "$TINY/k.csv"
		cp "$TINY/k.csv" "$TMP/tiny-old"
		bounded 2 "full disk of $size: --list -o" "$SPILLWAY" --list -o "$TINY/k.csv" "$BUILD"
		check "full disk of $size: the file and the reason named" \
			grep -q "$TINY/k.csv: cannot write: No space left on device" "$TMP/err"
		check "full disk of $size: the old file intact" cmp -s "$TINY/k.csv" "$TMP/tiny-old"
		check "full disk of $size: no temporary left" sh -c "[ $(entries "$TINY") -eq 1 ]"
		check "full disk of $size: the mode kept" sh -c "[ \$(stat -c %a '$TINY/k.csv') = 600 ]"
	done
	rm -f "$TINY"/*
	mount -o remount,size=256k "$TINY"
	# Six copies: a file or directory named twice is read once.
	for i in 1 2 3 4 5 6; do cp -R "$BUILD" "$TMP/copy$i"; done
	bounded 2 "full disk while --list streams rows" \
		"$SPILLWAY" --list -o "$TINY/big.csv" "$TMP"/copy[1-6]
	check "streaming: the reason named" grep -q "big.csv: cannot write: No space left on device" "$TMP/err"
	check "streaming: no file, no temporary left" sh -c "[ $(entries "$TINY") -eq 0 ]"
	umount "$TINY"
else
	echo "# mount -t tmpfs failed (not root, or no tmpfs): the full-disk cases skipped"
fi

# --- UBSan: a library with no entry function sorts nothing (qsort(NULL, 0)).
for obj in ptx_only.o main.o; do
	bounded 0 "--summary $obj" "$SPILLWAY" --summary "$BUILD/$obj"
	check "--summary $obj: one line of 0 kernels" grep -q "$obj: 0 kernels (0 instantiations) on no SASS arch (0 entries)" "$TMP/out"
done
finish
