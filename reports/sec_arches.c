/* Kernels whose registers or stack frame differ between arches. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "sections.h"
#include "xalloc.h"

/* One collapsed kernel of one library across its arches: groups [from, to). */
struct span {
	size_t	from, to;
	int32_t	dreg, dstack;
};

static int
span_cmp(const void *pa, const void *pb)
{
	const struct span *a = pa, *b = pb;

	if (a->dreg != b->dreg)
		return b->dreg - a->dreg;
	if (a->dstack != b->dstack)
		return b->dstack > a->dstack ? 1 : -1;
	return a->from < b->from ? -1 : a->from > b->from;
}

void
section_arches(struct rdoc *d, const struct section_input *in)
{
	const struct kgroup_set *s = in->groups;
	struct span *sp = NULL;
	size_t nsp = 0, cap = 0, narch = 0;
	const char **arches = xcalloc(s->n + 1, sizeof *arches);
	struct rtable *t;

	for (size_t i = 0; i < s->n;) {
		size_t j = i + 1;
		int32_t rmin = s->v[i].reg, rmax = rmin, smin = s->v[i].stack, smax = smin;

		while (j < s->n && s->v[j].library == s->v[i].library &&
		    s->v[j].collapsed == s->v[i].collapsed)
			j++;
		for (size_t k = i; k < j; k++) {
			const struct kgroup *g = &s->v[k];

			rmin = g->reg < rmin ? g->reg : rmin;
			rmax = g->reg > rmax ? g->reg : rmax;
			smin = g->stack < smin ? g->stack : smin;
			smax = g->stack > smax ? g->stack : smax;
		}
		if (rmin != rmax || smin != smax) {
			xgrow((void **)&sp, &cap, nsp + 1, sizeof *sp);
			sp[nsp].from = i;
			sp[nsp].to = j;
			sp[nsp].dreg = rmax - rmin;
			sp[nsp].dstack = smax - smin;
			nsp++;
			for (size_t k = i; k < j; k++)
				arches[narch++] = s->v[k].arch;
		}
		i = j;
	}
	if (nsp == 0) {
		free(arches);
		return;
	}
	narch = section_uniq_sorted(arches, narch, arch_qsort_cmp);
	qsort(sp, nsp, sizeof *sp, span_cmp);
	section_heading(d, in);
	rdoc_para(d, in->section->name, "%zu kernels whose registers or stack frame differ between "
	    "arches (maxima over instantiations; largest differences first):", nsp);
	t = rdoc_table(d, in->section->name);
	rtable_col(t, "kernel", RC_CODE);
	rtable_col(t, "library", RC_CODE);
	for (size_t a = 0; a < narch; a++) {
		char *h = xasprintf("%s %s", arches[a], columns[COL_REG].title);
		rtable_col(t, h, RC_NUM);
		free(h);
		h = xasprintf("%s %s", arches[a], columns[COL_STACK].title);
		rtable_col(t, h, RC_NUM);
		free(h);
	}
	for (size_t i = 0; i < nsp; i++) {
		const struct kgroup *g0 = &s->v[sp[i].from];

		rtable_cell(t, "%s", g0->collapsed);
		rtable_cell(t, "%s", g0->library);
		for (size_t a = 0; a < narch; a++) {
			const struct kgroup *hit = NULL;

			for (size_t k = sp[i].from; k < sp[i].to; k++)
				if (strcmp(s->v[k].arch, arches[a]) == 0)
					hit = &s->v[k];
			rtable_num(t, hit ? hit->reg : -1);
			rtable_num(t, hit ? hit->stack : -1);
		}
	}
	free(sp);
	free(arches);
}
