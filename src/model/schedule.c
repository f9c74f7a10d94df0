/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schedule.h"
#include "heap.h"
#include "order.h"
#include "rangemax.h"
#include "xalloc.h"

/* A slot of -jN, or a lane of a recorded schedule, and when it frees;
 * ties go to the lowest. */
struct slot_free {
	double	 at;
	int	 slot;
};

static int
slot_free_cmp(const void *a, const void *b)
{
	const struct slot_free *x = a, *y = b;

	return order_then(order_f64(x->at, y->at), order_i64(x->slot, y->slot));
}

double
schedule_list(const double *wall, size_t n, int slots, double *start, int *slot)
{
	struct heap h;
	double total = 0;
	/* n jobs use at most n slots: a -j larger than the build costs nothing. */
	size_t used = (size_t)slots < n ? (size_t)slots : n;

	heap_init(&h, sizeof(struct slot_free), slot_free_cmp);
	for (size_t k = 0; k < used; k++)
		heap_push(&h, &(struct slot_free){ 0, (int)k });
	for (size_t i = 0; i < n; i++) {
		struct slot_free f;

		heap_pop(&h, &f);
		start[i] = f.at;
		slot[i] = f.slot;
		f.at += wall[i];
		if (f.at > total)
			total = f.at;
		heap_push(&h, &f);
	}
	heap_free(&h);
	return total;
}

/* A running job of the shared schedule: when it ends in work done by each. */
struct vjob {
	double	 vend;
	size_t	 job;
};

static int
vjob_cmp(const void *a, const void *b)
{
	const struct vjob *x = a, *y = b;

	return order_then(order_f64(x->vend, y->vend), order_u64(x->job, y->job));
}

static int
int_least(const void *a, const void *b)
{
	return order_i64(*(const int *)a, *(const int *)b);
}

double
schedule_shared(const double *work, size_t n, int slots, int cores, double *start, double *end, int *slot)
{
	struct heap run, idle;
	double t = 0, v = 0;	/* real time; work done by each running job */
	size_t next = 0;
	int *slot_of = xcalloc(n + 1, sizeof *slot_of);
	size_t used = (size_t)slots < n ? (size_t)slots : n;

	heap_init(&run, sizeof(struct vjob), vjob_cmp);
	heap_init(&idle, sizeof(int), int_least);
	for (size_t k = 0; k < used; k++)
		heap_push(&idle, &(int){ (int)k });
	for (;;) {
		struct vjob j;
		double rate;

		while (next < n && heap_top(&idle) != NULL) {
			int sl;

			heap_pop(&idle, &sl);
			start[next] = t;
			slot[next] = slot_of[next] = sl;
			heap_push(&run, &(struct vjob){ v + work[next], next });
			next++;
		}
		if (heap_top(&run) == NULL)
			break;
		/* r jobs on cores CPUs: each at min(1, cores / r) */
		rate = heap_count(&run) > (size_t)cores ? (double)cores / (double)heap_count(&run) : 1;
		heap_pop(&run, &j);
		t += (j.vend - v) / rate;
		v = j.vend;
		end[j.job] = t;
		heap_push(&idle, &slot_of[j.job]);
	}
	heap_free(&run);
	heap_free(&idle);
	free(slot_of);
	return t;
}

/* The timebase the schedule lays out: ninja's when any (its last run),
 * else record start times. */
static int
pick_timebase(const struct model *m, int *run)
{
	int epoch = 0, ninja = 0;

	int nrun = 0, erun = 0;

	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];

		if (b->timebase == TIME_NINJA) {
			ninja = 1;
			if (b->run > nrun)
				nrun = b->run;
		} else if (b->timebase == TIME_EPOCH) {
			epoch = 1;
			if (b->run > erun)
				erun = b->run;
		}
	}
	*run = ninja ? nrun : erun;
	return ninja ? TIME_NINJA : epoch ? TIME_EPOCH : TIME_NONE;
}

static double
wall_of(const struct build_module *b)
{
	if (b->wall >= 0 && isfinite(b->wall))
		return b->wall;
	if (b->timebase != TIME_NONE && b->end >= b->start && isfinite(b->end - b->start))
		return b->end - b->start;
	return -1;
}

