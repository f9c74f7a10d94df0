/* SPDX-License-Identifier: MIT */
/*
 * Occupancy on AMD GPUs: waves per SIMD from VGPR allocation granules,
 * SGPRs, LDS per CU and workgroups per CU, by the rules of LLVM's AMDGPU
 * backend (AMDGPUBaseInfo.cpp getNumWavesPerEUWithNumVGPRs,
 * getOccupancyWithNumSGPRs, getMaxWorkGroupsPerCU; AMDGPUSubtarget.cpp
 * getOccupancyWithWorkGroupSizes), which clang prints as "Occupancy
 * [waves/SIMD]" under -Rpass-analysis=kernel-resource-usage.  The figures
 * are data/arches.csv's amdgpu table; doc/arches.md.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "arch.h"
#include "occupancy.h"

const struct amd_limits *
occupancy_amd_limits(const char *target)
{
	struct amdgpu_target t;

	if (arch_amdgpu_parse(target, &t) < 0)
		return NULL;
	for (size_t i = 0; i < amd_limits_count; i++)
		if (strcmp(amd_limits_table[i].processor, t.processor) == 0)
			return &amd_limits_table[i];
	return NULL;
}

static int32_t
min32(int32_t a, int32_t b)
{
	return a < b ? a : b;
}

/* getNumWavesPerEUWithNumVGPRs: fewer than a granule leaves the most. */
static int32_t
waves_by_vgprs(const struct amd_limits *l, int32_t vgprs, int32_t granule, int32_t total)
{
	int32_t rounded;

	if (vgprs < granule)
		return l->max_waves_simd;
	rounded = (vgprs + granule - 1) / granule * granule;
	return min32(total / rounded > 1 ? total / rounded : 1, l->max_waves_simd);
}

/* getOccupancyWithNumSGPRs: the first step that holds them. */
static int32_t
waves_by_sgprs(const struct amd_limits *l, int32_t sgprs)
{
	for (int32_t i = 0; i < l->nsgpr_steps; i++)
		if (sgprs <= l->sgpr_steps[i].max_sgprs)
			return min32(l->sgpr_steps[i].waves, l->max_waves_simd);
	return l->max_waves_simd;
}

/*
 * Workgroups of n waves on a CU (getMaxWorkGroupsPerCU: a one-wave group
 * takes no barrier; LDS), and the waves of the busiest SIMD when they are
 * spread evenly (getOccupancyWithWorkGroupSizes).
 */
static int32_t
waves_by_groups(const struct amd_limits *l, int32_t lds, int32_t n, int32_t *groups, int *limit)
{
	int32_t slots = l->max_waves_simd * l->simds_cu;
	int32_t by_barriers = n == 1 ? slots : min32(slots / n, l->groups_cu);
	int32_t by_lds = l->lds_cu / (lds > 1 ? lds : 1);
	int32_t g = min32(by_barriers, by_lds), w;

	*limit = (by_lds <= by_barriers ? OCC_LDS : 0) | (by_barriers <= by_lds ? OCC_GROUPS : 0);
	*groups = g;
	w = (g * n + l->simds_cu - 1) / l->simds_cu;
	return w < 1 ? 1 : min32(w, l->max_waves_simd);
}

void
occupancy_amd_best(const struct amd_limits *l, int32_t vgprs, int32_t sgprs,
    int32_t lds, int32_t wavefront, int32_t max_flat, struct occupancy *o)
{
	int32_t granule = wavefront == 32 ? l->vgpr_granule32 : l->vgpr_granule64;
	int32_t total = wavefront == 32 ? l->vgprs_simd32 : l->vgprs_simd64;
	int32_t by_vgprs, by_sgprs, by_groups = 0, groups = 0, best_n = 1, w;
	int group_limit = 0;

	memset(o, 0, sizeof *o);
	o->max_warps = l->max_waves_simd;
	if (max_flat <= 0 || max_flat > 1024)
		max_flat = 1024;
	o->threads = max_flat;
	if ((wavefront != 32 && wavefront != 64) || granule <= 0 || total <= 0 ||
	    vgprs > total) {
		o->limit = OCC_FAILS | OCC_VGPRS;
		return;
	}
	if (lds > l->lds_group_max) {
		o->limit = OCC_FAILS | OCC_LDS;
		return;
	}
	by_vgprs = waves_by_vgprs(l, vgprs < 0 ? 0 : vgprs, granule, total);
	by_sgprs = waves_by_sgprs(l, sgprs < 0 ? 0 : sgprs);
	/* The best workgroup size: the most waves for the fewest threads. */
	for (int32_t n = 1; n <= (max_flat + wavefront - 1) / wavefront; n++) {
		int32_t g, lim;

		w = waves_by_groups(l, lds, n, &g, &lim);
		if (w > by_groups) {
			by_groups = w;
			groups = g;
			best_n = n;
			group_limit = lim;
		}
	}
	w = min32(min32(by_vgprs, by_sgprs), by_groups);
	o->threads = min32(best_n * wavefront, max_flat);
	/* The workgroups resident at that size, once registers have had their say. */
	o->blocks = min32(groups, w * l->simds_cu / best_n);
	o->warps = w;
	o->by_regs = by_vgprs;
	o->by_shared = by_groups;
	o->by_warps = l->max_waves_simd;
	if (w == l->max_waves_simd)
		o->limit = OCC_WAVES;
	else
		o->limit = (by_vgprs == w ? OCC_VGPRS : 0) | (by_sgprs == w ? OCC_SGPRS : 0) |
		    (by_groups == w ? group_limit : 0);
}
