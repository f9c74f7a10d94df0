/* SPDX-License-Identifier: MIT */
/*
 * Where the bytes go: with --baseline the growth per library,
 * arch and kernel first; then the kernels with the most code, each
 * library's arches, and the duplicates with the bytes they waste.  Worst
 * first in every table.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "imagecols.h"
#include "sections.h"
#include "size.h"
#include "xalloc.h"


static void
percent_cell(struct rtable *t, int64_t part, int64_t whole)
{
	if (whole > 0)
		rtable_cell(t, "%.2f", 100.0 * (double)part / (double)whole);
	else
		rtable_cell(t, "%s", part > 0 ? "new" : "");
}

static const struct section_col growth_cols[] = {
	SECTION_OWN("level", RC_TEXT),
	SECTION_OWN("library", RC_CODE),
	SECTION_OWN("arch", RC_CODE),
	SECTION_OWN("kernel", RC_CODE),
	SECTION_OWN("before B", RC_NUM),
	SECTION_OWN("after B", RC_NUM),
	SECTION_OWN("growth B", RC_NUM),
	SECTION_OWN("growth %", RC_NUM),
};

static void
growth_table(struct rdoc *d, const struct section_input *in)
{
	size_t n, shown = 0;
	struct size_growth *g = size_growth(in->model, in->baseline, &n);
	struct rtable *t;

	for (size_t i = 0; i < n; i++)
		shown += size_growth_bytes(&g[i]) != 0;
	if (shown == 0) {
		rdoc_para(d, in->section->name, "Against the baseline: no library, arch or kernel "
		    "changed in bytes.");
		free(g);
		return;
	}
	rdoc_para(d, in->section->name, "Against the baseline, %zu libraries, arches or kernels "
	    "changed in bytes (libraries and arches: %s; kernels: their code; the largest growth first):",
	    shown, n > 0 && g[0].stored ? "stored bytes of their images" : "their functions' code");
	t = rdoc_table(d, in->section->name);
	section_cols(t, growth_cols, SECTION_NCOLS(growth_cols));
	for (size_t i = 0; i < n; i++) {
		if (size_growth_bytes(&g[i]) == 0)
			continue;
		rtable_cell(t, "%s", size_growth_level_names[g[i].level]);
		rtable_cell(t, "%s", g[i].library);
		rtable_cell(t, "%s", g[i].arch);
		rtable_cell(t, "%s", g[i].kernel);
		rtable_num(t, g[i].before);
		rtable_num(t, g[i].after);
		rtable_cell(t, "%+lld", (long long)size_growth_bytes(&g[i]));
		percent_cell(t, size_growth_bytes(&g[i]), g[i].before);
	}
	free(g);
}

static uint64_t
total_code(const struct size_kernel *k, size_t n)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += k[i].bytes;
	return sum;
}

static const struct section_col kernel_code_cols[] = {
	SECTION_OWN("kernel", RC_CODE),
	SECTION_OWN("library", RC_CODE),
	SECTION_OWN("code B", RC_NUM),
	SECTION_OWN("share %", RC_NUM),
	SECTION_OWN("instantiations", RC_NUM),
	SECTION_OWN("functions", RC_NUM),
	SECTION_OWN("arches", RC_NUM),
};

static void
kernel_table(struct rdoc *d, const struct section_input *in)
{
	size_t n;
	struct size_kernel *k = size_kernels(in->model, &n);
	uint64_t all = total_code(k, n);

	if (n > 0 && all > 0) {
		struct rtable *t;

		rdoc_para(d, in->section->name, "The kernels with the most SASS (their functions' .text "
		    "over every instantiation, arch and library; %llu bytes in all):",
		    (unsigned long long)all);
		t = rdoc_table(d, in->section->name);
		section_cols(t, kernel_code_cols, SECTION_NCOLS(kernel_code_cols));
		for (size_t i = 0; i < n && k[i].bytes > 0; i++) {
			rtable_cell(t, "%s", k[i].kernel);
			rtable_cell(t, "%s", k[i].library);
			rtable_num(t, (int64_t)k[i].bytes);
			percent_cell(t, (int64_t)k[i].bytes, (int64_t)all);
			rtable_num(t, k[i].instantiations);
			rtable_num(t, k[i].functions);
			rtable_num(t, k[i].arches);
		}
	}
	free(k);
}

static const struct section_col arch_cols[] = {
	SECTION_OWN("library", RC_CODE),
	SECTION_OWN("arch", RC_CODE),
	SECTION_OWN("kind", RC_TEXT),
	SECTION_OWN("images", RC_NUM),
	SECTION_OWN("stored B", RC_NUM),
	SECTION_OWN("decompressed B", RC_NUM),
	SECTION_OWN("code B", RC_NUM),
};

static void
arch_table(struct rdoc *d, const struct section_input *in)
{
	size_t n;
	struct size_arch *a = size_arches(in->model, &n);

	if (n > 0) {
		struct rtable *t;

		rdoc_para(d, in->section->name, "Each library's images per arch (stored: the bytes "
		    "that ship; decompressed: what the loader holds; code: the functions' .text):");
		t = rdoc_table(d, in->section->name);
		section_cols(t, arch_cols, SECTION_NCOLS(arch_cols));
		for (size_t i = 0; i < n; i++) {
			rtable_cell(t, "%s", a[i].library);
			rtable_cell(t, "%s", a[i].arch);
			rtable_cell(t, "%s%s", image_kind_titles[a[i].kind],
			    a[i].input ? ", " NVLINK_INPUT_WORDS : "");
			rtable_num(t, a[i].images);
			rtable_num(t, a[i].stored > 0 ? (int64_t)a[i].stored : -1);
			rtable_num(t, a[i].size > 0 ? (int64_t)a[i].size : -1);
			rtable_num(t, a[i].kind == IMAGE_SASS && !a[i].input ? (int64_t)a[i].code : -1);
		}
	}
	free(a);
}

/* The last part of a path (a library, "lib.a:member.o"). */
static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

