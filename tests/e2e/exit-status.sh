#!/bin/sh
# SPDX-License-Identifier: MIT
# Exit statuses and messages of the scanner on good, bad and missing input.
. "${srcdir:-.}/tests/lib/lib.sh"

expect_status 0 "a clean object" "$SPILLWAY" --list "$BUILD/stack.o"
expect_status 2 "a truncated object" "$SPILLWAY" --list "$BUILD/bad_truncated.o"
check "truncated: names file, offset and what was expected" \
	grep -q "bad_truncated.o: offset 0x5c278: ELF section header table .* runs past the end of the file" "$TMP/err"
expect_status 2 "a corrupt fatbin" "$SPILLWAY" --list "$BUILD/bad_corrupt.fatbin"
check "corrupt fatbin: one message at the broken size field" \
	sh -c "[ \$(wc -l <'$TMP/err') -eq 1 ] && grep -q 'offset 0x18: fatbin entry payload' '$TMP/err'"
expect_status 2 "a missing path" "$SPILLWAY" --list "$TMP/nonexistent.o"
check "missing path is named" grep -q "nonexistent.o: No such file" "$TMP/err"
expect_status 2 "a named file that is no CUDA binary" "$SPILLWAY" --list "$srcdir/README.md"
expect_status 2 "an unknown option" "$SPILLWAY" --no-such-option
expect_status 0 "--help" "$SPILLWAY" --help
check "--help lists --list" grep -q -- "--list" "$TMP/out"
expect_status 0 "--version" "$SPILLWAY" --version
check "--version names spillway" grep -q "^spillway " "$TMP/out"
check "--version: the version, and the commit when built in a git checkout" \
	grep -qE '^spillway [0-9]+\.[0-9]+\.[0-9]+( \(git [0-9a-f]{7,}\))?$' "$TMP/out"

# Bad files inside a tree: the good ones are still read, the exit says 2.
mkdir -p "$TMP/tree"
cp "$BUILD/stack.o" "$BUILD/bad_truncated.o" "$BUILD/bad_corrupt.fatbin" "$TMP/tree/"
echo "not a binary" >"$TMP/tree/notes.txt"
expect_status 2 "a tree with bad files" "$SPILLWAY" --list "$TMP/tree"
check "the good object's rows are there" sh -c "grep -c '^stack.o,' '$TMP/out' | grep -qx 8"
check "two messages, none for the text file" sh -c "[ \$(wc -l <'$TMP/err') -eq 2 ] && ! grep -q notes.txt '$TMP/err'"

# A gate never passes on input it could not read: any message about the
# paths, the --log files or the --baseline makes --check 2, before 1 and
# 77; only a path named that does not exist is nothing to judge (77).
expect_status 0 "--check: a clean object" "$SPILLWAY" --check "$BUILD/coop.o"
expect_status 2 "--check: a truncated object" "$SPILLWAY" --check "$BUILD/bad_truncated.o"
expect_status 2 "--check: a violation and a truncated object" "$SPILLWAY" --check "$BUILD/stack.o" "$BUILD/bad_truncated.o"
expect_status 2 "--check: a --log that is no build log" "$SPILLWAY" --check "$BUILD/coop.o" --log="$srcdir/README.md"
expect_status 2 "--check: only a --log that is no build log (not 77)" "$SPILLWAY" --check --log="$srcdir/README.md"
check "--check --log: the log is named" grep -q "README.md: offset 0x0: not a build log" "$TMP/err"
expect_status 2 "--check: a --log that does not exist" "$SPILLWAY" --check "$BUILD/coop.o" --log="$TMP/nonexistent.log"
expect_status 2 "--check: a --baseline that does not exist" "$SPILLWAY" --check --baseline="$TMP/nonexistent.csv" "$BUILD/coop.o"
check "--check --baseline: the baseline is named" grep -q "nonexistent.csv: No such file" "$TMP/err"
expect_status 2 "--check --max-growth: a --baseline that does not exist" \
	"$SPILLWAY" --check --baseline="$TMP/nonexistent.csv" --max-growth=stack:0 "$BUILD/coop.o"
expect_status 2 "--check: a --baseline that is no scan" "$SPILLWAY" --check --baseline="$srcdir/README.md" "$BUILD/coop.o"
expect_status 2 "--check --empty-ok: a truncated object" "$SPILLWAY" --check --empty-ok "$BUILD/bad_truncated.o"
: >"$TMP/empty.o"
expect_status 2 "--check: an empty file named" "$SPILLWAY" --check "$TMP/empty.o"
expect_status 77 "--check: a library named that does not exist" "$SPILLWAY" --check "$BUILD/coop.o" "$TMP/nonexistent.so"

# --list output read back as input gives the same rows.
"$SPILLWAY" --list "$BUILD/templates.o" >"$TMP/a.csv"
cp "$TMP/a.csv" "$TMP/import.csv"
"$SPILLWAY" --list "$TMP/import.csv" >"$TMP/b.csv"
check "--list CSV imports back unchanged" sh -c "tail -n +2 '$TMP/a.csv' | sed 's/^[^,]*,//' >'$TMP/a2' && tail -n +2 '$TMP/b.csv' | sed 's/^[^,]*,//' >'$TMP/b2' && cmp -s '$TMP/a2' '$TMP/b2'"

# --arch is validated like --gpus: a name that is no arch, or of no
# generation data/arches.csv knows, is a usage error, not an empty scan.
for a in banana sm_999 sm_86x 86,banana; do
	bad=${a#86,}
	expect_status 2 "--arch=$a is a usage error" "$SPILLWAY" --check --arch="$a" "$BUILD/coop.o"
	check "  ...naming '$bad'" grep -qxF "spillway: --arch takes arches like 86, sm_90a or compute_75, not '$bad'" "$TMP/err"
done
for a in 86 sm_90a compute_75 sm_72 sm_121; do
	expect_status 0 "--arch=$a is an arch" "$SPILLWAY" --list --arch="$a" "$BUILD/coop.o"
done

# --require-sass is validated the same way, and takes SASS arches only:
# compute_75 is PTX, which no library is required to carry as SASS.
for a in banana sm_999 sm_86x 86,banana compute_75; do
	bad=${a#86,}
	expect_status 2 "--require-sass=$a is a usage error" "$SPILLWAY" --check --require-sass="$a" "$BUILD/coop.o"
	check "  ...naming '$bad'" grep -qxF "spillway: --require-sass takes SASS arches like 86 or sm_90a, not '$bad'" "$TMP/err"
	check "  ...and nothing judged" [ ! -s "$TMP/out" ]
done
expect_status 0 "--require-sass=90,sm_90a on coop.o (SASS sm_90, sm_90a, sm_100, sm_120)" \
    "$SPILLWAY" --check --require-sass=90,sm_90a "$BUILD/coop.o"
expect_status 1 "--require-sass=sm_86 on coop.o is a violation" \
    "$SPILLWAY" --check --require-sass=sm_86 "$BUILD/coop.o"
check "  ...naming sm_86" grep -q '^VIOLATION .*coop.o: no SASS for sm_86 ' "$TMP/out"

# getopt's messages name the program "spillway", however it was run.
for opt in --bogus -x --arch; do
	expect_status 2 "$opt is a usage error" "$SPILLWAY" "$opt"
	check "  ...said as spillway:" sh -c "head -n 1 '$TMP/err' | grep -q '^spillway: '"
done
finish
