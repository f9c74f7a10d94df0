/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "buildsum.h"
#include "bytes.h"
#include "coltable.h"
#include "escape.h"
#include "buildphase.h"
#include "jobsadvice.h"
#include "peakname.h"
#include "judge_build.h"
#include "schedtext.h"
#include "xalloc.h"

/* What the peak column measured: the whole tree (and how), or one
 * process; the cell added to ct. */
static void
peak_how(struct coltable *ct, const struct build_module *b)
{
	const char *how = b->peak_how != NULL ? b->peak_how : "";

	if (b->peak_rss < 0)
		coltable_add(ct, "-");
	else if (peakname_is_cgroup(b))
		coltable_add(ct, "tree (%s %s)", strcmp(how, "cgroup2") == 0 ? "cgroup v2" : "cgroup v1",
		    &PEAKNAME_CGROUP_FULL[strlen("cgroup ")]);
	else if (strncmp(how, "proc", 4) == 0)
		coltable_add(ct, "tree (PSS sum sampled every %s)", how + 4);
	else if (*how)
		coltable_add_name(ct, how);
	else
		coltable_add(ct, "one process");
}

static void
schedule_line(FILE *f, const struct model *m, const struct schedule *s)
{
	char text[SCHEDTEXT_MAX];

	if (*schedtext_runs(m, text, sizeof text))
		fprintf(f, "%s\n", text);
	fprintf(f, "schedule: %s\n", schedtext_line(m, s, 0, text, sizeof text));
}

/* The ptxas -v phases' figures when no binary was read to join them to:
 * per arch, the functions, the spills, the most registers, the largest
 * frame. */
static void
ptxas_alone(FILE *f, const struct model *m)
{
	const char **arches = NULL;
	size_t narches = 0, cap = 0;

	if (m->nptxas == 0 || m->nimages > 0)
		return;
	for (size_t i = 0; i < m->nptxas; i++) {
		size_t k;

		for (k = 0; k < narches && arches[k] != m->ptxas[i].arch; k++)
			;
		if (k == narches && narches < 64) {
			xgrow((void **)&arches, &cap, narches + 1, sizeof *arches);
			arches[narches++] = m->ptxas[i].arch;
		}
	}
	for (size_t k = 0; k < narches; k++) {
		size_t entries = 0, devfns = 0, spills = 0, regs_at = m->nptxas, frame_at = m->nptxas;

		for (size_t i = 0; i < m->nptxas; i++) {
			const struct ptxas_rec *p = &m->ptxas[i];

			if (p->arch != arches[k])
				continue;
			entries += p->entry;
			devfns += !p->entry;
			spills += p->spill_stores > 0 || p->spill_loads > 0;
			if (p->reg >= 0 && (regs_at == m->nptxas || p->reg > m->ptxas[regs_at].reg))
				regs_at = i;
			if (p->frame >= 0 && (frame_at == m->nptxas || p->frame > m->ptxas[frame_at].frame))
				frame_at = i;
		}
		fprintf(f, "ptxas -v (no binary read to join): %s: %zu entr%s, %zu device function%s, "
		    "%zu spill%s", *arches[k] ? arches[k] : "no sm named", entries, entries == 1 ? "y" : "ies",
		    devfns, devfns == 1 ? "" : "s", spills, spills == 1 ? "" : "s");
		if (regs_at < m->nptxas) {
			fprintf(f, "; most registers %d (", m->ptxas[regs_at].reg);
			escape_fputs(m->ptxas[regs_at].mangled, f);
			fputc(')', f);
		}
		if (frame_at < m->nptxas && m->ptxas[frame_at].frame > 0) {
			fprintf(f, "; largest stack frame %d bytes (", m->ptxas[frame_at].frame);
			escape_fputs(m->ptxas[frame_at].mangled, f);
			fputc(')', f);
		}
		fputc('\n', f);
	}
	for (size_t i = 0, shown = 0; i < m->nptxas && shown < 20; i++) {
		const struct ptxas_rec *p = &m->ptxas[i];

		if (p->spill_stores > 0 || p->spill_loads > 0) {
			fprintf(f, "spills: %s ", *p->arch ? p->arch : "-");
			escape_fputs(p->mangled, f);
			fprintf(f, ": %d bytes spill stores, %d bytes spill loads\n", p->spill_stores, p->spill_loads);
			shown++;
		}
	}
	free(arches);
}

