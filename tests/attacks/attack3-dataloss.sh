#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, data loss: what an output is decides how it is written
# (a regular file through a temporary and a rename, a device or FIFO as it
# goes), never its name.  Cases o-proc-self-cwd-own-input and
# o-dev-shm-kept of tests/attacks/repro3, and the other outputs (--junit,
# --report=html, standard output named as a file).  Paths under /dev/shm
# are written where it is a writable tmpfs.
. "${srcdir:-.}/tests/lib/lib.sh"

cd "$TMP" || exit 1
"$SPILLWAY" --list "$BUILD" >k.csv 2>/dev/null
cp k.csv k0.csv
lines=$(wc -l <k0.csv)

# --- the input named as -o through /proc/self/cwd: read whole, then replaced.
cpu_bounded 0 "-o /proc/self/cwd/k.csv k.csv" "$SPILLWAY" --list -o /proc/self/cwd/k.csv k.csv
check "/proc/self/cwd/k.csv: the input read back whole ($lines lines)" cmp -s k.csv k0.csv
cpu_bounded 0 "-o /dev/../$TMP/k.csv k.csv" "$SPILLWAY" --list -o "/dev/..$TMP/k.csv" k.csv
check "/dev/..: the input read back whole" cmp -s k.csv k0.csv

# --- a regular file under /dev (a tmpfs) is a file: kept when the scan
# cannot run as asked, for every output that replaces a file.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	shm=$(mktemp -d /dev/shm/spillway-test.XXXXXX)
	trap 'rm -rf "$TMP" "$shm"' EXIT
	cp k0.csv "$shm/x.csv"
	cpu_bounded 2 "-o /dev/shm/x.csv with a path that does not exist" \
		"$SPILLWAY" --list -o "$shm/x.csv" "$TMP/no-such-file"
	check "/dev/shm/x.csv: byte for byte as it was" cmp -s "$shm/x.csv" k0.csv
	cp k0.csv "$shm/r.html"
	cpu_bounded 2 "--report=html -o /dev/shm/r.html with a missing --baseline" \
		"$SPILLWAY" --report=html --baseline="$TMP/no-such.csv" -o "$shm/r.html" "$BUILD/stack.o"
	check "/dev/shm/r.html: byte for byte as it was" cmp -s "$shm/r.html" k0.csv
	cp k0.csv "$shm/j.xml"
	cpu_bounded 1 "--junit=/dev/shm/j.xml" "$SPILLWAY" --check --junit="$shm/j.xml" "$BUILD/stack.o"
	check "/dev/shm/j.xml: replaced by a whole document" grep -q '</testsuites>' "$shm/j.xml"
	check "/dev/shm: no temporary left" sh -c "[ \$(ls -A '$shm' | wc -l) -eq 3 ]"
else
	echo "# no writable /dev/shm: its cases skipped"
fi

# --- standard output named as -o (/dev/stdout, /proc/self/fd/1) is
# standard output: what the shell sent there before stays, and >> appends.
echo "before" >so.txt
cpu_bounded 0 "-o /dev/stdout into a file" sh -c "{ echo first; exec '$SPILLWAY' --list -o /dev/stdout '$BUILD/stack.o'; } >so.txt"
check "-o /dev/stdout: the line written before it stays" sh -c "head -1 so.txt | grep -qx first"
check "-o /dev/stdout: the rows follow it" sh -c "[ \$(wc -l <so.txt) -eq \$(( \$('$SPILLWAY' --list '$BUILD/stack.o' | wc -l) + 1 )) ]"
cpu_bounded 0 "-o /proc/self/fd/1 appended to a file" sh -c "exec '$SPILLWAY' --list -o /proc/self/fd/1 '$BUILD/stack.o' >>so.txt"
check "-o /proc/self/fd/1 with >>: appended, nothing cut" sh -c "head -1 so.txt | grep -qx first"

# --- a device is written as it goes, and not replaced.
cpu_bounded 0 "-o /dev/null" "$SPILLWAY" --list -o /dev/null "$BUILD/stack.o"
check "/dev/null is still a device" test -c /dev/null
finish
