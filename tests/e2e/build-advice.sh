#!/bin/sh
# SPDX-License-Identifier: MIT
# --cores and contention in the simulation, --jobs=auto's advice (issue
# 25; issue 41: the answer for this machine first), on the real logs of data/logs (ggml-j1: eight compiles at -j1 on 2
# cores, record v2 with cores) and seed 001 (record v1: no cores, no
# scaling).
. "${srcdir:-.}/tests/lib/lib.sh"

J1="$srcdir/data/logs/ggml-j1/rss.log"
SEED="$srcdir/tests/lib/fixtures/seed001/build-rss.log"

expect_status 0 "-j1 as recorded" "$SPILLWAY" --summary --jobs=1 "$J1"
check "-j1 simulates the recorded -j1 (53.6 s against 53.7 s)" \
	grep -q "make -j1 simulated in the recorded order: 53.6 s (0.9 min); recorded: 53.7 s (0.9 min)" "$TMP/out"
expect_status 0 "-j2 on the 2 cores recorded" "$SPILLWAY" --summary --jobs=2 "$J1"
check "-j2: 32.5 s" grep -q "make -j2 simulated in the recorded order: 32.5 s" "$TMP/out"
expect_status 0 "-j8 on 2 cores" "$SPILLWAY" --summary --jobs=8 "$J1"
check "-j8 shares two cores: no faster than the work allows (31.4 s, not a fourth of -j2)" \
	grep -q "make -j8 simulated in the recorded order: 31.4 s" "$TMP/out"
expect_status 0 "-j2 on --cores=1" "$SPILLWAY" --summary --jobs=2 --cores=1 "$J1"
check "-j2 on one core takes -j1's time" grep -q "make -j2 simulated in the recorded order: 53.6 s" "$TMP/out"
expect_status 0 "seed 001 (no cores recorded): -j2 as before" "$SPILLWAY" --summary --jobs=2 "$SEED"
check "  unscaled: 35.1 min against 35.1 min" \
	grep -q "make -j2 simulated in the recorded order: 2106.0 s (35.1 min); recorded: 2106.0 s (35.1 min)" "$TMP/out"

# No --mem-host, no --cores: this machine's, as /proc/meminfo and nproc
# say them (issue 41: the answer for this machine first).
mem=$(awk '/^MemTotal:/ { printf "%.2f GB", $2 * 1024 / 1e9 }' /proc/meminfo)
cores=$(nproc)
expect_status 0 "--jobs=auto alone: this machine" "$SPILLWAY" --summary --jobs=auto "$J1"
check "  the answer names this machine's $cores cores and $mem, on the line after the build's" \
	sh -c "sed -n 2p '$TMP/out' | grep -q -- '^--jobs=auto: -j[0-9]* on $cores cores\\{0,1\\} (this machine.s) and this machine.s $mem: '"
expect_status 0 "--jobs=auto --mem-host=1GB --cores=2" "$SPILLWAY" --summary --jobs=auto --mem-host=1GB --cores=2 "$J1"
check "the answer leads: -j2 on 2 cores and 1 GB" \
	sh -c "sed -n 2p '$TMP/out' | grep -qx -- '--jobs=auto: -j2 on 2 cores (--cores) and --mem-host=1 GB: 32.5 s simulated against 53.6 s at -j1, 0.78 GB at once at worst'"
check "-j2: 0.78 GB at once fits 0.90 GB; -j3 would not" \
	grep -q "^--jobs=auto: -j2, the largest whose worst case (0.78 GB at once on the simulated schedule) fits --mem-host=1 GB less 10 % (0.90 GB); 32.5 s simulated against 53.6 s at -j1" "$TMP/out"
check "the schedule shown is -j2's" grep -q "make -j2 simulated" "$TMP/out"
expect_status 0 "--jobs=auto --mem-host=16GiB --cores=2" "$SPILLWAY" --summary --jobs=auto --mem-host=16GiB --cores=2 "$J1"
check "all eight fit; on 2 cores -j3 is as fast" \
	grep -q "^--jobs=auto: on 2 cores, -j3 is as fast (31.5 s): more jobs only share the cores" "$TMP/out"