/* nvcc --time's phases over the build, longest first. */
static void
phase_table(FILE *f, const struct model *m, int top, int aligned)
{
	struct phase_total *t;
	size_t n = buildphase_totals(m, &t), rows = top > 0 && (size_t)top < n ? (size_t)top : n;
	struct coltable ct;

	if (n == 0)
		return;
	coltable_init(&ct, 5, 1u << 2 | 1u << 3);
	coltable_add(&ct, "phase");
	coltable_add(&ct, "arch");
	coltable_add(&ct, "compiles");
	coltable_add(&ct, "total");
	coltable_add(&ct, "longest");
	for (size_t i = 0; i < rows; i++) {
		char *in = escape_text(m->modules[t[i].max_module].name,
		    strlen(m->modules[t[i].max_module].name));

		coltable_add_name(&ct, t[i].name);
		coltable_add_name(&ct, *t[i].arch ? t[i].arch : "-");
		coltable_add(&ct, "%zu", t[i].compiles);
		coltable_add(&ct, "%.1f s", t[i].ms / 1000);
		coltable_add(&ct, "%.1f s (%s)", t[i].max_ms / 1000, in);
		free(in);
	}
	coltable_write(f, &ct, aligned);
	if (rows < n)
		fprintf(f, "(%zu more phases; --top=0 lists all)\n", n - rows);
	free(t);
}

/*
 * What adding or dropping an arch costs, from nvcc --time's per-arch phases:
 * each compile that ran them for k arches is modelled as its wall time
 * plus (k' - k) times its mean per-arch cost, then the build laid out on
 * the schedule's slots (its -j, or as many as ran at once).
 */
static void
arch_cost(FILE *f, const struct model *m, const struct schedule *s)
{
	double *wall = xcalloc(m->nmodules + 1, sizeof *wall), *start = xcalloc(m->nmodules + 1, sizeof *start);
	int *slot = xcalloc(m->nmodules + 1, sizeof *slot), slots = s->slots, karch = 0;
	double per_sum = 0, wall_sum = 0, total[3];
	size_t split = 0;

	if (slots <= 0)
		for (size_t i = 0; i < s->n; i++)
			if (s->jobs[i].slot + 1 > slots)
				slots = s->jobs[i].slot + 1;
	for (size_t i = 0; i < m->nmodules; i++) {
		double per, once;
		int k = buildphase_arch_split(&m->modules[i], &per, &once);

		if (k > 0 && m->modules[i].wall >= 0) {
			split++;
			per_sum += per / 1000 / k;
			wall_sum += m->modules[i].wall;
			if (k > karch)
				karch = k;
		}
	}
	for (int d = -1; d <= 1 && split > 0 && slots > 0; d++) {
		size_t n = 0;

		for (size_t i = 0; i < s->n; i++) {
			const struct build_module *b = &m->modules[s->jobs[i].module];
			double per, once, w = b->wall >= 0 ? b->wall : s->jobs[i].end - s->jobs[i].start;
			int k = buildphase_arch_split(b, &per, &once);

			if (k > 0 && k + d >= 1)
				w += d * per / 1000 / k;
			wall[n++] = w > 0 ? w : 0;
		}
		total[d + 1] = schedule_list(wall, n, slots, start, slot);
	}
	if (split > 0 && slots > 0) {
		fprintf(f, "arch cost (nvcc --time: preprocessing, cicc, ptxas per arch): %zu compile%s of up to "
		    "%d arch%s; one arch is %.1f s of their %.1f s (%.0f %%); -j%d: ", split, split == 1 ? "" : "s",
		    karch, karch == 1 ? "" : "es", per_sum, wall_sum, wall_sum > 0 ? 100 * per_sum / wall_sum : 0, slots);
		if (karch > 1)
			fprintf(f, "one arch fewer %.1f s, ", total[0]);
		fprintf(f, "as built %.1f s, one arch more %.1f s; peaks stay (nvcc runs the arches one after another "
		    "unless --threads)\n", total[1], total[2]);
	}
	free(wall);
	free(start);
	free(slot);
}

/* Each module: its peak, wall time, exit status, arches, nvcc --time
 * phases, largest process and how its peak was measured. */
