/* SPDX-License-Identifier: MIT */
/*
 * AMD GPU coverage: which targets each library of AMDGPU code carries, and
 * what each GPU runs of it.  There is no JIT: a GPU runs a library's
 * kernels only from a code object of its own processor, in a mode its
 * features allow (arch_amdgpu_runs); a GPU whose processor is absent runs
 * nothing.  Shown only when the scan holds AMDGPU code.
 */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "sections.h"
#include "xalloc.h"

/* The GPUs shown when --gpus names no AMDGPU target: the common parts
 *, GCN (MI50), CDNA 1-3 (MI100, MI200, MI300) and RDNA 2-3. */
static const char *const default_gpus[] = {
	"gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100",
};
#define NDEFAULT (sizeof default_gpus / sizeof default_gpus[0])

struct amdlib {
	const char	*library;
	const char	**targets;
	size_t		 n;
};
_Static_assert(offsetof(struct amdlib, library) == 0, "section_libraries' entry");

static int
amd_takes(const struct image_rec *img)
{
	return img->kind == IMAGE_SASS && arch_is_amdgpu(img->arch);
}

static void
amd_add(void *entry, const struct image_rec *img)
{
	struct amdlib *l = entry;

	section_add_arch(&l->targets, &l->n, img->arch);
}

/* Each library of AMDGPU code with its targets, in arch order. */
static struct amdlib *
collect(const struct model *m, size_t *nlibs)
{
	struct amdlib *libs = section_libraries(m, sizeof *libs, amd_takes, amd_add, nlibs);

	for (size_t i = 0; i < *nlibs; i++)
		qsort(libs[i].targets, libs[i].n, sizeof *libs[i].targets, arch_qsort_cmp);
	return libs;
}

/*
 * What a GPU (a processor, or one in a mode: gfx90a:xnack+) runs of a
 * library: "no", or the code objects that run on it and, when a mode of
 * the GPU's is left out, which ("xnack- only").
 */
static char *
runs(const struct amdlib *l, const struct amdgpu_target *gpu)
{
	char *s = xstrdup(""), *t;
	int modes[AMDGPU_FEATURES][2] = { { 0 } };	/* [feature][+ -] covered */
	const char *only = NULL;
	char sign = 0;

	for (size_t i = 0; i < l->n; i++) {
		struct amdgpu_target img;

		if (arch_amdgpu_parse(l->targets[i], &img) < 0 || !arch_amdgpu_runs(&img, gpu))
			continue;
		for (int k = 0; k < AMDGPU_FEATURES; k++) {
			modes[k][0] |= img.features[k] != '-';
			modes[k][1] |= img.features[k] != '+';
		}
		t = xasprintf("%s%s%s", s, *s ? " " : "", l->targets[i]);
		free(s);
		s = t;
	}
	if (*s == '\0') {
		free(s);
		return xstrdup("no");
	}
	for (int k = 0; k < AMDGPU_FEATURES && only == NULL; k++)
		if (gpu->features[k] == 0 && modes[k][0] != modes[k][1]) {
			only = amdgpu_feature_names[k];
			sign = modes[k][0] ? '+' : '-';
		}
	if (only != NULL) {
		t = xasprintf("%s (%s%c only)", s, only, sign);
		free(s);
		s = t;
	}
	return s;
}

void
section_amd(struct rdoc *d, const struct section_input *in)
{
	const struct strlist *want = in->config->gpus;
	const char **gpus = NULL;
	size_t n, ngpus = 0;
	struct amdlib *libs = collect(in->model, &n);
	struct rtable *t;

	if (n == 0) {
		free(libs);
		return;
	}
	for (size_t i = 0; want != NULL && i < want->n; i++)
		if (arch_is_amdgpu(want->v[i])) {
			gpus = xreallocarray(gpus, ngpus + 1, sizeof *gpus);
			gpus[ngpus++] = want->v[i];
		}
	if (ngpus == 0) {
		gpus = xcalloc(NDEFAULT, sizeof *gpus);
		for (size_t i = 0; i < NDEFAULT; i++)
			gpus[ngpus++] = default_gpus[i];
	}
	section_heading(d, in);
	rdoc_para(d, in->section->name, "What each AMD GPU runs: a code object of its own processor "
	    "whose features (" RD_CODE "xnack" RD_END ", " RD_CODE "sramecc" RD_END ", "
	    RD_CODE "+" RD_END " on, " RD_CODE "-" RD_END " off, unnamed either) allow the GPU's "
	    "mode. There is no JIT: a GPU without one runs none of the library's kernels.");
	t = rdoc_table(d, in->section->name);
	rtable_col(t, "library", RC_CODE);
	rtable_col(t, "targets", RC_TEXT);
	for (size_t g = 0; g < ngpus; g++)
		rtable_col(t, gpus[g], RC_TEXT);
	for (size_t i = 0; i < n; i++) {
		const struct amdlib *l = &libs[i];
		char *s = xstrdup(""), *u;

		for (size_t k = 0; k < l->n; k++) {
			u = xasprintf("%s%s%s", s, k ? " " : "", l->targets[k]);
			free(s);
			s = u;
		}
		rtable_cell(t, "%s", l->library);
		rtable_cell(t, "%s", s);
		free(s);
		for (size_t g = 0; g < ngpus; g++) {
			struct amdgpu_target gpu;

			(void)arch_amdgpu_parse(gpus[g], &gpu);
			s = runs(l, &gpu);
			rtable_cell(t, "%s", s);
			free(s);
		}
		free(l->targets);
	}
	free(gpus);
	free(libs);
}
