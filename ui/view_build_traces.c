/* SPDX-License-Identifier: MIT */
/*
 * The build view's compile-time traces (view_build.h): under the timeline,
 * each traced unit with its compile's peak and wall time, then its longest
 * instantiations and functions, a function beside its kernel's registers
 * and spills on the sm ptxas compiled it for.
 */
#include "config.h"

#include <stdio.h>

#include "view_build.h"
#include "bytes.h"
#include "text.h"

static const char *const item_words[TRACE_KINDS] = {
	[TRACE_INST] = "instantiation",
	[TRACE_FUNC] = "function",
};

static void
unit_line(struct textbuf *tb, const struct model *m, const struct compile_trace *t)
{
	const struct build_module *b = t->module > 0 ? &m->modules[t->module - 1] : NULL;
	char peak[BYTES_TEXT_MAX] = "-";

	if (b != NULL && b->peak_rss >= 0)
		bytes_format(b->peak_rss, peak, sizeof peak);
	if (b != NULL)
		tb_add(tb, TB_HEADING, "  %s: %s trace %s, %.1f s traced of %.1f s wall, peak %s",
		    b->name, t->tool, t->file, t->span / 1e6, b->wall, peak);
	else
		tb_add(tb, TB_HEADING, "  %s: %s trace of %s, %.1f s traced (no compile of its output recorded)",
		    t->file, t->tool, *t->tu ? t->tu : "an unnamed unit", t->span / 1e6);
}

static void
item_line(struct textbuf *tb, int kind, const struct trace_item *it, int width, int utf8)
{
	char name[512], res[64] = "";
	int w = width - 63;	/* what the line holds before the name */

	if (it->reg >= 0)
		snprintf(res, sizeof res, "%d regs, %d B spilled", it->reg,
		    it->spill_stores >= 0 ? it->spill_stores : 0);
	text_fit(name, sizeof name, it->shown, w < 20 ? 20 : w, utf8 ? "\xe2\x80\xa6" : "~");
	tb_add(tb, it->spill_stores > 0 ? TB_WARN : TB_NORMAL, "    %-13s %8.3f s %-10s %-20s %s",
	    item_words[kind], it->us / 1e6, *it->arch ? it->arch : "", res, name);
}

void
view_build_traces(struct textbuf *tb, const struct model *m, int width, int utf8)
{
	if (m->ntraces == 0)
		return;
	tb_add(tb, TB_NORMAL, "%s", "");
	tb_add(tb, TB_HEADING, "Compile-time traces: %zu (longest first; times summed over each name's events)",
	    m->ntraces);
	for (size_t i = 0; i < m->ntraces; i++) {
		const struct compile_trace *t = &m->traces[i];

		unit_line(tb, m, t);
		for (int k = 0; k < TRACE_KINDS; k++)
			for (size_t j = 0; j < t->nitems[k]; j++)
				item_line(tb, k, &t->items[k][j], width, utf8);
	}
	tb_add(tb, TB_DIM, "  sccache does not cache nvcc calls made with -fdevice-time-trace (mozilla/sccache#2355)");
}
