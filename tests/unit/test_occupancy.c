/* SPDX-License-Identifier: MIT */
/* cmocka tests for the occupancy model, on cases computed by hand from
 * doc/arches.md (the arch compatibility rules are in tests/unit/test_arch.c). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "occupancy.h"

static struct occupancy
occ(const char *arch, int32_t regs, int32_t shared, int32_t threads)
{
	const struct arch_limits *l = occupancy_limits(arch);
	struct occupancy o;

	assert_non_null(l);
	occupancy_compute(l, regs, shared, 0, threads, &o);
	return o;
}

/* sm_86, 64 registers, 256 threads: 8 warps; 2048 registers a warp; 65536/4/2048
 * = 8 warps a sub-partition, 32 an SM, 4 blocks; warps allow 6, shared 100. */
static void
test_registers_limit(void **state)
{
	struct occupancy o = occ("sm_86", 64, 0, 256);

	assert_int_equal(o.by_regs, 4);
	assert_int_equal(o.by_warps, 6);
	assert_int_equal(o.by_shared, 100);
	assert_int_equal(o.blocks, 4);
	assert_int_equal(o.warps, 32);
	assert_int_equal(o.max_warps, 48);
	assert_int_equal(o.limit, OCC_REGISTERS);
	(void)state;
}

/* sm_90, 32 registers, 1024 threads: registers and warps both allow 2 blocks. */
static void
test_tie(void **state)
{
	struct occupancy o = occ("sm_90", 32, 0, 1024);
	char buf[64];

	assert_int_equal(o.blocks, 2);
	assert_int_equal(o.warps, 64);
	assert_int_equal(o.limit, OCC_REGISTERS | OCC_WARPS);
	assert_string_equal(occupancy_limit_name(o.limit, buf, sizeof buf), "registers, warps");
	(void)state;
}

/* sm_80, 40 registers (1280 a warp: 12 warps a sub-partition), 128 threads,
 * 40000 B static shared + 1 KB reserved = 41088 B rounded: 167936/41088 = 4. */
static void
test_shared_limit(void **state)
{
	struct occupancy o = occ("sm_80", 40, 40000, 128);

	assert_int_equal(o.by_regs, 12);
	assert_int_equal(o.by_warps, 16);
	assert_int_equal(o.by_shared, 4);
	assert_int_equal(o.blocks, 4);
	assert_int_equal(o.warps, 16);
	assert_int_equal(o.limit, OCC_SHARED);
	(void)state;
}

/* sm_90: the cubin's SHARED already holds the reserved 1 KB (49152 + 1024). */
static void
test_sm90_reserved_in_cubin(void **state)
{
	struct occupancy o = occ("sm_90a", 32, 50176, 128);

	assert_int_equal(o.by_shared, 4);	/* 233472 / 50176 */
	assert_int_equal(o.blocks, 4);
	assert_int_equal(o.limit, OCC_SHARED);
	o = occ("sm_90", 32, 0, 128);		/* no shared: still 1 KB a block */
	assert_int_equal(o.by_shared, 228);
	(void)state;
}

/* sm_75, 16 registers, 64 threads, no shared at all: warps (32/2) and the
 * block limit (16) bind; shared memory is never named. */
static void
test_no_shared(void **state)
{
	struct occupancy o = occ("sm_75", 16, 0, 64);

	assert_int_equal(o.blocks, 16);
	assert_int_equal(o.warps, 32);
	assert_int_equal(o.limit, OCC_WARPS | OCC_BLOCKS);
	(void)state;
}

/* 255 registers at 1024 threads: 8192 a warp × 32 warps > 65536: no launch.
 * 128 registers at 512 threads: exactly 65536, one block of 16 warps. */
static void
test_launch_fails(void **state)
{
	struct occupancy o = occ("sm_86", 255, 0, 1024);

	assert_true(o.limit & OCC_FAILS);
	assert_int_equal(o.blocks, 0);
	o = occ("sm_90", 128, 0, 512);
	assert_false(o.limit & OCC_FAILS);
	assert_int_equal(o.blocks, 1);
	assert_int_equal(o.warps, 16);
	(void)state;
}

/* Without a launch bound, the sweep keeps the smallest block size of the best. */
static void
test_best(void **state)
{
	const struct arch_limits *l = occupancy_limits("sm_86");
	struct occupancy o;

	occupancy_best(l, 64, 0, 0, &o);
	assert_int_equal(o.warps, 32);
	assert_int_equal(o.threads, 64);
	occupancy_best(l, 64, 0, 1024, &o);	/* a launch bound is taken as is */
	assert_int_equal(o.threads, 1024);
	assert_int_equal(o.blocks, 1);
	assert_null(occupancy_limits("sm_52"));
	assert_string_equal(occupancy_limits("sm_103f")->arch, "sm_103");
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registers_limit),
		cmocka_unit_test(test_tie),
		cmocka_unit_test(test_shared_limit),
		cmocka_unit_test(test_sm90_reserved_in_cubin),
		cmocka_unit_test(test_no_shared),
		cmocka_unit_test(test_launch_fails),
		cmocka_unit_test(test_best),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
