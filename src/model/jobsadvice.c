/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "escape.h"
#include "jobsadvice.h"
#include "order.h"
#include "schedule.h"
#include "threadpairs.h"
#include "xalloc.h"

/* Module indices, the heaviest peak first (qsort_r's argument: the model). */
static int
heavier(const void *a, const void *b, void *arg)
{
	const struct model *m = arg;
	int64_t x = m->modules[*(const size_t *)a].peak_rss;
	int64_t y = m->modules[*(const size_t *)b].peak_rss;

	return order_then(order_i64(y, x), order_u64(*(const size_t *)a, *(const size_t *)b));
}

/*
 * The pool: the k heaviest at depth 1 beside the rest at -jN is bounded by
 * the heaviest of the pool plus the N-1 heaviest of the rest running with
 * it (a bound, not a schedule: ninja may start any of the rest with it).
 */
static int
pool_jobs(const int64_t *peak, size_t n, size_t k, int64_t fit, int cap, int64_t *bound)
{
	int best = 0;

	for (int j = 1; j <= cap && (size_t)j <= n - k + (k > 0); j++) {
		int64_t sum = k > 0 ? peak[0] : 0;
		size_t rest = (size_t)j - (k > 0);

		for (size_t i = 0; i < rest && k + i < n; i++)
			sum += peak[k + i];
		if (sum > fit)
			break;
		best = j;
		*bound = sum;
	}
	return best;
}

int
jobsadvice_compute(const struct model *m, int cores, int64_t host, struct jobsadvice *a)
{
	size_t *order, n = 0;
	int64_t *peak;
	int max = m->nmodules < JOBSADVICE_JOBS_MAX ? (int)m->nmodules : JOBSADVICE_JOBS_MAX;

	struct schedule_sim sim;
	double fast = 0, all = 0, *work, serial = 0, beat;

	memset(a, 0, sizeof *a);
	a->fit = host / 100 * (100 - JOBSADVICE_MARGIN_PCT);
	if (schedule_sim_init(m, cores, &sim) != 0)
		return -1;
	a->cores = sim.s.cores;
	for (int j = 1, fits = 1; j <= max; j++) {
		/* The worst case is swept only where its bound does not fit,
		 * and only up to the first -j that is over: more jobs only run
		 * more at once.  Past it, the makespans alone tell fast_jobs. */
		int64_t w = schedule_sim_bound(&sim, j);
		double total = schedule_sim_run(&sim, j, fits && w > a->fit ? &w : NULL);

		if (j == 1)
			a->seconds_j1 = total;
		if (fits && w > a->fit)
			fits = 0;
		if (fits) {
			a->jobs = j;
			a->seconds = total;
			if (a->enough_jobs == 0 || total < a->enough_seconds * (1 - JOBSADVICE_SAME_PCT / 100.0)) {
				a->enough_jobs = j;	/* the first -j as fast as any more */
				a->enough_seconds = total;
			}
		}
		if (a->fast_jobs == 0 || total < fast * (1 - JOBSADVICE_SAME_PCT / 100.0)) {
			a->fast_jobs = j;
			fast = total;
		}
	}
	if (a->jobs > 0) {
		schedule_sim_run(&sim, a->jobs, &a->worst);
		schedule_sim_run(&sim, a->enough_jobs, &a->enough_worst);
	}
	/* each module's work alone, for the pool's floor below */
	work = xcalloc(m->nmodules + 1, sizeof *work);
	for (size_t i = 0; i < sim.s.n; i++) {
		work[sim.s.jobs[i].module] = sim.work[i];
		all += sim.work[i];
	}
	schedule_sim_free(&sim);
	order = xcalloc(m->nmodules + 1, sizeof *order);
	for (size_t i = 0; i < m->nmodules; i++)
		if (m->modules[i].peak_rss >= 0 && !m->modules[i].cache_hit)
			order[n++] = i;
	a->peaks_known = (int)n;
	qsort_r(order, n, sizeof *order, heavier, (void *)m);
	peak = xcalloc(n + 1, sizeof *peak);
	for (size_t i = 0; i < n; i++)
		peak[i] = m->modules[order[i]].peak_rss;
	/* A pool is worth it where memory, not the cores, holds the build
	 * under fast_jobs: its -j goes no higher, as more only shares them.
	 * And only where it can beat the answer without one: no pooled
	 * build ends before its heavy compiles one after another, nor
	 * before all the work spread over its -j (or the cores): a floor,
	 * not a schedule.  Each heavy compile more only raises the first. */
	a->pool_jobs = pool_jobs(peak, n, 0, a->fit, a->fast_jobs, &a->pool_worst);
	beat = a->enough_seconds * (1 - JOBSADVICE_SAME_PCT / 100.0);
	for (size_t k = 1; k <= JOBSADVICE_HEAVY_MAX && k < n; k++) {
		int64_t bound = 0;
		int j = pool_jobs(peak, n, k, a->fit, a->fast_jobs, &bound);
		int wide = a->cores > 0 && a->cores < j ? a->cores : j;
		double floor;

		serial += work[order[k - 1]];
		if (serial >= beat)
			break;
		floor = j > 0 && all / wide > serial ? all / wide : serial;
		if (floor < beat && j > a->pool_jobs && j > a->enough_jobs) {
			a->heavy = k;
			a->pool_jobs = j;
			a->pool_worst = bound;
			a->pool_serial = serial;
		}
	}
	if (a->heavy > 0) {
		a->heavy_modules = xcalloc(a->heavy, sizeof *a->heavy_modules);
		memcpy(a->heavy_modules, order, a->heavy * sizeof *order);
	}
	free(peak);
	free(order);
	free(work);
	return 0;
}

