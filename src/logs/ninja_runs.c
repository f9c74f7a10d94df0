/* SPDX-License-Identifier: MIT */
/*
 * Telling a .ninja_log's runs apart (src/logs/ninja_runs.h): by end times
 * falling back in a log as ninja wrote it, by the outputs' mtimes in one
 * it rewrote.
 */
#include "config.h"

#include <stdlib.h>

#include "ninja_runs.h"
#include "order.h"
#include "xalloc.h"

/*
 * The mtime's clock against the run's, in milliseconds of slack: the
 * mtime's resolution (whole seconds from ninja before 1.9, or a file
 * system that keeps no finer) and an output's last write a little after
 * ninja saw its command end.
 */
#define MTIME_SLACK_MS	1000

int
ninja_runs_reordered(const struct ninja_entry *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (v[i].end < v[i - 1].end && v[i].mtime > 0 && v[i - 1].mtime > 0 &&
		    v[i].mtime < v[i - 1].mtime)
			return 1;
	return 0;
}

int
ninja_runs_appended(struct ninja_entry *v, size_t n)
{
	int run = 1;

	for (size_t i = 0; i < n; i++) {
		if (i > 0 && v[i].end < v[i - 1].end && run < INT32_MAX)
			run++;	/* the clock restarted: a new run */
		v[i].run = run;
	}
	return run;
}

/*
 * Milliseconds per unit of the log's mtimes, as ninja's TimeStamp is on
 * each system: seconds (ninja before 1.9), 100 ns since 2000 (Windows),
 * nanoseconds since 1970; told by the largest, dated after 2000.
 */
static int64_t
mtime_ms(int64_t mtime, int64_t largest)
{
	if (largest < INT64_C(100000000000))
		return mtime * 1000;
	if (largest < INT64_C(100000000000000000))
		return mtime / 10000;
	return mtime / 1000000;
}

/* An entry's span of run starts on the wall clock, in ms. */
struct span {
	int64_t		 lo, hi;
	size_t		 at;
};

static int
span_cmp(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return order_then(order_i64(x->hi, y->hi), order_u64(x->at, y->at));
}

static int
finished_cmp(const void *a, const void *b)
{
	const struct ninja_entry *x = a, *y = b;
	int c;

	if ((c = order_i64(x->run, y->run)) != 0)
		return c;
	if ((c = order_i64(x->end, y->end)) != 0)
		return c;
	return order_then(order_i64(x->start, y->start), order_u64(x->line, y->line));
}

/* a - b, held within int64_t. */
static int64_t
sub_sat(int64_t a, int64_t b)
{
	if (b > 0 && a < INT64_MIN + b)
		return INT64_MIN;
	if (b < 0 && a > INT64_MAX + b)
		return INT64_MAX;
	return a - b;
}

int
ninja_runs_by_mtime(struct ninja_entry *v, size_t n, size_t *unplaced)
{
	struct span *s = n > 0 ? xcalloc(n, sizeof *s) : NULL;
	int64_t largest = 0, point = 0;
	size_t ns = 0;
	int runs = 0;

	*unplaced = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].mtime > largest)
			largest = v[i].mtime;
	for (size_t i = 0; i < n; i++) {
		int64_t t = mtime_ms(v[i].mtime, largest);

		v[i].run = 0;
		if (v[i].mtime <= 0) {
			(*unplaced)++;
			continue;
		}
		s[ns].lo = sub_sat(sub_sat(t, v[i].end), MTIME_SLACK_MS);
		s[ns].hi = sub_sat(t, v[i].start) + MTIME_SLACK_MS;
		s[ns++].at = i;
	}
	/* The fewest points that every span holds, by the spans' ends: a span
	 * that does not hold the latest point begins a run at its own end. */
	qsort(s, ns, sizeof *s, span_cmp);
	for (size_t k = 0; k < ns; k++) {
		if (runs == 0 || s[k].lo > point) {
			point = s[k].hi;
			if (runs < INT32_MAX)
				runs++;
		}
		v[s[k].at].run = runs;
	}
	free(s);
	qsort(v, n, sizeof *v, finished_cmp);
	return runs;
}
