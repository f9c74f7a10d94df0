/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "parallel.h"
#include "xalloc.h"

#define PARALLEL_MAX	256	/* threads at most, whatever is asked */
#define SORT_RUN_MIN	4096	/* elements a run holds at least */

static int default_threads = 1;

void
parallel_set_default(int threads)
{
	default_threads = threads > 0 ? threads : 1;
}

/* What ulimit -v leaves for thread stacks: a quarter of it. */
#define STACKS_SHARE	4

int
parallel_fit_threads(int n)
{
	struct rlimit rl;
	pthread_attr_t attr;
	size_t stack = 0, most;

	if (n < 1)
		n = 1;
	if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return n;
	if (pthread_attr_init(&attr) == 0) {
		(void)pthread_attr_getstacksize(&attr, &stack);
		pthread_attr_destroy(&attr);
	}
	if (stack == 0)
		return n;
	most = (size_t)(rl.rlim_cur / STACKS_SHARE) / stack;
	return most < 1 ? 1 : most < (size_t)n ? (int)most : n;
}

struct parallel {
	size_t		 n, next;	/* next: taken with __atomic_fetch_add */
	void		(*fn)(void *, size_t);
	void		*ctx;
};

static void *
work(void *arg)
{
	struct parallel *p = arg;
	size_t i;

	while ((i = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED)) < p->n)
		p->fn(p->ctx, i);
	return NULL;
}

void
parallel_for(size_t n, int threads, void (*fn)(void *ctx, size_t i), void *ctx)
{
	struct parallel p = { .n = n, .next = 0, .fn = fn, .ctx = ctx };
	pthread_t *t;
	size_t want, started = 0;

	if (threads == 0)
		threads = default_threads;
	want = (size_t)parallel_fit_threads(threads);
	if (want > PARALLEL_MAX)
		want = PARALLEL_MAX;
	if (want > n)
		want = n;
	if (want <= 1) {
		work(&p);
		return;
	}
	t = xmalloc((want - 1) * sizeof *t);
	for (size_t k = 0; k + 1 < want; k++)
		if (pthread_create(&t[started], NULL, work, &p) == 0)
			started++;
	work(&p);
	for (size_t k = 0; k < started; k++)
		pthread_join(t[k], NULL);
	free(t);
}

struct sort {
	char		*from, *to;	/* this round's runs, and where they merge */
	size_t		 n, size, run;	/* elements, their size, a run's length this round */
	int		(*cmp)(const void *, const void *);
};

static void
sort_run(void *arg, size_t k)
{
	struct sort *s = arg;
	size_t first = k * s->run, len = s->n - first < s->run ? s->n - first : s->run;

	qsort(s->from + first * s->size, len, s->size, s->cmp);
}

/* Runs 2k and 2k + 1 into one, the left first on ties; a last run alone
 * is copied. */
static void
merge_pair(void *arg, size_t k)
{
	struct sort *s = arg;
	size_t lo = 2 * k * s->run, mid = lo + s->run, hi = mid + s->run;
	char *out = s->to + lo * s->size;
	const char *a, *ae, *b, *be;

	if (mid > s->n)
		mid = s->n;
	if (hi > s->n)
		hi = s->n;
	a = s->from + lo * s->size, ae = s->from + mid * s->size;
	b = ae, be = s->from + hi * s->size;
	while (a < ae && b < be) {
		if (s->cmp(b, a) < 0) {
			memcpy(out, b, s->size);
			b += s->size;
		} else {
			memcpy(out, a, s->size);
			a += s->size;
		}
		out += s->size;
	}
	memcpy(out, a, (size_t)(ae - a));
	out += ae - a;
	memcpy(out, b, (size_t)(be - b));
}

void
parallel_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *), int threads)
{
	struct sort s = { .from = base, .n = n, .size = size, .cmp = cmp };
	size_t runs;
	char *tmp;

	if (threads == 0)
		threads = default_threads;
	if (threads > PARALLEL_MAX)
		threads = PARALLEL_MAX;
	runs = n / SORT_RUN_MIN;
	if (runs > (size_t)threads)
		runs = (size_t)threads;
	if (runs <= 1) {
		qsort(base, n, size, cmp);
		return;
	}
	s.run = (n + runs - 1) / runs;
	parallel_for(runs, threads, sort_run, &s);
	tmp = xmalloc(n * size);
	s.to = tmp;
	for (; s.run < n; s.run *= 2) {
		char *t;

		parallel_for((n + 2 * s.run - 1) / (2 * s.run), threads, merge_pair, &s);
		t = s.from, s.from = s.to, s.to = t;
	}
	if (s.from != base)
		memcpy(base, s.from, n * size);
	free(tmp);
}
