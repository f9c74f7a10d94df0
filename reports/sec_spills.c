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

static const struct section_col unknown_cols[] = {
	SECTION_NUM("instantiations with a frame", nunknown),
	SECTION_WORST_NUM("stack frame B", stack),
	SECTION_COL_NUM(COL_LOCAL, local),
	SECTION_COL_NUM(COL_REG, reg),
};

void
section_spills(struct rdoc *d, const struct section_input *in)
{
	size_t nspill = section_kernel_rows(in->groups, spill_cols);
	size_t nunknown = section_kernel_rows(in->groups, unknown_cols);

	if (nspill + nunknown == 0)
		return;
	section_heading(d, in);
	if (nspill > 0) {
		rdoc_para(d, in->section->name, "%zu (kernel, sm) pairs spill (template arguments "
		    "collapsed; maxima over the instantiations that spill; most spill stores "
		    "and loads first):", nspill);
		section_kernel_table(d, in, spill_cols, SECTION_NCOLS(spill_cols));
	}
	if (nunknown == 0)
		return;
	rdoc_para(d, in->section->name, "Spill figures unknown (no " RD_CODE "ptxas -v" RD_END
	    " log joined): these %zu (kernel, sm) pairs have a stack frame, which holds "
	    "spills, per-thread arrays or both (maxima over instantiations; largest "
	    "frame first):", nunknown);
	section_kernel_table(d, in, unknown_cols, SECTION_NCOLS(unknown_cols));
}
