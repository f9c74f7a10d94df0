#!/bin/sh
# SPDX-License-Identifier: MIT
# Build logs named beside a tree (issue 22): a .ninja_log and a record log
# of the same compiles fill the same modules, so the second fills no new
# one; it is still a log read, not "nothing to judge".  --check gives the
# same status with both logs, in either order, as with each alone, and the
# browser's Check view says what --check says.
. "${srcdir:-.}/tests/lib/lib.sh"

TREE="$srcdir/data/example"
ALLOW="$srcdir/data/example/spill-allow.csv"
LOGS="$srcdir/data/logs/ninja-j2"
NINJA="$LOGS/.ninja_log"
RECORD="$LOGS/build-rss.log"

# check_status RULES...: the status and stderr of --check on the tree
# with each log alone and with both, in both orders.
check_status() {
	"$SPILLWAY" --check "$@" "$TREE" "$NINJA" >/dev/null 2>"$TMP/err.n"
	n=$?
	"$SPILLWAY" --check "$@" "$TREE" "$RECORD" >/dev/null 2>"$TMP/err.r"
	r=$?
	"$SPILLWAY" --check "$@" "$TREE" "$NINJA" "$RECORD" >"$TMP/out.nr" 2>"$TMP/err.nr"
	nr=$?
	"$SPILLWAY" --check "$@" "$TREE" "$RECORD" "$NINJA" >"$TMP/out.rn" 2>"$TMP/err.rn"
	rn=$?
}

# All pass: 0 alone, 0 together.
check_status --allow="$ALLOW"
check "--allow: .ninja_log alone passes" [ "$n" -eq 0 ]
check "--allow: the record log alone passes" [ "$r" -eq 0 ]
check "--allow: .ninja_log then record log: the status of each alone ($nr)" [ "$nr" -eq "$n" ]
check "--allow: record log then .ninja_log: the status of each alone ($rn)" [ "$rn" -eq "$r" ]
for f in n r nr rn; do
	check "--allow ($f): nothing is 'nothing to judge'" sh -c '! grep -q "nothing to judge" "$1"' sh "$TMP/err.$f"
done

# A real violation: the record's templates.o peaks at 235740 KiB, over
# 200 MB (195312 KiB); the .ninja_log carries no peak.
check_status --allow="$ALLOW" --mem-budget=200MB
check "--mem-budget: the record log alone fails" [ "$r" -eq 1 ]
check "--mem-budget: both logs fail as the record log alone ($nr)" [ "$nr" -eq 1 ]
check "--mem-budget: in either order ($rn)" [ "$rn" -eq 1 ]
check "--mem-budget: one violation, templates.o" \
	grep -qx "VIOLATION build/templates.o: peak RSS .* (235740 KiB) over --mem-budget=.* (195312 KiB)" "$TMP/out.nr"
check "--mem-budget: only that one" [ "$(grep -c '^VIOLATION' "$TMP/out.nr")" -eq 1 ]
check "--mem-budget: the same findings in either order" cmp -s "$TMP/out.nr" "$TMP/out.rn"
for f in nr rn; do
	check "--mem-budget ($f): nothing is 'nothing to judge'" sh -c '! grep -q "nothing to judge" "$1"' sh "$TMP/err.$f"
done

# A log that fills nothing is still nothing to judge, beside the other.
printf '# build-rss log v1\n' >"$TMP/empty.log"
expect_status 77 "an empty record log beside the tree and the .ninja_log is nothing to judge" \
	"$SPILLWAY" --check --allow="$ALLOW" "$TREE" "$NINJA" "$TMP/empty.log"
check "  ...and it is the empty one that is named" grep -q "empty.log: no SASS entry function" "$TMP/err"
check "  ...not the .ninja_log" sh -c '! grep -q "ninja_log.*nothing to judge" "$1"' sh "$TMP/err"

# The browser on the same input: the Check view's verdict is --check's.
TUI_OPTIONAL=1 . "${srcdir:-.}/tests/lib/tui-lib.sh"
if [ -n "$TUI_MISSING" ]; then
	echo "tmux missing: the Check view is not compared"
	finish
fi
tm new-session -d -x 160 -y 40 -s spw \
    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SPILLWAY' --allow='$ALLOW' --mem-budget=200MB '$TREE' '$NINJA' '$RECORD'; sleep 600"
check "the browser offers the Check view" wait_for "3 Check"
tm send-keys -t spw 3
check "the Check view fails, as --check does" wait_for "FAIL: 1 violation"
check "  ...on templates.o's peak, as --check prints it" \
	wait_for "$(sed 's/^VIOLATION //' "$TMP/out.nr")"
check "  ...and says nothing is nothing to judge, as --check says" \
	sh -c '! grep -q "nothing to judge" "$1"' sh "$TMP/screen"
tm send-keys -t spw Q
finish
