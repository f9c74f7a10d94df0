/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for AMD GPU occupancy (src/model/occupancy_amd.c, the amdgpu
 * table of data/arches.csv).  Three kinds of figures:
 *   - what clang 15 (Debian bookworm's hipcc 5.2.3) printed as "Occupancy
 *     [waves/SIMD]" under -Rpass-analysis=kernel-resource-usage for
 *     tests/corpus/amd/src/spill.hip, with the VGPRs, SGPRs and LDS it
 *     printed beside it (hipcc --offload-arch=gfxN -O3 -c ... );
 *   - what LLVM's own test llvm/test/CodeGen/AMDGPU/agpr-register-count.ll
 *     states as "Occupancy" for a TotalNumVgprs on gfx908 and gfx90a;
 *   - cases computed by hand from the rules doc/arches.md cites.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "occupancy.h"

static struct occupancy
amd(const char *target, int32_t vgprs, int32_t sgprs, int32_t lds, int32_t wave,
    int32_t max_flat)
{
	const struct amd_limits *l = occupancy_amd_limits(target);
	struct occupancy o;

	assert_non_null(l);
	occupancy_amd_best(l, vgprs, sgprs, lds, wave, max_flat, &o);
	return o;
}

static int32_t
waves(const char *target, int32_t vgprs, int32_t sgprs, int32_t lds, int32_t wave)
{
	return amd(target, vgprs, sgprs, lds, wave, 1024).warps;
}

/* clang 15's remarks for spill.hip: spill_kernel<160> (__launch_bounds__(1024),
 * no LDS) and small_kernel (1 KiB of LDS, max flat workgroup 1024). */
static void
test_clang_remarks(void **state)
{
	assert_int_equal(waves("gfx906", 64, 22, 0, 64), 4);
	assert_int_equal(waves("gfx906", 4, 11, 1024, 64), 10);
	assert_int_equal(waves("gfx908", 64, 22, 0, 64), 4);	/* 64 VGPRs, 64 AGPRs */
	assert_int_equal(waves("gfx908", 4, 11, 1024, 64), 10);
	assert_int_equal(waves("gfx90a", 128, 22, 0, 64), 4);
	assert_int_equal(waves("gfx90a", 4, 11, 1024, 64), 8);
	assert_int_equal(waves("gfx1030", 128, 18, 0, 32), 8);
	assert_int_equal(waves("gfx1030", 4, 11, 1024, 32), 16);
	(void)state;
}

/* agpr-register-count.ll: TotalNumVgprs -> Occupancy (no LDS). */
static void
test_llvm_agpr_register_count(void **state)
{
	assert_int_equal(waves("gfx908", 32, 0, 0, 64), 8);	/* kernel_32_agprs */
	assert_int_equal(waves("gfx90a", 44, 0, 0, 64), 8);
	assert_int_equal(waves("gfx908", 1, 0, 0, 64), 10);	/* kernel_0_agprs */
	assert_int_equal(waves("gfx90a", 1, 0, 0, 64), 8);
	assert_int_equal(waves("gfx908", 40, 0, 0, 64), 6);	/* kernel_40_vgprs */
	assert_int_equal(waves("gfx90a", 56, 0, 0, 64), 8);
	(void)state;
}

/* By hand: VGPRs rounded up to the granule, the file divided by them. */
static void
test_vgpr_granules(void **state)
{
	struct occupancy o;

	/* gfx906: 65 -> 68, 256/68 = 3 */
	o = amd("gfx906", 65, 10, 0, 64, 1024);
	assert_int_equal(o.warps, 3);
	assert_int_equal(o.max_warps, 10);
	assert_int_equal(o.limit, OCC_VGPRS);
	/* gfx1030 wave64: granule 8 of 512: 128 -> 4 */
	assert_int_equal(waves("gfx1030", 128, 10, 0, 64), 4);
	/* gfx1100 wave32: granule 24 of 1536: 128 -> 144, 10; wave64: 12 of 768: 132, 5 */
	assert_int_equal(waves("gfx1100", 128, 10, 0, 32), 10);
	assert_int_equal(waves("gfx1100", 128, 10, 0, 64), 5);
	/* gfx942: 512 VGPRs (unified with AGPRs) leave one wave */
	assert_int_equal(waves("gfx942", 512, 10, 0, 64), 1);
	/* a target's features do not change its processor's limits */
	assert_int_equal(waves("gfx90a:xnack+", 128, 22, 0, 64), 4);
	(void)state;
}

/* By hand: SGPR steps on GFX9 (80:10 88:9 100:8 then 7); none from gfx10. */
static void
test_sgpr_steps(void **state)
{
	struct occupancy o;

	assert_int_equal(waves("gfx906", 4, 80, 0, 64), 10);
	assert_int_equal(waves("gfx906", 4, 81, 0, 64), 9);
	assert_int_equal(waves("gfx906", 4, 90, 0, 64), 8);
	o = amd("gfx908", 4, 102, 0, 64, 1024);
	assert_int_equal(o.warps, 7);
	assert_int_equal(o.limit, OCC_SGPRS);
	assert_int_equal(waves("gfx90a", 4, 102, 0, 64), 7);
	assert_int_equal(waves("gfx1030", 4, 106, 0, 32), 16);
	(void)state;
}

/* By hand: LDS per CU over the group segment gives workgroups per CU; their
 * waves spread over 4 SIMDs. */
static void
test_lds(void **state)
{
	struct occupancy o;

	/* gfx906, 64 KiB a workgroup: 1 on the CU; its busiest SIMD holds
	 * ceil(waves / 4): 4 from 13 waves (832 threads), the smallest size */
	o = amd("gfx906", 4, 11, 65536, 64, 1024);
	assert_int_equal(o.warps, 4);
	assert_int_equal(o.blocks, 1);
	assert_int_equal(o.threads, 832);
	assert_int_equal(o.limit, OCC_LDS);
	/* at most 256 threads: 4 waves, 1 a SIMD */
	assert_int_equal(amd("gfx906", 4, 11, 65536, 64, 256).warps, 1);
	/* gfx1030 in WGP mode holds 128 KiB: 2 workgroups of 32 waves, full */
	assert_int_equal(waves("gfx1030", 4, 11, 65536, 32), 16);
	/* 40,960 bytes at up to 256 threads: one workgroup a CU, its 4 waves
	 * one a SIMD (clang 15's remark says 4: it counts them on one SIMD) */
	o = amd("gfx906", 5, 11, 40960, 64, 256);
	assert_int_equal(o.warps, 1);
	assert_int_equal(o.limit, OCC_LDS);
	/* over what a workgroup may have: it cannot launch */
	o = amd("gfx906", 4, 11, 65537, 64, 1024);
	assert_true(o.limit & OCC_FAILS);
	assert_int_equal(o.warps, 0);
	(void)state;
}

static void
test_unknown(void **state)
{
	assert_null(occupancy_amd_limits("gfx803"));
	assert_null(occupancy_amd_limits("sm_90"));
	assert_non_null(occupancy_amd_limits("gfx1100"));
	/* gfx906 has no wave32 */
	assert_true(amd("gfx906", 4, 11, 0, 32, 1024).limit & OCC_FAILS);
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clang_remarks),
		cmocka_unit_test(test_llvm_agpr_register_count),
		cmocka_unit_test(test_vgpr_granules),
		cmocka_unit_test(test_sgpr_steps),
		cmocka_unit_test(test_lds),
		cmocka_unit_test(test_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