static void
module_table(FILE *f, const struct model *m, int aligned)
{
	char a[BYTES_TEXT_MAX];
	struct coltable ct;
	static const char *const heads[] = {
		"module", "peak", "wall", "status", "arches", "phases", "largest process",
		"peak measured by",
	};

	coltable_init(&ct, 8, 1u << 1 | 1u << 2 | 1u << 3 | 1u << 6);
	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		coltable_add(&ct, "%s", heads[i]);
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];
		double ms = 0;

		/* Names and arches come from logs: escaped (escape.h), so a tab or
		 * a newline in one keeps the table's columns and lines. */
		coltable_add_name(&ct, b->name);
		coltable_add(&ct, "%s", bytes_format(b->peak_rss, a, sizeof a));
		if (b->wall >= 0)
			coltable_add(&ct, "%.1f s", b->wall);
		else
			coltable_add(&ct, "?");
		if (b->exit_status >= 0)
			coltable_add(&ct, "%d", b->exit_status);
		else
			coltable_add(&ct, "?");
		coltable_add_name(&ct, *b->arches ? b->arches : "-");
		for (size_t k = 0; k < b->nphases; k++)
			ms += b->phases[k].ms;
		if (b->nphases > 0)
			coltable_add(&ct, "%zu (%.1f s)", b->nphases, ms / 1000);
		else
			coltable_add(&ct, "-");
		coltable_add(&ct, "%s", bytes_format(b->peak_proc, a, sizeof a));
		if (b->cache_hit)
			coltable_add(&ct, "cache hit (no compile ran)");
		else
			peak_how(&ct, b);
	}
	coltable_write(f, &ct, aligned);
}

/* The heaviest sets of modules that ran at once, rows of them. */
static void
concurrent_table(FILE *f, const struct model *m, const struct schedule *s, size_t rows, int aligned)
{
	char a[BYTES_TEXT_MAX];
	struct coltable ct;

	coltable_init(&ct, 3, 1u << 1 | 1u << 2);
	coltable_add(&ct, "concurrent");
	coltable_add(&ct, "overlap");
	coltable_add(&ct, "peaks sum to");
	for (size_t i = 0; i < rows; i++) {
		const struct sched_set *t = &s->sets[i];
		char *names = xstrdup(""), *next;

		for (size_t k = 0; k < t->n; k++) {
			const char *name = m->modules[s->jobs[t->members[k]].module].name;
			char *e = escape_text(name, strlen(name));

			next = xasprintf("%s%s%s", names, k ? " + " : "", e);
			free(e);
			free(names);
			names = next;
		}
		coltable_add(&ct, "%s", names);
		free(names);
		coltable_add(&ct, t->overlap < 10 ? "%.1f s" : "%.0f s", t->overlap);
		if ((size_t)t->peak_unknown == t->n)
			coltable_add(&ct, "unknown");	/* no peak known: no bound to give */
		else
			coltable_add(&ct, "%s%s", t->peak_unknown ? ">= " : "",
			    bytes_format(t->peak_sum, a, sizeof a));
	}
	coltable_write(f, &ct, aligned);
}

/* Each compile-time trace: its unit, the time traced, its longest
 * instantiation and function (the report and the Build view list ten). */
static void
trace_lines(FILE *f, const struct model *m)
{
	static const char *const words[TRACE_KINDS] = { "instantiation", "function" };

	for (size_t i = 0; i < m->ntraces; i++) {
		const struct compile_trace *t = &m->traces[i];

		fputs("trace: ", f);
		escape_fputs(t->module > 0 ? m->modules[t->module - 1].name : t->file, f);
		fprintf(f, " (%s, %.1f s traced, %" PRIu64 " events)", t->tool, t->span / 1e6, t->events);
		for (int k = 0; k < TRACE_KINDS; k++)
			if (t->nitems[k] > 0) {
				fprintf(f, "; longest %s %.3f s ", words[k], t->items[k][0].us / 1e6);
				escape_fputs(t->items[k][0].shown, f);
				if (*t->items[k][0].arch)
					fprintf(f, " on %s", t->items[k][0].arch);
			}
		fputc('\n', f);
	}
}

