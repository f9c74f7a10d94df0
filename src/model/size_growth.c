/* SPDX-License-Identifier: MIT */
/* Bytes before and after: per library, arch and kernel. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "size.h"
#include "xalloc.h"

const char *const size_growth_level_names[3] = {
	[GROW_LIBRARY] = "library", [GROW_ARCH] = "arch", [GROW_KERNEL] = "kernel",
};

struct entry {
	uint8_t		 level;
	const char	*library, *arch, *kernel;
	uint64_t	 bytes;
};

struct entries {
	struct entry	*v;
	size_t		 n, cap;
};

static void
put(struct entries *e, int level, const char *lib, const char *arch, const char *kernel,
    uint64_t bytes)
{
	xgrow((void **)&e->v, &e->cap, e->n + 1, sizeof *e->v);
	e->v[e->n++] = (struct entry){ (uint8_t)level, lib, arch, kernel, bytes };
}

static int
entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c;

	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	if ((c = strcmp(x->library, y->library)) != 0)
		return c;
	if ((c = strcmp(x->arch, y->arch)) != 0)
		return c;
	return strcmp(x->kernel, y->kernel);
}

/* Whether every image with functions in m has its stored size. */
static int
knows_stored(const struct model *m)
{
	for (size_t i = 0; i < m->nimages; i++)
		if (m->images[i].stored_size == 0)
			return 0;
	return m->nimages > 0;
}

/* The model's entries, summed per key and sorted. */
static void
collect(const struct model *m, int stored, int kernels, struct entries *e)
{
	size_t out = 0;

	if (stored)
		for (size_t i = 0; i < m->nimages; i++) {
			const struct image_rec *r = &m->images[i];

			put(e, GROW_LIBRARY, r->library, "", "", r->stored_size);
			put(e, GROW_ARCH, r->library, r->arch, "", r->stored_size);
		}
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *r = &m->images[f->image];
		uint64_t b = f->code_bytes > 0 ? (uint64_t)f->code_bytes : 0;

		if (!stored) {
			put(e, GROW_LIBRARY, r->library, "", "", b);
			put(e, GROW_ARCH, r->library, r->arch, "", b);
		}
		if (kernels)
			put(e, GROW_KERNEL, r->library, r->arch, f->collapsed ? f->collapsed : f->mangled, b);
	}
	if (e->n > 0)
		qsort(e->v, e->n, sizeof *e->v, entry_cmp);
	for (size_t i = 0; i < e->n; i++) {
		if (out > 0 && entry_cmp(&e->v[out - 1], &e->v[i]) == 0)
			e->v[out - 1].bytes += e->v[i].bytes;
		else
			e->v[out++] = e->v[i];
	}
	e->n = out;
}

int64_t
size_growth_bytes(const struct size_growth *g)
{
	return (g->after > 0 ? g->after : 0) - (g->before > 0 ? g->before : 0);
}

static int
growth_cmp(const void *a, const void *b)
{
	const struct size_growth *x = a, *y = b;
	int64_t gx = size_growth_bytes(x), gy = size_growth_bytes(y);

	if (gx != gy)
		return gx > gy ? -1 : 1;
	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	return strcmp(x->kernel, y->kernel);
}

struct size_growth *
size_growth(const struct model *now, const struct model *base, size_t *np)
{
	int stored = knows_stored(now) && knows_stored(base);
	/* Kernels only where both sides have functions (not a --list=images CSV). */
	int kernels = now->nfuncs > 0 && base->nfuncs > 0;
	struct entries a = { 0 }, b = { 0 };
	struct size_growth *v;
	size_t i = 0, j = 0, n = 0;

	collect(now, stored, kernels, &a);
	collect(base, stored, kernels, &b);
	v = xcalloc(a.n + b.n + 1, sizeof *v);
	while (i < a.n || j < b.n) {
		int c = i >= a.n ? 1 : j >= b.n ? -1 : entry_cmp(&a.v[i], &b.v[j]);
		const struct entry *e = c <= 0 ? &a.v[i] : &b.v[j];

		v[n] = (struct size_growth){ .level = e->level, .stored = (uint8_t)(stored && e->level != GROW_KERNEL),
		    .library = e->library, .arch = e->arch, .kernel = e->kernel,
		    .before = c >= 0 ? (int64_t)b.v[j].bytes : -1,
		    .after = c <= 0 ? (int64_t)a.v[i].bytes : -1 };
		n++;
		if (c <= 0)
			i++;
		if (c >= 0)
			j++;
	}
	free(a.v);
	free(b.v);
	qsort(v, n, sizeof *v, growth_cmp);
	*np = n;
	return v;
}
