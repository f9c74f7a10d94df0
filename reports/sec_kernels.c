/* Sections about kernels: summary, spills, per-thread arrays, arch comparison. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "sections.h"
#include "xalloc.h"

/* Distinct strings of a list, sorted; returns the count. */
static size_t
uniq_sorted(const char **v, size_t n, int (*cmp)(const void *, const void *))
{
	size_t k = 0;

	qsort(v, n, sizeof *v, cmp);
	for (size_t i = 0; i < n; i++)
		if (k == 0 || strcmp(v[k - 1], v[i]) != 0)
			v[k++] = v[i];
	return k;
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "a, b, c" or "a, b, … and N more" into a new string, each in code. */
static char *
join(const char **v, size_t n, size_t most)
{
	char *s = xstrdup(""), *t;

	for (size_t i = 0; i < n && i < most; i++) {
		t = xasprintf("%s%s" RD_CODE "%s" RD_END, s, i ? ", " : "", v[i]);
		free(s);
		s = t;
	}
	if (n > most) {
		t = xasprintf("%s and %zu more", s, n - most);
		free(s);
		s = t;
	}
	return s;
}

static void
inputs_line(struct rdoc *d, const struct model *m)
{
	const char **libs = xcalloc(m->nimages + 1, sizeof *libs);
	const char **sass = xcalloc(m->nimages + 1, sizeof *sass);
	const char **ptx = xcalloc(m->nimages + 1, sizeof *ptx);
	const char **tk = xcalloc(m->nimages + 1, sizeof *tk);
	size_t nl = 0, ns = 0, np = 0, nt = 0;
	char *l, *s, *p, *t;

	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *img = &m->images[i];

		libs[nl++] = img->library;
		if (img->kind == IMAGE_SASS)
			sass[ns++] = img->arch;
		else if (img->kind == IMAGE_PTX)
			ptx[np++] = img->arch;
		if (img->toolkit[0] != '\0')
			tk[nt++] = img->toolkit;
	}
	nl = uniq_sorted(libs, nl, str_cmp);
	ns = uniq_sorted(sass, ns, arch_qsort_cmp);
	np = uniq_sorted(ptx, np, arch_qsort_cmp);
	nt = uniq_sorted(tk, nt, str_cmp);
	l = join(libs, nl, 12);
	s = join(sass, ns, 32);
	p = join(ptx, np, 32);
	t = join(tk, nt, 8);
	rdoc_para(d, "summary", "Read %zu %s: %s. SASS: %s%s%s%s%s.", nl,
	    nl == 1 ? "file" : "files", l, ns ? s : "none",
	    np ? "; PTX: " : "", p, nt ? "; CUDA toolkit " : "", t);
	free(l);
	free(s);
	free(p);
	free(t);
	free(libs);
	free(sass);
	free(ptx);
	free(tk);
}

/* Spilling / arrays cell: a count, "unknown", or a count with the unknown part. */
static void
split_cell(struct rtable *t, size_t known, size_t unknown)
{
	if (unknown == 0)
		rtable_num(t, (int64_t)known);
	else if (known == 0)
		rtable_cell(t, "unknown");
	else
		rtable_cell(t, "%zu (+%zu unknown)", known, unknown);
}

void
section_summary(struct rdoc *d, const struct model *m, const struct verdict *judged)
{
	struct kcount s[2];
	struct rtable *t;
	int vend = judged != NULL && judge_vendored_any(judged->vendored);

	if (m->nimages == 0)
		return;
	if (judged != NULL) {
		s[0] = judged->gated;
		s[1] = judged->skipped;
	} else {
		struct kcount_set c;

		kgroup_count(&c, m, NULL);
		s[0] = c.gated;
		s[1] = c.skipped;
		kgroup_count_free(&c);
	}
	rdoc_heading(d, "summary", "Summary");
	inputs_line(d, m);
	t = rdoc_table(d, "summary");
	rtable_col(t, "", RC_TEXT);
	rtable_col(t, "kernels", RC_NUM);
	rtable_col(t, "instantiations", RC_NUM);
	rtable_col(t, "(kernel, sm) entries", RC_NUM);
	rtable_col(t, "with a stack frame", RC_NUM);
	rtable_col(t, "spilling", RC_NUM);
	rtable_col(t, "spill-free arrays", RC_NUM);
	for (int k = 0; k < (vend ? 2 : 1); k++) {
		rtable_cell(t, k ? "skipped (vendored)" : "gated");
		rtable_num(t, (int64_t)s[k].kernels);
		rtable_num(t, (int64_t)s[k].instantiations);
		rtable_num(t, (int64_t)s[k].entries);
		rtable_num(t, (int64_t)s[k].framed);
		split_cell(t, s[k].spilling, s[k].unknown);
		split_cell(t, s[k].arrays, s[k].unknown);
	}
	if (s[0].unknown + s[1].unknown > 0)
		rdoc_para(d, "summary", "Spill figures come from " RD_CODE "ptxas -v" RD_END
		    " logs, and none were read for %zu of the entries with a stack frame: "
		    "for those, a spill and a per-thread array look the same in the binary "
		    "(both are STACK), so they are counted as unknown.",
		    s[0].unknown + s[1].unknown);
}

