/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view_build.h"
#include "bytes.h"
#include "jobsadvice.h"
#include "judge_build.h"
#include "peakname.h"
#include "schedule.h"
#include "text.h"
#include "xalloc.h"

static void
view_build_size(char *buf, size_t size, int64_t b)
{
	if (b < 0)
		snprintf(buf, size, "-");
	else
		bytes_format(b, buf, size);
}

/* Where each module runs on the schedule: the index of its job, or s->n
 * for one the schedule leaves out (no wall time, or no recorded start). */
static size_t *
view_build_jobs_of(const struct model *m, const struct schedule *s)
{
	size_t *job = xcalloc(m->nmodules + 1, sizeof *job);

	for (size_t i = 0; i < m->nmodules; i++)
		job[i] = s->n;
	for (size_t k = 0; k < s->n; k++)
		job[s->jobs[k].module] = k;
	return job;
}

/* Jobs that run beside another: the schedule starts them in order, so job
 * k overlaps an earlier one when the latest end before it is past its
 * start, and a later one when the next starts before it ends. */
static unsigned char *
view_build_overlaps(const struct schedule *s)
{
	unsigned char *over = xcalloc(s->n + 1, 1);
	double latest = 0;

	for (size_t k = 0; k < s->n; k++) {
		const struct sched_job *j = &s->jobs[k];

		if (j->end <= j->start)
			continue;	/* a job of no time runs beside none */
		if (k > 0 && latest > j->start)
			over[k] = 1;
		for (size_t n = k + 1; n < s->n && s->jobs[n].start < j->end && !over[k]; n++)
			over[k] = s->jobs[n].end > s->jobs[n].start;
		if (j->end > latest)
			latest = j->end;
	}
	return over;
}

/* Jobs in a set of modules running at once over --mem-host: what
 * --check calls a violation (judge_build.h). */
static unsigned char *
view_build_over_host(const struct schedule *s, const struct build_gates *g)
{
	unsigned char *over = xcalloc(s->n + 1, 1);

	for (size_t i = 0; g->mem_host >= 0 && i < s->nsets; i++)
		if (s->sets[i].peak_sum > g->mem_host)
			for (size_t k = 0; k < s->sets[i].n; k++)
				over[s->sets[i].members[k]] = 1;
	return over;
}

/* ", run 2 of 2" when the log of the run laid out holds several. */
static const char *
view_build_run(char *buf, size_t size, const struct model *m, const struct schedule *s)
{
	int runs = s->timebase == TIME_NINJA ? m->notes.ninja_runs : m->notes.record_runs;

	buf[0] = '\0';
	if (runs > 1)
		snprintf(buf, size, ", run %d of %d", s->run, runs);
	return buf;
}

/* The heading: how the schedule was made, its span, and the most memory
 * at once, in the words and units of --summary (buildsum.c). */
