/* SPDX-License-Identifier: MIT */
/*
 * Will it launch: the largest block a kernel launches with on an sm (what
 * the driver's CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK says), from its
 * registers, its launch bound and the arch's limits (data/arches.csv); the
 * local memory the driver reserves for its stack frame on each GPU model
 * (data/arches.csv, second table); the shared memory it asks for against
 * the arch's limits.
 */
#ifndef SPILLWAY_LAUNCH_H
#define SPILLWAY_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "occupancy.h"

/* One GPU part: its arch and SM count, and where the count comes from. */
struct gpu_model {
	const char	*name;		/* "H100 SXM5" */
	const char	*arch;		/* "sm_90" */
	int32_t		 sms;
	const char	*source;	/* NVIDIA's whitepaper or datasheet */
};

extern const struct gpu_model gpu_models[];
extern const size_t gpu_model_count;

/* What decides the largest block (the smallest term; bits when tied). */
enum launch_limit {
	LAUNCH_ARCH = 1,	/* the arch's threads per block (or per SM) */
	LAUNCH_BOUND = 2,	/* __launch_bounds__ / maxntid / reqntid */
	LAUNCH_REGISTERS = 4,	/* registers per thread × warps > registers per block */
};

/*
 * The largest block, in threads: the least of the arch's threads per block
 * and per SM, the launch bound (max_threads > 0), and the most warps whose
 * registers, allocated per warp in units of reg_unit and for a multiple of
 * 4 warps (the sub-partitions), fit the SM's registers.  0 when not even
 * one warp fits (more registers than the arch allows); *limit, when not
 * NULL, gets the launch_limit bits of the terms equal to the result.
 */
int32_t	launch_max_block(const struct arch_limits *, int32_t regs, int32_t max_threads,
	    int *limit);
/* max_block of an entry on arch ("sm_90a"); UNKNOWN for a device
 * function, unknown registers, or an arch data/arches.csv has no row for. */
int32_t	launch_func_max_block(const char *arch, const struct func_rec *);
/* "registers", "launch bound", "arch" for the bits (joined by ", "). */
const char *launch_limit_name(int limit, char *buf, size_t size);

/*
 * What the driver reserves for a kernel's local memory on a GPU: bytes per
 * thread × SMs × the most threads resident on an SM.  -1 when the GPU's
 * arch has no row.
 */
int64_t	launch_local_reserve(const struct gpu_model *, int32_t bytes_per_thread);
/* The GPU model named name ("H100 SXM5", case-insensitive), or NULL. */
const struct gpu_model *launch_gpu_named(const char *name);

/* The static shared memory of an entry as written in its source: the
 * cubin's SHARED less the 1 KB reserve that sm_90 and newer count in it. */
int32_t	launch_static_shared(const struct arch_limits *, int32_t shared);

#endif
