#!/bin/sh
# SPDX-License-Identifier: MIT
# The browser's Size view (issue 26), ncdu's way, at 80x24 and 100x30: a
# tab of its own; libraries by their images' stored bytes, the largest
# showing its arches at first; Enter or Right expands the row lit (an arch
# into its kernels by code bytes, a kernel into its instantiations), Left
# collapses it, or goes to the row above; each row with a bar and its
# share.  The figures are --list=images' and --list's.
. "${srcdir:-.}/tests/lib/lib.sh"
. "$srcdir/tests/lib/tui-lib.sh"

APP="$BUILD/app"
kib() { awk -v b="$1" 'BEGIN { printf "%.3f", b / 1024 }' | sed 's/0*$//; s/\.$//'; }
stored=$("$SPILLWAY" --list=images "$APP" | awk -F, '$4 == "sm_90" && $3 == "sass" { s += $6 } END { print s }')
# --list's sm_90 code_bytes per kernel ("bytes kernel"), and the
# instantiations of the one kernel with two.
"$SPILLWAY" --list "$APP" | python3 -c '
import csv, sys
k, i = {}, {}
for r in csv.DictReader(sys.stdin):
    if r["sm"] == "sm_90":
        k[r["collapsed"]] = k.get(r["collapsed"], 0) + int(r["code_bytes"])
        i.setdefault(r["collapsed"], []).append(int(r["code_bytes"]))
for n, v in sorted(k.items(), key=lambda x: (-x[1], x[0])):
    print(v, len(i[n]), n)' >"$TMP/kernels" || { echo "python3 missing: skipped"; exit 77; }
top=$(head -1 "$TMP/kernels")
two=$(awk '$2 == 2 { $2 = ""; print; exit }' "$TMP/kernels")
two_bytes=${two%% *} two_name=${two#*  }
ESC=$(printf '\033')
# lit: the row in reverse video.
lit() { tm capture-pane -e -p -t spw | grep "${ESC}\[[0-9;]*7m" | sed "s/${ESC}\[[0-9;]*m//g"; }

for size in 80x24 100x30; do
	TUI_COLS=${size%x*} TUI_ROWS=${size#*x}
	export TUI_COLS TUI_ROWS
	start -- --tui "$APP"
	check "$size: the Size view is a tab" wait_for "2 Size"
	keys Tab
	check "$size: it opens on where the bytes go" wait_for "Where the bytes go"
	# (a long path loses its middle at 80 columns: its end stays)
	check "$size: the library first, open, with its bar" \
		grep -qE "^▾ .*app +[0-9.]+ KiB \\[#+\\.*\\] +100\\.0%" "$TMP/screen"
	line=$(grep -m1 '^  [▸▾] sm_' "$TMP/screen")
	check "$size: the largest arch first: sm_90 SASS ($line)" sh -c "echo '$line' | grep -q '^  ▸ sm_90 SASS (5 images) '"
	check "$size: its bytes are --list=images' $stored ($(kib "$stored") KiB)" \
		sh -c "echo '$line' | grep -qF ' $(kib "$stored") KiB '"
	check "$size: its kernels not shown yet" sh -c "! grep -q '^      ' '$TMP/screen'"
	lit_is() { lit | grep -qF -- "$1"; }
	check "$size: the library lit" lit_is "build/app "
	keys Down Enter
	check "$size: Enter expands the arch" wait_for "  ▾ sm_90 SASS"
	kline=$(grep -m1 '^      ' "$TMP/screen")
	check "$size: its largest kernel first, by code bytes ($kline)" \
		sh -c "echo '$kline' | grep -qF '${top#* * }' && echo '$kline' | grep -qF ' $(kib "${top%% *}") KiB '"
	# Down to the kernel of two instantiations, Right expands it.
	at=$(grep -n '^  ▾ sm_90' "$TMP/screen" | cut -d: -f1)
	k=$(grep -n -F "[2]" "$TMP/screen" | head -1 | cut -d: -f1)
	i=$at
	while [ "$i" -lt "$k" ]; do keys Down; i=$((i + 1)); done
	keys Right
	check "$size: Right expands a kernel" wait_for "    ▾ "
	check "$size: ... its two instantiations under it, $((two_bytes / 2)) bytes each" \
		[ "$(grep -c "^        .* $(kib $((two_bytes / 2))) KiB .*50\\.0%" "$TMP/screen")" -eq 2 ]
	check "$size: ... the kernel's bytes are their sum ($two_bytes)" \
		grep -qE "^    ▾ .*\\[2\\] +$(kib "$two_bytes") KiB" "$TMP/screen"
	keys Left
	check "$size: Left collapses it" wait_gone "    ▾ "
	check "$size: the kernel lit" lit_is "[2]"
	keys Left
	i=0	# the lit row moves to the arch: poll for it
	while [ $i -lt $((TIMEOUT * 20)) ] && ! lit_is "sm_90 SASS"; do sleep 0.05; i=$((i + 1)); done
	check "$size: Left on a closed row goes to the row above it" lit_is "sm_90 SASS"
	keys Left
	check "$size: ... and Left again closes the arch" wait_for "  ▸ sm_90 SASS"
	check "$size: ... its kernels gone" sh -c "! grep -q '^      ' '$TMP/screen'"
done
finish
