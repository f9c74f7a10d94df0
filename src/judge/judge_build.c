/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "jobsadvice.h"
#include "judge_build.h"
#include "judge_libs.h"
#include "peakname.h"
#include "xalloc.h"

/* "a + b + c" of a set's module names.  Allocated.  Each name copied
 * once at its place: strcat from the start made a set of 50,000 quadratic. */
char *
judge_build_set_names(const struct model *m, const struct schedule *s, const struct sched_set *t)
{
	size_t len = 1, at = 0;
	char *out;

	for (size_t i = 0; i < t->n; i++)
		len += strlen(m->modules[s->jobs[t->members[i]].module].name) + 3;
	out = xmalloc(len);
	for (size_t i = 0; i < t->n; i++) {
		const char *name = m->modules[s->jobs[t->members[i]].module].name;
		size_t n = strlen(name);

		if (i) {
			memcpy(out + at, " + ", 3);
			at += 3;
		}
		memcpy(out + at, name, n);
		at += n;
	}
	out[at] = '\0';
	return out;
}

/*
 * True when every member of a is in b, b a running set (three or more,
 * all running at the instant b->lo when the last of them started): a's
 * members all run then when a's span [lo, hi) holds that instant.  O(1)
 * where comparing members was O(n), for each of the sets' pairs.
 */
static int
covers(const struct sched_set *b, const struct sched_set *a)
{
	return b != a && b->n >= 3 && b->n > a->n && a->lo <= b->lo && b->lo < a->hi;
}

/* Whether a member's peak is a cgroup's: the sum holds page cache. */
static int
set_has_cgroup(const struct model *m, const struct schedule *s, const struct sched_set *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (peakname_is_cgroup(&m->modules[s->jobs[t->members[i]].module]))
			return 1;
	return 0;
}

/*
 * " = 184.797 MiB" when a budget (--mem-budget, --mem-host) was given in a unit that neither the
 * peak's GB nor the KiB beside both figures is (nor bytes, too long to
 * read): "0.19 GB over 150 MiB" leaves the reader to convert; the peak in
 * the budget's own unit does not.  "" otherwise.
 */
static const char *
peak_as_budget(int64_t peak, enum bytes_unit u, char *buf, size_t size)
{
	char t[BYTES_TEXT_MAX];

	if (u == BYTES_GB || u == BYTES_KIB || u == BYTES_B || u == BYTES_AUTO)
		return "";
	snprintf(buf, size, " = %s", bytes_format_as(peak, u, t, sizeof t));
	return buf;
}

/* The sets of s over --mem-host, each said once, run "how". */
static void
judge_host_sets(const struct model *m, const struct schedule *s, const struct build_gates *g,
    const char *how, struct verdict *v)
{
	char a[BYTES_TEXT_MAX], b[BYTES_TEXT_MAX], c[BYTES_TEXT_MAX + 4];

	for (size_t i = 0; i < s->nsets; i++) {
		const struct sched_set *t = &s->sets[i];
		int covered = 0;
		char *names;

		if (t->peak_sum <= g->mem_host)
			continue;
		/* A pair inside a larger set over the limit is said once, by the set. */
		for (size_t k = 0; k < s->nsets && !covered; k++)
			covered = s->sets[k].peak_sum > g->mem_host && covers(&s->sets[k], t);
		if (covered)
			continue;
		names = judge_build_set_names(m, s, t);
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s run at once for %.0f s %s: peaks sum to %s%s%s (%" PRId64 " KiB%s), over %s%s (%" PRId64 " KiB)",
		    names, t->overlap, how, t->peak_unknown ? "at least " : "",
		    bytes_format(t->peak_sum, a, sizeof a),
		    peak_as_budget(t->peak_sum, g->mem_host_unit, c, sizeof c), t->peak_sum / 1024,
		    set_has_cgroup(m, s, t) ? "; cgroup peaks, " PEAKNAME_CACHE : "",
		    g->machine & JOBSADVICE_MACHINE_MEM ? "this machine's " : "--mem-host=",
		    bytes_format_as(g->mem_host, g->mem_host_unit, b, sizeof b), g->mem_host / 1024);
		judge_figures(v, (double)t->peak_sum, (double)g->mem_host, "bytes");
		free(names);
	}
	if (s->more > 0)
		verdict_add(v, FINDING_NOTICE, "--mem-host: %zu lighter sets of modules running at once "
		    "not judged one by one (the heaviest %d are, the worst among them)", s->more, SCHED_SETS_MAX);
}

/*
 * The recorded runs besides the one laid out (an earlier .ninja_log run, a
 * record log's run, record start times beside a .ninja_log): each on its
 * own clock, judged as recorded, so that an incremental run after the
 * build (a CMake re-run) does not leave the build's own overlaps unjudged.
 * s->others come grouped by run: O(n log n) in all.
 */
static void
judge_host_other_runs(const struct model *m, const struct schedule *s, const struct build_gates *g,
    struct verdict *v)
{
	size_t *mods;

