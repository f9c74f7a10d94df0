# SPDX-License-Identifier: MIT
# The browser in tmux, for the tui*.sh tests (sourced after tests/lib/lib.sh):
# keys in with send-keys, the screen out with capture-pane.  Every wait
# polls the screen until what is expected shows up, so a test is as fast
# as the program and tolerant of a loaded machine.
# A test that has checks of its own beside the browser's sets TUI_OPTIONAL:
# without tmux it then goes on with TUI_MISSING set, instead of skipping.
TMUX_BIN=${TMUX_BIN:-$(command -v tmux)}
TUI_MISSING=
if [ -z "$TMUX_BIN" ] || [ ! -x "$TMUX_BIN" ]; then
	[ -n "${TUI_OPTIONAL:-}" ] || { echo "tmux missing: skipped"; exit 77; }
	TUI_MISSING=1
	return 0
fi
unset TMUX TMUX_PANE
# Each session gets its own server (socket), so that one shutting down
# never races the next one starting.
nsession=0
SOCK="$TMP/tmux.0"
trap 'for s in "$TMP"/tmux.*; do "$TMUX_BIN" -S "$s" kill-server 2>/dev/null; done; rm -rf "$TMP"' EXIT
tm() { "$TMUX_BIN" -S "$SOCK" -f /dev/null "$@"; }
TIMEOUT=${TUI_TIMEOUT:-15}

# start ENV... -- ARGS...: spillway in a fresh session named spw, of
# TUI_COLS x TUI_ROWS (160x40 unless set), reading no settings file
# unless ENV names one (SPILLWAY_CONFIG=...).
start() {
	tm kill-server 2>/dev/null
	nsession=$((nsession + 1))
	SOCK="$TMP/tmux.$nsession"
	# Never the user's settings (settings.h): a test names its own.
	env="SPILLWAY_CONFIG=/dev/null"
	while [ "$1" != "--" ]; do env="$env $1"; shift; done
	shift
	tm new-session -d -x "${TUI_COLS:-160}" -y "${TUI_ROWS:-40}" -s spw \
	    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 $env '$SPILLWAY' $*; echo spillway exited \$?; sleep 600"
}
screen() { tm capture-pane -p -t spw; }
keys() { tm send-keys -t spw "$@"; }
type_text() { tm send-keys -t spw -l "$1"; }

# wait_for TEXT: polls until the screen holds TEXT; 1 after the timeout.
wait_for() {
	i=0
	while [ $i -lt $((TIMEOUT * 20)) ]; do
		screen >"$TMP/screen"
		grep -qF -- "$1" "$TMP/screen" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	echo "    timed out waiting for '$1'; the screen was:"
	sed 's/^/    | /' "$TMP/screen"
	return 1
}
# wait_gone TEXT: polls until the screen no longer holds TEXT.
wait_gone() {
	i=0
	while [ $i -lt $((TIMEOUT * 20)) ]; do
		screen >"$TMP/screen"
		grep -qF -- "$1" "$TMP/screen" || return 0
		sleep 0.05
		i=$((i + 1))
	done
	echo "    timed out waiting for '$1' to go"
	return 1
}
