#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "summary.h"
#include "xalloc.h"

/* Libraries in first-seen order; arches sorted by name for a stable line. */
struct lib_sum {
	const char	*library;
	const char	**kernels;	/* distinct mangled entry names */
	size_t		 nkernels, capkernels;
	char		**arches;
	size_t		 narches, caparches;
	size_t		 entries, framed, images;
};

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
ptr_cmp(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	return x < y ? -1 : x > y;
}

static struct lib_sum *
find_lib(struct lib_sum **libs, size_t *n, size_t *cap, const char *library)
{
	for (size_t i = *n; i > 0; i--)
		if ((*libs)[i - 1].library == library)
			return &(*libs)[i - 1];
	xgrow((void **)libs, cap, *n + 1, sizeof **libs);
	memset(&(*libs)[*n], 0, sizeof **libs);
	(*libs)[*n].library = library;
	return &(*libs)[(*n)++];
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
	struct lib_sum *libs = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < m->nimages; i++) {
		struct lib_sum *l = find_lib(&libs, &n, &cap, m->images[i].library);
		if (m->images[i].kind == IMAGE_SASS)
			l->images++;
	}
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];
		const struct image_rec *img = &m->images[fn->image];
		struct lib_sum *l;

		if (fn->kind != FUNC_ENTRY)
			continue;
		l = find_lib(&libs, &n, &cap, img->library);
		xgrow((void **)&l->kernels, &l->capkernels, l->nkernels + 1, sizeof *l->kernels);
		l->kernels[l->nkernels++] = fn->mangled;
		add_arch(l, img->arch);
		l->entries++;
		if (fn->stack > 0 || fn->local > 0)
			l->framed++;
	}
	for (size_t i = 0; i < n; i++) {
		struct lib_sum *l = &libs[i];
		size_t distinct = 0;

		/* A library of no entry (host code, PTX only) has no list at
		 * all: qsort's base must not be NULL, even for 0 items. */
		if (l->nkernels > 1)
			qsort(l->kernels, l->nkernels, sizeof *l->kernels, ptr_cmp);
		for (size_t k = 0; k < l->nkernels; k++)
			if (k == 0 || l->kernels[k] != l->kernels[k - 1])
				distinct++;
		if (l->narches > 1)
			qsort(l->arches, l->narches, sizeof *l->arches, str_cmp);
		fprintf(f, "spillway: %s: %zu kernels on ", l->library, distinct);
		if (l->narches == 0)
			fputs("no SASS arch", f);
		for (size_t k = 0; k < l->narches; k++)
			fprintf(f, "%s%s", k ? ", " : "", l->arches[k]);
		fprintf(f, " (%zu entries), %zu use stack / local memory\n", l->entries, l->framed);
		for (size_t k = 0; k < l->narches; k++)
			free(l->arches[k]);
		free(l->arches);
		free(l->kernels);
	}
	free(libs);
}
