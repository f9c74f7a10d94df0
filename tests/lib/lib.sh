# SPDX-License-Identifier: MIT
# Helpers shared by the end-to-end tests.  Each test sources this file.
# $SPILLWAY is the built binary and $srcdir the source tree (set by make check).
set -u
: "${SPILLWAY:=$(pwd)/spillway}"
: "${srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
CORPUS="$srcdir/tests/corpus"
BUILD="$CORPUS/build"
GOLDEN="$CORPUS/golden"
# The browser reads and writes no settings file of the user's (a test that
# wants one names it).
SPILLWAY_CONFIG=/dev/null
export SPILLWAY_CONFIG
TMP=$(mktemp -d "${TMPDIR:-/tmp}/spillway-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0

pass() { passed=$((passed + 1)); echo "ok - $*"; }
fail() { failed=$((failed + 1)); echo "not ok - $*"; }

# check DESCRIPTION COMMAND...: passes when the command exits 0.
check() {
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# expect_status WANT DESCRIPTION COMMAND...: the command must exit WANT.
expect_status() {
	local want=$1 what=$2 got
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" -eq "$want" ]; then
		pass "$what (exit $got)"
	else
		fail "$what: exit $got, expected $want"
		sed 's/^/    /' "$TMP/err" | head -5
	fi
}

# finish: prints the closing line and exits 1 on any failure.
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
	exit $?
}

# The bounds every input is held to (issue 20): an end within
# BOUND_SECONDS under BOUND_KB of peak RSS, by an exit status, never by a
# signal or a hang.  Under ASan the sanitizer's shadow memory and its pace
# make both meaningless, so there only the exit status is checked.
BOUND_SECONDS=${BOUND_SECONDS:-10}
BOUND_KB=${BOUND_KB:-262144}
if ldd "$SPILLWAY" 2>/dev/null | grep -q libasan; then
	SANITIZED=1
	BOUND_SECONDS=120
	HANG_SECONDS=${HANG_SECONDS:-240}
	BOUND_KB=0
else
	SANITIZED=0
fi

# list_upto NAME: the --list CSV on stdin without the columns after NAME
# (the numbers later columns append: max_block, ...), so that a check
# anchored at the end of a row holds whatever is appended after it.
list_upto() {
	awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) drop = NF - i }
		{ s = $0; for (k = 0; k < drop; k++) sub(/,[^,]*$/, "", s); print s }'
}

# upto_visibility FILE...: each --list CSV cut after visibility, in place.
upto_visibility() {
	for f; do list_upto visibility <"$f" >"$f.upto" && mv "$f.upto" "$f"; done
}

# bounded WANT DESCRIPTION COMMAND...: the command must exit with one of
# the statuses WANT ("2", "0|2") within the bounds above.  Its output is in
# $TMP/out and $TMP/err, its peak RSS (KiB) in $bounded_kb and its time (s)
# in $bounded_s.  The time is CPU time, as cpu_bounded's (issue 36: a
# wall-clock bound failed on a loaded machine).
bounded() { cpu_bounded "$@"; }

# cpu_bounded WANT DESCRIPTION COMMAND...: as bounded, but its time is CPU
# time (user + system of the command and what it waited for), which a
# loaded machine does not stretch; the wall clock only stops a hang, at
# HANG_SECONDS (60, or twice BOUND_SECONDS under ASan).  Its time (s) is
# in $bounded_s.
cpu_bounded() {
	local want=$1 what=$2 got
	shift 2
	/usr/bin/time -o "$TMP/time" -f "%x %M %U %S" \
		timeout -s KILL "${HANG_SECONDS:-60}" "$@" >"$TMP/out" 2>"$TMP/err"
	set -- $(tail -n 1 "$TMP/time")
	got=$1 bounded_kb=$2
	bounded_s=$(awk -v u="$3" -v s="$4" 'BEGIN { printf "%.2f", u + s }')
	if grep -q "^Command terminated by signal" "$TMP/time"; then
		got=$(sed -n 's/^Command terminated by signal \([0-9]*\).*/signal \1/p' "$TMP/time" | head -n 1)
	fi
	if ! echo "|$want|" | grep -q "|$got|"; then
		fail "$what: exit $got, expected $want (${bounded_kb} KiB, ${bounded_s} s CPU)"
		sed 's/^/    /' "$TMP/err" | head -5
	elif [ "$BOUND_KB" -gt 0 ] && [ "$bounded_kb" -gt "$BOUND_KB" ]; then
		fail "$what: peak RSS ${bounded_kb} KiB, bound ${BOUND_KB} KiB"
	elif awk -v c="$bounded_s" -v b="$BOUND_SECONDS" 'BEGIN { exit !(c > b) }'; then
		fail "$what: ${bounded_s} s of CPU, bound ${BOUND_SECONDS} s"
	else
		pass "$what (exit $got, ${bounded_kb} KiB, ${bounded_s} s CPU)"
	fi
}