static int
has_times(const struct build_module *b)
{
	return b->timebase != TIME_NONE && isfinite(b->start) && isfinite(b->end);
}

/* On the timebase (and ninja run) with times a sweep can order (no NaN,
 * no infinity). */
static int
timed_on(const struct build_module *b, int timebase, int run)
{
	return timebase != TIME_NONE && b->timebase == timebase && has_times(b) && b->run == run;
}

/* What job_order_cmp reads beside the jobs (qsort_r's argument). */
struct job_order {
	const struct model	*m;
	int			 timebase, run;
};

/* Recorded order: start time on the timebase, then the order read. */
static int
job_order_cmp(const void *a, const void *b, void *arg)
{
	const struct job_order *o = arg;
	const struct sched_job *x = a, *y = b;
	const struct build_module *p = &o->m->modules[x->module];
	const struct build_module *q = &o->m->modules[y->module];
	int hp = timed_on(p, o->timebase, o->run), hq = timed_on(q, o->timebase, o->run);

	if (hp != hq)
		return hp ? -1 : 1;
	return order_then(hp ? order_f64(p->start, q->start) : 0, order_u64(x->module, y->module));
}

static int
size_cmp(const void *a, const void *b)
{
	return order_u64(*(const size_t *)a, *(const size_t *)b);
}

static int
set_cmp(const void *a, const void *b)
{
	const struct sched_set *x = a, *y = b;
	int c = order_then(order_i64(y->peak_sum, x->peak_sum), order_u64(x->n, y->n));

	if (c != 0)
		return c;
	for (size_t i = 0; i < x->n; i++)
		if (x->members[i] != y->members[i])
			return x->members[i] < y->members[i] ? -1 : 1;
	return 0;
}

/*
 * An exact sum of non-negative int64 peaks, kept as its high and low 32
 * bits apart: neither overflows below 2^31 jobs, whatever the peaks (a
 * log can claim 2^50 bytes a compile).  Read back saturated at INT64_MAX.
 */
struct wsum {
	int64_t	 hi, lo;
};

static void
wsum_add(struct wsum *w, int64_t peak, int sign)
{
	if (peak <= 0)
		return;		/* unknown peaks count for nothing */
	w->hi += sign * (peak >> 32);
	w->lo += sign * (peak & INT64_C(0xffffffff));
}

static int64_t
wsum_value(const struct wsum *w)
{
	int64_t hi = w->hi + (w->lo >> 32), lo = w->lo & INT64_C(0xffffffff);

	return hi > (INT64_MAX >> 32) ? INT64_MAX : (hi << 32) | lo;
}

static int64_t
peak_of(const struct schedule *s, const struct model *m, size_t job)
{
	return m->modules[s->jobs[job].module].peak_rss;
}

/* A job of no time runs with none. */
static int
runs(const struct sched_job *j)
{
	return j->end > j->start;
}

/* Adds the set of these members (ascending): their span and summed peak. */
static void
add_set(struct schedule *s, const struct model *m, size_t *cap, const size_t *members, size_t n)
{
	struct sched_set *t;
	struct wsum sum = { 0, 0 };

	xgrow((void **)&s->sets, cap, s->nsets + 1, sizeof *s->sets);
	t = &s->sets[s->nsets++];
	memset(t, 0, sizeof *t);
	t->members = xmalloc(n * sizeof *members);
	memcpy(t->members, members, n * sizeof *members);
	t->n = n;
	for (size_t i = 0; i < n; i++) {
		const struct sched_job *j = &s->jobs[members[i]];
		int64_t peak = peak_of(s, m, members[i]);

		if (i == 0 || j->start > t->lo)
			t->lo = j->start;
		if (i == 0 || j->end < t->hi)
			t->hi = j->end;
		if (peak >= 0)
			wsum_add(&sum, peak, 1);
		else
			t->peak_unknown++;
	}
	t->peak_sum = wsum_value(&sum);
	t->overlap = t->hi > t->lo ? t->hi - t->lo : 0;
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

	return order_then(order_then(order_f64(x->t, y->t), order_i64(y->end, x->end)),
	    order_u64(x->job, y->job));
}

