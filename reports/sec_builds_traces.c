/* SPDX-License-Identifier: MIT */
/*
 * The builds section's compile-time traces (nvcc -fdevice-time-trace,
 * clang -ftime-trace; src/logs/ctrace.h): each translation unit beside its
 * compile's peak and time, then its longest instantiations and functions,
 * the functions beside their kernels' registers, stack and spills.
 */
#include "config.h"

#include "bytes.h"
#include "columns.h"
#include "sections.h"

static const char *const item_words[TRACE_KINDS] = {
	[TRACE_INST] = "instantiation",
	[TRACE_FUNC] = "function",
};

static const struct section_col unit_cols[] = {
	SECTION_OWN("trace", RC_CODE),
	SECTION_OWN("tool", RC_TEXT),
	SECTION_OWN("module", RC_CODE),
	SECTION_OWN("peak", RC_NUM | RC_MD_ONLY),
	SECTION_OWN("peak_bytes", RC_NUM | RC_CSV_ONLY),
	SECTION_OWN("wall s", RC_NUM),
	SECTION_OWN("traced s", RC_NUM),
	SECTION_OWN("events", RC_NUM),
};

static const struct section_col item_cols[] = {
	SECTION_OWN("module", RC_CODE),
	SECTION_OWN("what", RC_TEXT),
	SECTION_OWN("name", RC_CODE),
	SECTION_OWN("traced_name", RC_CODE | RC_CSV_ONLY),	/* as the trace names it */
	SECTION_OWN("s", RC_NUM),
	SECTION_OWN("events", RC_NUM),
	SECTION_COL(COL_SM, RC_TEXT),
	SECTION_COL(COL_REG, RC_NUM),
	SECTION_COL(COL_STACK, RC_NUM),
	SECTION_COL(COL_SPILL_STORES, RC_NUM),
};

/* The compile a trace is of, by name; its trace's name when none is known. */
static const char *
unit_name(const struct model *m, const struct compile_trace *t)
{
	return t->module > 0 ? m->modules[t->module - 1].name : t->file;
}

static void
units(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	struct rtable *t = rdoc_table(d, in->section->name);
	char a[BYTES_TEXT_MAX];

	section_cols(t, unit_cols, SECTION_NCOLS(unit_cols));
	for (size_t i = 0; i < m->ntraces; i++) {
		const struct compile_trace *c = &m->traces[i];
		const struct build_module *b = c->module > 0 ? &m->modules[c->module - 1] : NULL;

		rtable_cell(t, "%s", c->file);
		rtable_cell(t, "%s", c->tool);
		rtable_cell(t, b != NULL ? "%s" : NULL, b != NULL ? b->name : "");
		rtable_cell(t, b != NULL && b->peak_rss >= 0 ? "%s" : NULL,
		    b != NULL ? bytes_format(b->peak_rss, a, sizeof a) : "");
		rtable_num(t, b != NULL ? b->peak_rss : -1);
		rtable_cell(t, b != NULL && b->wall >= 0 ? "%.1f" : NULL, b != NULL ? b->wall : 0.0);
		rtable_cell(t, "%.3f", c->span / 1e6);
		rtable_num(t, (int64_t)c->events);
	}
}

static void
items(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	struct rtable *t = rdoc_table(d, in->section->name);

	section_cols(t, item_cols, SECTION_NCOLS(item_cols));
	for (size_t i = 0; i < m->ntraces; i++)
		for (int k = 0; k < TRACE_KINDS; k++)
			for (size_t j = 0; j < m->traces[i].nitems[k]; j++) {
				const struct trace_item *it = &m->traces[i].items[k][j];

				rtable_cell(t, "%s", unit_name(m, &m->traces[i]));
				rtable_cell(t, "%s", item_words[k]);
				rtable_cell(t, "%s", it->shown);
				rtable_cell(t, "%s", it->name);
				rtable_cell(t, "%.3f", it->us / 1e6);
				rtable_num(t, it->events);
				rtable_cell(t, *it->arch ? "%s" : NULL, it->arch);
				rtable_num(t, it->reg);
				rtable_num(t, it->stack);
				rtable_num(t, it->spill_stores);
			}
}

void
section_builds_traces(struct rdoc *d, const struct section_input *in)
{
	if (in->model->ntraces == 0)
		return;
	rdoc_para(d, in->section->name, "Compile-time traces (nvcc -fdevice-time-trace, clang -ftime-trace): "
	    "%zu read, each beside its compile (the module of the same output).", in->model->ntraces);
	units(d, in);
	rdoc_para(d, in->section->name, "Each unit's %d longest instantiations and functions: their events' "
	    "times summed, inclusive (an instantiation nested in another counts in both); a function on an sm "
	    "is ptxas's time on it, on a compute_NN cicc's, beside its kernel's registers, stack and spills "
	    "on that sm.", TRACE_TOP);
	items(d, in);
	rdoc_para(d, in->section->name, "sccache does not cache an nvcc call made with -fdevice-time-trace "
	    "(or --time): it runs nvcc itself (mozilla/sccache#2355), so a traced build compiles every unit.");
}
