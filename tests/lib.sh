# Helpers shared by the end-to-end tests.  Each test sources this file.
# $SPILLWAY is the built binary and $srcdir the source tree (set by make check).
set -u
: "${SPILLWAY:=$(pwd)/spillway}"
: "${srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
CORPUS="$srcdir/tests/corpus"
BUILD="$CORPUS/build"
GOLDEN="$CORPUS/golden"
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