/* The starts and ends of the jobs that run, in time order.  Returns the count. */
static size_t
events_of(const struct schedule *s, struct event **out)
{
	struct event *ev = xcalloc(s->n * 2 + 1, sizeof *ev);
	size_t nev = 0;

	for (size_t i = 0; i < s->n; i++)
		if (runs(&s->jobs[i])) {
			ev[nev++] = (struct event){ s->jobs[i].start, 0, i };
			ev[nev++] = (struct event){ s->jobs[i].end, 1, i };
		}
	qsort(ev, nev, sizeof *ev, event_cmp);
	*out = ev;
	return nev;
}

/* The last start at its instant: the running set as it stands once every
 * job starting then has started (ends at the same instant came before). */
static int
last_start_at(const struct event *ev, size_t nev, size_t e)
{
	return !ev[e].end && !(e + 1 < nev && !ev[e + 1].end && ev[e + 1].t == ev[e].t);
}

/* An instant where three or more run at once: the event, their summed
 * peak and how many. */
struct instant {
	size_t	 ev;
	int64_t	 sum;
	size_t	 n;
};

static int
instant_weight_cmp(const void *a, const void *b)
{
	const struct instant *x = a, *y = b;

	return order_then(order_then(order_i64(y->sum, x->sum), order_u64(x->n, y->n)),
	    order_u64(x->ev, y->ev));
}

static int
instant_time_cmp(const void *a, const void *b)
{
	const struct instant *x = a, *y = b;

	return order_u64(x->ev, y->ev);
}

/*
 * The first sweep: counts only.  The largest summed peak of two or more
 * at once (s->worst), and every instant three or more run at once with
 * its sum (when out is not NULL).  Returns how many such instants.
 */
static size_t
sweep_counts(struct schedule *s, const struct model *m, const struct event *ev, size_t nev,
    struct instant **out)
{
	struct instant *at = NULL;
	size_t nat = 0, cap = 0, nrun = 0;
	struct wsum sum = { 0, 0 };

	for (size_t e = 0; e < nev; e++) {
		int64_t v;

		wsum_add(&sum, peak_of(s, m, ev[e].job), ev[e].end ? -1 : 1);
		if (ev[e].end) {
			nrun--;
			continue;
		}
		nrun++;
		if (!last_start_at(ev, nev, e) || nrun < 2)
			continue;
		v = wsum_value(&sum);
		if (v > s->worst)
			s->worst = v;
		if (nrun >= 3 && out != NULL) {
			xgrow((void **)&at, &cap, nat + 1, sizeof *at);
			at[nat++] = (struct instant){ e, v, nrun };
		}
	}
	if (out != NULL)
		*out = at;
	return nat;
}

/*
 * The running sets at the chosen instants (in time order): a second
 * sweep that keeps who runs, each job's place in the list for an O(1)
 * removal.
 */
static void
sweep_sets(struct schedule *s, const struct model *m, size_t *cap, const struct event *ev, size_t nev,
    const struct instant *chosen, size_t nchosen)
{
	size_t *run = xcalloc(s->n + 1, sizeof *run), *place = xcalloc(s->n + 1, sizeof *place);
	size_t *tmp = xcalloc(s->n + 1, sizeof *tmp), nrun = 0, c = 0;

	for (size_t e = 0; e < nev && c < nchosen; e++) {
		size_t j = ev[e].job;

		if (ev[e].end) {
			run[place[j]] = run[--nrun];
			place[run[place[j]]] = place[j];
			continue;
		}
		place[j] = nrun;
		run[nrun++] = j;
		if (chosen[c].ev != e)
			continue;
		memcpy(tmp, run, nrun * sizeof *run);
		qsort(tmp, nrun, sizeof *tmp, size_cmp);
		add_set(s, m, cap, tmp, nrun);
		c++;
	}
	free(tmp);
	free(place);
	free(run);
}

/* The running sets kept: the heaviest, within the bounds.  Returns how
 * many running sets there are in all. */
