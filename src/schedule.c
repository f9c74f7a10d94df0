#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "schedule.h"
#include "xalloc.h"

double
schedule_list(const double *wall, size_t n, int slots, double *start, int *slot)
{
	double *free_at = xcalloc((size_t)slots, sizeof *free_at);
	double total = 0;

	for (size_t i = 0; i < n; i++) {
		int best = 0;

		for (int s = 1; s < slots; s++)
			if (free_at[s] < free_at[best])
				best = s;
		start[i] = free_at[best];
		slot[i] = best;
		free_at[best] += wall[i];
		if (free_at[best] > total)
			total = free_at[best];
	}
	free(free_at);
	return total;
}

/* The timebase most modules' start times are on: ninja's when any. */
static int
pick_timebase(const struct model *m)
{
	int epoch = 0;

	for (size_t i = 0; i < m->nmodules; i++) {
		if (m->modules[i].timebase == TIME_NINJA)
			return TIME_NINJA;
		epoch |= m->modules[i].timebase == TIME_EPOCH;
	}
	return epoch ? TIME_EPOCH : TIME_NONE;
}

static double
wall_of(const struct build_module *b)
{
	if (b->wall >= 0)
		return b->wall;
	if (b->timebase != TIME_NONE && b->end >= b->start)
		return b->end - b->start;
	return -1;
}

static const struct model *sort_model;
static int sort_base;

/* Recorded order: start time on the timebase, then the order read. */
static int
job_order_cmp(const void *a, const void *b)
{
	const struct sched_job *x = a, *y = b;
	const struct build_module *p = &sort_model->modules[x->module];
	const struct build_module *q = &sort_model->modules[y->module];
	int hp = p->timebase == sort_base, hq = q->timebase == sort_base;

	if (hp != hq)
		return hp ? -1 : 1;
	if (hp && p->start != q->start)
		return p->start < q->start ? -1 : 1;
	return x->module < y->module ? -1 : x->module > y->module;
}

static int
size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

static int
set_cmp(const void *a, const void *b)
{
	const struct sched_set *x = a, *y = b;

	if (x->peak_sum != y->peak_sum)
		return x->peak_sum > y->peak_sum ? -1 : 1;
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	for (size_t i = 0; i < x->n; i++)
		if (x->members[i] != y->members[i])
			return x->members[i] < y->members[i] ? -1 : 1;
	return 0;
}

/* Adds a set unless one of sets[from..] holds the same members. */
static void
add_set(struct schedule *s, const struct model *m, size_t *cap, const size_t *members, size_t n, size_t from)
{
	struct sched_set *t;
	double lo = -1, hi = -1;

	for (size_t i = from; i < s->nsets; i++)	/* a set met in two spans is one set */
		if (s->sets[i].n == n && memcmp(s->sets[i].members, members, n * sizeof *members) == 0)
			return;
	xgrow((void **)&s->sets, cap, s->nsets + 1, sizeof *s->sets);
	t = &s->sets[s->nsets++];
	memset(t, 0, sizeof *t);
	t->members = xmalloc(n * sizeof *members);
	memcpy(t->members, members, n * sizeof *members);
	t->n = n;
	for (size_t i = 0; i < n; i++) {
		const struct sched_job *j = &s->jobs[members[i]];
		int64_t peak = m->modules[j->module].peak_rss;

		if (i == 0 || j->start > lo)
			lo = j->start;
		if (i == 0 || j->end < hi)
			hi = j->end;
		if (peak >= 0)
			t->peak_sum += peak;
		else
			t->peak_unknown++;
	}
	t->overlap = hi > lo ? hi - lo : 0;
}

struct event {
	double	 t;
	int	 end;		/* ends sort before starts at the same instant */
	size_t	 job;
};

static int
event_cmp(const void *a, const void *b)
{
	const struct event *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if (x->end != y->end)
		return x->end ? -1 : 1;
	return x->job < y->job ? -1 : x->job > y->job;
}

/* Every pair that overlaps, and every set of three or more that runs at
 * once at some instant (as a whole: the running set of a span). */