static void
view_build_head(struct textbuf *tb, const struct model *m, const struct schedule *s, int have)
{
	char how[160], most[96];

	if (!have) {
		tb_add(tb, TB_HEADING, "%zu compiles; no timeline: no compile has %s", m->nmodules,
		    s->slots > 0 ? "a wall time" : "a recorded start time (give --jobs=N to simulate make -jN)");
		return;
	}
	if (s->slots > 0) {
		int n = snprintf(how, sizeof how, "make -j%d simulated in the recorded order", s->slots);

		if (s->cores > 0 && n > 0 && (size_t)n < sizeof how)
			n += snprintf(how + n, sizeof how - (size_t)n, " on %d core%s", s->cores,
			    s->cores == 1 ? "" : "s");
		if (n > 0 && (size_t)n < sizeof how)
			n += snprintf(how + n, sizeof how - (size_t)n, ": %.1f s", s->total);
		/* A recorded span is compared only over the same compiles. */
		if (s->recorded >= 0 && s->recorded_n == s->n && n > 0 && (size_t)n < sizeof how)
			snprintf(how + n, sizeof how - (size_t)n, " (recorded: %.1f s)", s->recorded);
		else if (s->recorded >= 0 && n > 0 && (size_t)n < sizeof how)
			snprintf(how + n, sizeof how - (size_t)n, " (recorded: %.1f s over %zu of them, "
			    "not compared)", s->recorded, s->recorded_n);
	} else {
		char run[48];

		snprintf(how, sizeof how, "as recorded (%s%s): %.1f s from first start to last end",
		    s->timebase == TIME_NINJA ? ".ninja_log" : "record start times",
		    view_build_run(run, sizeof run, m, s), s->total);
	}
	if (s->worst_set < s->nsets) {
		char a[BYTES_TEXT_MAX];

		snprintf(most, sizeof most, "most at once: %s%s (%zu compiles for %.1f s)",
		    s->sets[s->worst_set].peak_unknown ? ">= " : "",
		    bytes_format(s->sets[s->worst_set].peak_sum, a, sizeof a),
		    s->sets[s->worst_set].n, s->sets[s->worst_set].overlap);
	} else
		snprintf(most, sizeof most, "no two run at once");
	tb_add(tb, TB_HEADING, "%zu compiles, %s; %s", m->nmodules, how, most);
	if (s->skipped > 0)
		tb_add(tb, TB_DIM, "%zu compile%s left out of the timeline (no %s)", s->skipped,
		    s->skipped == 1 ? "" : "s", s->slots > 0 ? "wall time" : "recorded start time");
	/* Another run's times are of another clock: never on this axis. */
	if (s->slots == 0 && s->nothers > 0)
		tb_add(tb, TB_DIM, "%zu compile%s of other runs not on this timeline (--report=trace lays "
		    "out each run)", s->nothers, s->nothers == 1 ? "" : "s");
}


/* A bar of barw cells, from..to filled. */
static void
view_build_bar(char *bar, int barw, int from, int to, int utf8)
{
	size_t n = 0;

	for (int x = 0; x < barw; x++) {
		const char *c = x >= from && x < to ? (utf8 ? "\xe2\x96\x88" : "#") :
		    (utf8 ? "\xc2\xb7" : ".");

		memcpy(bar + n, c, strlen(c));
		n += strlen(c);
	}
	bar[n] = '\0';
}

/* Under the bars: how many run at once in each cell (a digit, '+' past
 * nine), then a time axis from 0 to the schedule's span. */
static void
view_build_axis(struct textbuf *tb, const struct schedule *s, int namew, int barw, int utf8)
{
	char *at = xmalloc((size_t)barw * 2 + 1), *axis = xmalloc((size_t)barw + 1);
	char label[32];
	size_t n = 0;

	for (int x = 0; x < barw; x++) {
		double t = (x + 0.5) / barw * s->total;
		int count = 0;

		for (size_t k = 0; k < s->n; k++)
			count += s->jobs[k].start <= t && t < s->jobs[k].end;
		if (count == 0 && utf8) {
			memcpy(at + n, "\xc2\xb7", 2);
			n += 2;
		} else
			at[n++] = count == 0 ? '.' : count > 9 ? '+' : (char)('0' + count);
	}
	at[n] = '\0';
	tb_add(tb, TB_DIM, "  %-*s %10s %9s  %s", namew, "running at once", "", "", at);
	memset(axis, ' ', (size_t)barw);
	axis[barw] = '\0';
	axis[0] = '0';
	for (int q = 1; q <= 4; q++) {
		int x = barw * q / 4;
		int lw = snprintf(label, sizeof label, "%.0f s", s->total * q / 4);
		if (x + lw > barw)
			x = barw - lw;
		if (x > 0 && x + lw <= barw && axis[x - 1] == ' ')
			memcpy(axis + x, label, (size_t)lw);
	}
	tb_add(tb, TB_DIM, "  %-*s %10s %9s  %s", namew, "time", "", "", axis);
	free(at);
	free(axis);
}

/* --jobs=auto's advice under the timeline, in --summary's words
 * (jobsadvice_print): the -j, the cores, the pool and its lines. */
