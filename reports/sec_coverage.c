/* SPDX-License-Identifier: MIT */
/* Arch coverage: what each GPU runs of each library, and stale objects. */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "occupancy.h"
#include "sections.h"
#include "xalloc.h"

struct libcov {
	const char	*library;
	const char	**sass, **ptx;
	size_t		 nsass, nptx;
	char		*set;		/* its SASS arches, "sm_80 sm_90": what staleness compares */
};
_Static_assert(offsetof(struct libcov, library) == 0, "section_libraries' entry");

/* "sm_80 sm_90", or "" for none; allocated. */
static char *
words(const char **v, size_t n)
{
	char *s = xstrdup(""), *t;

	for (size_t k = 0; k < n; k++) {
		t = xasprintf("%s%s%s", s, k ? " " : "", v[k]);
		free(s);
		s = t;
	}
	return s;
}

/* AMD GPU coverage is sec_amd.c's. */
static int
cuda_takes(const struct image_rec *img)
{
	return !arch_is_amdgpu(img->arch);
}

static void
cuda_add(void *entry, const struct image_rec *img)
{
	struct libcov *l = entry;

	if (img->kind == IMAGE_SASS)
		section_add_arch(&l->sass, &l->nsass, img->arch);
	else if (img->kind == IMAGE_PTX)
		section_add_arch(&l->ptx, &l->nptx, img->arch);
}

static struct libcov *
collect(const struct model *m, size_t *nlibs)
{
	struct libcov *libs = section_libraries(m, sizeof *libs, cuda_takes, cuda_add, nlibs);

	for (size_t i = 0; i < *nlibs; i++) {
		struct libcov *l = &libs[i];

		if (l->nsass > 0)
			qsort(l->sass, l->nsass, sizeof *l->sass, arch_qsort_cmp);
		if (l->nptx > 0)
			qsort(l->ptx, l->nptx, sizeof *l->ptx, arch_qsort_cmp);
		/* PTX is no staleness: a relocatable object carries it, the
		 * files nvlink makes of it never do, a whole-program file may. */
		l->set = words(l->sass, l->nsass);
	}
	return libs;
}

/* The highest of the arches that loads on the GPU; NULL if none does. */
static const char *
highest_loading(const char **arches, size_t n, const struct arch_id *gpu,
    int (*loads_on)(const struct arch_id *, const struct arch_id *))
{
	const char *best = NULL;
	struct arch_id a, b;

	for (size_t i = 0; i < n; i++)
		if (arch_parse(arches[i], &a) == 0 && loads_on(&a, gpu) &&
		    (best == NULL || (arch_parse(best, &b) == 0 && a.number > b.number)))
			best = arches[i];
	return best;
}

/* How one GPU runs a library: natively, by PTX JIT, or not at all. */
enum run_how { RUN_NATIVE, RUN_JIT, RUN_NOT, RUN_HOWS };

/* "SASS sm_86", "PTX JIT compute_80" or "no" for one library on one GPU;
 * *how says which. */
static char *
loads(const struct libcov *l, const struct arch_id *gpu, enum run_how *how)
{
	const char *best;

	if ((best = highest_loading(l->sass, l->nsass, gpu, arch_sass_runs)) != NULL) {
		*how = RUN_NATIVE;
		return xasprintf("SASS %s", best);
	}
	if ((best = highest_loading(l->ptx, l->nptx, gpu, arch_ptx_jits)) != NULL) {
		*how = RUN_JIT;
		return xasprintf("PTX JIT %s", best);
	}
	*how = RUN_NOT;
	return xstrdup("no");
}

/* The Markdown columns: the GPUs that run the library each way, a list a
 * cell, so that the table is as wide for 3 GPUs as for 30. */
static const char *const run_how_heading[RUN_HOWS] = {
	[RUN_NATIVE] = "GPUs that run it natively (SASS)",
	[RUN_JIT] = "by PTX JIT",
	[RUN_NOT] = "not at all",
};

/* The arch set most files share, when more than half of three or more do. */
static const char *
majority_set(const struct libcov *libs, size_t n, size_t *count)
{
	for (size_t i = 0; i < n && n >= 3; i++) {
		size_t c = 0;

		for (size_t k = 0; k < n; k++)
			c += strcmp(libs[k].set, libs[i].set) == 0;
		if (2 * c > n) {
			*count = c;
			return libs[i].set;
		}
	}
	return NULL;
}

