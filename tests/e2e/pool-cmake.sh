#!/bin/sh
# SPDX-License-Identifier: MIT
# --pool-file=cmake (issue 41): a CMake project of our own (two object
# libraries: heavy_objs, whose compiles hold 200 MiB each, and light_objs)
# is built once under spillway record as its compiler launcher; the file
# --jobs=auto writes, included after the targets, puts heavy_objs's
# compiles and only those in CMake's pool heavy of depth 1, as the
# build.ninja CMake generates says; and ninja honours it: its .ninja_log
# shows the heavy compiles one at a time under the -j the file names.
. "${srcdir:-.}/tests/lib/lib.sh"

CMAKE=${CMAKE:-cmake}
NINJA=${NINJA:-ninja}
command -v "$CMAKE" >/dev/null || { echo "cmake not found: skipped"; exit 77; }
command -v "$NINJA" >/dev/null || { echo "ninja not found: skipped"; exit 77; }
command -v cc >/dev/null || { echo "no C compiler: skipped"; exit 77; }
HOLD=${HOLD_TREE:-$(pwd)/tests/lib/hold_tree}
[ -x "$HOLD" ] || { echo "tests/lib/hold_tree not built: skipped"; exit 77; }

P="$TMP/proj"
B="$TMP/build"
LOG="$TMP/record.log"
mkdir -p "$P"
for s in h1 h2; do echo "int $s(void) { return 1; }" >"$P/$s.c"; done
for s in l1 l2 l3 l4 l5 l6; do echo "int $s(void) { return 2; }" >"$P/$s.c"; done
cat >"$P/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.16)
project(pools C)
add_library(heavy_objs OBJECT h1.c h2.c)
add_library(light_objs OBJECT l1.c l2.c l3.c l4.c l5.c l6.c)
EOF
# The launcher: a heavy_objs compile holds 200 MiB for 300 ms, a light one
# sleeps as long, then each compiles.
cat >"$P/launch.sh" <<EOF
case "\$*" in
*heavy_objs.dir*) "$HOLD" 1 200 300 || exit 1 ;;
*) sleep 0.3 ;;
esac
exec "\$@"
EOF

configure() {
	"$CMAKE" -S "$P" -B "$B" -G Ninja -DCMAKE_MAKE_PROGRAM="$(command -v "$NINJA")" \
	    "-DCMAKE_C_COMPILER_LAUNCHER=$SPILLWAY;record;--log=$LOG;--;sh;$P/launch.sh" >"$TMP/cmake.out" 2>&1
}
pooled() { grep -c '^  pool = heavy$' "$B/build.ninja"; }

# 1. Record the build at -j1.
configure
check "cmake -G Ninja configured" [ $? -eq 0 ]
check "  no compile in a pool yet" [ "$(pooled)" -eq 0 ]
"$NINJA" -C "$B" -j1 >"$TMP/ninja1.out" 2>&1
check "the recording build ran" [ $? -eq 0 ]
check "  eight compiles recorded, named by their objects" \
	[ "$(grep -c '	CMakeFiles/[a-z_]*\.dir/[a-z0-9]*\.c\.o	' "$LOG")" -eq 8 ]

# 2. The pool file.
expect_status 0 "--jobs=auto --pool-file=cmake" "$SPILLWAY" --summary --jobs=auto --mem-host=300MiB --cores=8 \
	--pool-file=cmake:"$P/pools.cmake" "$LOG"
check "  the answer: a pool of the two heavy compiles" \
	grep -q '^--jobs=auto: -j[0-9]* with the 2 heaviest in a pool of depth 1' "$TMP/out"
check "  the file: JOB_POOLS heavy=1" grep -qx 'set_property(GLOBAL APPEND PROPERTY JOB_POOLS heavy=1)' "$P/pools.cmake"
check "  heavy_objs named once, from its objects' paths" \
	[ "$(grep -c '^  set_property(TARGET heavy_objs PROPERTY JOB_POOL_COMPILE heavy)$' "$P/pools.cmake")" -eq 1 ]
check "  light_objs not" sh -c "! grep -q light_objs '$P/pools.cmake'"
J=$(sed -n 's/^# include() it after the targets are defined; build with cmake --build DIR -j\([0-9]*\)$/\1/p' "$P/pools.cmake")
check "  a -j above 1 (-j$J)" [ "${J:-0}" -ge 2 ]

# 3. CMake takes it: the generated build.ninja.
echo 'include(pools.cmake)' >>"$P/CMakeLists.txt"
configure
check "cmake configured with the file included" [ $? -eq 0 ]
check "  CMake declares pool heavy of depth 1" \
	sh -c "grep -A1 -x 'pool heavy' '$B/CMakeFiles/rules.ninja' | grep -qx '  depth = 1'"
edges=$(awk '/^build / { edge = $2 } /^  pool = heavy$/ { print edge }' "$B/build.ninja" | sort | tr '\n' ' ')
check "  on the two heavy_objs compiles and no other ($edges)" \
	[ "$edges" = "CMakeFiles/heavy_objs.dir/h1.c.o: CMakeFiles/heavy_objs.dir/h2.c.o: " ]

# 4. ninja honours it.
"$NINJA" -C "$B" -t clean >/dev/null 2>&1
rm -f "$B/.ninja_log"
"$NINJA" -C "$B" -j"$J" >"$TMP/ninja2.out" 2>&1
check "ninja -j$J built it" [ $? -eq 0 ]
awk -F'\t' '!/^#/ && $4 ~ /heavy_objs/ { print $1, $2, $4 }' "$B/.ninja_log" | sort -n >"$TMP/heavy"
sed 's/^/# /' "$TMP/heavy"
check "  the two heavy compiles ran" [ "$(wc -l <"$TMP/heavy")" -eq 2 ]
check "  one after the other (.ninja_log: the second starts when the first has ended)" \
	sh -c "awk 'NR == 1 { e = \$2 } NR == 2 { exit !(\$1 >= e) }' '$TMP/heavy'"
finish
