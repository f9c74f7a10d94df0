#include "config.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "kgroup.h"
#include "xalloc.h"

int
kgroup_is_vendored(const struct options *o, const struct func_rec *f,
    const struct image_rec *img)
{
	if (o == NULL)
		return 0;
	if (o->vendored_no_namespace && f->ns[0] == '\0')
		return 1;
	for (size_t i = 0; i < o->vendored.n; i++)
		if (fnmatch(o->vendored.v[i], f->collapsed, 0) == 0 ||
		    fnmatch(o->vendored.v[i], img->library, 0) == 0)
			return 1;
	return 0;
}

size_t
kgroup_common_prefix(const struct model *m)
{
	const char *first;
	size_t n;

	if (m->nimages == 0)
		return 0;
	first = m->images[0].library;
	n = strlen(first);
	for (size_t i = 1; i < m->nimages && n > 0; i++) {
		const char *l = m->images[i].library;
		size_t k = 0;

		if (l == first)
			continue;
		while (k < n && l[k] == first[k])
			k++;
		n = k;
	}
	/* Back to the last '/', so that a file name is never cut. */
	while (n > 0 && first[n - 1] != '/')
		n--;
	return n;
}

int
kgroup_key_cmp(const struct kgroup *a, const struct kgroup *b)
{
	int c;

	if (a->library != b->library && (c = strcmp(a->library, b->library)) != 0)
		return c;
	if (a->collapsed != b->collapsed && (c = strcmp(a->collapsed, b->collapsed)) != 0)
		return c;
	return arch_cmp(a->arch, b->arch);
}


static const struct model *sort_model;	/* qsort has no context argument */

static int
func_cmp(const void *pa, const void *pb)
{
	const struct func_rec *a = &sort_model->funcs[*(const size_t *)pa];
	const struct func_rec *b = &sort_model->funcs[*(const size_t *)pb];
	const struct image_rec *ia = &sort_model->images[a->image];
	const struct image_rec *ib = &sort_model->images[b->image];
	int c;

	if (ia->library != ib->library && (c = strcmp(ia->library, ib->library)) != 0)
		return c;
	if (a->collapsed != b->collapsed && (c = strcmp(a->collapsed, b->collapsed)) != 0)
		return c;
	if ((c = arch_cmp(ia->arch, ib->arch)) != 0)
		return c;
	return *(const size_t *)pa < *(const size_t *)pb ? -1 : 1;
}

static void
maxto(int32_t *dst, int32_t v)
{
	if (v > *dst)
		*dst = v;
}

static int
spills(const struct func_rec *f)
{
	return f->spill_stores > 0 || f->spill_loads > 0;
}

static int
framed(const struct func_rec *f)
{
	return f->stack > 0 || f->local > 0;
}

void
kgroup_build(struct kgroup_set *s, const struct model *m, const struct options *o)
{
	size_t *idx, n = 0, cap = 0;

	memset(s, 0, sizeof *s);
	s->prefix = kgroup_common_prefix(m);
	idx = xcalloc(m->nfuncs + 1, sizeof *idx);
	for (size_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind == FUNC_ENTRY &&
		    m->images[m->funcs[i].image].kind == IMAGE_SASS)
			idx[n++] = i;
	sort_model = m;
	qsort(idx, n, sizeof *idx, func_cmp);
	for (size_t i = 0; i < n; i++) {
		const struct func_rec *f = &m->funcs[idx[i]];
		const struct image_rec *img = &m->images[f->image];
		struct kgroup *g = s->n > 0 ? &s->v[s->n - 1] : NULL;

		if (g == NULL || g->library != img->library + s->prefix ||
		    g->collapsed != f->collapsed || strcmp(g->arch, img->arch) != 0) {
			xgrow((void **)&s->v, &cap, s->n + 1, sizeof *s->v);
			g = &s->v[s->n++];
			memset(g, 0, sizeof *g);
			g->library = img->library + s->prefix;
			g->collapsed = f->collapsed;
			g->arch = img->arch;
			g->first = idx[i];
			g->reg = g->stack = g->local = g->shared = UNKNOWN;
			g->spill_stores = g->spill_loads = UNKNOWN;
			g->sp_reg = g->sp_stack = g->sp_stores = g->sp_loads = UNKNOWN;
			g->ar_reg = g->ar_stack = g->ar_local = UNKNOWN;
		}
		g->vendored |= kgroup_is_vendored(o, f, img);
		g->n++;
		maxto(&g->reg, f->reg);
		maxto(&g->stack, f->stack);
		maxto(&g->local, f->local);
		maxto(&g->shared, f->shared);
		maxto(&g->spill_stores, f->spill_stores);
		maxto(&g->spill_loads, f->spill_loads);
		if (framed(f)) {
			g->nframed++;
			if (f->spill_stores < 0 && f->spill_loads < 0)
				g->nunknown++;
			else if (!spills(f)) {
				g->narray++;
				maxto(&g->ar_reg, f->reg);
				maxto(&g->ar_stack, f->stack);
				maxto(&g->ar_local, f->local);
			}
		}
		if (spills(f)) {
			g->nspill++;
			maxto(&g->sp_reg, f->reg);
			maxto(&g->sp_stack, f->stack);
			maxto(&g->sp_stores, f->spill_stores);
			maxto(&g->sp_loads, f->spill_loads);
		}
	}
	free(idx);
}

void
kgroup_free(struct kgroup_set *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

static int
ptr_cmp(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	return x < y ? -1 : x > y;
}

static size_t
distinct(const char **v, size_t n)
{
	size_t d = 0;

	qsort(v, n, sizeof *v, ptr_cmp);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || v[i] != v[i - 1])
			d++;
	return d;
}

void
kgroup_summarize(const struct model *m, const struct options *o, int vendored,
    struct kgroup_summary *s)
{
	const char **names = xcalloc(m->nfuncs + 1, sizeof *names);
	const char **coll = xcalloc(m->nfuncs + 1, sizeof *coll);

	memset(s, 0, sizeof *s);
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *img = &m->images[f->image];

		if (f->kind != FUNC_ENTRY || img->kind != IMAGE_SASS ||
		    kgroup_is_vendored(o, f, img) != vendored)
			continue;
		names[s->entries] = f->name;
		coll[s->entries] = f->collapsed;
		s->entries++;
		if (!framed(f))
			continue;
		s->framed++;
		if (f->spill_stores < 0 && f->spill_loads < 0)
			s->unknown++;
		else if (spills(f))
			s->spilling++;
		else
			s->arrays++;
	}
	s->kernels = distinct(names, s->entries);
	s->collapsed = distinct(coll, s->entries);
	free(names);
	free(coll);
}