/* The three lists of GPUs (Markdown), then one cell per GPU (CSV). */
static void
how_cells(struct rtable *t, const struct libcov *l, const struct arch_id *gpus,
    const char **names, size_t ngpus)
{
	enum run_how *how = xcalloc(ngpus + 1, sizeof *how);
	char **cell = xcalloc(ngpus + 1, sizeof *cell);

	for (size_t g = 0; g < ngpus; g++)
		cell[g] = loads(l, &gpus[g], &how[g]);
	for (enum run_how h = 0; h < RUN_HOWS; h++) {
		const char **v = xcalloc(ngpus + 1, sizeof *v);
		size_t n = 0;
		char *list;

		for (size_t g = 0; g < ngpus; g++)
			if (how[g] == h)
				v[n++] = names[g];
		list = words(v, n);
		rtable_cell(t, "%s", n > 0 ? list : "none");
		free(list);
		free(v);
	}
	for (size_t g = 0; g < ngpus; g++) {
		rtable_cell(t, "%s", cell[g]);
		free(cell[g]);
	}
	free(cell);
	free(how);
}

void
section_coverage(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	const struct strlist *want = in->config->gpus;
	size_t n, ngpus, nwant = 0, agree = 0, stale = 0;
	struct libcov *libs = collect(m, &n);
	const char *major = majority_set(libs, n, &agree);
	struct arch_id *gpus;
	char **names;
	struct rtable *t;

	if (n == 0) {
		free(libs);
		return;
	}
	/* --gpus's NVIDIA GPUs; its AMD ones are sec_amd.c's. */
	for (size_t i = 0; want != NULL && i < want->n; i++)
		nwant += !arch_is_amdgpu(want->v[i]);
	ngpus = nwant > 0 ? nwant : arch_limits_count;
	gpus = xcalloc(ngpus, sizeof *gpus);
	names = xcalloc(ngpus, sizeof *names);
	for (size_t i = 0, w = 0; i < ngpus; i++) {
		const char *g;

		while (nwant > 0 && arch_is_amdgpu(want->v[w]))
			w++;
		g = nwant > 0 ? want->v[w++] : arch_limits_table[i].arch;
		(void)arch_parse(g, &gpus[i]);	/* zeroed when it is no arch */
		gpus[i].suffix = 0;
		gpus[i].ptx = 0;
		names[i] = xasprintf("sm_%d", gpus[i].number);
	}
	for (size_t i = 0; i < n; i++)
		stale += major != NULL && strcmp(libs[i].set, major) != 0;
	section_heading(d, in);
	rdoc_para(d, in->section->name, "What each GPU runs: native SASS (same major, minor at least "
	    "the built one; " RD_CODE "a" RD_END " variants only on that arch, " RD_CODE "f"
	    RD_END " variants within the family), PTX compiled by the driver at load time "
	    "(PTX JIT: slower first launch, no arch-specific tuning), or nothing. "
	    RD_CODE "--require-sass" RD_END " takes the same rule: a GPU it names is met by "
	    "the SASS that runs there natively.");
	t = rdoc_table(d, in->section->name);
	rtable_col(t, "library", RC_CODE);
	rtable_col(t, "SASS", RC_TEXT);
	rtable_col(t, "PTX", RC_TEXT);
	for (size_t h = 0; h < RUN_HOWS; h++)
		/* cppcheck-suppress badBitmaskCheck ; RC_TEXT is 0, named for the reader */
		rtable_col(t, run_how_heading[h], RC_TEXT | RC_MD_ONLY);
	for (size_t i = 0; i < ngpus; i++)
		/* cppcheck-suppress badBitmaskCheck ; RC_TEXT is 0, named for the reader */
		rtable_col(t, names[i], RC_TEXT | RC_CSV_ONLY);
	if (stale > 0)
		rtable_col(t, "note", RC_TEXT);
	for (size_t i = 0; i < n; i++) {
		const struct libcov *l = &libs[i];
		char *s;

		rtable_cell(t, "%s", l->library);
		s = words(l->sass, l->nsass);
		rtable_cell(t, "%s", l->nsass ? s : "none");
		free(s);
		s = words(l->ptx, l->nptx);
		rtable_cell(t, "%s", l->nptx ? s : "none");
		free(s);
		how_cells(t, l, gpus, (const char **)names, ngpus);
		if (stale > 0 && strcmp(l->set, major) != 0)
			rtable_cell(t, "stale? %zu other files carry SASS %s", agree, major);
		else if (stale > 0)
			rtable_cell(t, "%s", "as the tree");
	}
	if (stale > 0)
		rdoc_para(d, in->section->name, "%zu of %zu files carry a different SASS arch set "
		    "from the other %zu (%s): objects compiled for a previous target and linked "
		    "after the target changed look like this (PTX is not compared: relocatable "
		    "objects carry it, the files linked from them do not).", stale, n, agree, major);
	for (size_t i = 0; i < ngpus; i++)
		free(names[i]);
	for (size_t i = 0; i < n; i++) {
		free(libs[i].sass);
		free(libs[i].ptx);
		free(libs[i].set);
	}
	free(names);
	free(gpus);
	free(libs);
}