void
jobsadvice_free(struct jobsadvice *a)
{
	free(a->heavy_modules);
	a->heavy_modules = NULL;
}

int
jobsadvice_jobs(const struct model *m, int cores, int64_t host)
{
	struct jobsadvice a;
	int j = 0;

	if (jobsadvice_compute(m, cores, host, &a) == 0)
		j = a.enough_jobs;
	jobsadvice_free(&a);
	return j;
}

const char *
jobsadvice_host_text(int64_t host, enum bytes_unit unit, int machine, char *buf, size_t size)
{
	char h[BYTES_TEXT_MAX];

	if (machine & JOBSADVICE_MACHINE_MEM)
		snprintf(buf, size, "this machine's %s", bytes_format(host, h, sizeof h));
	else
		snprintf(buf, size, "--mem-host=%s", bytes_format_as(host, unit, h, sizeof h));
	return buf;
}

const char *
jobsadvice_answer(const struct jobsadvice *a, int64_t host, enum bytes_unit unit, int machine,
    char *buf, size_t size)
{
	char h[JOBSADVICE_TEXT_MAX], w[BYTES_TEXT_MAX], cores[64];

	jobsadvice_host_text(host, unit, machine, h, sizeof h);
	if (a->cores > 0)
		snprintf(cores, sizeof cores, "%d core%s (%s)", a->cores, a->cores == 1 ? "" : "s",
		    machine & JOBSADVICE_MACHINE_CORES ? "this machine's" : "--cores");
	else
		snprintf(cores, sizeof cores, "cores not known (no --cores, none recorded)");
	if (a->jobs == 0)
		snprintf(buf, size, "no -j fits %s less %d %% (%s), on %s: one compile alone is over", h,
		    JOBSADVICE_MARGIN_PCT, bytes_format(a->fit, w, sizeof w), cores);
	else if (a->heavy > 0)
		snprintf(buf, size, "-j%d with the %zu heaviest in a pool of depth 1 (--pool-file writes it), on %s "
		    "and %s; -j%d without the pool (%.1f s simulated against %.1f s at -j1, %s at once at worst)",
		    a->pool_jobs, a->heavy, cores, h, a->enough_jobs, a->enough_seconds, a->seconds_j1,
		    bytes_format(a->enough_worst, w, sizeof w));
	else
		snprintf(buf, size, "-j%d on %s and %s: %.1f s simulated against %.1f s at -j1, %s at once at worst",
		    a->enough_jobs, cores, h, a->enough_seconds, a->seconds_j1,
		    bytes_format(a->enough_worst, w, sizeof w));
	return buf;
}

