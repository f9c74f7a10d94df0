/* SPDX-License-Identifier: MIT */
/*
 * Theoretical occupancy from per-arch limits (data/arches.csv, compiled in)
 * and a kernel's registers, static shared memory and block size, by the
 * model of doc/arches.md.
 */
#ifndef SPILLWAY_OCCUPANCY_H
#define SPILLWAY_OCCUPANCY_H

#include <stddef.h>
#include <stdint.h>

struct arch_limits {
	const char	*arch;		/* "sm_86" */
	int32_t		 max_threads_sm, max_warps_sm, max_blocks_sm;
	int32_t		 regs_sm, reg_unit, max_regs_thread;
	int32_t		 shared_sm, max_shared_block, shared_unit;
	int32_t		 reserved_shared;	/* the driver's per-block reserve */
	int32_t		 cubin_reserved;	/* SHARED in the cubin already holds it */
	int32_t		 barrier_factor;
	int32_t		 max_threads_block;	/* threads a block may have */
	int32_t		 default_shared_block;	/* static shared without the opt-in */
};

extern const struct arch_limits arch_limits_table[];
extern const size_t arch_limits_count;

/* The limits for "sm_90a", "sm_103f", "sm_86"; NULL when the arch has no row. */
const struct arch_limits *occupancy_limits(const char *arch);

enum occ_limit {
	OCC_WARPS = 1, OCC_REGISTERS = 2, OCC_SHARED = 4, OCC_BLOCKS = 8,
	OCC_FAILS = 16,		/* the block cannot launch at all */
	/* AMD GPUs (occupancy_amd_best): waves per SIMD limited by */
	OCC_VGPRS = 32, OCC_SGPRS = 64, OCC_LDS = 128,
	OCC_GROUPS = 256,	/* workgroups per CU (barriers) */
	OCC_WAVES = 512,	/* the most waves a SIMD holds */
};

struct occupancy {
	int32_t	threads;	/* block size used */
	int32_t	blocks;		/* active blocks per SM */
	int32_t	warps;		/* active warps per SM */
	int32_t	max_warps;
	int32_t	by_warps, by_regs, by_shared, by_blocks;
	int	limit;		/* OCC_* bits: the terms equal to the minimum */
};

/* Occupancy for one block size; shared is the cubin's SHARED, dyn dynamic bytes. */
void	occupancy_compute(const struct arch_limits *, int32_t regs, int32_t shared,
	    int32_t dyn, int32_t threads, struct occupancy *);
/* The best over T = 64..1024 (multiples of 32), smallest T on ties; or at
 * exactly max_threads when the launch bound is known (> 0). */
void	occupancy_best(const struct arch_limits *, int32_t regs, int32_t shared,
	    int32_t max_threads, struct occupancy *);
/*
 * AMD GPUs (data/arches.csv, the amdgpu table; doc/arches.md): occupancy in
 * waves per SIMD as LLVM's AMDGPU backend computes it.
 */
#define AMD_SGPR_STEPS	4
struct amd_limits {
	const char	*processor;	/* "gfx90a" */
	int32_t		 max_waves_simd, simds_cu;
	int32_t		 vgpr_granule64, vgprs_simd64;	/* wave64; 0 none */
	int32_t		 vgpr_granule32, vgprs_simd32;	/* wave32; 0 none */
	int32_t		 lds_cu, lds_group_max, groups_cu;
	int32_t		 nsgpr_steps;	/* 0: SGPRs do not limit */
	struct { int32_t max_sgprs, waves; } sgpr_steps[AMD_SGPR_STEPS];
	const char	*source;
};

extern const struct amd_limits amd_limits_table[];
extern const size_t amd_limits_count;

/* The limits for "gfx90a:xnack+" (its processor); NULL when it has no row. */
const struct amd_limits *occupancy_amd_limits(const char *target);

/*
 * Waves per SIMD of a kernel with vgprs (.vgpr_count), sgprs (.sgpr_count),
 * lds bytes of group segment, wavefront lanes (32 or 64), at the best
 * workgroup size up to max_flat (.max_flat_workgroup_size, > 0): o->warps
 * holds the waves per SIMD, o->max_warps the most, o->threads the
 * workgroup size, o->blocks the workgroups per CU there.  o->limit:
 * OCC_FAILS when the wave size has no VGPR file, or lds is over what a
 * workgroup may have.
 */
void	occupancy_amd_best(const struct amd_limits *, int32_t vgprs, int32_t sgprs,
	    int32_t lds, int32_t wavefront, int32_t max_flat, struct occupancy *);

struct func_rec;
struct image_rec;
/*
 * The theoretical occupancy of an entry on its image's arch, NVIDIA's
 * (occupancy_best) or AMD's (occupancy_amd_best), as the report's
 * Occupancy section and --min-occupancy read it; 0 when none is known (no
 * registers, or no limits for the arch).
 */
int	occupancy_of_entry(const struct func_rec *, const struct image_rec *, struct occupancy *);

/* "registers", "shared memory, warps", ... for the limit bits. */
const char *occupancy_limit_name(int limit, char *buf, size_t size);

#endif