static void
find_sets(struct schedule *s, const struct model *m)
{
	struct event *ev = xcalloc(s->n * 2 + 1, sizeof *ev);
	size_t *run = xcalloc(s->n + 1, sizeof *run), nrun = 0, cap = 0, *tmp, npairs, nev = 0;

	/* Jobs are in start order (list scheduling starts them in order too). */
	for (size_t i = 0; i < s->n; i++) {
		for (size_t k = i + 1; k < s->n && s->jobs[k].start < s->jobs[i].end; k++) {
			size_t pair[2] = { i, k };
			if (s->jobs[k].end > s->jobs[i].start && s->jobs[k].end > s->jobs[k].start &&
			    s->jobs[i].end > s->jobs[i].start)
				add_set(s, m, &cap, pair, 2, s->nsets);
		}
		if (s->jobs[i].end > s->jobs[i].start) {	/* a job of no time runs with none */
			ev[nev++] = (struct event){ s->jobs[i].start, 0, i };
			ev[nev++] = (struct event){ s->jobs[i].end, 1, i };
		}
	}
	npairs = s->nsets;
	qsort(ev, nev, sizeof *ev, event_cmp);
	tmp = xcalloc(s->n + 1, sizeof *tmp);
	for (size_t e = 0; e < nev; e++) {
		if (ev[e].end) {
			for (size_t i = 0; i < nrun; i++)
				if (run[i] == ev[e].job) {
					run[i] = run[--nrun];
					break;
				}
			continue;
		}
		run[nrun++] = ev[e].job;
		/* The set as it stands once every job starting now has started. */
		if (e + 1 < nev && !ev[e + 1].end && ev[e + 1].t == ev[e].t)
			continue;
		if (nrun >= 2) {
			int64_t sum = 0;

			memcpy(tmp, run, nrun * sizeof *run);
			qsort(tmp, nrun, sizeof *tmp, size_cmp);
			if (nrun >= 3)
				add_set(s, m, &cap, tmp, nrun, npairs);
			for (size_t i = 0; i < nrun; i++) {
				int64_t p = m->modules[s->jobs[tmp[i]].module].peak_rss;
				sum += p > 0 ? p : 0;
			}
			if (sum > s->worst)
				s->worst = sum;
		}
	}
	free(tmp);
	free(run);
	free(ev);
	if (s->nsets > 1)
		qsort(s->sets, s->nsets, sizeof *s->sets, set_cmp);
	s->worst_set = s->nsets;
	for (size_t i = 0; i < s->nsets && s->worst_set == s->nsets; i++)
		if (s->sets[i].peak_sum == s->worst)
			s->worst_set = i;
}

/* Lanes for a recorded schedule: the lowest lane free at each start. */
static void
assign_lanes(struct schedule *s)
{
	double *lane_end = xcalloc(s->n + 1, sizeof *lane_end);
	int nlanes = 0;

	for (size_t i = 0; i < s->n; i++) {
		int l = 0;
		while (l < nlanes && lane_end[l] > s->jobs[i].start)
			l++;
		if (l == nlanes)
			nlanes++;
		lane_end[l] = s->jobs[i].end;
		s->jobs[i].slot = l;
	}
	free(lane_end);
}

int
schedule_build(const struct model *m, int slots, struct schedule *s)
{
	double t0 = 0, t1 = 0;
	size_t timed = 0;

	memset(s, 0, sizeof *s);
	s->slots = slots;
	s->recorded = -1;
	s->timebase = pick_timebase(m);
	s->jobs = xcalloc(m->nmodules + 1, sizeof *s->jobs);
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];

		if (b->timebase == s->timebase && s->timebase != TIME_NONE) {
			if (timed == 0 || b->start < t0)
				t0 = b->start;
			if (timed == 0 || b->end > t1)
				t1 = b->end;
			timed++;
		}
		if (slots > 0 ? wall_of(b) < 0 : (b->timebase != s->timebase || s->timebase == TIME_NONE)) {
			s->skipped++;
			continue;
		}
		s->jobs[s->n++].module = i;
	}
	if (timed > 0)
		s->recorded = t1 - t0;
	if (s->n == 0) {
		free(s->jobs);
		s->jobs = NULL;
		return -1;
	}
	sort_model = m;
	sort_base = s->timebase;
	qsort(s->jobs, s->n, sizeof *s->jobs, job_order_cmp);
	if (slots > 0) {
		double *wall = xcalloc(s->n, sizeof *wall), *start = xcalloc(s->n, sizeof *start);
		int *slot = xcalloc(s->n, sizeof *slot);

		for (size_t i = 0; i < s->n; i++)
			wall[i] = wall_of(&m->modules[s->jobs[i].module]);
		s->total = schedule_list(wall, s->n, slots, start, slot);
		for (size_t i = 0; i < s->n; i++) {
			s->jobs[i].start = start[i];
			s->jobs[i].end = start[i] + wall[i];
			s->jobs[i].slot = slot[i];
		}
		free(wall);
		free(start);
		free(slot);
	} else {
		for (size_t i = 0; i < s->n; i++) {
			const struct build_module *b = &m->modules[s->jobs[i].module];
			s->jobs[i].start = b->start - t0;
			s->jobs[i].end = b->end - t0;
		}
		s->total = s->recorded;
		assign_lanes(s);
	}
	find_sets(s, m);
	return 0;
}

void
schedule_free(struct schedule *s)
{
	for (size_t i = 0; i < s->nsets; i++)
		free(s->sets[i].members);
	free(s->sets);
	free(s->jobs);
	memset(s, 0, sizeof *s);
}