static size_t
running_sets(struct schedule *s, const struct model *m, size_t *cap, const struct event *ev, size_t nev)
{
	struct instant *at;
	size_t nat = sweep_counts(s, m, ev, nev, &at), keep = 0, members = 0;

	if (nat == 0)
		return 0;	/* never three at once (at is NULL: no qsort) */
	qsort(at, nat, sizeof *at, instant_weight_cmp);
	while (keep < nat && keep < SCHED_SETS_MAX && (keep == 0 || members + at[keep].n <= SCHED_MEMBERS_MAX))
		members += at[keep++].n;
	qsort(at, keep, sizeof *at, instant_time_cmp);
	sweep_sets(s, m, cap, ev, nev, at, keep);
	free(at);
	return nat;
}

/*
 * The heaviest pairs without listing them all.  Jobs are in start order,
 * so the partners of job i are the jobs that run among i+1 .. r_i - 1
 * (r_i the first to start once i has ended).  A range-max tree over the
 * peaks gives the heaviest partner in a range; a heap of candidates (i,
 * a range, its heaviest partner) gives the pairs heaviest first, each
 * taken one splitting its range in two.  O((n + K) log n).
 */
struct pair_cand {
	int64_t	 sum;
	size_t	 i, k, lo, hi;
};

static int
pair_cand_cmp(const void *a, const void *b)
{
	const struct pair_cand *x = a, *y = b;

	return order_then(order_then(order_i64(y->sum, x->sum), order_u64(x->i, y->i)),
	    order_u64(x->k, y->k));
}

