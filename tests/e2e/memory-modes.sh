#!/bin/sh
# SPDX-License-Identifier: MIT
# Every mode on a cubin of 50,000 kernels (tests/attacks/repro3/gen), each
# within a bound of peak RSS: --list and its kinds, --summary,
# --update-allow, --check with that table, --report in each format, and
# the browser walked through its tabs.  spillway promises 256 MiB on any
# input; here every mode took 42-57 MiB, so a bound of 96 MiB fails a
# mode that starts to hold its rows twice over (bench/mem-modes.sh gives
# the figures at 100,000 and 500,000 kernels).
. "${srcdir:-.}/tests/lib/lib.sh"

command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
cd "$TMP" || exit 1
KERNELS=50000
MODE_KB=98304
python3 "$srcdir/tests/attacks/repro3/gen/gen.py" kernels k.cubin $KERNELS || exit 99

# under_kb DESCRIPTION: the last cpu_bounded run peaked under MODE_KB.
under_kb() {
	if [ "$SANITIZED" = 1 ]; then
		pass "$1 (not measured under ASan)"
	elif [ "$bounded_kb" -lt "$MODE_KB" ]; then
		pass "$1 (${bounded_kb} KiB)"
	else
		fail "$1: peak RSS ${bounded_kb} KiB, bound $MODE_KB KiB"
	fi
}

"$SPILLWAY" --update-allow --allow=allow.csv k.cubin >/dev/null 2>&1
for mode in --list --list=images --list=sizes --summary "--update-allow --allow=allow2.csv" \
    "--check --allow=allow.csv" --report --report=csv "--report=html -o r.html" --report=json; do
	# shellcheck disable=SC2086 # a mode and its arguments, split
	cpu_bounded 0 "$mode: $KERNELS kernels" "$SPILLWAY" $mode k.cubin
	under_kb "$mode: $KERNELS kernels, peak RSS"
done
check "--report=html: a page of a few MB ($(stat -c %s r.html) bytes)" [ "$(stat -c %s r.html)" -lt 4000000 ]

# Four such images on four workers: the cubins parsed at once stay within
# the parse budget (PARSE_BUDGET, src/readers/scan_int.h), where all four
# parsed together peaked at 148 MiB (111 MiB since).
mkdir four && for i in 1 2 3 4; do cp k.cubin four/k$i.cubin; done
cpu_bounded 0 "--list: 4 images of $KERNELS kernels on 4 workers" "$SPILLWAY" -T 4 --list four
one_kb=$MODE_KB
MODE_KB=131072
under_kb "--list: 4 images of $KERNELS kernels on 4 workers, peak RSS"
MODE_KB=$one_kb

# The browser: started under time(1), every tab shown, then q.
TUI_OPTIONAL=1
. "$srcdir/tests/lib/tui-lib.sh"
if [ -n "$TUI_MISSING" ]; then
	echo "ok - the browser: no tmux, skipped"
	finish
fi
REAL=$SPILLWAY
cat >timed <<EOF
#!/bin/sh
exec /usr/bin/time -o "$TMP/tui.time" -f "%M %U %S" "$REAL" "\$@"
EOF
chmod +x timed
SPILLWAY=$TMP/timed
start -- --tui "$TMP/k.cubin"
check "the browser: its first view" wait_for "2 Size"
for tab in 1 2 3 4 5 6; do keys Tab; sleep 0.3; done
keys q
check "the browser: q quits" wait_for "spillway exited 0"
set -- $(tail -n 1 tui.time)
bounded_kb=$1
under_kb "the browser: $KERNELS kernels, peak RSS"
finish
