#!/bin/sh
# SPDX-License-Identifier: MIT
# A build tree of many small objects: the walk finds images one at a time,
# and the workers wait for it between them.  A worker that waits keeps its
# buffer (up to its share) instead of giving it back, so the kernel does
# not zero a new one for every image; the rows are the same at 1 and 4
# workers.
. "${srcdir:-.}/tests/lib/lib.sh"

for i in $(seq 1 40); do
	mkdir -p "$TMP/tree/b$i"
	cp "$BUILD"/* "$TMP/tree/b$i/"
done
"$SPILLWAY" -T 1 --list "$TMP/tree" >"$TMP/one" 2>"$TMP/one.err"
want=$?
"$SPILLWAY" -T 4 --stats --list "$TMP/tree" >"$TMP/four" 2>"$TMP/four.err"
got=$?
check "1 and 4 workers exit alike ($want, $got)" [ "$want" -eq "$got" ]
check "1 and 4 workers list the same rows" cmp -s "$TMP/one" "$TMP/four"
check "the tree gives rows" [ "$(wc -l <"$TMP/four")" -gt 1000 ]

# Each worker grows its buffer once, or a few times: not once per image.
images=$(sed -n 's/.* \([0-9]*\) read, .*/\1/p' "$TMP/four.err")
anew=$(sed -n 's/.* \([0-9]*\) MiB taken anew.*/\1/p' "$TMP/four.err")
check "${anew:-?} MiB of buffer pages taken anew for ${images:-?} images: at most 64" \
	awk -v n="${anew:-999999}" -v i="${images:-0}" 'BEGIN { exit !(i > 1000 && n <= 64) }'
finish
