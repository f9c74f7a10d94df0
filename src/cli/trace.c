/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "jsontext.h"
#include "trace.h"
#include "order.h"
#include "peakname.h"
#include "xalloc.h"

struct tick {
	double	 t;
	int64_t	 delta;
};

static int
tick_cmp(const void *a, const void *b)
{
	const struct tick *x = a, *y = b;

	return order_then(order_f64(x->t, y->t), order_i64(x->delta, y->delta));	/* ends first */
}

/* One compile as a complete event of pid's tid. */
static void
trace_job(FILE *f, const struct build_module *b, int pid, int tid, double start, double end)
{
	fputs(",\n{\"ph\":\"X\",\"cat\":\"compile\",\"name\":", f);
	jsontext_fputs(b->name, f);
	fprintf(f, ",\"pid\":%d,\"tid\":%d,\"ts\":%.0f,\"dur\":%.0f,\"args\":{",
	    pid, tid, start * 1e6, (end - start) * 1e6);
	if (b->peak_rss >= 0)
		fprintf(f, "\"peak_kib\":%" PRId64 ",", b->peak_rss / 1024);
	if (b->peak_proc >= 0)
		fprintf(f, "\"largest_process_kib\":%" PRId64 ",", b->peak_proc / 1024);
	fputs("\"arches\":", f);
	jsontext_fputs(b->arches, f);
	if (b->exit_status >= 0)
		fprintf(f, ",\"status\":%d", b->exit_status);
	fputs(",\"log\":", f);
	jsontext_fputs(b->source, f);
	fputs("}}", f);
}

/*
 * A compile's own trace (model.traces), its kept events inside its span
 * on its lane: from the span's start as the trace timed them, squeezed
 * when the trace is longer than the span (the two clocks differ).
 */
static void
trace_unit(FILE *f, const struct compile_trace *t, int pid, int tid, double start, double end)
{
	double scale = t->span > (end - start) * 1e6 && t->span > 0 ? (end - start) * 1e6 / t->span : 1;

	for (size_t i = 0; i < t->nkept; i++) {
		const struct trace_event *e = &t->kept[i];

		fputs(",\n{\"ph\":\"X\",\"cat\":\"compile-trace\",\"name\":", f);
		jsontext_fputs(e->name, f);
		fprintf(f, ",\"pid\":%d,\"tid\":%d,\"ts\":%.0f,\"dur\":%.0f,\"args\":{\"lane\":",
		    pid, tid, start * 1e6 + e->ts * scale, e->dur * scale);
		jsontext_fputs(e->lane, f);
		if (*e->detail) {
			fputs(",\"detail\":", f);
			jsontext_fputs(e->detail, f);
		}
		fputs(",\"trace\":", f);
		jsontext_fputs(t->file, f);
		fputs("}}", f);
	}
}

/* Each module's trace, by the module's index: 1 + its index in
 * m->traces, 0 none (the first of several). */
static size_t *
unit_traces(const struct model *m)
{
	size_t *of = xcalloc(m->nmodules + 1, sizeof *of);

	for (size_t i = m->ntraces; i > 0; i--)
		if (m->traces[i - 1].module > 0)
			of[m->traces[i - 1].module - 1] = i;
	return of;
}

/* A compile, and inside it its trace's events. */
static void
trace_compile(FILE *f, const struct model *m, const size_t *units, size_t module, int pid, int tid,
    double start, double end)
{
	trace_job(f, &m->modules[module], pid, tid, start, end);
	if (units[module] > 0)
		trace_unit(f, &m->traces[units[module] - 1], pid, tid, start, end);
}

#define TRACE_LANES_SEARCHED 64

/*
 * The modules of other runs and clocks (an earlier .ninja_log run, record
 * start times beside a .ninja_log): a process of their own per run, from
 * that run's start, one lane each compile may share with none running.
 */
static void
trace_others(FILE *f, const struct model *m, const struct schedule *s, const size_t *units)
{
	int pid = 0;
	double *lanes = NULL;
	size_t nlanes = 0, caplanes = 0;

	for (size_t i = 0; i < s->nothers; i++) {
		const struct sched_other *o = &s->others[i];
		int lane = -1;

		if (i == 0 || o->run != o[-1].run || o->timebase != o[-1].timebase) {
			char buf[96];

			snprintf(buf, sizeof buf, "%s run %d (not on the timeline of pid 0)",
			    o->timebase == TIME_NINJA ? ".ninja_log" : "spillway record", o->run);
			fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"tid\":0,\"args\":{\"name\":", ++pid);
			jsontext_fputs(buf, f);
			fputs("}}", f);
			nlanes = 0;
		}
		/* first fit among the first TRACE_LANES_SEARCHED lanes: bounded
		 * time however many ran at once */
		for (size_t k = 0; k < nlanes && k < TRACE_LANES_SEARCHED && lane < 0; k++)
			if (lanes[k] <= o->start)
				lane = (int)k;
		if (lane < 0) {
			xgrow((void **)&lanes, &caplanes, nlanes + 1, sizeof *lanes);
			lane = (int)nlanes++;
		}
		lanes[lane] = o->end;
		trace_compile(f, m, units, o->module, pid, lane, o->start, o->end);
	}
	free(lanes);
}

void
trace_write(FILE *f, const struct model *m, const struct schedule *s)
{
	struct tick *ticks;
	size_t nt = 0, *units = unit_traces(m);
	int maxslot = -1;
	int64_t cur = 0;

	fputs("{\"traceEvents\":[\n", f);
	fprintf(f, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"tid\":0,\"args\":{\"name\":");
	if (s->slots > 0) {
		char buf[64];
		snprintf(buf, sizeof buf, "make -j%d (simulated by spillway)", s->slots);
		jsontext_fputs(buf, f);
	} else
		jsontext_fputs(s->timebase == TIME_NINJA ? "build (.ninja_log)" : "build (spillway record)", f);
	fputs("}}", f);
	for (size_t i = 0; i < s->n; i++)
		if (s->jobs[i].slot > maxslot)
			maxslot = s->jobs[i].slot;
	for (int k = 0; k <= maxslot; k++)
		fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":0,\"tid\":%d,\"args\":{\"name\":\"slot %d\"}}",
		    k, k + 1);
	ticks = xcalloc(s->n * 2 + 1, sizeof *ticks);
	for (size_t i = 0; i < s->n; i++) {
		const struct sched_job *j = &s->jobs[i];
		const struct build_module *b = &m->modules[j->module];

		trace_compile(f, m, units, j->module, 0, j->slot, j->start, j->end);
		if (b->peak_rss > 0) {
			ticks[nt++] = (struct tick){ j->start, b->peak_rss };
			ticks[nt++] = (struct tick){ j->end, -b->peak_rss };
		}
	}
	trace_others(f, m, s, units);
	free(units);
	qsort(ticks, nt, sizeof *ticks, tick_cmp);
	for (size_t i = 0; i < nt; i++) {
		cur += ticks[i].delta;
		if (i + 1 < nt && ticks[i + 1].t == ticks[i].t)
			continue;
		fprintf(f, ",\n{\"ph\":\"C\",\"name\":\"summed %s\",\"pid\":0,\"ts\":%.0f,\"args\":{\"MiB\":%.1f}}",
		    peakname_heading(m), ticks[i].t * 1e6, (double)cur / (1024.0 * 1024.0));
	}
	free(ticks);
	fputs("\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"" PACKAGE_STRING "\"}}\n", f);
}
