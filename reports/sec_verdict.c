/* SPDX-License-Identifier: MIT */
/*
 * The report's first line (what spills, what grew, and pass or fail when a
 * gate was given) and its last (provenance: the version and what was
 * scanned).
 * Paragraphs, so CSV, which writes tables only, is unchanged.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "sections.h"
#include "xalloc.h"

/* The gated and skipped counts, from the verdict or counted here. */
static struct kcount
all_counted(const struct section_input *in)
{
	struct kcount s[2], sum = { 0 };

	if (in->judged != NULL) {
		s[0] = in->judged->gated;
		s[1] = in->judged->skipped;
	} else {
		struct kcount_set c;

		kgroup_count(&c, in->model, NULL);
		s[0] = c.gated;
		s[1] = c.skipped;
		kgroup_count_free(&c);
	}
	kcount_add(&sum, &s[0]);
	kcount_add(&sum, &s[1]);
	return sum;
}

static const char *
plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* The (kernel, sm) pairs that grew against the baseline. */
static size_t
grown(const struct section_input *in)
{
	struct diff_row *rows;
	size_t n = 0, k;

	k = baseline_diff(in->old, section_file_groups(in), &rows);
	for (size_t i = 0; i < k; i++)
		n += rows[i].growth > 0;
	free(rows);
	return n;
}

void
section_verdict(struct rdoc *d, const struct section_input *in)
{
	size_t violations = in->judged ? verdict_count(in->judged, FINDING_VIOLATION) : 0;
	struct kcount c = all_counted(in);
	char *spill, *growth;
	const char *why;

	if (in->model->nimages == 0)
		return;
	growth = xstrdup("");
	/* A log read that lends these entries nothing is not "no log". */
	why = in->model->nptxas == 0 ? "no " RD_CODE "ptxas -v" RD_END " log" :
	    "no figures of theirs in the " RD_CODE "ptxas -v" RD_END " log read";
	if (c.unknown > 0 && c.spilling == 0)
		spill = xasprintf("%zu of %zu (kernel, sm) %s %s a stack frame (spill figures "
		    "unknown: %s)", c.framed, c.entries,
		    plural(c.entries, "entry", "entries"), plural(c.framed, "has", "have"), why);
	else if (c.unknown > 0)
		spill = xasprintf("%zu of %zu (kernel, sm) %s %s, %zu more %s a stack frame "
		    "with %s", c.spilling, c.entries,
		    plural(c.entries, "entry", "entries"), plural(c.spilling, "spills", "spill"),
		    c.unknown, plural(c.unknown, "has", "have"), why);
	else
		spill = xasprintf("%zu of %zu (kernel, sm) %s %s", c.spilling, c.entries,
		    plural(c.entries, "entry", "entries"), plural(c.spilling, "spills", "spill"));
	if (in->old != NULL) {
		size_t g = grown(in);

		free(growth);
		growth = xasprintf("; %zu (kernel, sm) %s grew against " RD_CODE "%s" RD_END, g,
		    plural(g, "pair", "pairs"), in->config->baseline);
	}
	/* No gate asked for: the rules that judge by default (every frame
	 * needs an allowance) are no verdict a reader wanted; the facts are. */
	if (!in->config->gated)
		rdoc_para(d, "verdict", "%s%s.", spill, growth);
	else if (violations > 0)
		rdoc_para(d, "verdict", "FAIL: %zu %s; %s%s.", violations,
		    plural(violations, "violation", "violations"), spill, growth);
	else
		rdoc_para(d, "verdict", "PASS: no rule violated; %s%s.", spill, growth);
	free(spill);
	free(growth);
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void
section_provenance(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	const char **libs;
	size_t nl = 0;
	struct kcount c;

	if (m->nimages == 0)
		return;
	c = all_counted(in);
	libs = xcalloc(m->nimages, sizeof *libs);
	for (size_t i = 0; i < m->nimages; i++)
		libs[nl++] = m->images[i].library;
	nl = section_uniq_sorted(libs, nl, str_cmp);
	free(libs);
	rdoc_para(d, "provenance", "Made by spillway %s from %zu %s, %zu %s, %zu %s.",
	    PACKAGE_VERSION, nl, plural(nl, "file", "files"), m->nimages,
	    plural(m->nimages, "image", "images"), c.kernels, plural(c.kernels, "kernel", "kernels"));
}
