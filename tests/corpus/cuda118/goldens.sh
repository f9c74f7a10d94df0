#!/bin/sh
# SPDX-License-Identifier: MIT
# goldens.sh: cuobjdump 11.8 --dump-resource-usage of every artifact in
# build/ into golden/ARTIFACT.resource-usage.txt (stdout, byte for byte),
# golden/ARTIFACT.resource-usage.stderr.txt (only when not empty),
# golden/exit_codes.tsv (artifact, exit status, stdout and stderr bytes)
# and golden/cuobjdump-version.txt.
#
# cuobjdump: $CUOBJDUMP118 if set, else the one ./toolchain.sh lays out
# beside nvcc 11.8.  It runs in $GOLDENS_RUNDIR (default the staging folder
# of build.sh) with the bare file name as its argument, since it prints
# the absolute path of a static library in its member lines.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
RUNDIR=${GOLDENS_RUNDIR:-/tmp/spillway-cuda118-corpus/corpus/build}
if [ -z "${CUOBJDUMP118:-}" ]; then
	CUOBJDUMP118=$(dirname "$(sh "$HERE/toolchain.sh")")/cuobjdump
fi
"$CUOBJDUMP118" --version | grep -q 'release 11\.8,' ||
	{ echo "goldens.sh: $CUOBJDUMP118 is not cuobjdump 11.8" >&2; exit 2; }

mkdir -p "$RUNDIR" "$HERE/golden"
"$CUOBJDUMP118" --version >"$HERE/golden/cuobjdump-version.txt"
printf 'artifact\texit\tstdout_bytes\tstderr_bytes\n' >"$HERE/golden/exit_codes.tsv"
for f in $(sh "$HERE/build.sh" --list); do
	cp "$HERE/build/$f" "$RUNDIR/$f"
	out="$HERE/golden/$f.resource-usage.txt"
	err="$HERE/golden/$f.resource-usage.stderr.txt"
	rc=0
	(cd "$RUNDIR" && "$CUOBJDUMP118" --dump-resource-usage "$f") >"$out" 2>"$err" || rc=$?
	[ -s "$err" ] || rm -f "$err"
	printf '%s\t%s\t%s\t%s\n' "$f" "$rc" "$(wc -c <"$out")" "$(cat "$err" 2>/dev/null | wc -c)" \
		>>"$HERE/golden/exit_codes.tsv"
	echo "$f: exit $rc, $(grep -c '^ *Function ' "$out") functions" >&2
done