/* Where a duplicate is, for people: "lib.so @0x10, @0x20" in one file,
 * each file by its last part where that tells the two apart. */
static void
places_cell(struct rtable *t, const struct size_dup *v)
{
	unsigned long long a = v->first_at, b = v->second_at;
	const char *x = base_name(v->first), *y = base_name(v->second);

	if (strcmp(v->first, v->second) == 0)
		rtable_cell(t, "%s @0x%llx, @0x%llx", x, a, b);
	else if (strcmp(x, y) != 0)
		rtable_cell(t, "%s @0x%llx, %s @0x%llx", x, a, y, b);
	else
		rtable_cell(t, "%s @0x%llx, %s @0x%llx", v->first, a, v->second, b);
}

static const struct section_col duplicate_cols[] = {
	SECTION_OWN("what", RC_TEXT),
	SECTION_OWN("arch", RC_CODE),
	SECTION_OWN("function", RC_CODE | RC_CSV_ONLY),
	SECTION_OWN("copies", RC_NUM),
	SECTION_OWN("each B", RC_NUM),
	SECTION_OWN("wasted B", RC_NUM),
	SECTION_OWN("in", RC_CODE | RC_CSV_ONLY),
	SECTION_OWN("and", RC_CODE | RC_CSV_ONLY),
	SECTION_OWN("function", RC_CODE | RC_MD_ONLY),
	SECTION_OWN("where", RC_CODE | RC_MD_ONLY),
};

static void
duplicate_table(struct rdoc *d, const struct section_input *in)
{
	size_t n;
	struct size_dup *v = size_duplicates(in->model, &n);
	uint64_t wasted = 0;
	struct rtable *t;

	for (size_t i = 0; i < n; i++)
		wasted += v[i].wasted;
	if (n == 0) {
		rdoc_para(d, in->section->name, "No duplicates: no SASS image and no function "
		    "(mangled name and code) is in two places.");
		free(v);
		return;
	}
	rdoc_para(d, in->section->name, "%zu duplicates waste %llu bytes: the same SASS image "
	    "(by content hash: stored bytes) or the same function (mangled name and code hash: "
	    ".text bytes, in images not duplicates themselves) in several places:",
	    n, (unsigned long long)wasted);
	/* The CSV keeps its columns; the Markdown puts the numbers before the
	 * long cells (a function's whole signature) and names the two places
	 * once: a file's path is not written twice in a row. */
	t = rdoc_table(d, in->section->name);
	section_cols(t, duplicate_cols, SECTION_NCOLS(duplicate_cols));
	for (size_t i = 0; i < n; i++) {
		rtable_cell(t, "%s", v[i].image ? "image" : "function");
		rtable_cell(t, "%s", v[i].arch);
		rtable_cell(t, "%s", v[i].name);
		rtable_num(t, v[i].copies);
		rtable_num(t, (int64_t)v[i].bytes);
		rtable_num(t, (int64_t)v[i].wasted);
		rtable_cell(t, "%s @0x%llx", v[i].first, (unsigned long long)v[i].first_at);
		rtable_cell(t, "%s @0x%llx", v[i].second, (unsigned long long)v[i].second_at);
		rtable_cell(t, "%s", v[i].name);
		places_cell(t, &v[i]);
	}
	free(v);
}

/*
 * The device link's inputs an executable or shared library keeps in
 * __nv_relfatbin beside its .nv_fatbin: how many bytes, of how many
 * files' device bytes, and what they are (doc/binary-formats.md 1.5).
 */
static void
inputs_para(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	uint64_t inputs = 0, all = 0;
	size_t files = 0;

	for (size_t i = 0; i < m->nfatbins; i++) {
		const struct fatbin_rec *fb = &m->fatbins[i];

		if (!fb->inputs)
			continue;
		files++;
		inputs += fb->size;
		/* the file's (or member's) every fatbin section */
		for (size_t k = 0; k < m->nfatbins; k++)
			if (m->fatbins[k].library == fb->library && m->fatbins[k].member == fb->member)
				all += m->fatbins[k].size;
	}
	if (files == 0)
		return;
	rdoc_para(d, in->section->name, "%zu device-linked file%s keep%s the device link's inputs in "
	    "__nv_relfatbin beside the linked .nv_fatbin: %llu bytes, %.1f %% of %s %llu bytes of "
	    "device code. They are the relocatable images nvlink read (ET_REL cubins, PTX), which the "
	    "host linker copied byte for byte from the objects and static libraries linked: not duplicates of the linked image, which is nvlink's output, but shipped and "
	    "mapped all the same. They are counted here as \"" NVLINK_INPUT_WORDS "\"; no kernel of "
	    "theirs is read, counted or judged.", files, files == 1 ? "" : "s", files == 1 ? "s" : "",
	    (unsigned long long)inputs, all > 0 ? 100.0 * (double)inputs / (double)all : 0.0,
	    files == 1 ? "its" : "their", (unsigned long long)all);
}

void
section_size(struct rdoc *d, const struct section_input *in)
{
	if (in->model->nimages == 0 && (in->baseline == NULL || in->baseline->nimages == 0))
		return;	/* no device code: nothing to say */
	section_heading(d, in);
	if (in->baseline != NULL)
		growth_table(d, in);
	kernel_table(d, in);
	arch_table(d, in);
	inputs_para(d, in);
	duplicate_table(d, in);
}
