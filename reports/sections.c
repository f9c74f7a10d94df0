/* What the report's sections share (the table of them is report.c's). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sections.h"

void
section_heading(struct rdoc *d, const struct section_input *in)
{
	rdoc_heading(d, in->section->name, in->section->title);
}

size_t
section_uniq_sorted(const char **v, size_t n, int (*cmp)(const void *, const void *))
{
	size_t k = 0;

	qsort(v, n, sizeof *v, cmp);
	for (size_t i = 0; i < n; i++)
		if (k == 0 || strcmp(v[k - 1], v[i]) != 0)
			v[k++] = v[i];
	return k;
}

void
section_kernel_cols(struct rtable *t)
{
	rtable_col(t, "kernel", RC_CODE);
	rtable_col(t, "library", RC_CODE);
	rtable_col(t, "sm", RC_TEXT);
}

void
section_kernel_cells(struct rtable *t, const struct kgroup *g)
{
	rtable_cell(t, "%s", g->collapsed);
	rtable_cell(t, "%s", g->library);
	rtable_cell(t, "%s", g->arch);
}