static int64_t
sat_add(int64_t a, int64_t b)
{
	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

static void
push_cand(struct heap *h, const struct rangemax *t, size_t i, size_t lo, size_t hi)
{
	size_t k;

	if (lo >= hi || (k = rangemax_query(t, lo, hi)) == t->n)
		return;
	heap_push(h, &(struct pair_cand){ sat_add(t->key[i], t->key[k]), i, k, lo, hi });
}

/* Per job: its peak as a partner's weight (0 unknown), -1 when it does
 * not run (never a partner). */
static int64_t *
partner_keys(const struct schedule *s, const struct model *m)
{
	int64_t *key = xcalloc(s->n + 1, sizeof *key);

	for (size_t i = 0; i < s->n; i++) {
		int64_t p = peak_of(s, m, i);

		key[i] = !runs(&s->jobs[i]) ? -1 : p > 0 ? p : 0;
	}
	return key;
}

/* The first job at or after from that starts at or after t. */
static size_t
first_start_from(const struct schedule *s, size_t from, double t)
{
	size_t lo = from, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->jobs[mid].start < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Keeps the heaviest SCHED_SETS_MAX pairs; returns how many pairs there are. */
static size_t
heaviest_pairs(struct schedule *s, const struct model *m, size_t *cap)
{
	struct rangemax t;
	struct heap h;
	size_t *running_before = xcalloc(s->n + 1, sizeof *running_before), total = 0, kept = 0;
	int64_t *key = partner_keys(s, m);
	struct pair_cand c;

	for (size_t i = 0; i < s->n; i++)
		running_before[i + 1] = running_before[i] + (size_t)runs(&s->jobs[i]);
	rangemax_init(&t, key, s->n);
	heap_init(&h, sizeof(struct pair_cand), pair_cand_cmp);
	for (size_t i = 0; i < s->n; i++) {
		size_t r;

		if (!runs(&s->jobs[i]))
			continue;
		r = first_start_from(s, i + 1, s->jobs[i].end);
		total += running_before[r] - running_before[i + 1];
		push_cand(&h, &t, i, i + 1, r);
	}
	while (kept < SCHED_SETS_MAX && heap_top(&h) != NULL) {
		heap_pop(&h, &c);
		add_set(s, m, cap, (size_t[]){ c.i, c.k }, 2);
		kept++;
		push_cand(&h, &t, c.i, c.lo, c.k);
		push_cand(&h, &t, c.i, c.k + 1, c.hi);
	}
	heap_free(&h);
	rangemax_free(&t);
	free(key);
	free(running_before);
	return total;
}

/*
 * Every pair that overlaps, and every set of three or more that runs at
 * once at some instant (as a whole: the running set of a span), the
 * heaviest of them kept; s->more counts the rest.
 */
static void
find_sets(struct schedule *s, const struct model *m)
{
	struct event *ev;
	size_t nev = events_of(s, &ev), cap = 0, total;

	/* Jobs are in start order (list scheduling starts them in order too). */
	total = heaviest_pairs(s, m, &cap);
	total += running_sets(s, m, &cap, ev, nev);
	free(ev);
	if (s->nsets > 1)
		qsort(s->sets, s->nsets, sizeof *s->sets, set_cmp);
	while (s->nsets > SCHED_SETS_MAX)
		free(s->sets[--s->nsets].members);
	s->more = total - s->nsets;
	s->worst_set = s->nsets;
	for (size_t i = 0; i < s->nsets && s->worst_set == s->nsets; i++)
		if (s->sets[i].peak_sum == s->worst)
			s->worst_set = i;
}

/* Lanes for a recorded schedule: the lowest lane free at each start (jobs
 * are in start order, so a lane once free stays free until taken). */
static void
assign_lanes(struct schedule *s)
{
	struct heap busy, idle;
	int nlanes = 0;

	heap_init(&busy, sizeof(struct slot_free), slot_free_cmp);
	heap_init(&idle, sizeof(int), int_least);
	for (size_t i = 0; i < s->n; i++) {
		const struct slot_free *top;
		struct slot_free b;
		int l;

		while ((top = heap_top(&busy)) != NULL && top->at <= s->jobs[i].start) {
			heap_pop(&busy, &b);
			heap_push(&idle, &b.slot);
		}
		if (heap_top(&idle) != NULL)
			heap_pop(&idle, &l);
		else
			l = nlanes++;
		heap_push(&busy, &(struct slot_free){ s->jobs[i].end, l });
		s->jobs[i].slot = l;
	}
	heap_free(&busy);
	heap_free(&idle);
}

/* A module of another run or clock, kept for the trace. */
static void
add_other(struct schedule *s, const struct model *m, size_t i)
{
	const struct build_module *b = &m->modules[i];

	xgrow((void **)&s->others, &s->capothers, s->nothers + 1, sizeof *s->others);
	s->others[s->nothers++] = (struct sched_other){ i, b->start, b->end, b->run, b->timebase };
}

static int
other_cmp(const void *a, const void *b)
{
	const struct sched_other *x = a, *y = b;

	return order_then(order_then(order_then(order_i64(y->timebase, x->timebase), order_i64(y->run, x->run)),
	    order_f64(x->start, y->start)), order_u64(x->module, y->module));
}

/* The other runs in run order, each one's times from its first start. */
static void
others_from_their_starts(struct schedule *s)
{
	if (s->nothers > 1)
		qsort(s->others, s->nothers, sizeof *s->others, other_cmp);
	for (size_t i = 0, first = 0; i < s->nothers; i++) {
		if (s->others[i].run != s->others[first].run || s->others[i].timebase != s->others[first].timebase)
			first = i;
		if (i != first) {
			s->others[i].start -= s->others[first].start;
			s->others[i].end -= s->others[first].start;
		}
	}
	/* the first of each run last: the others were moved by it */
	for (size_t i = 0; i < s->nothers; i++)
		if (i == 0 || s->others[i].run != s->others[i - 1].run ||
		    s->others[i].timebase != s->others[i - 1].timebase) {
			s->others[i].end -= s->others[i].start;
			s->others[i].start = 0;
		}
}

/* A sample of the modules bounds the look at how they were recorded. */
#define CORES_SAMPLE	4096

struct cores_seen {
	int	 c;
	size_t	 first;
};

static int
cores_seen_cmp(const void *a, const void *b)
{
	const struct cores_seen *x = a, *y = b;

	return order_then(order_i64(x->c, y->c), order_u64(x->first, y->first));
}

/*
 * The cores most timed modules were recorded with, 0 when none says: the
 * most frequent among the first CORES_SAMPLE modules, the first met on a
 * tie.  One sort of the sample, not a count of it for every module whose
 * cores differ (100,000 modules of alternating cores: 0.6 s a schedule).
 */
static int
recorded_cores(const struct model *m)
{
	size_t k = m->nmodules < CORES_SAMPLE ? m->nmodules : CORES_SAMPLE, n = 0;
	struct cores_seen *v = xcalloc(k + 1, sizeof *v);
	size_t best_n = 0, best_first = 0;
	int best = 0;

	/* cppcheck-suppress knownConditionTrueFalse ; cppcheck 2.10 takes the minimum above for 0 */
	for (size_t i = 0; i < k; i++)
		if (m->modules[i].cores > 0)
			v[n++] = (struct cores_seen){ m->modules[i].cores, i };
	qsort(v, n, sizeof *v, cores_seen_cmp);
	for (size_t i = 0, run; i < n; i += run) {
		for (run = 1; i + run < n && v[i + run].c == v[i].c; run++)
			;
		if (run > best_n || (run == best_n && v[i].first < best_first)) {
			best = v[i].c;
			best_n = run;
			best_first = v[i].first;
		}
	}
	free(v);
	return best;
}

struct tick {
	double	 t;
	int	 d;
};

static int
tick_cmp(const void *a, const void *b)
{
	const struct tick *x = a, *y = b;

	return order_then(order_f64(x->t, y->t), order_i64(x->d, y->d));
}

/*
 * Each module's contention as recorded: the mean count of the build's
 * compiles running during it (itself included), from the intervals on the
 * timeline laid out (run, timebase); 1 for a module not on it.  One sweep:
 * the integral of the running count, sampled at each start and end.
 */
static void
recorded_load(const struct model *m, int timebase, int run, double *k)
{
	struct tick *t = xcalloc(2 * m->nmodules + 1, sizeof *t);
	double *at = xcalloc(2 * m->nmodules + 1, sizeof *at), *area = xcalloc(2 * m->nmodules + 1, sizeof *area);
	size_t n = 0;
	int running = 0;

	for (size_t i = 0; i < m->nmodules; i++) {
		k[i] = 1;
		if (timed_on(&m->modules[i], timebase, run) && m->modules[i].end > m->modules[i].start) {
			t[n++] = (struct tick){ m->modules[i].start, 1 };
			t[n++] = (struct tick){ m->modules[i].end, -1 };
		}
	}
	qsort(t, n, sizeof *t, tick_cmp);
	for (size_t e = 0; e < n; e++) {
		at[e] = t[e].t;
		area[e] = e == 0 ? 0 : area[e - 1] + running * (t[e].t - t[e - 1].t);
		running += t[e].d;
	}
	for (size_t i = 0; i < m->nmodules && n > 0; i++) {
		const struct build_module *b = &m->modules[i];
		double a0, a1;
		size_t lo, hi;

		if (!timed_on(b, timebase, run) || b->end <= b->start)
			continue;
		/* the integral at t: the last event at or before t, plus its count on */
		for (lo = 0, hi = n; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;
			if (at[mid] <= b->start) lo = mid + 1; else hi = mid;
		}
		a0 = area[lo - 1];	/* its own start is an event: lo >= 1 */
		for (hi = n, lo = 0; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;
			if (at[mid] <= b->end) lo = mid + 1; else hi = mid;
		}
		a1 = area[lo - 1];
		k[i] = (a1 - a0) / (b->end - b->start);
		if (!(k[i] >= 1))
			k[i] = 1;
	}
	free(t);
	free(at);
	free(area);
}

int
schedule_build(const struct model *m, int slots, struct schedule *s)
{
	return schedule_build_cores(m, slots, 0, s);
}

/* A schedule's jobs in recorded order (job_order_cmp). */
static void
sort_jobs(struct schedule *s, const struct model *m)
{
	qsort_r(s->jobs, s->n, sizeof *s->jobs, job_order_cmp,
	    &(struct job_order){ m, s->timebase, s->run });
}

/* The jobs laid out as recorded: their times from t0, the start of the
 * recorded span. */
static void
as_recorded(struct schedule *s, const struct model *m, double t0)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct build_module *b = &m->modules[s->jobs[i].module];

		s->jobs[i].start = b->start - t0;
		s->jobs[i].end = b->end - t0;
	}
	s->total = s->recorded;
}

