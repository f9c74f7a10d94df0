/* SPDX-License-Identifier: MIT */
/* What the report's sections share (the table of them is report.c's). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "copies.h"
#include "sections.h"
#include "xalloc.h"

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

/* The entry of libs for library, added zeroed at the end when absent;
 * searched from the end, as one library's images come together. */
static void *
library_entry(void **libs, size_t *n, size_t *cap, size_t size, const char *library)
{
	char *base = *libs;

	for (size_t k = *n; k > 0; k--)
		if (*(const char **)(void *)(base + (k - 1) * size) == library)
			return base + (k - 1) * size;
	xgrow(libs, cap, *n + 1, size);
	base = (char *)*libs + (*n)++ * size;
	memset(base, 0, size);
	*(const char **)(void *)base = library;
	return base;
}

static int
library_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void *
section_libraries(const struct model *m, size_t size, int (*takes)(const struct image_rec *),
    void (*add)(void *entry, const struct image_rec *), size_t *nlibs)
{
	void *libs = NULL;
	size_t n = 0, cap = 0, prefix = kgroup_common_prefix(m);

	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *img = &m->images[i];

		if (takes(img))
			add(library_entry(&libs, &n, &cap, size, img->library + prefix), img);
	}
	if (n > 0)
		qsort(libs, n, size, library_cmp);
	*nlibs = n;
	return libs;
}

void
section_add_arch(const char ***v, size_t *n, const char *arch)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], arch) == 0)
			return;
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = arch;
}

void
section_cols(struct rtable *t, const struct section_col *cols, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rtable_col(t, cols[i].heading ? cols[i].heading : columns[cols[i].column].heading,
		    cols[i].flags);
}

static const struct section_col kernel_cols[] = {
	SECTION_COL(COL_COLLAPSED, RC_CODE),
	SECTION_COL(COL_LIBRARY, RC_CODE),
	SECTION_COL(COL_SM, RC_TEXT),
};

void
section_kernel_cols(struct rtable *t)
{
	section_cols(t, kernel_cols, SECTION_NCOLS(kernel_cols));
}

static int32_t
group_field(const struct kgroup *g, size_t field)
{
	int32_t v;

	memcpy(&v, (const char *)g + field, sizeof v);
	return v;
}

static int
kernel_row(const struct kgroup *g, const struct section_col *cols)
{
	return !g->vendored && group_field(g, cols[0].field) > 0;
}

size_t
section_kernel_rows(const struct kgroup_set *s, const struct section_col *cols)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++)
		n += kernel_row(&s->v[i], cols);
	return n;
}

/* A row to write: its group and its weight. */
struct weighted {
	size_t	group;
	int64_t	weight;
};

static int64_t
row_weight(const struct kgroup *g, const struct section_col *cols, size_t n)
{
	int64_t w = 0;

	for (size_t k = 0; k < n; k++)
		if (cols[k].worst && group_field(g, cols[k].field) > 0)
			w += group_field(g, cols[k].field);
	return w;
}

static int
heaviest_first(const void *pa, const void *pb)
{
	const struct weighted *a = pa, *b = pb;

	if (a->weight != b->weight)
		return a->weight > b->weight ? -1 : 1;
	return a->group < b->group ? -1 : a->group > b->group;
}

void
section_kernel_table(struct rdoc *d, const struct section_input *in,
    const struct section_col *cols, size_t n)
{
	const struct kgroup_set *s = section_groups(in);
	struct rtable *t = rdoc_table(d, in->section->name);
	struct weighted *rows = xcalloc(s->n + 1, sizeof *rows);
	size_t nrows = 0;

	section_kernel_cols(t);
	section_cols(t, cols, n);
	for (size_t i = 0; i < s->n; i++)
		if (kernel_row(&s->v[i], cols)) {
			rows[nrows].group = i;
			rows[nrows++].weight = row_weight(&s->v[i], cols, n);
		}
	qsort(rows, nrows, sizeof *rows, heaviest_first);
	for (size_t r = 0; r < nrows; r++) {
		const struct kgroup *g = &s->v[rows[r].group];

		section_kernel_cells(t, in, g);
		for (size_t k = 0; k < n; k++)
			rtable_num(t, group_field(g, cols[k].field));
	}
	free(rows);
}

void
section_kernel_cells(struct rtable *t, const struct section_input *in, const struct kgroup *g)
{
	rtable_cell(t, "%s", g->collapsed);
	section_library_cell(t, in, g);
	rtable_cell(t, "%s", g->arch);
}

void
section_library_cell(struct rtable *t, const struct section_input *in, const struct kgroup *g)
{
	if (g->also != SIZE_MAX) {	/* the same kernel in other files (copies.h) */
		char also[512];

		rtable_cell(t, "%s (also in %s)", g->library,
		    copies_where(in->model, g->also, section_groups(in)->prefix, also, sizeof also));
	} else
		rtable_cell(t, "%s", g->library);
}

const struct kgroup_set *
section_file_groups(const struct section_input *in)
{
	if (!in->groups->files_built) {
		kgroup_build_files(&in->groups->files, in->model,
		    in->judged != NULL ? in->judged->vendored : NULL);
		in->groups->files_built = 1;
	}
	return &in->groups->files;
}

const struct kgroup_set *
section_groups(const struct section_input *in)
{
	if (!in->groups->built) {
		kgroup_build(&in->groups->set, in->model,
		    in->judged != NULL ? in->judged->vendored : NULL);
		in->groups->built = 1;
	}
	return &in->groups->set;
}
