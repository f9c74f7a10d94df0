#!/bin/sh
# SPDX-License-Identifier: MIT
# The CI snippets in data/ci/ really run: the ctest one when cmake is here,
# the automake one when autoreconf is here (skipped, 77, when neither is).
# Each must pass on data/example, fail on a lowered table, and report a
# missing library as skipped.
. "${srcdir:-.}/tests/lib/lib.sh"

EXAMPLE="$srcdir/data/example"
TABLE="$EXAMPLE/spill-allow.csv"
LIBS="$EXAMPLE/libkernels.so $EXAMPLE/spill.o $EXAMPLE/spill_maxrreg32.o $EXAMPLE/stack.o"
ran=0
sed 's/^stackdemo::gather_local_kernel,sm_86,1024,/stackdemo::gather_local_kernel,sm_86,1023,/' "$TABLE" >"$TMP/lowered.csv"

if command -v cmake >/dev/null 2>&1 && command -v ctest >/dev/null 2>&1; then
	ran=1
	# ctest_run NAME TABLE LIBS...: configures data/ci with them and runs ctest.
	ctest_run() {
		local name=$1 table=$2 libs
		shift 2
		libs=$(echo "$@" | tr ' ' ';')
		cmake -S "$srcdir/data/ci" -B "$TMP/$name" -DSPILLWAY="$SPILLWAY" \
			-DSPILLWAY_ALLOW="$table" -DSPILLWAY_LIBS="$libs" >"$TMP/$name.cmake" 2>&1 &&
			ctest --test-dir "$TMP/$name" -V >"$TMP/$name.out" 2>&1
	}
	check "ctest: the gate passes on data/example" ctest_run green "$TABLE" $LIBS
	check "ctest: its log has the summary lines" grep -q "check: 74 entries gated, 16 vendored entries skipped" "$TMP/green.out"
	if ctest_run red "$TMP/lowered.csv" $LIBS; then
		fail "ctest: a lowered allowance fails"
	else
		pass "ctest: a lowered allowance fails (ctest exit non-zero)"
	fi
	check "ctest: the violation is in its output" grep -q "VIOLATION stackdemo::gather_local_kernel(int const\*, float const\*, float\*, int) sm_86: STACK 1024 LOCAL 0 (over its allowance STACK 1023 LOCAL 0)" "$TMP/red.out"
	check "ctest: a missing library is skipped, not passed" ctest_run skip "$TABLE" $LIBS "$TMP/libmissing.so"
	check "ctest: it says skipped" grep -q "Skipped" "$TMP/skip.out"
	grep -F '***Skipped' "$TMP/skip.out" | sed 's/^/    /'
fi

if command -v autoreconf >/dev/null 2>&1; then
	ran=1
	# A project around data/ci/Makefile.am, set up once (autoreconf is slow).
	AM="$TMP/am"
	mkdir -p "$AM"
	cp "$srcdir/data/ci/Makefile.am" "$TABLE" "$AM/"
	cat >"$AM/configure.ac" <<-'EOF'
	AC_INIT([gate], [1])
	AM_INIT_AUTOMAKE([foreign -Wall -Werror])
	AC_CONFIG_FILES([Makefile])
	AC_OUTPUT
	EOF
	# Run outside this make: its MAKEFLAGS and srcdir are not the project's.
	AMENV="env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u srcdir -u SPILLWAY"
	check "automake: the snippet makes a project" sh -c "cd '$AM' && $AMENV autoreconf -fi && $AMENV ./configure -q" >"$TMP/am-setup.out" 2>&1
	# am_run NAME TABLE LIBS...: make check with this table and these libraries.
	am_run() {
		local name=$1 table=$2
		shift 2
		cp "$table" "$AM/spill-allow.csv"
		(cd "$AM" && $AMENV make check SPILLWAY="$SPILLWAY" CUDA_LIBS="$*") >"$TMP/am-$name.out" 2>&1
		local rc=$?
		cp "$AM/spill-allow.log" "$TMP/am-$name.log" 2>/dev/null
		return $rc
	}
	check "automake: the gate passes on data/example" am_run green "$TABLE" $LIBS
	check "automake: spill-allow.log has the summary lines" grep -q "^check: 74 entries gated, 16 vendored entries skipped" "$TMP/am-green.log"
	if am_run red "$TMP/lowered.csv" $LIBS; then
		fail "automake: a lowered allowance fails"
	else
		pass "automake: a lowered allowance fails"
	fi
	check "automake: FAIL: spill-allow.csv" grep -q "^FAIL: spill-allow.csv" "$TMP/am-red.out"
	check "automake: the log names the violation" grep -q "VIOLATION stackdemo::gather_local_kernel.* sm_86: STACK 1024 LOCAL 0 (over its allowance STACK 1023 LOCAL 0)" "$TMP/am-red.log"
	check "automake: a missing library is a SKIP" am_run skip "$TABLE" $LIBS "$TMP/libmissing.so"
	check "automake: SKIP: spill-allow.csv" grep -q "^SKIP: spill-allow.csv" "$TMP/am-skip.out"
fi

if command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' 2>/dev/null; then
	check "the GitHub Actions workflow is YAML with a spillway --check step" python3 -c "
import sys, yaml
w = yaml.safe_load(open('$srcdir/data/ci/github-actions.yml'))
steps = w['jobs']['spill-gate']['steps']
sys.exit(0 if any('spillway --check' in s.get('run', '') for s in steps) else 1)"
fi

[ "$ran" -eq 1 ] || { echo "neither cmake nor autoreconf: skipped"; exit 77; }
finish