/*
 * Which of the modules of idx (count of them; every one when idx is NULL)
 * become jobs: not a cache hit, and timed on the schedule's run when laid
 * out as recorded (slots 0; one timed on another clock is kept as an
 * other), with a wall when simulated.  Sets the recorded span and returns
 * its start.
 */
static double
select_jobs(struct schedule *s, const struct model *m, const size_t *idx, size_t count, int slots)
{
	double t0 = 0, t1 = 0;
	size_t timed = 0;

	for (size_t k = 0; k < count; k++) {
		size_t i = idx != NULL ? idx[k] : k;
		const struct build_module *b = &m->modules[i];
		int on = timed_on(b, s->timebase, s->run);

		if (on) {
			if (timed == 0 || b->start < t0)
				t0 = b->start;
			if (timed == 0 || b->end > t1)
				t1 = b->end;
			timed++;
		}
		if (b->cache_hit) {	/* the cache answered: no compile to lay out */
			s->hits++;
			continue;
		}
		if (slots == 0 && !on && has_times(b)) {
			add_other(s, m, i);
			continue;
		}
		if (slots > 0 ? wall_of(b) < 0 : !on) {
			s->skipped++;
			continue;
		}
		s->jobs[s->n++].module = i;
	}
	s->recorded_n = timed;
	if (timed > 0)
		s->recorded = t1 - t0;
	return t0;
}

