/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "threadpairs.h"
#include "xalloc.h"

/* Distinct arch numbers of a target list: sm_80 and compute_80 are one
 * compile (cicc, then ptxas); 1 when none is named. */
static int
arch_count(const char *arches)
{
	char seen[64][12];
	int n = 0;

	while (arches != NULL && *arches) {
		size_t k = strcspn(arches, ","), u = 0;
		const char *us = memchr(arches, '_', k);

		if (us != NULL && (u = k - (size_t)(us + 1 - arches)) > 0 && u < sizeof seen[0]) {
			int dup = 0;

			for (int i = 0; i < n && !dup; i++)
				dup = strlen(seen[i]) == u && memcmp(seen[i], us + 1, u) == 0;
			if (!dup && n < 64) {
				memcpy(seen[n], us + 1, u);
				seen[n++][u] = '\0';
			}
		}
		arches += k + (arches[k] == ',');
	}
	return n > 0 ? n : 1;
}

/* Threads that run at once: at most one compile per arch. */
static int
effective(int threads, int arches)
{
	if (threads <= 0)	/* 0: as many as the CPUs, at most the arches */
		return arches;
	return threads < arches ? threads : arches;
}

/* The threads a compile was recorded at: nvcc's default is one. */
static int
recorded_threads(const struct build_module *b)
{
	return b->threads >= 0 ? b->threads : 1;
}

/* Its own per-thread share, -1 when it ran one thread (or no largest
 * process is known). */
static int64_t
own_share(const struct build_module *b)
{
	int e = effective(recorded_threads(b), arch_count(b->arches));

	if (e < 2 || b->peak_proc < 0 || b->peak_rss < 0)
		return -1;
	return b->peak_rss > b->peak_proc ? (b->peak_rss - b->peak_proc) / (e - 1) : 0;
}

int64_t
threadpairs_peak(const struct build_module *b, int threads, int64_t share)
{
	int a = arch_count(b->arches), e = effective(threads, a), er = effective(recorded_threads(b), a);
	int64_t own = own_share(b), base, p;

	if (b->peak_rss < 0)
		return -1;
	if (e == er)
		return b->peak_rss;
	if (own < share)
		own = share;
	base = b->peak_proc >= 0 && b->peak_proc < b->peak_rss ? b->peak_proc : b->peak_rss;
	p = base + (int64_t)(e - 1) * own;
	if (e < er && p > b->peak_rss)	/* fewer threads need no more */
		p = b->peak_rss;
	if (e > er && p < b->peak_rss)
		p = b->peak_rss;
	return p;
}

static int
by_size_desc(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x < y) - (x > y);
}

static int
int_asc(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* The largest -j whose j largest peaks fit; peaks sorted largest first. */
static int
jobs_fitting(const int64_t *peak, size_t n, int64_t fit, int jobs_max, int64_t *worst)
{
	int64_t sum = 0;
	int j = 0;

	*worst = 0;
	for (size_t i = 0; i < n && j < jobs_max; i++) {
		if (sum + peak[i] > fit)
			break;
		sum += peak[i];
		j++;
		*worst = sum;
	}
	return j;
}

void
threadpairs_compute(const struct model *m, int64_t fit, int jobs_max, struct threadpairs *tp)
{
	int counts[THREADPAIRS_MAX], ncounts = 0, any = 0;
	int64_t *peak = xcalloc(m->nmodules + 1, sizeof *peak);

	memset(tp, 0, sizeof *tp);
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];
		int t = recorded_threads(b), dup = 0;
		int64_t s = own_share(b);

		if (b->peak_rss < 0 || b->cache_hit)
			continue;
		any |= b->threads >= 0;
		if (s > tp->share)
			tp->share = s;
		for (int k = 0; k < ncounts && !dup; k++)
			dup = counts[k] == t;
		if (!dup && ncounts < THREADPAIRS_MAX)
			counts[ncounts++] = t;
	}
	if (!any) {
		free(peak);
		return;
	}
	qsort(counts, (size_t)ncounts, sizeof *counts, int_asc);
	tp->scaled = ncounts > 1;
	for (int k = 0; k < ncounts; k++) {
		struct threadpair *p = &tp->pairs[tp->npairs++];
		size_t n = 0;

		p->threads = counts[k];
		for (size_t i = 0; i < m->nmodules; i++) {
			const struct build_module *b = &m->modules[i];

			if (b->peak_rss < 0 || b->cache_hit)
				continue;
			peak[n++] = tp->scaled ? threadpairs_peak(b, counts[k], tp->share) : b->peak_rss;
		}
		qsort(peak, n, sizeof *peak, by_size_desc);
		p->jobs = jobs_fitting(peak, n, fit, jobs_max, &p->worst);
	}
	free(peak);
}

const char *
threadpairs_text(const struct threadpairs *tp, char *buf, size_t size)
{
	size_t len = 0;
	char w[BYTES_TEXT_MAX];

	buf[0] = '\0';
	for (size_t i = 0; i < tp->npairs && len < size; i++) {
		const struct threadpair *p = &tp->pairs[i];

		if (p->jobs > 0)
			len += (size_t)snprintf(buf + len, size - len, "%s-j%d x --threads %d (%s at once)",
			    i ? ", " : "", p->jobs, p->threads, bytes_format(p->worst, w, sizeof w));
		else
			len += (size_t)snprintf(buf + len, size - len, "%sno -j at --threads %d",
			    i ? ", " : "", p->threads);
	}
	if (len < size && tp->npairs == 1)
		snprintf(buf + len, size - len, " (the j largest peaks at once); only --threads %d was recorded: "
		    "other counts are not predicted", tp->pairs[0].threads);
	else if (len < size)
		snprintf(buf + len, size - len, " (the j largest peaks at t threads at once; at a t a compile was "
		    "not recorded at, its largest process plus t-1 per-thread shares of %s, the build's largest)",
		    bytes_format(tp->share, w, sizeof w));
	return buf;
}
