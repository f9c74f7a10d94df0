#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/tui-bench.sh PATH...: the browser's per-key cost on PATH (files,
# trees or --list CSVs), from bench/tui-keys.c linked against the built
# tree (run from the top of a built checkout).  A benchmark, not a test:
# it prints figures (bench/README.md keeps them) and asserts nothing.
set -eu
[ -f src/libspillway.a ] || { echo "build spillway first (make)"; exit 2; }
libs=$(sed -n 's/^SPW_LIBS = //p' Makefile | head -1)
# SPW_LIBS continues on the next lines: take the variables make expands.
libs=$(make -s -f Makefile -f - print-spw-libs <<'MK'
print-spw-libs:
	@echo $(SPW_LIBS)
MK
)
out=${TMPDIR:-/tmp}/tui-keys.$$
${CC:-cc} -O2 -I. -Isrc/util -Isrc/model -Isrc/logs -Isrc/readers -Isrc/judge -Ireports -Iui \
	-o "$out" bench/tui-keys.c $libs -lpthread -lm
"$out" "$@"
rm -f "$out"
