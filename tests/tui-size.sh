#!/bin/sh
# The browser's Size view (issue 26): a tab of its own, libraries by their
# images' stored bytes, each arch under its library, largest first, each
# SASS arch's kernels by code bytes, with a bar; the figures are
# --list=images' and --list's.
. "${srcdir:-.}/tests/lib.sh"
. "$srcdir/tests/tui-lib.sh"

APP="$BUILD/app"
stored=$("$SPILLWAY" --list=images "$APP" | awk -F, '$4 == "sm_90" && $3 == "sass" { s += $6 } END { print s }')
code=$("$SPILLWAY" --list "$APP" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "code_bytes") k = NF - i; next }
	$3 == "sm_90" && $5 ~ /call_chain_kernel/ { s += $(NF - k) } END { print s }')
start -- --tui "$APP"
check "the Size view is a tab" wait_for "2 Size"
keys Tab
check "it opens on where the bytes go" wait_for "Where the bytes go"
check "the library first, with its bar" grep -qE "^$APP +[0-9.]+ KiB \\[#+\\.*\\] +[0-9.]+%" "$TMP/screen"
line=$(grep -m1 '^  sm_' "$TMP/screen")
check "the largest arch first: sm_90 SASS ($line)" sh -c "echo '$line' | grep -q '^  sm_90 SASS (5 images)'"
kib=$(awk -v b="$stored" 'BEGIN { printf "%.3f", b / 1024 }' | sed 's/0*$//; s/\.$//')
check "its bytes are --list=images' $stored ($kib KiB)" sh -c "echo '$line' | grep -qF ' $kib KiB '"
kline=$(grep -m1 '^    ' "$TMP/screen")
ck=$(awk -v b="$code" 'BEGIN { printf "%.3f", b / 1024 }' | sed 's/0*$//; s/\.$//')
check "its largest kernel first, by code bytes ($kline)" \
	sh -c "echo '$kline' | grep -q 'stackdemo::call_chain_kernel' && echo '$kline' | grep -qF ' $ck KiB '"
finish
