/* SPDX-License-Identifier: MIT */
/*
 * Will it launch: the findings of --launchable,
 * --max-local-reserve, --require-driver, --deployable and
 * --max-growth=occupancy, worst first: what fails at launch, then what the
 * GPU reserves, then what the driver cannot load, then where the build
 * runs at all, then the occupancy lost against the baseline.  Only when one of those
 * rules was given and found something.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "columns.h"
#include "occupancy.h"
#include "rules.h"
#include "sections.h"
#include "xalloc.h"

/* The rules shown, in the order their findings are written; the command
 * line's words for them are rules.h's. */
static const int launch_rules[] = {
	RULE_LAUNCHABLE, RULE_LOCAL_RESERVE, RULE_DRIVER, RULE_DEPLOYABLE, RULE_OCCUPANCY,
};
#define NLAUNCH_RULES (sizeof launch_rules / sizeof launch_rules[0])

static const struct section_col launch_cols[] = {
	SECTION_OWN("rule", RC_CODE),
	SECTION_COL(COL_COLLAPSED, RC_CODE),
	SECTION_COL(COL_SM, RC_TEXT),
	SECTION_COL(COL_LIBRARY, RC_TEXT),
	SECTION_OWN("finding", RC_TEXT),
};

/* The finding's text without what the other columns say: "VIOLATION ",
 * the name and sm (or the library) before ": ", the object in brackets. */
static char *
finding_words(const char *text, const char *name, const char *arch, const char *library,
    char *sm, size_t smsize)
{
	static const char lead[] = "VIOLATION ";
	const char *p = text, *end;
	size_t n;

	if (strncmp(p, lead, sizeof lead - 1) == 0)
		p += sizeof lead - 1;
	if (name != NULL && strncmp(p, name, strlen(name)) == 0 && p[strlen(name)] == ' ' &&
	    strncmp(p + strlen(name) + 1, arch, strlen(arch)) == 0 &&
	    strncmp(p + strlen(name) + 1 + strlen(arch), ": ", 2) == 0)
		p += strlen(name) + 1 + strlen(arch) + 2;
	else if (name == NULL && library != NULL && strncmp(p, library, strlen(library)) == 0) {
		const char *q = p + strlen(library);
		size_t k;
		struct arch_id a;

		if (*q == '(' && strchr(q, ')') != NULL)
			q = strchr(q, ')') + 1;	/* a member: the text keeps it */
		if (strncmp(q, ": ", 2) == 0)
			p = q + 2;
		else if (*q == ' ' && (k = strcspn(q + 1, ": ")) < smsize && q[1 + k] == ':') {
			snprintf(sm, smsize, "%.*s", (int)k, q + 1);
			if (arch_parse(sm, &a) == 0 && q == p + strlen(library))
				p = q + 1 + k + 2;
			else
				sm[0] = '\0';
		}
	}
	n = strlen(p);
	if (n > 0 && p[n - 1] == ']' && (end = strstr(p, " [")) != NULL && strchr(end, ']') == p + n - 1)
		n = (size_t)(end - p);
	return xstrndup(p, n);
}

/* What the driver JITs of one library for one GPU: its newest PTX that
 * JITs there when no SASS of it runs there; NULL when SASS runs or nothing. */
static const char *
jit_arch(const struct model *m, size_t first, size_t end, const struct arch_id *gpu)
{
	const char *best = NULL;
	int bestn = -1;
	struct arch_id a;

	for (size_t i = first; i < end; i++) {
		const struct image_rec *img = &m->images[i];

		if (arch_parse(img->arch, &a) < 0)
			continue;
		if (img->kind == IMAGE_SASS && arch_sass_runs(&a, gpu))
			return NULL;
		if (img->kind == IMAGE_PTX && arch_ptx_jits(&a, gpu) && a.number > bestn) {
			bestn = a.number;
			best = img->arch;
		}
	}
	return best;
}

static const struct section_col jit_cols[] = {
	SECTION_OWN("library", RC_TEXT),
	SECTION_OWN("GPU", RC_TEXT),
	SECTION_OWN("PTX", RC_TEXT),
	SECTION_OWN("PTX bytes", RC_NUM),
	SECTION_OWN("kernels", RC_NUM),
};

/*
 * The JIT work at first launch per (library, GPU): the PTX bytes the driver
 * compiles, and the kernels, counted in the library's SASS of the PTX's
 * arch number when it has one (the same sources; the PTX is not parsed).
 */