/*
 * Each job's work alone, for a simulated schedule on cores (those recorded
 * when 0): its wall, less the contention it was recorded under.
 * Allocated.
 */
static double *
job_work(struct schedule *s, const struct model *m, int cores)
{
	double *wall = xcalloc(s->n, sizeof *wall), *load = NULL;

	s->recorded_cores = recorded_cores(m);
	s->cores = cores > 0 ? cores : s->recorded_cores;
	if (s->cores > 0) {
		load = xcalloc(m->nmodules + 1, sizeof *load);
		recorded_load(m, s->timebase, s->run, load);
	}
	for (size_t i = 0; i < s->n; i++) {
		const struct build_module *b = &m->modules[s->jobs[i].module];

		wall[i] = wall_of(b);
		/* A compile recorded with k of the build's compiles at once
		 * on C cores ran at C/k of its speed when k > C: its work
		 * alone is its wall times that. */
		if (load != NULL && b->cores > 0 && load[s->jobs[i].module] > b->cores) {
			wall[i] *= b->cores / load[s->jobs[i].module];
			s->scaled = 1;
		}
	}
	free(load);
	return wall;
}

/*
 * The jobs a schedule lays out (select_jobs), timed on run of timebase,
 * in order, and for a simulated one (slots > 0) each job's work alone in
 * *work.  What every -j shares.  Returns -1 when there is no job.
 */
static int
prepare(const struct model *m, const size_t *idx, size_t count, int timebase, int run,
    int slots, int cores, struct schedule *s, double **work)
{
	double t0;

	memset(s, 0, sizeof *s);
	*work = NULL;
	s->slots = slots;
	s->recorded = -1;
	s->timebase = timebase;
	s->run = run;
	s->jobs = xcalloc(count + 1, sizeof *s->jobs);
	t0 = select_jobs(s, m, idx, count, slots);
	if (slots == 0)
		others_from_their_starts(s);
	if (s->n == 0) {
		free(s->jobs);
		s->jobs = NULL;
		return -1;
	}
	sort_jobs(s, m);
	if (slots == 0)
		as_recorded(s, m, t0);
	else
		*work = job_work(s, m, cores);
	return 0;
}

/* Lays the prepared jobs out on slots job slots, sharing s->cores when
 * known: their starts, ends and slots, and the makespan.  O(n log n). */
