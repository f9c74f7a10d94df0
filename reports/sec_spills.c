/* Kernels that spill, and those whose spill figures are unknown. */
#include "config.h"

#include "columns.h"
#include "sections.h"

void
section_spills(struct rdoc *d, const struct section_input *in)
{
	const struct kgroup_set *s = in->groups;
	size_t nspill = 0, nunknown = 0;
	struct rtable *t;

	for (size_t i = 0; i < s->n; i++) {
		if (s->v[i].vendored)
			continue;
		nspill += s->v[i].nspill > 0;
		nunknown += s->v[i].nunknown > 0;
	}
	if (nspill + nunknown == 0)
		return;
	section_heading(d, in);
	if (nspill > 0) {
		rdoc_para(d, in->section->name, "%zu (kernel, sm) pairs spill (template arguments "
		    "collapsed; maxima over the instantiations that spill):", nspill);
		t = rdoc_table(d, in->section->name);
		section_kernel_cols(t);
		rtable_col(t, "instantiations spilling", RC_NUM);
		rtable_col(t, "stack frame B", RC_NUM);
		rtable_col(t, columns[COL_SPILL_STORES].heading, RC_NUM);
		rtable_col(t, columns[COL_SPILL_LOADS].heading, RC_NUM);
		rtable_col(t, columns[COL_REG].heading, RC_NUM);
		for (size_t i = 0; i < s->n; i++) {
			const struct kgroup *g = &s->v[i];

			if (g->vendored || g->nspill == 0)
				continue;
			section_kernel_cells(t, g);
			rtable_num(t, g->nspill);
			rtable_num(t, g->sp_stack);
			rtable_num(t, g->sp_stores);
			rtable_num(t, g->sp_loads);
			rtable_num(t, g->sp_reg);
		}
	}
	if (nunknown == 0)
		return;
	rdoc_para(d, in->section->name, "Spill figures unknown (no " RD_CODE "ptxas -v" RD_END
	    " log joined): these %zu (kernel, sm) pairs have a stack frame, which holds "
	    "spills, per-thread arrays or both (maxima over instantiations):", nunknown);
	t = rdoc_table(d, in->section->name);
	section_kernel_cols(t);
	rtable_col(t, "instantiations with a frame", RC_NUM);
	rtable_col(t, "stack frame B", RC_NUM);
	rtable_col(t, columns[COL_LOCAL].heading, RC_NUM);
	rtable_col(t, columns[COL_REG].heading, RC_NUM);
	for (size_t i = 0; i < s->n; i++) {
		const struct kgroup *g = &s->v[i];

		if (g->vendored || g->nunknown == 0)
			continue;
		section_kernel_cells(t, g);
		rtable_num(t, g->nunknown);
		rtable_num(t, g->stack);
		rtable_num(t, g->local);
		rtable_num(t, g->reg);
	}
}
