#!/bin/sh
# SPDX-License-Identifier: MIT
# Attack round 3, silent passes (issue 35): every reader accounts for what
# it leaves unread.  A section, record or entry it does not read is
# skipped by a named rule or is damage (exit 2, naming it); --check never
# says PASS over a 4 KiB frame it did not read.  Cases two-nv-fatbin-sections,
# cubin-without-symtab, eiattr-symbol-out-of-range, deep-symlink-silent-pass
# and symlink-to-proc of tests/attacks/repro3, and the other members of each
# class (tests/attacks/repro3/gen/silent.py; links to /sys, to another file
# system, a loop of links).
. "${srcdir:-.}/tests/lib/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }

cd "$TMP" || exit 1
GEN="python3 $srcdir/tests/attacks/repro3/gen/gen.py"
$GEN ok-cubin ok.cubin || exit 99
$GEN two-nvfatbin two-nvfatbin.o || exit 99
$GEN eiattr-oor eiattr-oor.cubin || exit 99
mkdir nosymtab-tree && cp ok.cubin nosymtab-tree/ && $GEN nosymtab nosymtab-tree/nosymtab.cubin || exit 99
python3 "$srcdir/tests/attacks/repro3/gen/silent.py" class || exit 99

# --- the stored cases
cpu_bounded 1 "two .nv_fatbin sections: the second's frame is judged" "$SPILLWAY" --check two-nvfatbin.o
check "...the kernel of the second section is the violation" grep -q "VIOLATION hidden_stack_kernel sm_90: STACK 4096" "$TMP/out"
"$SPILLWAY" --list two-nvfatbin.o >rows.csv 2>/dev/null
check "...each kernel once: 2 rows" [ "$(($(wc -l <rows.csv) - 1))" -eq 2 ]
cpu_bounded 2 "a .symtab that is not SHT_SYMTAB, beside a clean cubin" "$SPILLWAY" --check nosymtab-tree
check "...named: file, section, type" grep -q "nosymtab.cubin: offset 0x[0-9a-f]*: section .symtab has type 0x1: expected SHT_SYMTAB (2)" "$TMP/err"
check "...no PASS" sh -c '! grep -q "^PASS" "$1"' sh "$TMP/out"
cpu_bounded 2 "frame records naming symbol 9999 of 2" "$SPILLWAY" --check eiattr-oor.cubin
check "...named: file, section, record, symbol" grep -q "eiattr-oor.cubin: offset 0x[0-9a-f]*: section .nv.info, record EIATTR_FRAME_SIZE at 0xc names symbol 9999: the symbol table holds 2" "$TMP/err"

cpu_bounded 2 "two .nv_fatbin sections over the same bytes: damage, not rows twice" \
	"$SPILLWAY" --list "$srcdir/fuzz/corpus/scan/nv_fatbin-same-bytes-twice.o"
check "...named" grep -q "section .nv_fatbin (38096 bytes at 0xc00) overlaps section .nv_fatbin (38096 bytes at 0xc00)" "$TMP/err"
cpu_bounded 0 "a second .nv_fatbin with its own bytes (a copy): read" \
	"$SPILLWAY" --list "$srcdir/fuzz/corpus/scan/nv_fatbin-twice.o"
"$SPILLWAY" --list "$BUILD/stack.o" >stack.csv
check "...twice the rows of the object" [ "$(($(wc -l <"$TMP/out") - 1))" -eq "$((2 * ($(wc -l <stack.csv) - 1)))" ]

# --- the rest of each class: a fatbin's frame is judged, a cubin's loss is damage
for f in class/*; do
	name=${f#class/}
	case $name in
	fatbin-*)
		cpu_bounded 1 "$name: the hidden frame is judged" "$SPILLWAY" --check "$f"
		check "$name: ...the violation is hidden_kernel's" grep -q "VIOLATION hidden_kernel sm_90: STACK 4096" "$TMP/out" ;;
	*)
		cpu_bounded 2 "$name is damage" "$SPILLWAY" --check "$f"
		check "$name: ...named with its offset" grep -q "^spillway: $f: offset 0x" "$TMP/err"
		check "$name: ...no PASS" sh -c '! grep -q "^PASS" "$1"' sh "$TMP/out" ;;
	esac
done

# --- links: read, or named and not passed over
$GEN deep-link-tree deep || exit 99
cpu_bounded 1 "a link whose path passes PATH_MAX: its 4 KiB frame is judged" "$SPILLWAY" --check deep
check "...the violation is the linked kernel's" grep -q "VIOLATION deep_stack_kernel sm_90: STACK 4096" "$TMP/out"
mkdir links && cp ok.cubin links/
ln -s /proc links/proc
ln -s /sys links/sys
ln -s nowhere links/dangling
cpu_bounded 2 "links to /proc and /sys: not followed" "$SPILLWAY" --check links
check ".../proc named" grep -q "^spillway: proc: a link into a pseudo file system (proc): not followed" "$TMP/err"
check ".../sys named" grep -q "^spillway: sys: a link into a pseudo file system (sysfs): not followed" "$TMP/err"
check "...a link that leads nowhere is no message" sh -c '! grep -q dangling "$1"' sh "$TMP/err"
cpu_bounded 0 "...excluded, the gate judges the rest" "$SPILLWAY" --check --exclude='proc' --exclude='sys' links
rm links/proc links/sys
ln -s loop-b links/loop-a
ln -s loop-a links/loop-b
cpu_bounded 2 "a loop of links is named" "$SPILLWAY" --check links
check "...by its name and why" grep -q "^spillway: loop-a: a link that cannot be followed: Too many levels of symbolic links" "$TMP/err"
rm links/loop-a links/loop-b
ln -s / links/top
ln -s /proc/self/root links/self-root
cpu_bounded 2 "links to / and to /proc/self/root: not a walk of the machine" "$SPILLWAY" --check links
check ".../ named" grep -q "^spillway: top: a link to the top of a file system (/ or a mount point): not followed" "$TMP/err"
check ".../proc/self/root named" grep -q "^spillway: self-root: a link to the top of a file system" "$TMP/err"
rm links/top links/self-root
# A folder on another file system: /dev/shm where it is a tmpfs of its own.
if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -c %d /dev/shm)" != "$(stat -c %d links)" ]; then
	other=$(mktemp -d /dev/shm/spillway-silent.XXXXXX)
	$GEN stack-cubin "$other/stack.cubin"
	ln -s "$other" links/other
	cpu_bounded 2 "a link to a folder on another file system: not followed" "$SPILLWAY" --check links
	check "...named, with what to do" grep -q "^spillway: other: a link to a folder on another file system than the paths given: not followed (name the folder to read it)" "$TMP/err"
	cpu_bounded 1 "...that folder named too: read through the link" "$SPILLWAY" --check links "$other"
	ln -s "$other/stack.cubin" links/file-elsewhere.cubin
	rm links/other
	cpu_bounded 1 "a link to a file on another file system is read" "$SPILLWAY" --check links
	check "...by the link's name" grep -q "VIOLATION deep_stack_kernel sm_90: STACK 4096 .*\[file-elsewhere.cubin\]" "$TMP/out"
	rm -rf "$other"
fi

# --- skipped by a named rule, not damage: the corpus reads clean
cpu_bounded 0 "a real sm_90 cubin (callees inside their kernel, .nv.shared.reserved.0) reads clean" \
	"$SPILLWAY" --list "$BUILD/spill.sm_90.cubin"
check "...without a message" [ ! -s "$TMP/err" ]
finish