/* The words of --summary's advice, moved here from src/cli/buildsum.c so
 * that the browser's Build view says the same. */
void
jobsadvice_print(FILE *f, const struct model *m, int cores, int64_t host, enum bytes_unit unit, int machine)
{
	struct jobsadvice a;
	char h[JOBSADVICE_TEXT_MAX], w[BYTES_TEXT_MAX], fit[BYTES_TEXT_MAX], text[JOBSADVICE_TEXT_MAX];

	if (jobsadvice_compute(m, cores, host, &a) != 0) {
		fputs("--jobs=auto: no module with a wall time to lay out\n", f);
		return;
	}
	fprintf(f, "--jobs=auto: %s\n", jobsadvice_answer(&a, host, unit, machine, text, sizeof text));
	jobsadvice_host_text(host, unit, machine, h, sizeof h);
	bytes_format(a.fit, fit, sizeof fit);
	if (a.jobs > 0)
		fprintf(f, "--jobs=auto: -j%d, the largest whose worst case (%s at once on the simulated "
		    "schedule) fits %s less %d %% (%s); %.1f s simulated against %.1f s at -j1\n",
		    a.jobs, bytes_format(a.worst, w, sizeof w), h, JOBSADVICE_MARGIN_PCT, fit, a.seconds, a.seconds_j1);
	if (a.jobs > 0 && a.enough_jobs < a.jobs && a.cores > 0)
		fprintf(f, "--jobs=auto: on %d core%s, -j%d is as fast (%.1f s): more jobs only share the cores\n",
		    a.cores, a.cores == 1 ? "" : "s", a.enough_jobs, a.enough_seconds);
	if (a.heavy > 0) {
		fprintf(f, "pool: the %zu heaviest in a pool of depth 1 let the build run at -j%d "
		    "(bound: the heaviest + the %d heaviest of the rest = %s); one after another they take %.1f s, "
		    "under -j%d's %.1f s\n", a.heavy, a.pool_jobs, a.pool_jobs - 1,
		    bytes_format(a.pool_worst, w, sizeof w), a.pool_serial, a.enough_jobs, a.enough_seconds);
		for (size_t i = 0; i < a.heavy; i++) {
			fputs("pool heavy: ", f);
			escape_fputs(m->modules[a.heavy_modules[i]].name, f);
			fprintf(f, " (%s)\n", bytes_format(m->modules[a.heavy_modules[i]].peak_rss, w, sizeof w));
		}
		fputs("pool: --pool-file=ninja:FILE, cmake:FILE or env:FILE writes it for ninja, CMake "
		    "(JOB_POOLS) or setup.py (MAX_JOBS)\n", f);
	} else if (a.jobs > 0 && a.enough_jobs >= a.fast_jobs)
		fputs("pool: none needed: the memory allows as many jobs as the cores can use\n", f);
	else if (a.jobs > 0)
		fputs("pool: no pool for the heaviest lets the rest run wider\n", f);
	{	/* nvcc --threads, where recorded */
		struct threadpairs tp;

		threadpairs_compute(m, a.fit, JOBSADVICE_JOBS_MAX, &tp);
		if (tp.npairs > 0) {
			char pairs[THREADPAIRS_TEXT_MAX];

			fprintf(f, "--jobs=auto x --threads: %s\n", threadpairs_text(&tp, pairs, sizeof pairs));
		}
	}
	jobsadvice_free(&a);
}