static void
kernel_cols(struct rtable *t)
{
	rtable_col(t, "kernel", RC_CODE);
	rtable_col(t, "library", RC_CODE);
	rtable_col(t, "sm", RC_TEXT);
}

static void
kernel_cells(struct rtable *t, const struct kgroup *g)
{
	rtable_cell(t, "%s", g->collapsed);
	rtable_cell(t, "%s", g->library);
	rtable_cell(t, "%s", g->arch);
}

void
section_spills(struct rdoc *d, const struct kgroup_set *s)
{
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
	rdoc_heading(d, "spills", "Kernels that spill");
	if (nspill > 0) {
		rdoc_para(d, "spills", "%zu (kernel, sm) pairs spill (template arguments "
		    "collapsed; maxima over the instantiations that spill):", nspill);
		t = rdoc_table(d, "spills");
		kernel_cols(t);
		rtable_col(t, "instantiations spilling", RC_NUM);
		rtable_col(t, "stack frame B", RC_NUM);
		rtable_col(t, columns[COL_SPILL_STORES].heading, RC_NUM);
		rtable_col(t, columns[COL_SPILL_LOADS].heading, RC_NUM);
		rtable_col(t, columns[COL_REG].heading, RC_NUM);
		for (size_t i = 0; i < s->n; i++) {
			const struct kgroup *g = &s->v[i];

			if (g->vendored || g->nspill == 0)
				continue;
			kernel_cells(t, g);
			rtable_num(t, g->nspill);
			rtable_num(t, g->sp_stack);
			rtable_num(t, g->sp_stores);
			rtable_num(t, g->sp_loads);
			rtable_num(t, g->sp_reg);
		}
	}
	if (nunknown == 0)
		return;
	rdoc_para(d, "spills", "Spill figures unknown (no " RD_CODE "ptxas -v" RD_END
	    " log joined): these %zu (kernel, sm) pairs have a stack frame, which holds "
	    "spills, per-thread arrays or both (maxima over instantiations):", nunknown);
	t = rdoc_table(d, "spills");
	kernel_cols(t);
	rtable_col(t, "instantiations with a frame", RC_NUM);
	rtable_col(t, "stack frame B", RC_NUM);
	rtable_col(t, columns[COL_LOCAL].heading, RC_NUM);
	rtable_col(t, columns[COL_REG].heading, RC_NUM);
	for (size_t i = 0; i < s->n; i++) {
		const struct kgroup *g = &s->v[i];

		if (g->vendored || g->nunknown == 0)
			continue;
		kernel_cells(t, g);
		rtable_num(t, g->nunknown);
		rtable_num(t, g->stack);
		rtable_num(t, g->local);
		rtable_num(t, g->reg);
	}
}

void
section_arrays(struct rdoc *d, const struct kgroup_set *s)
{
	struct rtable *t = NULL;

	for (size_t i = 0; i < s->n; i++) {
		const struct kgroup *g = &s->v[i];
		if (g->vendored || g->narray == 0)
			continue;
		if (t == NULL) {
			rdoc_heading(d, "arrays", "Spill-free per-thread arrays");
			rdoc_para(d, "arrays", "Kernels with a stack frame and no spill: the "
			    "frame holds per-thread arrays (maxima over those instantiations).");
			t = rdoc_table(d, "arrays");
			kernel_cols(t);
			rtable_col(t, "instantiations", RC_NUM);
			rtable_col(t, "stack frame B", RC_NUM);
			rtable_col(t, columns[COL_LOCAL].heading, RC_NUM);
			rtable_col(t, columns[COL_REG].heading, RC_NUM);
		}
		kernel_cells(t, g);
		rtable_num(t, g->narray);
		rtable_num(t, g->ar_stack);
		rtable_num(t, g->ar_local);
		rtable_num(t, g->ar_reg);
	}
}

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
section_arches(struct rdoc *d, const struct kgroup_set *s)
{
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
	narch = uniq_sorted(arches, narch, arch_qsort_cmp);
	qsort(sp, nsp, sizeof *sp, span_cmp);
	rdoc_heading(d, "arches", "Arch comparison");
	rdoc_para(d, "arches", "%zu kernels whose registers or stack frame differ between "
	    "arches (maxima over instantiations; largest differences first):", nsp);
	t = rdoc_table(d, "arches");
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
