/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "model.h"
#include "occupancy.h"

const struct arch_limits *
occupancy_limits(const char *arch)
{
	struct arch_id a, b;

	if (arch_parse(arch, &a) < 0)
		return NULL;
	for (size_t i = 0; i < arch_limits_count; i++)
		if (arch_parse(arch_limits_table[i].arch, &b) == 0 && a.number == b.number)
			return &arch_limits_table[i];
	return NULL;
}

static int32_t
roundup(int32_t v, int32_t unit)
{
	return unit > 0 ? (v + unit - 1) / unit * unit : v;
}

/* The threads of a warp: the table's threads per SM over its warps per SM. */
static int32_t
warp_size(const struct arch_limits *l)
{
	return l->max_threads_sm / l->max_warps_sm;
}

void
occupancy_compute(const struct arch_limits *l, int32_t regs, int32_t shared,
    int32_t dyn, int32_t threads, struct occupancy *o)
{
	int32_t warp = warp_size(l), warps, rpw, block_shared, lim;

	memset(o, 0, sizeof *o);
	o->threads = threads;
	o->max_warps = l->max_warps_sm;
	if (threads <= 0 || threads > l->max_threads_block || regs > l->max_regs_thread) {
		o->limit = OCC_FAILS | (threads > l->max_threads_block ? OCC_WARPS : OCC_REGISTERS);
		return;
	}
	warps = (threads + warp - 1) / warp;
	rpw = roundup(regs * warp, l->reg_unit);
	if (rpw * roundup(warps, 4) > l->regs_sm) {
		o->limit = OCC_FAILS | OCC_REGISTERS;
		return;
	}
	if (l->cubin_reserved)
		block_shared = (shared > 0 ? shared : l->reserved_shared) + dyn;
	else
		block_shared = shared + dyn + l->reserved_shared;
	if (block_shared - l->reserved_shared > l->max_shared_block) {
		o->limit = OCC_FAILS | OCC_SHARED;
		return;
	}
	o->by_warps = l->max_warps_sm / warps;
	o->by_regs = rpw > 0 ? l->regs_sm / 4 / rpw * 4 / warps : l->max_blocks_sm;
	block_shared = roundup(block_shared, l->shared_unit);
	o->by_shared = block_shared > 0 ? l->shared_sm / block_shared : INT32_MAX;
	o->by_blocks = l->max_blocks_sm;
	lim = o->by_warps;
	if (o->by_regs < lim)
		lim = o->by_regs;
	if (o->by_shared < lim)
		lim = o->by_shared;
	if (o->by_blocks < lim)
		lim = o->by_blocks;
	o->blocks = lim;
	o->warps = lim * warps;
	o->limit = (o->by_warps == lim ? OCC_WARPS : 0) | (o->by_regs == lim ? OCC_REGISTERS : 0) |
	    (o->by_shared == lim ? OCC_SHARED : 0) | (o->by_blocks == lim ? OCC_BLOCKS : 0);
	if (lim == 0)
		o->limit |= OCC_FAILS;
}

void
occupancy_best(const struct arch_limits *l, int32_t regs, int32_t shared,
    int32_t max_threads, struct occupancy *best)
{
	struct occupancy o;

	if (max_threads > 0) {
		occupancy_compute(l, regs, shared, 0, max_threads, best);
		return;
	}
	occupancy_compute(l, regs, shared, 0, 2 * warp_size(l), best);
	for (int32_t t = 3 * warp_size(l); t <= l->max_threads_block; t += warp_size(l)) {
		occupancy_compute(l, regs, shared, 0, t, &o);
		if (o.warps > best->warps)
			*best = o;
	}
}

const char *
occupancy_limit_name(int limit, char *buf, size_t size)
{
	static const struct { int bit; const char *name; } names[] = {
		{ OCC_REGISTERS, "registers" }, { OCC_SHARED, "shared memory" },
		{ OCC_WARPS, "warps" }, { OCC_BLOCKS, "blocks per SM" },
		{ OCC_VGPRS, "VGPRs" }, { OCC_SGPRS, "SGPRs" }, { OCC_LDS, "LDS" },
		{ OCC_GROUPS, "workgroups per CU" }, { OCC_WAVES, "waves per SIMD" },
	};
	size_t n = 0;

	buf[0] = '\0';
	if (limit & OCC_FAILS)
		n += (size_t)snprintf(buf, size, "cannot launch: ");
	for (size_t i = 0; i < sizeof names / sizeof names[0] && n < size; i++)
		if (limit & names[i].bit)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
			    n > 0 && buf[n - 1] != ' ' ? ", " : "", names[i].name);
	return buf;
}

int
occupancy_of_entry(const struct func_rec *f, const struct image_rec *img, struct occupancy *o)
{
	const struct arch_limits *l;
	const struct amd_limits *al;

	if (f->kind != FUNC_ENTRY || img->kind != IMAGE_SASS || f->reg < 0 || f->shared < 0)
		return 0;
	if ((l = occupancy_limits(img->arch)) != NULL) {
		occupancy_best(l, f->reg, f->shared, f->max_threads, o);
		return 1;
	}
	if (f->wavefront > 0 && (al = occupancy_amd_limits(img->arch)) != NULL) {
		occupancy_amd_best(al, f->reg, f->sgpr, f->shared, f->wavefront,
		    f->max_threads, o);
		return 1;
	}
	return 0;
}
