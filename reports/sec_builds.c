/* SPDX-License-Identifier: MIT */
/* Build costs: each module's peak and time, its compile-time trace, what
 * runs at once, the budgets. */
#include "config.h"

#include <stdlib.h>

#include "buildphase.h"
#include "bytes.h"
#include "jobsadvice.h"
#include "threadpairs.h"
#include "judge_build.h"
#include "peakname.h"
#include "schedtext.h"
#include "schedule.h"
#include "sections.h"
#include "xalloc.h"

/* Seed 001's table: the modules that run at once, their overlap and the
 * sum of their peaks, under --jobs=N or as recorded; and the budget lines. */
static void
concurrent(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	const struct build_gates *gates = &in->config->gates;
	struct schedule sc;
	char a[BYTES_TEXT_MAX], b[BYTES_TEXT_MAX], text[SCHEDTEXT_MAX];

	if (schedule_build_cores(m, gates->jobs, gates->cores, &sc) != 0)
		return;
	if (*schedtext_runs(m, text, sizeof text))
		rdoc_para(d, in->section->name, "%s.", text);
	if (sc.slots > 0)
		rdoc_para(d, in->section->name, "%s.", schedtext_line(m, &sc, gates->cores, text, sizeof text));
	else
		rdoc_para(d, in->section->name, "As recorded: %.1f s from the first start to the last end.", sc.total);
	if (sc.nsets > 0) {
		struct rtable *t = rdoc_table(d, in->section->name);

		rtable_col(t, "running at once", RC_CODE);
		rtable_col(t, "overlap s", RC_NUM);
		rtable_col(t, "peaks sum to", RC_NUM | RC_MD_ONLY);
		rtable_col(t, "peak_sum_bytes", RC_NUM | RC_CSV_ONLY);
		for (size_t i = 0; i < sc.nsets; i++) {
			const struct sched_set *set = &sc.sets[i];
			char *names = judge_build_set_names(m, &sc, set);

			rtable_cell(t, "%s", names);
			rtable_cell(t, "%.0f", set->overlap);
			if ((size_t)set->peak_unknown == set->n) {	/* no peak known: no bound */
				rtable_cell(t, "unknown");
				rtable_num(t, -1);
			} else {
				rtable_cell(t, "%s%s", set->peak_unknown ? "≥ " : "", bytes_format(set->peak_sum, a, sizeof a));
				rtable_num(t, set->peak_sum);
			}
			free(names);
		}
	}
	if (sc.more > 0)
		rdoc_para(d, in->section->name, "%zu lighter sets not kept: spillway keeps the %d heaviest.",
		    sc.more, SCHED_SETS_MAX);
	if (gates->mem_budget >= 0) {
		int64_t worst = -1;
		size_t at = 0;

		for (size_t i = 0; i < m->nmodules; i++)
			if (m->modules[i].peak_rss > worst) {
				worst = m->modules[i].peak_rss;
				at = i;
			}
		if (worst >= 0)
			rdoc_para(d, in->section->name, "Budget per compile (--mem-budget): %s; the largest peak "
			    "is %s (%s): %s.",
			    bytes_format_as(gates->mem_budget, gates->mem_budget_unit, a, sizeof a),
			    bytes_format(worst, b, sizeof b), m->modules[at].name,
			    worst > gates->mem_budget ? "over the budget" : "within it");
	}
	if (gates->mem_host >= 0 && sc.worst_set < sc.nsets)
		rdoc_para(d, in->section->name, "Host memory (%s): %s; the most at once is %s: %s.",
		    gates->machine & JOBSADVICE_MACHINE_MEM ? "this machine's" : "--mem-host",
		    bytes_format_as(gates->mem_host, gates->mem_host_unit, a, sizeof a), bytes_format(sc.worst, b, sizeof b),
		    sc.worst > gates->mem_host ? "over it" : "within it");
	schedule_free(&sc);
}

static const struct section_col phase_cols[] = {
	SECTION_OWN("phase", RC_TEXT),
	SECTION_OWN("arch", RC_TEXT),
	SECTION_OWN("compiles", RC_NUM),
	SECTION_OWN("total s", RC_NUM),
	SECTION_OWN("longest s", RC_NUM),
	SECTION_OWN("longest in", RC_CODE),
};

/* nvcc --time's phases over the build, longest first. */
static void
phases(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	struct phase_total *p;
	size_t n = buildphase_totals(m, &p);
	struct rtable *t;

	if (n == 0)
		return;
	rdoc_para(d, in->section->name, "nvcc --time phases over the build, longest first:");
	t = rdoc_table(d, in->section->name);
	section_cols(t, phase_cols, SECTION_NCOLS(phase_cols));
	for (size_t i = 0; i < n; i++) {
		rtable_cell(t, "%s", p[i].name);
		if (*p[i].arch)
			rtable_cell(t, "%s", p[i].arch);
		else
			rtable_cell(t, NULL);
		rtable_num(t, (int64_t)p[i].compiles);
		rtable_cell(t, "%.1f", p[i].ms / 1000);
		rtable_cell(t, "%.1f", p[i].max_ms / 1000);
		rtable_cell(t, "%s", m->modules[p[i].max_module].name);
	}
	free(p);
}

