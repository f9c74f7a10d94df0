/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "order.h"
#include "schedtext.h"
#include "xalloc.h"

struct text {
	char	*buf;
	size_t	 size, len;
};

static void
add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->len + 1 >= t->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + (size_t)n < t->size ? t->len + (size_t)n : t->size - 1;
}

static void
minutes(struct text *t, double s)
{
	add(t, "%.1f s (%.1f min)", s, s / 60);
}

struct run_key {
	int	 timebase, run;
};

static int
run_key_cmp(const void *a, const void *b)
{
	const struct run_key *x = a, *y = b;

	return order_then(order_i64(y->timebase, x->timebase), order_i64(y->run, x->run));
}

const char *
schedtext_runs(const struct model *m, char *buf, size_t size)
{
	struct text t = { buf, size, 0 };
	struct run_key *k = xcalloc(m->nmodules + 1, sizeof *k);
	size_t n = 0, groups = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < m->nmodules; i++)
		if (m->modules[i].timebase != TIME_NONE)
			k[n++] = (struct run_key){ m->modules[i].timebase, m->modules[i].run };
	qsort(k, n, sizeof *k, run_key_cmp);
	for (size_t i = 0; i < n; i++)
		groups += i == 0 || run_key_cmp(&k[i], &k[i - 1]) != 0;
	if (groups > 1) {
		size_t shown = 0;

		add(&t, "runs joined, each module from the last that built it:");
		for (size_t i = 0, j; i < n; i = j) {
			int ninja = k[i].timebase == TIME_NINJA;

			for (j = i; j < n && run_key_cmp(&k[j], &k[i]) == 0; j++)
				;
			if (shown++ == SCHEDTEXT_RUNS_SHOWN) {
				add(&t, ", and %zu more runs", groups - SCHEDTEXT_RUNS_SHOWN);
				break;
			}
			add(&t, "%s %s run %d of %d (%zu module%s)", shown > 1 ? "," : "",
			    ninja ? ".ninja_log" : "record log", k[i].run,
			    ninja ? m->notes.ninja_runs : m->notes.record_runs, j - i, j - i == 1 ? "" : "s");
		}
	}
	free(k);
	return buf;
}

/* The run a schedule lays out, as its summary names it. */
static void
run_name(struct text *t, const struct model *m, const struct schedule *s)
{
	int ninja = s->timebase == TIME_NINJA, runs = ninja ? m->notes.ninja_runs : m->notes.record_runs;

	add(t, "%s", ninja ? ".ninja_log" : "record start times");
	if (runs > 1)
		add(t, ", run %d of %d", s->run, runs);
}

/* The most jobs the recorded run had at once (its lanes), 0 unknown. */
static int
recorded_jobs(const struct model *m, int cores)
{
	struct schedule r;
	int lanes = 0;

	if (schedule_build_cores(m, 0, cores, &r) != 0)
		return 0;
	for (size_t i = 0; i < r.n; i++)
		if (r.jobs[i].slot + 1 > lanes)
			lanes = r.jobs[i].slot + 1;
	schedule_free(&r);
	return lanes;
}

/* The recorded span beside the simulated one, and the model's error when
 * the two are of the same modules at the same -j. */
static void
against_recorded(struct text *t, const struct model *m, const struct schedule *s, int cores)
{
	int lanes;

	add(t, "; recorded: ");
	minutes(t, s->recorded);
	if (s->recorded_n != s->n) {
		add(t, " over %zu of them (", s->recorded_n);
		run_name(t, m, s);
		add(t, "): not the same set, not compared");
		return;
	}
	if ((lanes = recorded_jobs(m, cores)) <= 0)
		return;
	add(t, " at up to -j%d", lanes);
	if (lanes == s->slots && s->recorded > 0) {
		double e = 100 * (s->total - s->recorded) / s->recorded;

		add(t, ": the model %.1f %% %s it", e < 0 ? -e : e, e < 0 ? "under" : "over");
	}
}

const char *
schedtext_line(const struct model *m, const struct schedule *s, int cores, char *buf, size_t size)
{
	struct text t = { buf, size, 0 };

	buf[0] = '\0';
	if (s->slots > 0)
		add(&t, "make -j%d simulated in the recorded order: ", s->slots);
	else {
		add(&t, "as recorded (");
		run_name(&t, m, s);
		add(&t, "): ");
	}
	minutes(&t, s->total);
	if (s->slots > 0 && s->recorded >= 0 && s->recorded_n != s->n)
		add(&t, " over %zu module%s", s->n, s->n == 1 ? "" : "s");
	if (s->slots > 0 && s->recorded >= 0)
		against_recorded(&t, m, s, cores);
	if (s->slots == 0 && s->nothers > 0)
		add(&t, "; %zu module%s of other runs not on this timeline (--report=trace lays out each run)",
		    s->nothers, s->nothers == 1 ? "" : "s");
	if (s->skipped > 0)
		add(&t, "; %zu module%s left out (no %s)", s->skipped, s->skipped == 1 ? "" : "s",
		    s->slots > 0 ? "wall time" : "start time");
	return buf;
}