void
buildsum_write(FILE *f, const struct model *m, const struct schedule *s, const struct buildsum_config *c)
{
	size_t heaviest = m->nmodules, rows;
	int top = c->top, aligned = c->aligned;

	ptxas_alone(f, m);
	trace_lines(f, m);
	if (m->nmodules == 0)
		return;
	for (size_t i = 0; i < m->nmodules; i++)
		if (m->modules[i].peak_rss >= 0 && !m->modules[i].cache_hit &&
		    (heaviest == m->nmodules || m->modules[i].peak_rss > m->modules[heaviest].peak_rss))
			heaviest = i;
	fprintf(f, "build: %zu module%s", m->nmodules, m->nmodules == 1 ? "" : "s");
	if (heaviest < m->nmodules) {
		char a[BYTES_TEXT_MAX];

		fprintf(f, ", largest %s %s (", peakname_short(&m->modules[heaviest]),
		    bytes_format(m->modules[heaviest].peak_rss, a, sizeof a));
		escape_fputs(m->modules[heaviest].name, f);
		fputs(peakname_is_cgroup(&m->modules[heaviest]) ? "), " PEAKNAME_CACHE : ")", f);
	}
	fputc('\n', f);
	/* --jobs=auto: the answer first, before the tables it comes from */
	if (c->jobs_auto)
		jobsadvice_print(f, m, c->cores, c->host, c->host_unit, c->machine);
	module_table(f, m, aligned);
	phase_table(f, m, top, aligned);
	{
		size_t hits = 0;

		for (size_t i = 0; i < m->nmodules; i++)
			hits += m->modules[i].cache_hit != 0;
		if (hits > 0)
			fprintf(f, "cache: %zu of %zu compile%s answered by ccache (no compile tool ran): "
			    "left out of the peaks and the schedule\n", hits, m->nmodules, m->nmodules == 1 ? "" : "s");
	}
	if (s == NULL)
		return;
	schedule_line(f, m, s);
	arch_cost(f, m, s);
	if (s->nsets == 0) {
		fputs("no two modules run at once\n", f);
		return;
	}
	if (c->jobs_auto && !c->top_given)
		top = BUILDSUM_AUTO_SETS;	/* the answer is above; the sets are its detail */
	rows = top > 0 && (size_t)top < s->nsets ? (size_t)top : s->nsets;
	concurrent_table(f, m, s, rows, aligned);
	if (rows < s->nsets)
		fprintf(f, "(%zu more; --top=0 lists all)\n", s->nsets - rows);
	if (s->more > 0)
		fprintf(f, "(%zu lighter sets not kept: spillway keeps the %d heaviest)\n", s->more, SCHED_SETS_MAX);
}

void
buildsum_notices(FILE *f, const struct model *m)
{
	const struct build_notes *n = &m->notes;

	if (n->timev_other > 0) {
		fprintf(f, "spillway: notice: %zu GNU time -v block%s of a command that compiles nothing left out (",
		    n->timev_other, n->timev_other == 1 ? "" : "s");
		escape_fputs(n->timev_other_first, f);
		fputs(n->timev_other > 1 ? ", ...): the whole build, not a module\n" : "): the whole build, not a module\n", f);
	}
	if (n->ninja_rewritten > 0) {
		fputs("spillway: notice: ", f);
		escape_fputs(n->ninja_rewritten_first, f);
		fprintf(f, "%s: ninja rewrote this .ninja_log (recompaction, -t restat): its entries are "
		    "not in the order they finished; its %d run%s told apart by the outputs' mtimes",
		    n->ninja_rewritten > 1 ? " (and others)" : "",
		    n->ninja_rewritten_runs, n->ninja_rewritten_runs == 1 ? "" : "s");
		if (n->ninja_unplaced > 0)
			fprintf(f, ", %zu entr%s with no mtime left out", n->ninja_unplaced,
			    n->ninja_unplaced == 1 ? "y" : "ies");
		fputc('\n', f);
	}
	if (n->cmake_dirs > 0) {
		fprintf(f, "spillway: notice: %zu file%s in %zu folder%s of CMake's own checks not scanned (",
		    n->cmake_checks, n->cmake_checks == 1 ? "" : "s", n->cmake_dirs, n->cmake_dirs == 1 ? "" : "s");
		escape_fputs(n->cmake_first, f);
		fputs(n->cmake_dirs > 1 ? ", ...)\n" : ")\n", f);
	}
}