check "  and -j3 is the answer, and no pool: memory is not what holds it" sh -c "grep -q '^--jobs=auto: -j3 on 2 cores' '$TMP/out' && \
	grep -qx 'pool: none needed: the memory allows as many jobs as the cores can use' '$TMP/out'"
check "  the schedule shown is -j3's" grep -q "^schedule: make -j3 simulated" "$TMP/out"

expect_status 0 "seed 001, --jobs=auto --mem-host=32GiB --cores=8" "$SPILLWAY" --summary --jobs=auto --mem-host=32GiB --cores=8 "$SEED"
check "-j4: 30.47 GB at once fits 30.92 GB" \
	grep -q "^--jobs=auto: -j4, the largest whose worst case (30.47 GB at once" "$TMP/out"
check "  no pool: -j4 already takes reg_flow's 1097 s, which no -j shortens" \
	grep -qx "pool: none needed: the memory allows as many jobs as the cores can use" "$TMP/out"
expect_status 0 "seed 001, --mem-host=24GiB --cores=8" "$SPILLWAY" --summary --jobs=auto --mem-host=24GiB --cores=8 "$SEED"
check "a pool for reg_flow and reg_field lets it run at -j4 where -j2 fits without" \
	grep -q "^--jobs=auto: -j4 with the 2 heaviest in a pool of depth 1 (--pool-file writes it), on 8 cores (--cores) and --mem-host=24 GiB; -j2 without the pool" "$TMP/out"
check "  the bound: 12.98 + 6.67 + 1.90 + 1.20 GB" \
	grep -q "^pool: the 2 heaviest in a pool of depth 1 let the build run at -j4 (bound: the heaviest + the 3 heaviest of the rest = 22.75 GB)" "$TMP/out"
check "  the pool's modules" sh -c "grep -qx 'pool heavy: reg_flow (12.98 GB)' '$TMP/out' && grep -qx 'pool heavy: reg_field (8.92 GB)' '$TMP/out'"
expect_status 0 "the report says it too" "$SPILLWAY" --report=markdown --jobs=auto --mem-host=24GiB --cores=8 "$SEED"
check "  the answer, the advice and the pool's table" sh -c "grep -q '^--jobs=auto: -j4 with the 2 heaviest' '$TMP/out' && \
	grep -q '^--jobs=auto: -j2, the largest' '$TMP/out' && grep -qF '| \`reg_field\` | 8.92 GB |' '$TMP/out'"
# The model's error where the recorded run had as many jobs at once, and
# the runs joined, in --summary and the report alike (build2).
X2="$srcdir/data/logs/ggml-j2x2"
expect_status 0 "-j2 of the -j2 build" "$SPILLWAY" --summary --jobs=2 "$X2"
check "  the model's error: 60.9 s against 61.0 s" \
	grep -qx "schedule: make -j2 simulated in the recorded order: 60.9 s (1.0 min); recorded: 61.0 s (1.0 min) at up to -j2: the model 0.1 % under it" "$TMP/out"
expect_status 0 "-j2 of the -j1 build" "$SPILLWAY" --summary --jobs=2 "$J1"
check "  says the recorded -j, no error" sh -c "grep -q 'recorded: 53.7 s (0.9 min) at up to -j1\$' '$TMP/out'"
expect_status 0 "the report, -j2 of the -j2 build" "$SPILLWAY" --report=markdown --sections=builds --jobs=2 "$X2"
check "  the same words" grep -qx "make -j2 simulated in the recorded order: 60.9 s (1.0 min); recorded: 61.0 s (1.0 min) at up to -j2: the model 0.1 % under it." "$TMP/out"
expect_status 0 "the report, mixed runs" "$SPILLWAY" --report=markdown --sections=builds --jobs=2 "$srcdir/data/logs/ggml-j2"
check "  names the runs joined" grep -qx "runs joined, each module from the last that built it: .ninja_log run 2 of 2 (3 modules), .ninja_log run 1 of 2 (5 modules)." "$TMP/out"
check "  and compares no unlike sets" grep -q "recorded: 5.7 s (0.1 min) over 3 of them (.ninja_log, run 2 of 2): not the same set, not compared.$" "$TMP/out"
finish
