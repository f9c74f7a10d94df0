#!/bin/sh
# SPDX-License-Identifier: MIT
# Replays every fuzz seed (fuzz/corpus/<target>) and every regression input
# found by fuzzing (tests/attacks/fuzz-regress/<target>) through the fuzz targets,
# linked without libFuzzer (fuzz/replay.c).  A crash or sanitizer error fails.
. "${srcdir:-.}/tests/lib/lib.sh"

bindir=$(dirname "$SPILLWAY")/fuzz
for t in scan fatbin cubin demangle listcsv logs allow amdgpu package ctrace; do
	dirs="$srcdir/fuzz/corpus/$t"
	[ -d "$srcdir/tests/attacks/fuzz-regress/$t" ] && dirs="$dirs $srcdir/tests/attacks/fuzz-regress/$t"
	# shellcheck disable=SC2086
	check "fuzz target $t replays its seeds and regression inputs" "$bindir/replay-$t" $dirs
done
finish