	if (s->nothers == 0)
		return;
	mods = xcalloc(s->nothers, sizeof *mods);
	for (size_t i = 0, j; i < s->nothers; i = j) {
		const struct sched_other *o = &s->others[i];
		int ninja = o->timebase == TIME_NINJA;
		struct schedule r;
		char how[96];

		for (j = i; j < s->nothers && s->others[j].run == o->run &&
		    s->others[j].timebase == o->timebase; j++)
			mods[j - i] = s->others[j].module;
		if (schedule_build_run(m, mods, j - i, o->timebase, o->run, &r) != 0)
			continue;
		snprintf(how, sizeof how, "as recorded (%s run %d of %d)",
		    ninja ? ".ninja_log" : "record log", o->run,
		    ninja ? m->notes.ninja_runs : m->notes.record_runs);
		judge_host_sets(m, &r, g, how, v);
		schedule_free(&r);
	}
	free(mods);
}

static void
judge_host(const struct model *m, const struct schedule *s, const struct build_gates *g, struct verdict *v)
{
	char how[64];

	if (s == NULL) {
		verdict_add(v, FINDING_NOTICE, "--mem-host: no module has %s, nothing to schedule",
		    g->jobs > 0 ? "a wall time" : "a recorded start (give --jobs=N to simulate make -jN)");
		return;
	}
	if (g->jobs > 0)
		snprintf(how, sizeof how, "under make -j%d", g->jobs);
	else
		snprintf(how, sizeof how, "as recorded");
	judge_host_sets(m, s, g, how, v);
	if (g->jobs == 0)
		judge_host_other_runs(m, s, g, v);
}

/* Which build gates ran, on how many modules: a build-only check says
 * what it judged. */
static void
judge_build_gates_line(const struct model *m, const struct build_gates *g, struct verdict *v)
{
	char gates[2 * BYTES_TEXT_MAX + 64];
	size_t at;

	gates[0] = '\0';
	if (g->mem_budget >= 0) {
		char a[BYTES_TEXT_MAX];

		snprintf(gates, sizeof gates, "--mem-budget=%s",
		    bytes_format_as(g->mem_budget, g->mem_budget_unit, a, sizeof a));
	}
	at = strlen(gates);
	if (g->mem_host >= 0) {
		char b[BYTES_TEXT_MAX];

		snprintf(gates + at, sizeof gates - at, "%s%s%s", at ? ", " : "",
		    g->machine & JOBSADVICE_MACHINE_MEM ? "this machine's " : "--mem-host=",
		    bytes_format_as(g->mem_host, g->mem_host_unit, b, sizeof b));
	}
	verdict_add(v, FINDING_SUMMARY, "check: %zu %s judged against %s",
	    m->nmodules, judge_plural(m->nmodules, "build module", "build modules"),
	    gates[0] ? gates : "no build gate (give --mem-budget or --mem-host)");
}

void
judge_build(const struct model *m, const struct schedule *s, const struct build_gates *g, struct verdict *v)
{
	if (m->nmodules == 0) {
		verdict_add(v, FINDING_NOTHING, "no build records to judge (spillway record log, "
		    "GNU time -v output, .ninja_log or nvcc --time CSV)");
		return;
	}
	v->counted += m->nmodules;
	if (g->mem_budget >= 0) {
		size_t unknown = 0, hits = 0;

		for (size_t i = 0; i < m->nmodules; i++) {
			const struct build_module *bm = &m->modules[i];

			if (bm->cache_hit) {	/* ccache answered: its peak is the cache's, not a compile's */
				hits++;
				continue;
			}
			if (bm->peak_rss < 0) {
				unknown++;
				continue;
			}
			if (bm->peak_rss > g->mem_budget) {
				char a[BYTES_TEXT_MAX], b[BYTES_TEXT_MAX], c[BYTES_TEXT_MAX + 4];

				judge_add(v, FINDING_VIOLATION,
				    "VIOLATION %s: %s %s%s (%" PRId64 " KiB%s) over --mem-budget=%s (%" PRId64 " KiB)",
				    bm->name, peakname_short(bm), bytes_format(bm->peak_rss, a, sizeof a),
				    peak_as_budget(bm->peak_rss, g->mem_budget_unit, c, sizeof c),
				    bm->peak_rss / 1024, peakname_is_cgroup(bm) ? ", " PEAKNAME_CACHE : "",
				    bytes_format_as(g->mem_budget, g->mem_budget_unit, b, sizeof b), g->mem_budget / 1024);
				judge_figures(v, (double)bm->peak_rss, (double)g->mem_budget, "bytes");
			}
		}
		if (unknown > 0)
			verdict_add(v, FINDING_NOTICE, "--mem-budget: %zu module%s with no peak RSS recorded",
			    unknown, unknown == 1 ? "" : "s");
		if (hits > 0)
			verdict_add(v, FINDING_NOTICE, "spillway: --mem-budget: %zu cache hit%s not judged (no compile ran)",
			    hits, hits == 1 ? "" : "s");
	}
	if (g->mem_host >= 0)
		judge_host(m, s, g, v);
	judge_build_gates_line(m, g, v);
}
