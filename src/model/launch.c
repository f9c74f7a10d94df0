/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <strings.h>

#include "launch.h"

/* Registers are allocated to warps of 32 threads, four sub-partitions an SM. */
#define WARP_THREADS	32
#define SUBPARTITIONS	4

static int32_t
roundup(int32_t v, int32_t unit)
{
	return unit > 0 ? (v + unit - 1) / unit * unit : v;
}

/* The most warps a block of threads with regs registers each may have. */
static int32_t
warps_by_registers(const struct arch_limits *l, int32_t regs)
{
	int32_t per_warp = roundup(regs * WARP_THREADS, l->reg_unit), w;

	if (per_warp <= 0)
		return INT32_MAX / WARP_THREADS;
	w = l->regs_sm / per_warp;
	while (w > 0 && (int64_t)per_warp * roundup(w, SUBPARTITIONS) > l->regs_sm)
		w--;
	return w;
}

int32_t
launch_max_block(const struct arch_limits *l, int32_t regs, int32_t max_threads, int *limit)
{
	int32_t arch = l->max_threads_block < l->max_threads_sm ? l->max_threads_block
	    : l->max_threads_sm;
	int32_t by_regs, best;
	int bits = 0;

	if (regs > l->max_regs_thread)
		by_regs = 0;
	else
		by_regs = warps_by_registers(l, regs) * WARP_THREADS;
	best = arch;
	if (max_threads > 0 && max_threads < best)
		best = max_threads;
	if (by_regs < best)
		best = by_regs;
	bits |= best == arch ? LAUNCH_ARCH : 0;
	bits |= max_threads > 0 && best == max_threads ? LAUNCH_BOUND : 0;
	bits |= best == by_regs ? LAUNCH_REGISTERS : 0;
	if (limit != NULL)
		*limit = bits;
	return best;
}

int32_t
launch_func_max_block(const char *arch, const struct func_rec *f)
{
	const struct arch_limits *l;

	if (f->kind != FUNC_ENTRY || f->reg < 0 || (l = occupancy_limits(arch)) == NULL)
		return UNKNOWN;
	return launch_max_block(l, f->reg, f->max_threads, NULL);
}

const char *
launch_limit_name(int limit, char *buf, size_t size)
{
	static const struct { int bit; const char *name; } names[] = {
		{ LAUNCH_REGISTERS, "registers" }, { LAUNCH_BOUND, "launch bound" },
		{ LAUNCH_ARCH, "arch" },
	};
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0] && n < size; i++)
		if (limit & names[i].bit)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", names[i].name);
	return buf;
}

int64_t
launch_local_reserve(const struct gpu_model *g, int32_t bytes_per_thread)
{
	const struct arch_limits *l = occupancy_limits(g->arch);

	if (l == NULL || bytes_per_thread < 0)
		return -1;
	/* The driver raises the stack limit to the frame rounded up to 16 bytes
	 * (136 -> 144, 1112 -> 1120 on the H200: tests/device/h200/local-reserve.tsv)
	 * and reserves it for every thread the GPU can hold. */
	return (int64_t)((bytes_per_thread + 15) / 16 * 16) * g->sms * l->max_threads_sm;
}

const struct gpu_model *
launch_gpu_named(const char *name)
{
	for (size_t i = 0; i < gpu_model_count; i++)
		if (strcasecmp(gpu_models[i].name, name) == 0)
			return &gpu_models[i];
	return NULL;
}

int32_t
launch_static_shared(const struct arch_limits *l, int32_t shared)
{
	if (shared <= 0 || !l->cubin_reserved)
		return shared;
	return shared >= l->reserved_shared ? shared - l->reserved_shared : shared;
}
