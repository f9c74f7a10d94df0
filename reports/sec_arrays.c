/* Kernels with a stack frame and no spill: per-thread arrays. */
#include "config.h"

#include "columns.h"
#include "sections.h"

void
section_arrays(struct rdoc *d, const struct section_input *in)
{
	const struct kgroup_set *s = in->groups;
	struct rtable *t = NULL;

	for (size_t i = 0; i < s->n; i++) {
		const struct kgroup *g = &s->v[i];
		if (g->vendored || g->narray == 0)
			continue;
		if (t == NULL) {
			section_heading(d, in);
			rdoc_para(d, in->section->name, "Kernels with a stack frame and no spill: the "
			    "frame holds per-thread arrays (maxima over those instantiations).");
			t = rdoc_table(d, in->section->name);
			section_kernel_cols(t);
			rtable_col(t, "instantiations", RC_NUM);
			rtable_col(t, "stack frame B", RC_NUM);
			rtable_col(t, columns[COL_LOCAL].heading, RC_NUM);
			rtable_col(t, columns[COL_REG].heading, RC_NUM);
		}
		section_kernel_cells(t, g);
		rtable_num(t, g->narray);
		rtable_num(t, g->ar_stack);
		rtable_num(t, g->ar_local);
		rtable_num(t, g->ar_reg);
	}
}
