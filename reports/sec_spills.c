/* SPDX-License-Identifier: MIT */
/* Kernels that spill, and those whose spill figures are unknown. */
#include "config.h"

#include "columns.h"
#include "sections.h"

static const struct section_col spill_cols[] = {
	SECTION_NUM("instantiations spilling", nspill),
	SECTION_NUM("stack frame B", sp_stack),
	SECTION_WORST_COL(COL_SPILL_STORES, sp_stores),
	SECTION_WORST_COL(COL_SPILL_LOADS, sp_loads),
	SECTION_COL_NUM(COL_REG, sp_reg),
};

/* With AMD GPU rows: their VGPRs and SGPRs spilled (counts, from the
 * code object's metadata; spill bytes are ptxas's, unknown there). */
static const struct section_col spill_amd_cols[] = {
	SECTION_NUM("instantiations spilling", nspill),
	SECTION_NUM("stack frame B", sp_stack),
	SECTION_WORST_COL(COL_SPILL_STORES, sp_stores),
	SECTION_WORST_COL(COL_SPILL_LOADS, sp_loads),
	SECTION_WORST_COL(COL_VGPR_SPILL, sp_vgpr_spill),
	SECTION_COL_NUM(COL_SGPR_SPILL, sp_sgpr_spill),
	SECTION_COL_NUM(COL_REG, sp_reg),
};

static const struct section_col unknown_cols[] = {
	SECTION_NUM("instantiations with a frame", nunknown),
	SECTION_WORST_NUM("stack frame B", stack),
	SECTION_COL_NUM(COL_LOCAL, local),
	SECTION_COL_NUM(COL_REG, reg),
};

/* Whether any framed entry's spill figures are known (a ptxas -v log). */
static int
spill_figures_known(const struct kgroup_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].nspill + s->v[i].narray > 0)
			return 1;
	return 0;
}

/* The rows a ptxas -v log lent spill figures (CUDA rows: an AMDGPU
 * row's come from its code object). */
static size_t
joined_rows(const struct model *m)
{
	size_t n = 0;

	for (size_t i = 0; i < m->nfuncs; i++)
		n += m->funcs[i].spill_stores >= 0 && m->funcs[i].vgpr_spill < 0;
	return n;
}

/* Whether an AMD GPU entry spills. */
static int
amd_spills(const struct kgroup_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].nspill > 0 && (s->v[i].sp_vgpr_spill >= 0 || s->v[i].sp_sgpr_spill >= 0))
			return 1;
	return 0;
}

void
section_spills(struct rdoc *d, const struct section_input *in)
{
	size_t nspill = section_kernel_rows(section_groups(in), spill_cols);
	size_t nunknown = section_kernel_rows(section_groups(in), unknown_cols);

	if (nspill + nunknown == 0)
		return;
	if (!spill_figures_known(section_groups(in)) && in->model->nptxas == 0) {
		rdoc_heading(d, in->section->name, "Kernels with a stack frame (no ptxas -v log "
		    "read: spills unknown)");
		rdoc_para(d, in->section->name, "No spill figure was read, so these %zu "
		    "(kernel, sm) pairs are kernels with a stack frame, which holds spills, "
		    "per-thread arrays or both (maxima over instantiations; largest frame "
		    "first):", nunknown);
		section_kernel_table(d, in, unknown_cols, SECTION_NCOLS(unknown_cols));
		return;
	}
	if (!spill_figures_known(section_groups(in))) {
		/* A log was read and joined rows, none with a frame: it was read. */
		rdoc_heading(d, in->section->name, "Kernels with a stack frame (spills unknown: "
		    "the ptxas -v log read lends none of them figures)");
		rdoc_para(d, in->section->name, "The " RD_CODE "ptxas -v" RD_END " log read "
		    "joined %zu (function, sm) rows, none of these %zu (kernel, sm) pairs with a "
		    "stack frame (its registers or frame differ from the binary's, or it does "
		    "not name them), which holds spills, per-thread arrays or both (maxima over "
		    "instantiations; largest frame first):", joined_rows(in->model), nunknown);
		section_kernel_table(d, in, unknown_cols, SECTION_NCOLS(unknown_cols));
		return;
	}
	section_heading(d, in);
	if (nspill > 0 && amd_spills(section_groups(in))) {
		rdoc_para(d, in->section->name, "%zu (kernel, sm) pairs spill (template arguments "
		    "collapsed; maxima over the instantiations that spill; most spill stores "
		    "and loads first, or on AMD GPUs most VGPRs spilled: counts from the code "
		    "object, each VGPR 4 bytes of scratch a lane; spill bytes are ptxas's):",
		    nspill);
		section_kernel_table(d, in, spill_amd_cols, SECTION_NCOLS(spill_amd_cols));
	} else if (nspill > 0) {
		rdoc_para(d, in->section->name, "%zu (kernel, sm) pairs spill (template arguments "
		    "collapsed; maxima over the instantiations that spill; most spill stores "
		    "and loads first):", nspill);
		section_kernel_table(d, in, spill_cols, SECTION_NCOLS(spill_cols));
	}
	if (nunknown == 0)
		return;
	rdoc_para(d, in->section->name, "Spill figures unknown (no " RD_CODE "ptxas -v" RD_END
	    " figures joined to them): these %zu (kernel, sm) pairs have a stack frame, which holds "
	    "spills, per-thread arrays or both (maxima over instantiations; largest "
	    "frame first):", nunknown);
	section_kernel_table(d, in, unknown_cols, SECTION_NCOLS(unknown_cols));
}
