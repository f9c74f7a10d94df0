/* SPDX-License-Identifier: MIT */
/* The summary: what was read, and the counts of the judged model. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "vendored.h"
#include "sections.h"
#include "xalloc.h"

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
inputs_line(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
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
	nl = section_uniq_sorted(libs, nl, str_cmp);
	ns = section_uniq_sorted(sass, ns, arch_qsort_cmp);
	np = section_uniq_sorted(ptx, np, arch_qsort_cmp);
	nt = section_uniq_sorted(tk, nt, str_cmp);
	l = join(libs, nl, 12);
	s = join(sass, ns, 32);
	p = join(ptx, np, 32);
	t = join(tk, nt, 8);
	rdoc_para(d, in->section->name, "Read %zu %s: %s. SASS: %s%s%s%s%s.", nl,
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

/* The counts' table: one row gated, one skipped (vendored). */
static const struct section_col count_cols[] = {
	SECTION_OWN("", RC_TEXT),
	SECTION_OWN("kernels", RC_NUM),
	SECTION_OWN("instantiations", RC_NUM),
	SECTION_OWN("(kernel, sm) entries", RC_NUM),
	SECTION_OWN("with a stack frame", RC_NUM),
	SECTION_OWN("spilling", RC_NUM),
	SECTION_OWN("spill-free arrays", RC_NUM),
};

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
section_summary(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	const struct verdict *judged = in->judged;
	struct kcount s[2], copies;
	struct rtable *t;
	int vend = judged != NULL && vendored_any(judged->vendored);

	if (m->nimages == 0)
		return;
	if (judged != NULL) {
		s[0] = judged->gated;
		s[1] = judged->skipped;
		copies = judged->copies;
	} else {
		struct kcount_set c;

		kgroup_count(&c, m, NULL);
		s[0] = c.gated;
		s[1] = c.skipped;
		copies = c.copies;
		kgroup_count_free(&c);
	}
	section_heading(d, in);
	inputs_line(d, in);
	t = rdoc_table(d, in->section->name);
	section_cols(t, count_cols, SECTION_NCOLS(count_cols));
	for (int k = 0; k < (vend ? 2 : 1); k++) {
		rtable_cell(t, k ? "skipped (vendored)" : "gated");
		rtable_num(t, (int64_t)s[k].kernels);
		rtable_num(t, (int64_t)s[k].instantiations);
		rtable_num(t, (int64_t)s[k].entries);
		rtable_num(t, (int64_t)s[k].framed);
		split_cell(t, s[k].spilling, s[k].unknown);
		split_cell(t, s[k].arrays, s[k].unknown);
	}
	if (copies.entries > 0)
		rdoc_para(d, in->section->name, "%zu more %s the same kernels in other files "
		    "(a separable build's relocatable objects, the static libraries made of them, "
		    "the device-link objects): each kernel is counted and shown once, in the file "
		    "whose figures it runs with, which names the others.", copies.entries,
		    copies.entries == 1 ? "entry is" : "entries are");
	if (s[0].unknown + s[1].unknown > 0)
		rdoc_para(d, in->section->name, "Spill figures come from " RD_CODE "ptxas -v" RD_END
		    " logs, and none were read for %zu of the entries with a stack frame: "
		    "for those, a spill and a per-thread array look the same in the binary "
		    "(both are STACK), so they are counted as unknown.",
		    s[0].unknown + s[1].unknown);
}
