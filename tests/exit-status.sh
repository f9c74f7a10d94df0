#!/bin/sh
# Exit statuses and messages of the scanner on good, bad and missing input.
. "${srcdir:-.}/tests/lib.sh"

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

# --list output read back as input gives the same rows.
"$SPILLWAY" --list "$BUILD/templates.o" >"$TMP/a.csv"
cp "$TMP/a.csv" "$TMP/import.csv"
"$SPILLWAY" --list "$TMP/import.csv" >"$TMP/b.csv"
check "--list CSV imports back unchanged" sh -c "tail -n +2 '$TMP/a.csv' | sed 's/^[^,]*,//' >'$TMP/a2' && tail -n +2 '$TMP/b.csv' | sed 's/^[^,]*,//' >'$TMP/b2' && cmp -s '$TMP/a2' '$TMP/b2'"
finish
