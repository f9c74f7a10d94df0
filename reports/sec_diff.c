/* SPDX-License-Identifier: MIT */
/*
 * --baseline: per kernel and sm, what changed since the old build.  In
 * Markdown and HTML the first figures (registers, stack) have a column
 * each and the others share one cell, naming only those that changed, so
 * that the table fits a pull request's width; CSV keeps an old and a new
 * column of every figure.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "sections.h"
#include "xalloc.h"

static void
change_cell(struct rtable *t, const struct diff_row *r, int field)
{
	int32_t a = r->old ? baseline_field(r->old, field) : -1;
	int32_t b = r->cur ? baseline_field(r->cur, field) : -1;

	if (r->old == NULL || r->cur == NULL)
		rtable_num(t, r->cur ? b : a);
	else if (a == b)
		rtable_num(t, a);
	else if (a < 0)
		rtable_cell(t, "? → %d", b);
	else if (b < 0)
		rtable_cell(t, "%d → ?", a);
	else
		rtable_cell(t, "%d → %d (%+d)", a, b, b - a);
}

/* Figures of their own column in Markdown; the rest share "other figures". */
#define DIFF_OWN_COLUMNS	2

/* s with each space a no-break space (U+00A0), allocated. */
static char *
unbroken(const char *s)
{
	char *out = xmalloc(2 * strlen(s) + 1), *o = out;

	for (; *s; s++)
		if (*s == ' ') {
			*o++ = '\xc2';
			*o++ = '\xa0';
		} else
			*o++ = *s;
	*o = '\0';
	return out;
}

/* "spill stores B 0 → 8 (+8); shared B 7168": the other figures that
 * changed, or of a new or removed kernel those above 0; allocated.  A
 * figure never breaks across lines, only between figures: a narrow cell
 * broken at every space made rows ten lines tall at GitHub's width. */
static char *
other_figures(const struct diff_row *r)
{
	char *out = xstrdup(""), *t, *u, *v;

	for (int k = DIFF_OWN_COLUMNS; k < BASELINE_NFIELDS; k++) {
		int32_t a = r->old ? baseline_field(r->old, k) : -1;
		int32_t b = r->cur ? baseline_field(r->cur, k) : -1;

		if (r->old == NULL || r->cur == NULL) {
			if ((b = r->cur ? b : a) <= 0)
				continue;
			v = xasprintf("%d", b);
		} else if (a == b)
			continue;
		else if (a < 0)
			v = xasprintf("? → %d", b);
		else if (b < 0)
			v = xasprintf("%d → ?", a);
		else
			v = xasprintf("%d → %d (%+d)", a, b, b - a);
		u = xasprintf("%s %s", baseline_column(k)->heading, v);
		free(v);
		v = unbroken(u);
		free(u);
		t = xasprintf("%s%s%s", out, *out ? "; " : "", v);
		free(v);
		free(out);
		out = t;
	}
	return out;
}

/* Baseline files named in the paragraph; the rest counted. */
#define DIFF_UNSCANNED_NAMED	8

/*
 * The baseline's files this scan holds no kernel of (a baseline of the
 * whole tree, a scan of part of it): named, and their kernels not called
 * removed.
 */
static void
unscanned_para(struct rdoc *d, const struct section_input *in, size_t kernels)
{
	const char **libs;
	size_t n = baseline_unscanned(in->old, section_groups(in), &libs);
	char *names, *t;

	if (n == 0) {
		free(libs);
		return;
	}
	names = xstrdup("");
	for (size_t i = 0; i < n && i < DIFF_UNSCANNED_NAMED; i++) {
		t = xasprintf("%s%s" RD_CODE "%s" RD_END, names, i ? ", " : "", libs[i]);
		free(names);
		names = t;
	}
	rdoc_para(d, in->section->name, "The baseline covers %zu %s this scan did not read "
	    "(%s%s): %zu (kernel, sm) %s of %s %s marked \"file not scanned\", not removed.", n,
	    n == 1 ? "file" : "files", names,
	    n > DIFF_UNSCANNED_NAMED ? ", and more" : "", kernels, kernels == 1 ? "pair" : "pairs",
	    n == 1 ? "it" : "them", kernels == 1 ? "is" : "are");
	free(names);
	free(libs);
}

void
section_diff(struct rdoc *d, const struct section_input *in)
{
	static const char *const status[DIFF_STATUSES] = {
		[DIFF_CHANGED] = "changed", [DIFF_NEW] = "new", [DIFF_REMOVED] = "removed",
		[DIFF_UNSCANNED] = "file not scanned",
	};
	struct diff_row *rows;
	size_t n, count[DIFF_STATUSES] = { 0 };
	struct rtable *t;

	if (in->old == NULL)
		return;
	n = baseline_diff(in->old, section_file_groups(in), &rows);
	section_heading(d, in);
	for (size_t i = 0; i < n; i++)
		count[rows[i].status]++;
	rdoc_para(d, in->section->name, "Against " RD_CODE "%s" RD_END ": %zu (kernel, sm) pairs changed, "
	    "%zu new, %zu removed (maxima over instantiations; largest growth first, a "
	    "register counting as 4 bytes). Other figures: those that changed, or of a "
	    "new or removed kernel those above 0.", in->config->baseline, count[DIFF_CHANGED],
	    count[DIFF_NEW], count[DIFF_REMOVED]);
	unscanned_para(d, in, count[DIFF_UNSCANNED]);
	if (n == 0) {
		free(rows);
		return;
	}
	t = rdoc_table(d, in->section->name);
	rtable_col(t, columns[COL_COLLAPSED].heading, RC_CODE);
	rtable_col(t, columns[COL_LIBRARY].heading, RC_CODE);
	rtable_col(t, columns[COL_SM].heading, RC_TEXT);
	rtable_col(t, "status", RC_TEXT);
	for (int k = 0; k < DIFF_OWN_COLUMNS; k++)
		rtable_col(t, baseline_column(k)->heading, RC_NUM | RC_MD_ONLY);
	/* cppcheck-suppress badBitmaskCheck ; RC_TEXT is 0, named for the reader */
	rtable_col(t, "other figures", RC_TEXT | RC_MD_ONLY);
	for (int k = 0; k < BASELINE_NFIELDS; k++) {
		char *h;

		h = xasprintf("%s_old", baseline_column(k)->name);
		rtable_col(t, h, RC_NUM | RC_CSV_ONLY);
		free(h);
		h = xasprintf("%s_new", baseline_column(k)->name);
		rtable_col(t, h, RC_NUM | RC_CSV_ONLY);
		free(h);
	}
	for (size_t i = 0; i < n; i++) {
		const struct diff_row *r = &rows[i];
		const struct kgroup *g = r->cur ? r->cur : r->old;
		char *other;

		rtable_cell(t, "%s", g->collapsed);
		rtable_cell(t, "%s", g->library);
		rtable_cell(t, "%s", g->arch);
		rtable_cell(t, "%s", status[r->status]);
		for (int k = 0; k < DIFF_OWN_COLUMNS; k++)
			change_cell(t, r, k);
		other = other_figures(r);
		rtable_cell(t, "%s", *other ? other : "none");
		free(other);
		for (int k = 0; k < BASELINE_NFIELDS; k++) {
			rtable_num(t, r->old ? baseline_field(r->old, k) : -1);
			rtable_num(t, r->cur ? baseline_field(r->cur, k) : -1);
		}
	}
	free(rows);
}