static void
lay_out(struct schedule *s, const double *work, int slots)
{
	double *start = xcalloc(s->n, sizeof *start), *end = xcalloc(s->n + 1, sizeof *end);
	int *slot = xcalloc(s->n, sizeof *slot);

	if (s->cores > 0) {
		s->total = schedule_shared(work, s->n, slots, s->cores, start, end, slot);
		for (size_t i = 0; i < s->n; i++)
			end[i] = start[i] + (end[i] - start[i]);
	} else {
		s->total = schedule_list(work, s->n, slots, start, slot);
		for (size_t i = 0; i < s->n; i++)
			end[i] = start[i] + work[i];
	}
	for (size_t i = 0; i < s->n; i++) {
		s->jobs[i].start = start[i];
		s->jobs[i].end = end[i];
		s->jobs[i].slot = slot[i];
	}
	free(start);
	free(end);
	free(slot);
}

/* The schedule of prepare's jobs: laid out on slots, or as recorded (0). */
static int
build(const struct model *m, const size_t *idx, size_t count, int timebase, int run,
    int slots, int cores, struct schedule *s)
{
	double *work;

	if (prepare(m, idx, count, timebase, run, slots, cores, s, &work) != 0)
		return -1;
	if (slots > 0) {
		lay_out(s, work, slots);
		s->scaled |= s->cores > 0 && slots > s->cores;
		free(work);
	} else
		assign_lanes(s);
	find_sets(s, m);
	return 0;
}

int
schedule_build_cores(const struct model *m, int slots, int cores, struct schedule *s)
{
	int run, timebase = pick_timebase(m, &run);

	return build(m, NULL, m->nmodules, timebase, run, slots, cores, s);
}

int
schedule_build_run(const struct model *m, const size_t *modules, size_t n, int timebase, int run,
    struct schedule *s)
{
	return build(m, modules, n, timebase, run, 0, 0, s);
}

static int
i64_descending(const void *a, const void *b)
{
	return order_i64(*(const int64_t *)b, *(const int64_t *)a);
}

int
schedule_sim_init(const struct model *m, int cores, struct schedule_sim *sim)
{
	int run, timebase = pick_timebase(m, &run);
	int64_t *peak;

	memset(sim, 0, sizeof *sim);
	sim->m = m;
	if (prepare(m, NULL, m->nmodules, timebase, run, 1, cores, &sim->s, &sim->work) != 0)
		return -1;
	/* heaviest[k]: the k heaviest known peaks together, saturated */
	peak = xcalloc(sim->s.n + 1, sizeof *peak);
	for (size_t i = 0; i < sim->s.n; i++)
		peak[i] = peak_of(&sim->s, m, i) > 0 ? peak_of(&sim->s, m, i) : 0;
	qsort(peak, sim->s.n, sizeof *peak, i64_descending);
	sim->heaviest = xcalloc(sim->s.n + 1, sizeof *sim->heaviest);
	for (size_t k = 0; k < sim->s.n; k++)
		sim->heaviest[k + 1] = sat_add(sim->heaviest[k], peak[k]);
	free(peak);
	return 0;
}

int64_t
schedule_sim_bound(const struct schedule_sim *sim, int slots)
{
	return sim->heaviest[(size_t)slots < sim->s.n ? (size_t)slots : sim->s.n];
}

double
schedule_sim_run(struct schedule_sim *sim, int slots, int64_t *worst)
{
	struct schedule *s = &sim->s;

	s->slots = slots;
	lay_out(s, sim->work, slots);
	if (worst != NULL) {
		struct event *ev;
		size_t nev = events_of(s, &ev);

		s->worst = 0;
		sweep_counts(s, sim->m, ev, nev, NULL);
		free(ev);
		*worst = s->worst;
		for (size_t i = 0; i < s->n; i++)
			if (peak_of(s, sim->m, i) > *worst)
				*worst = peak_of(s, sim->m, i);
	}
	return s->total;
}

void
schedule_sim_free(struct schedule_sim *sim)
{
	schedule_free(&sim->s);
	free(sim->work);
	free(sim->heaviest);
	memset(sim, 0, sizeof *sim);
}

void
schedule_free(struct schedule *s)
{
	for (size_t i = 0; i < s->nsets; i++)
		free(s->sets[i].members);
	free(s->sets);
	free(s->others);
	XFREE_OWNER(s, jobs);
}
