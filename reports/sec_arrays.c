/* SPDX-License-Identifier: MIT */
/* Kernels with a stack frame and no spill: per-thread arrays. */
#include "config.h"

#include "columns.h"
#include "sections.h"

static const struct section_col array_cols[] = {
	SECTION_NUM("instantiations", narray),
	SECTION_WORST_NUM("stack frame B", ar_stack),
	SECTION_COL_NUM(COL_LOCAL, ar_local),
	SECTION_COL_NUM(COL_REG, ar_reg),
};

void
section_arrays(struct rdoc *d, const struct section_input *in)
{
	if (section_kernel_rows(section_groups(in), array_cols) == 0)
		return;
	section_heading(d, in);
	rdoc_para(d, in->section->name, "Kernels with a stack frame and no spill: the "
	    "frame holds per-thread arrays (maxima over those instantiations; largest "
	    "frame first).");
	section_kernel_table(d, in, array_cols, SECTION_NCOLS(array_cols));
}
