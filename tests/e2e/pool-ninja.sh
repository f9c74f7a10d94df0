#!/bin/sh
# SPDX-License-Identifier: MIT
# --pool-file=ninja (issue 41): a Ninja project of our own, recorded once
# by spillway record (two edges hold 200 MiB each, six hold next to
# nothing), takes the pool file --jobs=auto writes, and ninja honours it:
# its own .ninja_log shows the two heavy edges never at once under the -j
# the file names, while the light ones run beside them; the same build
# without the pool runs the two heavy edges at once (the check can fail).
# --pool-file=env gives MAX_JOBS, the -j without a pool; a file that
# cannot be written, or an answer with no -j, leaves the old file as it was.
. "${srcdir:-.}/tests/lib/lib.sh"

NINJA=${NINJA:-ninja}
command -v "$NINJA" >/dev/null || { echo "ninja not found: skipped"; exit 77; }
HOLD=${HOLD_TREE:-$(pwd)/tests/lib/hold_tree}
[ -x "$HOLD" ] || { echo "tests/lib/hold_tree not built: skipped"; exit 77; }

P="$TMP/proj"
LOG="$TMP/record.log"
mkdir -p "$P"

# build.ninja: the heavy edges first, so that any -j above 1 starts them
# together unless a pool holds one back.  $1: what goes first (an include),
# $2: the heavy outputs that take pool = heavy.
project() {
	{
		[ -n "$1" ] && echo "$1"
		echo "rule heavy"
		echo "  command = $REC $HOLD 1 200 300 && touch \$out"
		echo "rule light"
		echo "  command = $REC sleep 0.3 && touch \$out"
		for h in h1 h2; do
			echo "build $h: heavy"
			case " $2 " in *" $h "*) echo "  pool = heavy" ;; esac
		done
		for l in l1 l2 l3 l4 l5 l6; do
			echo "build $l: light"
		done
	} >"$P/build.ninja"
}

# the edges at once, from .ninja_log (start and end in ms, the last run's
# lines: the log is removed before each build): "overlap A B" when the
# edges A and B ran at once, and "most N", the most edges at once.
at_once() {
	awk -F'\t' '/^#/ { next } { s[$4] = $1; e[$4] = $2; n[++k] = $4 }
	END {
		for (i = 1; i <= k; i++) {
			c = 0
			for (j = 1; j <= k; j++)
				if (s[n[j]] <= s[n[i]] && s[n[i]] < e[n[j]])
					c++
			if (c > most) most = c
			for (j = i + 1; j <= k; j++)
				if (s[n[i]] < e[n[j]] && s[n[j]] < e[n[i]])
					print "overlap", n[i], n[j]
		}
		print "most", most
	}' "$P/.ninja_log"
}
heavy_overlap() { at_once | grep -Eq '^overlap (h1 h2|h2 h1)$'; }

# 1. Record the build at -j1.
REC="$SPILLWAY record --log=$LOG --module=\$out --"
project "" ""
(cd "$P" && "$NINJA" -j1 >"$TMP/ninja1.out" 2>&1)
check "the recording build ran" [ $? -eq 0 ]
check "  eight compiles recorded" [ "$(grep -c '^[0-9]' "$LOG")" -eq 8 ]

# 2. The pool file: 300 MiB less 10 % holds one heavy edge and the light
# ones, never both heavy; on 8 cores a pool lets the rest run wide.
expect_status 0 "--jobs=auto --pool-file=ninja, env" "$SPILLWAY" --summary --jobs=auto --mem-host=300MiB --cores=8 \
	--pool-file=ninja:"$P/pool.ninja" --pool-file=env:"$TMP/build.env" "$LOG"
check "  the answer: a pool of the two heavy edges" \
	grep -q '^--jobs=auto: -j[0-9]* with the 2 heaviest in a pool of depth 1 (--pool-file writes it), on 8 cores (--cores) and --mem-host=300 MiB; -j1 without the pool' "$TMP/out"
check "  the file declares pool heavy of depth 1" sh -c "grep -qx 'pool heavy' '$P/pool.ninja' && grep -qx '  depth = 1' '$P/pool.ninja'"
heavy=$(sed -n 's/^# heavy: \(.*\) ([0-9.]* GB)$/\1/p' "$P/pool.ninja" | sort | tr '\n' ' ')
check "  and names h1 and h2 as its edges ($heavy)" [ "$heavy" = "h1 h2 " ]
J=$(sed -n 's/^# Include it from build.ninja (include FILE) and run ninja -j\([0-9]*\)\.$/\1/p' "$P/pool.ninja")
check "  and a -j above 1 (-j$J), as --summary's answer says" sh -c "[ '${J:-0}' -ge 2 ] && grep -q '^--jobs=auto: -j$J with' '$TMP/out'"
check "env: MAX_JOBS=1, the -j without a pool" sh -c ". '$TMP/build.env' && [ \"\$MAX_JOBS\" = 1 ]"

# 3. ninja takes the pool: the heavy edges one at a time, the rest beside.
REC=
project "include pool.ninja" "$heavy"
rm -f "$P"/h? "$P"/l? "$P/.ninja_log"
(cd "$P" && "$NINJA" -j"$J" >"$TMP/ninja2.out" 2>&1)
check "ninja -j$J with the pool file included built" [ $? -eq 0 ]
at_once >"$TMP/once"
cat "$TMP/once" | sed 's/^/# /'
check "  h1 and h2 never ran at once (.ninja_log)" sh -c "! grep -Eq '^overlap (h1 h2|h2 h1)$' '$TMP/once'"
check "  while edges did run at once, no more than -j$J" \
	sh -c "awk '\$1 == \"most\" && \$2 >= 2 && \$2 <= $J { ok = 1 } END { exit !ok }' '$TMP/once'"

# 4. The same -j without the pool: the heavy edges at once.
project "" ""
rm -f "$P"/h? "$P"/l? "$P/.ninja_log"
(cd "$P" && "$NINJA" -j"$J" >"$TMP/ninja3.out" 2>&1)
check "without the pool, ninja -j$J runs h1 and h2 at once" heavy_overlap

# 5. Whole or not at all.
echo "old" >"$TMP/old.ninja"
expect_status 2 "one compile alone over --mem-host: no file" "$SPILLWAY" --summary --jobs=auto --mem-host=100MiB \
	--pool-file=ninja:"$TMP/old.ninja" "$LOG"
check "  says why" grep -q "^spillway: --pool-file: no -j fits: one compile alone is over the memory: no file written" "$TMP/err"
check "  the old file stays" [ "$(cat "$TMP/old.ninja")" = old ]
expect_status 2 "a folder that is not there" "$SPILLWAY" --summary --jobs=auto --mem-host=300MiB \
	--pool-file=ninja:"$TMP/no/such/dir/pool.ninja" "$LOG"
check "  names the file" grep -q "^spillway: --pool-file: .*no/such/dir/pool.ninja" "$TMP/err"
expect_status 2 "--pool-file without --jobs=auto" "$SPILLWAY" --summary --pool-file=ninja:"$TMP/x.ninja" "$LOG"
expect_status 2 "a format it does not know" "$SPILLWAY" --summary --jobs=auto --pool-file=make:"$TMP/x" "$LOG"
check "  names the formats" grep -q "FORMAT ninja, cmake or env" "$TMP/err"
finish
