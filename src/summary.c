#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/hashtab.h>

#include "arch.h"
#include "escape.h"
#include "summary.h"
#include "xalloc.h"

/* Libraries in first-seen order; arches in arch order (arch.h), as every face lists them. */
struct lib_sum {
	const char	*library;
	const char	**kernels;	/* distinct mangled entry names */
	size_t		 nkernels, capkernels;
	char		**arches;
	size_t		 narches, caparches;
	size_t		 entries, framed, images;
};

static int
ptr_cmp(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	return x < y ? -1 : x > y;
}

/*
 * The libraries seen, in first-seen order, and an index by name (names are
 * interned: equal names are equal pointers) that keeps a tree of a million
 * files linear.  Each library is allocated alone, so the index's pointers
 * stay put while the list grows.
 */
struct lib_list {
	struct lib_sum	**v;
	size_t		 n, cap;
	htab_t		 by_name;
};

static hashval_t
lib_hash(const void *e)
{
	return htab_hash_pointer(((const struct lib_sum *)e)->library);
}

static int
lib_eq(const void *e, const void *key)
{
	return ((const struct lib_sum *)e)->library == ((const struct lib_sum *)key)->library;
}

static struct lib_sum *
find_lib(struct lib_list *ls, const char *library)
{
	struct lib_sum key = { .library = library }, *l;
	void **slot;

	if (ls->n > 0 && ls->v[ls->n - 1]->library == library)
		return ls->v[ls->n - 1];
	slot = htab_find_slot(ls->by_name, &key, INSERT);
	if (*slot != NULL)
		return *slot;
	l = xcalloc(1, sizeof *l);
	l->library = library;
	xgrow((void **)&ls->v, &ls->cap, ls->n + 1, sizeof *ls->v);
	ls->v[ls->n++] = l;
	*slot = l;
	return l;
}

static void
add_arch(struct lib_sum *l, const char *arch)
{
	for (size_t i = 0; i < l->narches; i++)
		if (strcmp(l->arches[i], arch) == 0)
			return;
	xgrow((void **)&l->arches, &l->caparches, l->narches + 1, sizeof *l->arches);
	l->arches[l->narches++] = xstrdup(arch);
}

void
summary_write(FILE *f, const struct model *m)
{
	struct lib_list ls = { 0 };

	ls.by_name = htab_create_alloc(64, lib_hash, lib_eq, NULL, xcalloc, free);

	for (size_t i = 0; i < m->nimages; i++) {
		struct lib_sum *l = find_lib(&ls, m->images[i].library);
		if (m->images[i].kind == IMAGE_SASS)
			l->images++;
	}
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];
		const struct image_rec *img = &m->images[fn->image];
		struct lib_sum *l;

		if (fn->kind != FUNC_ENTRY)
			continue;
		l = find_lib(&ls, img->library);
		xgrow((void **)&l->kernels, &l->capkernels, l->nkernels + 1, sizeof *l->kernels);
		l->kernels[l->nkernels++] = fn->mangled;
		add_arch(l, img->arch);
		l->entries++;
		if (fn->stack > 0 || fn->local > 0)
			l->framed++;
	}
	for (size_t i = 0; i < ls.n; i++) {
		struct lib_sum *l = ls.v[i];
		size_t distinct = 0;

		/* A library of no entry (host code, PTX only) has no list at
		 * all: qsort's base must not be NULL, even for 0 items. */
		if (l->nkernels > 1)
			qsort(l->kernels, l->nkernels, sizeof *l->kernels, ptr_cmp);
		for (size_t k = 0; k < l->nkernels; k++)
			if (k == 0 || l->kernels[k] != l->kernels[k - 1])
				distinct++;
		if (l->narches > 1)
			qsort(l->arches, l->narches, sizeof *l->arches, arch_qsort_cmp);
		fputs("spillway: ", f);
		escape_fputs(l->library, f);
		fprintf(f, ": %zu kernels on ", distinct);
		if (l->narches == 0)
			fputs("no SASS arch", f);
		for (size_t k = 0; k < l->narches; k++) {
			fputs(k ? ", " : "", f);
			escape_fputs(l->arches[k], f);
		}
		fprintf(f, " (%zu entries), %zu use stack / local memory\n", l->entries, l->framed);
		for (size_t k = 0; k < l->narches; k++)
			free(l->arches[k]);
		free(l->arches);
		free(l->kernels);
		free(l);
	}
	htab_delete(ls.by_name);
	free(ls.v);
}