static void
view_build_advice(struct textbuf *tb, const struct model *m, const struct build_gates *g, int width)
{
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (f == NULL)
		return;
	jobsadvice_print(f, m, g->cores, g->mem_host, g->mem_host_unit, g->machine);
	if (fclose(f) != 0 || text == NULL) {
		free(text);
		return;
	}
	tb_add(tb, TB_NORMAL, "%s", "");
	for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save))
		if (strncmp(line, "--jobs=auto:", 12) == 0 || strncmp(line, "pool:", 5) == 0)
			tb_wrap(tb, TB_HEADING, "  ", line, width - 2);
		else
			tb_add(tb, TB_DIM, "  %s", line);	/* ninja's and CMake's lines, whole */
	free(text);
}

void
view_build_text(struct textbuf *tb, const struct model *m, const struct build_gates *g, int width,
    int utf8)
{
	struct schedule s;
	size_t *job;
	unsigned char *overlaps, *over_host;
	int namew = 24, barw, have;
	char *bar;

	if (m->nmodules == 0) {
		tb_add(tb, TB_DIM, "No build logs were read: give spillway the logs of "
		    "'spillway record', ptxas -v, nvcc --time or .ninja_log.");
		view_build_traces(tb, m, width, utf8);
		return;
	}
	have = schedule_build_cores(m, g->jobs, g->cores, &s) == 0;
	job = view_build_jobs_of(m, &s);
	overlaps = view_build_overlaps(&s);
	over_host = view_build_over_host(&s, g);
	for (size_t i = 0; i < m->nmodules; i++) {
		int w = text_width(m->modules[i].name);

		if (w > namew)
			namew = w;
	}
	if (namew > 40)
		namew = 40;
	barw = width - namew - 28;
	if (barw < 10)
		barw = 10;
	bar = xmalloc((size_t)barw * 4 + 1);
	view_build_head(tb, m, &s, have);
	if (strcmp(peakname_column(m), PEAKNAME_RSS) != 0)
		tb_add(tb, TB_DIM, "  (%s: %s)", PEAKNAME_CGROUP, PEAKNAME_CACHE);
	tb_add(tb, TB_DIM, "  %-*s %11s %9s  timeline", namew, "module", peakname_column(m), "wall");
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];
		size_t k = job[i];
		int cls = TB_NORMAL;
		char rss[BYTES_TEXT_MAX], wall[32], name[256];

		bar[0] = '\0';
		if (k < s.n) {
			const struct sched_job *j = &s.jobs[k];
			int from = s.total > 0 ? (int)(j->start / s.total * barw) : 0;
			int to = s.total > 0 ? (int)(j->end / s.total * barw + 0.5) : barw;

			if (to <= from)
				to = from + 1;
			if (to > barw)
				to = barw;
			view_build_bar(bar, barw, from, to, utf8);
			if (overlaps[k])
				cls = TB_WARN;
			if (over_host[k])
				cls = TB_BAD;
		}
		if (g->mem_budget >= 0 && b->peak_rss > g->mem_budget)
			cls = TB_BAD;
		view_build_size(rss, sizeof rss, b->peak_rss);
		if (b->wall >= 0)
			snprintf(wall, sizeof wall, "%.1f s", b->wall);
		else
			snprintf(wall, sizeof wall, "-");
		text_fit(name, sizeof name, b->name, namew, utf8 ? "\xe2\x80\xa6" : "~");
		tb_add(tb, cls, "  %s%*s %10s %9s  %s", name, namew - text_width(name), "", rss, wall, bar);
	}
	if (have && s.total > 0)
		view_build_axis(tb, &s, namew, barw, utf8);
	if (g->jobs_auto && g->mem_host >= 0)
		view_build_advice(tb, m, g, width);
	view_build_traces(tb, m, width, utf8);
	free(bar);
	free(over_host);
	free(overlaps);
	free(job);
	schedule_free(&s);
}
