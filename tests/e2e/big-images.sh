#!/bin/sh
# SPDX-License-Identifier: MIT
# Large images, as NVIDIA's libraries hold: 10 zstd entries of 32 MiB made
# from a corpus cubin (tests/lib/make_bigfatbin.c).  Each frame is read in
# pieces, and 8 workers want more buffer room at once than the budget has.
# Every entry must give the cubin's rows, the same at 1 and 8 workers, and
# the buffers must stay within the budget.
. "${srcdir:-.}/tests/lib/lib.sh"

maker=$(dirname "$SPILLWAY")/tests/lib/make_bigfatbin
CUBIN="$BUILD/memory.sm_120.cubin"
"$maker" "$CUBIN" 32 10 "$TMP/big.fatbin" || exit 99

expect_status 0 "10 images of 32 MiB on 8 workers" "$SPILLWAY" -T 8 --stats --list "$TMP/big.fatbin"
cp "$TMP/out" "$TMP/list8"
cp "$TMP/err" "$TMP/stats8"
check "the file holds 10 frames of more than one piece each" \
	test "$(stat -c %s "$TMP/big.fatbin")" -gt $((10 * 1024 * 1024))

# The rows after library, member and sm: the cubin's, once per entry.
"$SPILLWAY" --list "$CUBIN" | tail -n +2 | cut -d, -f4- >"$TMP/one"
: >"$TMP/want"
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$TMP/one" >>"$TMP/want"; done
tail -n +2 "$TMP/list8" | cut -d, -f4- >"$TMP/got"
check "every entry gives the cubin's $(wc -l <"$TMP/one") rows" cmp -s "$TMP/want" "$TMP/got"
check "every row is sm_120" awk -F, 'NR > 1 && $3 != "sm_120" { bad = 1 } END { exit bad }' "$TMP/list8"

expect_status 0 "the same file on 1 worker" "$SPILLWAY" -T 1 --list "$TMP/big.fatbin"
check "1 and 8 workers list the same rows" cmp -s "$TMP/out" "$TMP/list8"

# Under ulimit -v, address space is memory: buffers are then reserved no
# larger than their image (an ASan build needs terabytes of it: skipped).
if ldd "$SPILLWAY" 2>/dev/null | grep -q libasan; then
	echo "ok - ulimit -v: skipped under ASan"
else
	expect_status 0 "8 workers within 1 GB of address space (ulimit -v)" \
		sh -c 'ulimit -v 1000000 && exec "$0" -T 8 --list "$1"' "$SPILLWAY" "$TMP/big.fatbin"
	check "ulimit -v: the same rows" cmp -s "$TMP/out" "$TMP/list8"
fi

# --stats splits the workers' time: its parts, waits included, add up to it.
check "--stats: the workers' time is the sum of its parts" awk '
	/the workers/ {
		line = $0
		gsub(/[^0-9. ]/, " ", line)
		n = split(line, v, " ")
		# total, decompressing, buffer room (within it), ELF, names,
		# formatting, the walk, the gathering, the rest
		if (n != 9) exit 1
		sum = v[2] + v[4] + v[5] + v[6] + v[7] + v[8] + v[9]
		found = 1
		if (sum < v[1] - 0.01 || sum > v[1] + 0.01) exit 1
	}
	END { exit !found }' "$TMP/stats8"

# --list keeps no rows once written, but counts them all.
check "--stats counts the $(($(wc -l <"$TMP/list8") - 1)) rows --list wrote" \
	grep -q " $(($(wc -l <"$TMP/list8") - 1)) functions;" "$TMP/stats8"

# The buffers' budget is what the rest leaves of 224 MiB: never more.
peak=$(sed -n 's/.*decompression buffers \([0-9.]*\) MiB at most.*/\1/p' "$TMP/stats8")
check "buffers peaked at ${peak:-?} MiB: more than one image, at most 224 MiB" \
	awk -v p="${peak:-0}" 'BEGIN { exit !(p > 34 && p <= 224) }'
finish