static void
jit_table(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	const struct strlist *want = in->config->gpus;
	size_t ngpus = want != NULL && want->n > 0 ? want->n : arch_limits_count;
	struct rtable *t = NULL;

	for (size_t first = 0, end; first < m->nimages; first = end) {
		for (end = first + 1; end < m->nimages && m->images[end].library == m->images[first].library; end++)
			;
		for (size_t g = 0; g < ngpus; g++) {
			const char *name = want != NULL && want->n > 0 ? want->v[g] : arch_limits_table[g].arch;
			struct arch_id gpu, a, b;
			const char *ptx;
			int64_t bytes = 0, kernels = 0;
			int sibling = 0;

			if (arch_parse(name, &gpu) < 0)
				continue;
			gpu.suffix = 0;
			gpu.ptx = 0;
			if ((ptx = jit_arch(m, first, end, &gpu)) == NULL)
				continue;
			(void)arch_parse(ptx, &a);
			for (size_t i = first; i < end; i++) {
				const struct image_rec *img = &m->images[i];

				if (img->kind == IMAGE_PTX && strcmp(img->arch, ptx) == 0)
					bytes += (int64_t)img->size;
				if (img->kind == IMAGE_SASS && arch_parse(img->arch, &b) == 0 &&
				    b.number == a.number && b.suffix == a.suffix)
					sibling = 1;
			}
			for (size_t f = 0; f < m->nfuncs && sibling; f++) {
				const struct image_rec *img = &m->images[m->funcs[f].image];

				if (m->funcs[f].image >= first && m->funcs[f].image < end &&
				    m->funcs[f].kind == FUNC_ENTRY && img->kind == IMAGE_SASS &&
				    arch_parse(img->arch, &b) == 0 && b.number == a.number && b.suffix == a.suffix)
					kernels++;
			}
			if (t == NULL) {
				rdoc_para(d, in->section->name, "JIT at first launch: where no SASS of a "
				    "library runs on a GPU, the driver compiles its newest PTX that does "
				    "(once, then from its cache): the PTX bytes, and the kernels as its SASS "
				    "of the same arch counts them (empty when it has none).");
				t = rdoc_table(d, in->section->name);
				section_cols(t, jit_cols, SECTION_NCOLS(jit_cols));
			}
			rtable_cell(t, "%s", m->images[first].library);
			rtable_cell(t, "sm_%d", gpu.number);
			rtable_cell(t, "%s", ptx);
			rtable_num(t, bytes);
			rtable_num(t, sibling ? kernels : -1);
		}
	}
}

void
section_launch(struct rdoc *d, const struct section_input *in)
{
	const struct verdict *v = in->judged;
	const struct model *m = in->model;
	struct rtable *t = NULL;

	if (v == NULL)
		return;
	for (size_t r = 0; r < NLAUNCH_RULES; r++)
		for (size_t i = 0; i < v->n; i++) {
			const struct finding *f = &v->v[i];
			const struct func_rec *fn;
			char *words, sm[16];

			if (f->level != FINDING_VIOLATION || f->rule != launch_rules[r])
				continue;
			if (t == NULL) {
				section_heading(d, in);
				rdoc_para(d, in->section->name, "What fails at launch or where the "
				    "build ships, read from the binary: the largest block each "
				    "kernel's registers and bound allow (the driver's "
				    RD_CODE "MAX_THREADS_PER_BLOCK" RD_END "), its shared memory, "
				    "the local memory its frame reserves per GPU, the oldest driver "
				    "that loads each image and the arches it carries. Worst first.");
				t = rdoc_table(d, in->section->name);
				section_cols(t, launch_cols, SECTION_NCOLS(launch_cols));
			}
			fn = f->entry != FINDING_NO_ENTRY && f->entry < m->nfuncs ? &m->funcs[f->entry] : NULL;
			sm[0] = '\0';
			words = finding_words(f->text, fn ? fn->name : NULL,
			    fn ? m->images[fn->image].arch : "", f->library, sm, sizeof sm);
			rtable_cell(t, "%s", rules[launch_rules[r]].says);
			rtable_cell(t, "%s", fn ? fn->collapsed : "");
			rtable_cell(t, "%s", fn ? m->images[fn->image].arch : sm);
			rtable_cell(t, "%s", f->library ? f->library : "");
			rtable_cell(t, "%s", words);
			free(words);
		}
	if (t != NULL)
		jit_table(d, in);
}
