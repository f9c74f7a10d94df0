#!/bin/sh
# SPDX-License-Identifier: MIT
# Scan everything: spillway --list over every ELF file under /usr/lib and
# the CUDA toolkit's lib64 (or $SCAN_EVERYTHING_ROOTS), in chunks of 400
# named files, each chunk once with -T 1 and once with -T 2.  Asserts:
# exit status 0 or 2 only (never a signal), every message names a file and
# says something, and the same output at both worker counts.
# Not in make check (minutes on a machine with CUDA installed): run it with
#   make scan-everything        or        SPILLWAY=./spillway sh tests/e2e/scan-everything.sh
# $SCAN_EVERYTHING_LIMIT (seconds, default 0 = none) stops starting new
# chunks after that long; what was scanned is still checked and reported.
. "${srcdir:-.}/tests/lib/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
roots=${SCAN_EVERYTHING_ROOTS:-"/usr/lib /usr/local/cuda/lib64"}
limit=${SCAN_EVERYTHING_LIMIT:-0}

# Regular files (no symbolic links: a library and its versioned links are
# one file) that start with the ELF magic, in name order.
python3 - $roots >"$TMP/elves" <<'PY'
import os, sys
out = []
for root in sys.argv[1:]:
    if not os.path.isdir(root):
        continue
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in files:
            p = os.path.join(d, f)
            if "\n" in p or not os.path.isfile(p) or os.path.islink(p):
                continue
            try:
                with open(p, "rb") as fh:
                    if fh.read(4) == b"\x7fELF":
                        out.append(p)
            except OSError:
                out.append(p)	# unreadable: spillway must say so
print("\n".join(sorted(out)))
PY
total=$(grep -c . "$TMP/elves")
echo "# $total ELF files under $roots"
[ "$total" -gt 0 ] || { echo "no ELF file found: skipped"; exit 77; }
split -l 400 "$TMP/elves" "$TMP/chunk."

start=$(date +%s)
chunks=0 files=0 signals=0 badstatus=0 t1=0 t2=0
: >"$TMP/out1"; : >"$TMP/out2"; : >"$TMP/err1"
for c in "$TMP"/chunk.*; do
	if [ "$limit" -gt 0 ] && [ $(($(date +%s) - start)) -ge "$limit" ]; then
		echo "# time limit of $limit s reached: $files of $total files scanned"
		break
	fi
	chunks=$((chunks + 1))
	files=$((files + $(grep -c . "$c")))
	for T in 1 2; do
		s0=$(date +%s)
		(IFS='
'; set -f; exec "$SPILLWAY" --list -T "$T" $(cat "$c")) >"$TMP/o" 2>"$TMP/e"
		rc=$?
		[ "$T" -eq 1 ] && t1=$((t1 + $(date +%s) - s0)) || t2=$((t2 + $(date +%s) - s0))
		if [ "$rc" -ge 128 ]; then
			signals=$((signals + 1))
			echo "    -T $T: signal $((rc - 128)) on chunk ${c##*.} (first file $(head -1 "$c"))"
		elif [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
			badstatus=$((badstatus + 1))
			echo "    -T $T: exit $rc on chunk ${c##*.}"
		fi
		cat "$TMP/o" >>"$TMP/out$T"
		# A chunk with no device code says so: that is no message about a file.
		[ "$T" -eq 1 ] && grep -v '^spillway: no device code under ' "$TMP/e" >>"$TMP/err1"
	done
done
rows=$(grep -vc '^library,member,' "$TMP/out1")
msgfiles=$(sed -n 's/^spillway: \([^:(]*\)[(:].*/\1/p' "$TMP/err1" | sort -u | grep -c .)
echo "# $files files in $chunks chunks: $rows rows, $(grep -c . "$TMP/err1") messages about $msgfiles files"
echo "# time: -T 1 ${t1} s, -T 2 ${t2} s, in all $(($(date +%s) - start)) s"
sed 's/^/    /' "$TMP/err1" | head -20
check "no run ended by a signal ($signals did)" [ "$signals" -eq 0 ]
check "every exit status is 0 or 2 ($badstatus were not)" [ "$badstatus" -eq 0 ]
check "every message names a scanned file and says what is wrong" \
	sh -c "! grep -v '^spillway: /[^:]*: .' '$TMP/err1' | grep -q ."
check "-T 1 and -T 2 give the same rows" cmp -s "$TMP/out1" "$TMP/out2"
finish
