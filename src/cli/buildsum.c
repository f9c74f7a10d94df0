#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buildsum.h"
#include "bytes.h"
#include "escape.h"
#include "judge_build.h"

static void
minutes(FILE *f, double s)
{
	fprintf(f, "%.1f s (%.1f min)", s, s / 60);
}

/* What the peak column measured: the whole tree (and how), or one process. */
static void
peak_how(FILE *f, const struct build_module *b)
{
	const char *how = b->peak_how != NULL ? b->peak_how : "";

	if (b->peak_rss < 0)
		fputc('-', f);
	else if (strncmp(how, "cgroup", 6) == 0)
		fprintf(f, "tree (%s memory peak)", strcmp(how, "cgroup2") == 0 ? "cgroup v2" : "cgroup v1");
	else if (strncmp(how, "proc", 4) == 0)
		fprintf(f, "tree (PSS sum sampled every %s)", how + 4);
	else if (*how)
		escape_fputs(how, f);
	else
		fputs("one process", f);
}

void
buildsum_write(FILE *f, const struct model *m, const struct schedule *s, int top)
{
	char a[BYTES_TEXT_MAX];
	size_t heaviest = m->nmodules, rows;

	if (m->nmodules == 0)
		return;
	for (size_t i = 0; i < m->nmodules; i++)
		if (m->modules[i].peak_rss >= 0 &&
		    (heaviest == m->nmodules || m->modules[i].peak_rss > m->modules[heaviest].peak_rss))
			heaviest = i;
	fprintf(f, "spillway: build: %zu module%s", m->nmodules, m->nmodules == 1 ? "" : "s");
	if (heaviest < m->nmodules) {
		fprintf(f, ", largest peak RSS %s (",
		    bytes_format(m->modules[heaviest].peak_rss, a, sizeof a));
		escape_fputs(m->modules[heaviest].name, f);
		fputc(')', f);
	}
	fputc('\n', f);
	fputs("module\tpeak\twall\tstatus\tarches\tphases\tlargest process\tpeak measured by\n", f);
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];
		double ms = 0;

		/* Names and arches come from logs: escaped (escape.h), so a tab or
		 * a newline in one keeps the table's columns and lines. */
		escape_fputs(b->name, f);
		fprintf(f, "\t%s\t", bytes_format(b->peak_rss, a, sizeof a));
		if (b->wall >= 0)
			fprintf(f, "%.1f s", b->wall);
		else
			fputc('?', f);
		if (b->exit_status >= 0)
			fprintf(f, "\t%d", b->exit_status);
		else
			fputs("\t?", f);
		fputc('\t', f);
		escape_fputs(*b->arches ? b->arches : "-", f);
		fputc('\t', f);
		for (size_t k = 0; k < b->nphases; k++)
			ms += b->phases[k].ms;
		if (b->nphases > 0)
			fprintf(f, "%zu (%.1f s)", b->nphases, ms / 1000);
		else
			fputc('-', f);
		fprintf(f, "\t%s\t", bytes_format(b->peak_proc, a, sizeof a));
		peak_how(f, b);
		fputc('\n', f);
	}
	if (s == NULL)
		return;
	if (s->slots > 0)
		fprintf(f, "spillway: schedule: make -j%d simulated in the recorded order: ", s->slots);
	else
		fprintf(f, "spillway: schedule: as recorded (%s): ",
		    s->timebase == TIME_NINJA ? ".ninja_log" : "record start times");
	minutes(f, s->total);
	if (s->slots > 0 && s->recorded >= 0) {
		fputs("; recorded: ", f);
		minutes(f, s->recorded);
	}
	if (s->skipped > 0)
		fprintf(f, "; %zu module%s left out (no %s)", s->skipped, s->skipped == 1 ? "" : "s",
		    s->slots > 0 ? "wall time" : "start time");
	fputc('\n', f);
	if (s->nsets == 0) {
		fputs("spillway: no two modules run at once\n", f);
		return;
	}
	fputs("concurrent\toverlap\tpeaks sum to\n", f);
	rows = top > 0 && (size_t)top < s->nsets ? (size_t)top : s->nsets;
	for (size_t i = 0; i < rows; i++) {
		const struct sched_set *t = &s->sets[i];

		for (size_t k = 0; k < t->n; k++) {
			fputs(k ? " + " : "", f);
			escape_fputs(m->modules[s->jobs[t->members[k]].module].name, f);
		}
		fprintf(f, t->overlap < 10 ? "\t%.1f s\t%s%s\n" : "\t%.0f s\t%s%s\n", t->overlap, t->peak_unknown ? ">= " : "",
		    bytes_format(t->peak_sum, a, sizeof a));
	}
	if (rows < s->nsets)
		fprintf(f, "(%zu more; --top=0 lists all)\n", s->nsets - rows);
	if (s->more > 0)
		fprintf(f, "(%zu lighter sets not kept: spillway keeps the %d heaviest)\n", s->more, SCHED_SETS_MAX);
}
