#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser's keys at 80x24: q closes a view other than the first (as
# in tig) and quits in the first, Q quits from anywhere; Ctrl-C exits 130
# (128 + SIGINT), not 1, the status of a violation; q during the scan
# quits at once; the help fits 80 columns and lists the tabs shown.
. "${srcdir:-.}/tests/lib/lib.sh"
. "${srcdir:-.}/tests/lib/tui-lib.sh"

TUI_COLS=80 TUI_ROWS=24
export TUI_COLS TUI_ROWS
FIX="$srcdir/tests/lib/fixtures/tui"
ARGS="$FIX/liblt_a.o $FIX/liblt_b.o"

start -- $ARGS
check "the table opens" wait_for "kernels  sort:"
keys 2
check "2 opens the Libraries view" wait_for "2 libraries"
keys q
check "q in the second view goes back to the first" wait_for "kernels  sort:"
check "... and does not quit" sh -c "! grep -q 'spillway exited' '$TMP/screen'"
keys 3
check "3 opens the Size view" wait_gone "kernels  sort:"
keys Q
check "Q quits from the second view" wait_for "spillway exited 0"

start -- $ARGS
check "the table opens again" wait_for "kernels  sort:"
keys Enter
check "Enter opens the detail" wait_for "> Detail"
keys q
check "q closes the detail" wait_gone "> Detail"
keys q
check "q in the first view quits" wait_for "spillway exited 0"

# The help: cut at no line, and its list of views the top line's.
start -- $ARGS
check "the table opens for the help" wait_for "kernels  sort:"
keys '?'
check "? opens the help" wait_for "spillway: keys"
check "a long help line wraps rather than being cut" grep -q "^ *Esc goes back" "$TMP/screen"
keys G
check "the help lists the views of the top line" wait_for "1 Kernels, 2 Libraries, 3 Size"
check "... and no view the top line lacks" sh -c "! grep -q 'build, check' '$TMP/screen'"
keys Q

# Settings: the sort and the arch chosen are there at the next start;
# a damaged file is ignored with a notice and left as it is.
CONF="$TMP/conf/spillway/browser.conf"
start SPILLWAY_CONFIG="$CONF" -- $ARGS
check "settings: the table opens" wait_for "sort: STACK all arches desc"
keys s a
check "settings: s and a change the sort and the arch" wait_for "sort: LOCAL sm_80 desc  arch: sm_80"
keys Q
check "settings: quit" wait_for "spillway exited 0"
check "settings: the file is written, folder and all" grep -q "^sort=local" "$CONF"
check "settings: ... with the arch" grep -q "^arch=sm_80" "$CONF"
start SPILLWAY_CONFIG="$CONF" -- $ARGS
check "settings: the next start sorts and shows as the last ended" wait_for "sort: LOCAL sm_80 desc  arch: sm_80"
keys Q
wait_for "spillway exited 0" >/dev/null	# its settings written
printf 'not a setting\n\001\002\n' >"$CONF"
cp "$CONF" "$TMP/damaged"
start SPILLWAY_CONFIG="$CONF" -- $ARGS
check "settings: a damaged file is said" wait_for "settings ignored: a line not key=value"
keys j	# the notice shows once, in place of the status line
check "settings: ... and the table opens as by default" wait_for "sort: STACK all arches desc"
keys Q
check "settings: ... no crash" wait_for "spillway exited 0"
check "settings: ... and the file is left as it was" cmp -s "$CONF" "$TMP/damaged"
head -c 100000 /dev/zero | tr '\0' 'x' >"$CONF"
start SPILLWAY_CONFIG="$CONF" -- $ARGS
check "settings: a file too large is ignored" wait_for "settings ignored: not a file spillway wrote"
keys Q
start SPILLWAY_CONFIG=/dev/null -- $ARGS
check "settings: SPILLWAY_CONFIG=/dev/null reads none" wait_for "sort: STACK all arches desc"
keys Q

# Ctrl-C: 130.  The pane's shell catches SIGINT for itself (trap), so
# that it lives to say the status; spillway gets SIGINT's default.
start -- $ARGS
tm kill-server 2>/dev/null
nsession=$((nsession + 1))
SOCK="$TMP/tmux.$nsession"
tm new-session -d -x 80 -y 24 -s spw \
    "trap : INT; env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$SPILLWAY' $ARGS; echo spillway exited \$?; sleep 600"
check "the table opens for Ctrl-C" wait_for "kernels  sort:"
keys C-c
check "Ctrl-C exits 130" wait_for "spillway exited 130"

# q during the scan: many copies of an object, so that the scan lasts.
mkdir "$TMP/many"
i=0
while [ $i -lt 800 ]; do
	cp "$FIX/instances.o" "$TMP/many/k$i.o"
	i=$((i + 1))
done
start -- --threads=1 "$TMP/many"
if wait_for "scanning:" && ! grep -q "kernels  sort:" "$TMP/screen"; then
	keys q
	check "q during the scan quits at once" wait_for "spillway exited 0"
	check "... and says so" grep -q "quit during the scan" "$TMP/screen"
else
	echo "# the scan ended before it could be interrupted: not checked"
	keys Q
fi

finish