/* --jobs=auto: the -j advised, and the pool for the heavy modules. */
static void
advice(struct rdoc *d, const struct section_input *in)
{
	const struct build_gates *g = &in->config->gates;
	struct jobsadvice a;
	char h[JOBSADVICE_TEXT_MAX], w[BYTES_TEXT_MAX], fit[BYTES_TEXT_MAX], text[JOBSADVICE_TEXT_MAX];

	if (!g->jobs_auto || g->mem_host < 0 || jobsadvice_compute(in->model, g->cores, g->mem_host, &a) != 0)
		return;
	jobsadvice_host_text(g->mem_host, g->mem_host_unit, g->machine, h, sizeof h);
	bytes_format(a.fit, fit, sizeof fit);
	/* the answer first, in --summary's words */
	rdoc_para(d, in->section->name, "--jobs=auto: %s.", jobsadvice_answer(&a, g->mem_host, g->mem_host_unit,
	    g->machine, text, sizeof text));
	if (a.jobs > 0)
		rdoc_para(d, in->section->name, "--jobs=auto: -j%d, the largest whose worst case (%s at once on the "
		    "simulated schedule) fits %s less %d %% (%s); %.1f s simulated against %.1f s at -j1.",
		    a.jobs, bytes_format(a.worst, w, sizeof w), h, JOBSADVICE_MARGIN_PCT, fit, a.seconds, a.seconds_j1);
	if (a.heavy > 0) {
		struct rtable *t;

		rdoc_para(d, in->section->name, "A pool of depth 1 for the %zu heaviest lets the build run at -j%d "
		    "(bound: the heaviest + the %d heaviest of the rest = %s): a ninja pool heavy of depth 1 on "
		    "their edges, or CMake JOB_POOLS heavy=1 and JOB_POOL_COMPILE heavy on the targets that "
		    "hold them; --pool-file writes either.", a.heavy, a.pool_jobs, a.pool_jobs - 1, bytes_format(a.pool_worst, w, sizeof w));
		t = rdoc_table(d, in->section->name);
		rtable_col(t, "pool heavy", RC_CODE);
		rtable_col(t, "peak", RC_NUM | RC_MD_ONLY);
		rtable_col(t, "peak_bytes", RC_NUM | RC_CSV_ONLY);
		for (size_t i = 0; i < a.heavy; i++) {
			const struct build_module *b = &in->model->modules[a.heavy_modules[i]];

			rtable_cell(t, "%s", b->name);
			rtable_cell(t, "%s", bytes_format(b->peak_rss, w, sizeof w));
			rtable_num(t, b->peak_rss);
		}
	}
	{	/* nvcc --threads, where recorded */
		struct threadpairs tp;

		threadpairs_compute(in->model, a.fit, JOBSADVICE_JOBS_MAX, &tp);
		if (tp.npairs > 0) {
			char pairs[THREADPAIRS_TEXT_MAX];

			rdoc_para(d, in->section->name, "--jobs=auto x --threads: %s.", threadpairs_text(&tp, pairs, sizeof pairs));
		}
	}
	jobsadvice_free(&a);
}

static const struct model *peak_model;

/* Heaviest peak first, unknown peaks last; ties keep the log's order. */
static int
peak_first(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	int64_t x = peak_model->modules[a].peak_rss, y = peak_model->modules[b].peak_rss;

	if (x != y)
		return x > y ? -1 : 1;
	return a < b ? -1 : a > b;
}

void
section_builds(struct rdoc *d, const struct section_input *in)
{
	const struct model *m = in->model;
	struct rtable *t;
	char a[BYTES_TEXT_MAX];
	size_t *order;

	if (m->nmodules == 0 && m->ntraces == 0)
		return;
	section_heading(d, in);
	if (m->nmodules == 0) {
		section_builds_traces(d, in);
		return;
	}
	order = xcalloc(m->nmodules, sizeof *order);
	for (size_t i = 0; i < m->nmodules; i++)
		order[i] = i;
	peak_model = m;
	qsort(order, m->nmodules, sizeof *order, peak_first);
	t = rdoc_table(d, in->section->name);
	rtable_col(t, "module", RC_CODE);
	rtable_col(t, "arches", RC_TEXT);
	rtable_col(t, peakname_heading(m), RC_NUM | RC_MD_ONLY);
	rtable_col(t, "peak_rss_bytes", RC_NUM | RC_CSV_ONLY);
	/* cppcheck-suppress badBitmaskCheck ; RC_TEXT is 0, named for the reader */
	rtable_col(t, "peak_measure", RC_TEXT | RC_CSV_ONLY);	/* what the bytes are */
	rtable_col(t, "wall s", RC_NUM);
	rtable_col(t, "exit", RC_NUM);
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[order[i]];

		rtable_cell(t, "%s", b->name);
		rtable_cell(t, "%s", b->arches);
		if (b->peak_rss >= 0)
			rtable_cell(t, "%s", bytes_format(b->peak_rss, a, sizeof a));
		else
			rtable_cell(t, NULL);
		rtable_num(t, b->peak_rss);
		if (b->peak_rss >= 0)
			rtable_cell(t, "%s", peakname_is_cgroup(b) ? PEAKNAME_CGROUP_FULL : PEAKNAME_RSS);
		else
			rtable_cell(t, NULL);
		if (b->wall >= 0)
			rtable_cell(t, "%.1f", b->wall);
		else
			rtable_cell(t, NULL);
		rtable_num(t, b->exit_status);
	}
	free(order);
	section_builds_traces(d, in);
	phases(d, in);
	concurrent(d, in);
	advice(d, in);
}
