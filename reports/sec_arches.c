/* SPDX-License-Identifier: MIT */
/*
 * Kernels whose registers or stack frame differ between arches: per
 * kernel, its lowest arch as the reference and each other arch that
 * differs, by how much ("sm_90: REG 48 (-16)"), so that the table is a few
 * columns however many arches a tree holds.  CSV keeps one column of each
 * figure per arch, for scripts.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "sections.h"
#include "xalloc.h"

/* One collapsed kernel of one library across its arches: groups [from, to),
 * in arch order (kgroup_key_cmp), so that from is the reference. */
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

/* " REG 48 (-16)" when v differs from the reference's; "" otherwise. */
static void
delta(char *buf, size_t size, int col, int32_t v, int32_t ref)
{
	const char *title = columns[col].title;

	if (v == ref)
		buf[0] = '\0';
	else if (v < 0)
		snprintf(buf, size, " %s unknown", title);
	else if (ref < 0)
		snprintf(buf, size, " %s %d", title, v);
	else
		snprintf(buf, size, " %s %d (%+d)", title, v, v - ref);
}

/* Same registers and frame: arches that differ alike share one item. */
static int
same_figures(const struct kgroup *a, const struct kgroup *b)
{
	return a->reg == b->reg && a->stack == b->stack;
}

/* "sm_90, sm_100: REG 48 (-16); sm_120: STACK 24 (+24)": allocated. */
static char *
differences(const struct kgroup_set *s, const struct span *sp)
{
	const struct kgroup *ref = &s->v[sp->from];
	size_t n = sp->to - sp->from;
	char *done = xcalloc(n, 1), *out = xstrdup(""), *t;

	for (size_t i = 1; i < n; i++) {
		const struct kgroup *g = &s->v[sp->from + i];
		char reg[64], stack[64];
		char *arches;

		if (done[i] || same_figures(g, ref))
			continue;
		arches = xstrdup(g->arch);
		for (size_t k = i + 1; k < n; k++)
			if (!done[k] && same_figures(&s->v[sp->from + k], g)) {
				done[k] = 1;
				t = xasprintf("%s, %s", arches, s->v[sp->from + k].arch);
				free(arches);
				arches = t;
			}
		delta(reg, sizeof reg, COL_REG, g->reg, ref->reg);
		delta(stack, sizeof stack, COL_STACK, g->stack, ref->stack);
		t = xasprintf("%s%s%s:%s%s%s", out, *out ? "; " : "", arches, reg,
		    *reg && *stack ? "," : "", stack);
		free(arches);
		free(out);
		out = t;
	}
	free(done);
	return out;
}

/* Markdown and HTML: the reference and what differs from it. */
static void
delta_cols(struct rtable *t)
{
	/* cppcheck-suppress badBitmaskCheck ; RC_TEXT is 0, named for the reader */
	rtable_col(t, "reference", RC_TEXT | RC_MD_ONLY);
	rtable_col(t, columns[COL_REG].heading, RC_NUM | RC_MD_ONLY);
	rtable_col(t, columns[COL_STACK].heading, RC_NUM | RC_MD_ONLY);
	/* cppcheck-suppress badBitmaskCheck ; RC_TEXT is 0, named for the reader */
	rtable_col(t, "arches that differ from the reference", RC_TEXT | RC_MD_ONLY);
}

/* CSV: each arch's registers and frame, a column each. */
static void
arch_cols(struct rtable *t, const char **arches, size_t narch)
{
	for (size_t a = 0; a < narch; a++) {
		char *h = xasprintf("%s %s", arches[a], columns[COL_REG].title);

		rtable_col(t, h, RC_NUM | RC_CSV_ONLY);
		free(h);
		h = xasprintf("%s %s", arches[a], columns[COL_STACK].title);
		rtable_col(t, h, RC_NUM | RC_CSV_ONLY);
		free(h);
	}
}

static void
span_cells(struct rtable *t, const struct section_input *in, const struct kgroup_set *s,
    const struct span *sp, const char **arches, size_t narch)
{
	const struct kgroup *ref = &s->v[sp->from];
	char *diff = differences(s, sp);

	rtable_cell(t, "%s", ref->collapsed);
	section_library_cell(t, in, ref);
	rtable_cell(t, "%s", ref->arch);
	rtable_num(t, ref->reg);
	rtable_num(t, ref->stack);
	rtable_cell(t, "%s", diff);
	free(diff);
	for (size_t a = 0; a < narch; a++) {
		const struct kgroup *hit = NULL;

		for (size_t k = sp->from; k < sp->to; k++)
			if (strcmp(s->v[k].arch, arches[a]) == 0)
				hit = &s->v[k];
		rtable_num(t, hit ? hit->reg : -1);
		rtable_num(t, hit ? hit->stack : -1);
	}
}

void
section_arches(struct rdoc *d, const struct section_input *in)
{
	const struct kgroup_set *s = section_groups(in);
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
	rdoc_para(d, in->section->name, "%zu %s whose registers or stack frame differ between "
	    "arches (maxima over instantiations; largest differences first). Each is shown on "
	    "its lowest arch, the reference, and on the arches that differ from it, with the "
	    "difference; arches not named have the reference's figures:", nsp,
	    nsp == 1 ? "kernel" : "kernels");
	t = rdoc_table(d, in->section->name);
	rtable_col(t, "kernel", RC_CODE);
	rtable_col(t, "library", RC_CODE);
	delta_cols(t);
	arch_cols(t, arches, narch);
	for (size_t i = 0; i < nsp; i++)
		span_cells(t, in, s, &sp[i], arches, narch);
	free(sp);
	free(arches);
}
