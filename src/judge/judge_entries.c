/* SPDX-License-Identifier: MIT */
/*
 * The rules judged on each gated SASS entry (rules.c names them): the
 * allowance table, --max-regs, --max-spill, --max-vgpr-spill and
 * --min-occupancy, and the notices of what each could not judge.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "judge_run.h"
#include "occupancy.h"
#include "xalloc.h"

/* Why a stack is unknown, in a finding's words (enum stack_why). */
static const char *const stack_unknown_words[] = {
	[STACK_BOUNDED] = "STACK unknown: no figure for it",
	[STACK_AT_LINK] = "STACK not settled: a call leaves this relocatable object, and the device link settles the chain",
	[STACK_RECURSION] = "STACK unbounded: a call chain comes back (recursion)",
};

int32_t
judge_allowance_stack(const struct func_rec *fn)
{
	return fn->stack == UNKNOWN ? ALLOW_UNBOUNDED : fn->stack > 0 ? fn->stack : 0;
}

/* The allowance row of e, its maxima updated with e's figures; NULL: none. */
static struct allow_row *
allowance_row(struct judge_run *r, const struct rule_entry *e, int32_t stack, int32_t local)
{
	struct allow_row *row;

	if (r->c->allow == NULL || (row = allow_find(r->c->allow, e->fn->collapsed, e->img->arch)) == NULL)
		return NULL;
	if (!row->seen || stack > row->max_stack)
		row->max_stack = stack;
	if (!row->seen || local > row->max_local)
		row->max_local = local;
	row->seen = 1;
	return row;
}

/* A violation's figures and place: the row's, the figure that is over
 * it (STACK first, LOCAL when the stack is within), in bytes; with no
 * row, the measured STACK and the table alone. */
static void
allowance_figures(struct judge_run *r, const struct func_rec *fn, const struct allow_row *row,
    int32_t stack, int32_t local)
{
	const struct allow_table *t = r->c->allow;
	int by_local = row != NULL && stack <= row->stack && local > row->local;

	if (fn->stack != UNKNOWN)
		judge_figures(r->v, by_local ? local : stack,
		    row == NULL ? (double)NAN : (double)(by_local ? row->local : row->stack), "bytes");
	if (t != NULL)
		judge_row(r->v, NULL, NULL, t->file, row != NULL ? row->line : 0);
}

/* The allowance table: an entry with a frame needs a row, and stays
 * within it; an unknown stack needs a row that says unbounded. */
void
rule_allowance_each(struct judge_run *r, const struct rule *rule, const struct rule_entry *e)
{
	const struct func_rec *fn = e->fn;
	const struct image_rec *img = e->img;
	int32_t stack = judge_allowance_stack(fn), local = fn->local > 0 ? fn->local : 0;
	struct allow_row *row = allowance_row(r, e, stack, local);
	int id = (int)(rule - r->rules);

	r->at_link += fn->stack_why == STACK_AT_LINK;
	if (fn->stack == UNKNOWN) {
		if (row != NULL && row->stack == ALLOW_UNBOUNDED && local <= row->local)
			return;	/* accepted, with its note */
		judge_add(r->v, FINDING_VIOLATION, "VIOLATION %s %s: %s%s [%s]",
		    fn->name, img->arch, stack_unknown_words[fn->stack_why < 3 ? fn->stack_why : 0],
		    row == NULL ? "; an allowance row with stack unbounded and a note accepts it" :
		    "; its allowance row is bounded", e->at);
	} else if (!func_framed(fn))
		return;
	else if (row == NULL)
		judge_add(r->v, FINDING_VIOLATION,
		    "VIOLATION %s %s: STACK %ld LOCAL %ld (not in allowance table) [%s]",
		    fn->name, img->arch, (long)stack, (long)local, e->at);
	else if (stack > row->stack || local > row->local)
		judge_add(r->v, FINDING_VIOLATION,
		    "VIOLATION %s %s: STACK %ld LOCAL %ld (over its allowance STACK %ld LOCAL %ld) [%s]",
		    fn->name, img->arch, (long)stack, (long)local, (long)row->stack, (long)row->local,
		    e->at);
	else
		return;
	judge_about(r->v, id, e->i, img->library);
	allowance_figures(r, fn, row, stack, local);
}

/* Rows looser than what was measured: notices, or violations with
 * --stale-fails.  A row that matches no gated entry is not judged: the
 * scan may cover only some of the libraries the table is for. */
static size_t
stale_rows(struct judge_run *r)
{
	const struct allow_table *t = r->c->allow;
	int fails = judge_limit(r, RULE_STALE) > 0;
	size_t n = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct allow_row *row = &t->rows[i];
		char a[24], b[24];

		if (!row->seen || (row->stack <= row->max_stack && row->local <= row->max_local))
			continue;
		judge_add(r->v, fails ? FINDING_VIOLATION : FINDING_NOTICE,
		    "%s%s:%zu: stale allowance %s %s: STACK %s LOCAL %ld, measured at most STACK %s LOCAL %ld (--update-allow tightens it)",
		    fails ? "VIOLATION " : "", t->file, row->line, row->kernel, row->sm,
		    allow_stack_text(row->stack, a, sizeof a), (long)row->local,
		    allow_stack_text(row->max_stack, b, sizeof b), (long)row->max_local);
		judge_about(r->v, RULE_STALE, FINDING_NO_ENTRY, NULL);
		judge_row(r->v, row->kernel, row->sm, t->file, row->line);
		if (row->stack > row->max_stack)
			judge_figures(r->v, row->max_stack, row->stack, "bytes");
		else
			judge_figures(r->v, row->max_local, row->local, "bytes");
		n++;
	}
	return n;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether any SASS image of the scan is on sm (as the table writes it). */
static int
sm_scanned(const struct model *m, const char *sm)
{
	for (size_t i = 0; i < m->nimages; i++)
		if (m->images[i].kind == IMAGE_SASS && strcmp(m->images[i].arch, sm) == 0)
			return 1;
	return 0;
}

/* Rows named at most in the notice of rows for arches not built; the
 * count says the rest. */
#define UNBUILT_NAMED	5

/*
 * Rows for an sm the scan has no image of are left alone (the arch may be
 * left out on purpose), but named, in one notice: a row for an arch no
 * longer built outlives its kernels and nothing else would say so.
 */
static void
unbuilt_rows(struct judge_run *r)
{
	const struct allow_table *t = r->c->allow;
	char names[UNBUILT_NAMED * 96] = "";
	size_t n = 0, at = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct allow_row *row = &t->rows[i];

		if (row->seen || sm_scanned(r->m, row->sm))
			continue;
		if (n < UNBUILT_NAMED && at < sizeof names)
			at += (size_t)snprintf(names + at, sizeof names - at, "%s%s %s (line %zu)",
			    n ? ", " : "", row->kernel, row->sm, row->line);
		n++;
	}
	if (n > 0)
		verdict_add(r->v, FINDING_NOTICE,
		    "%s: %zu allowance %s for arches this scan has no image of, left alone: %s%s",
		    t->file, n, n == 1 ? "row" : "rows", names, n > UNBUILT_NAMED ? ", ..." : "");
}

/*
 * Rows whose kernel is no SASS entry of the scan on any sm (a typo, a full
 * demangled name where the collapsed one goes): notices, or violations
 * with --stale-fails.  A row for a kernel scanned, but not on its sm, and
 * a row for an sm the scan has no image of, are left alone: --arch or the
 * libraries given may leave that sm out.
 */
static size_t
unmatched_rows(struct judge_run *r)
{
	const struct allow_table *t = r->c->allow;
	const struct model *m = r->m;
	int fails = judge_limit(r, RULE_STALE) > 0;
	const char **names;
	size_t n = 0, k = 0;

	if (t->nrows == 0)
		return 0;
	names = xcalloc(m->nfuncs + 1, sizeof *names);
	for (size_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind == FUNC_ENTRY && m->images[m->funcs[i].image].kind == IMAGE_SASS)
			names[k++] = m->funcs[i].collapsed;
	qsort(names, k, sizeof *names, name_cmp);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct allow_row *row = &t->rows[i];

		if (row->seen || (k > 0 && bsearch(&row->kernel, names, k, sizeof *names, name_cmp) != NULL) ||
		    !sm_scanned(m, row->sm))
			continue;
		judge_add(r->v, fails ? FINDING_VIOLATION : FINDING_NOTICE,
		    "%s%s:%zu: allowance %s %s matches no kernel scanned (the kernel column takes the name as --list's collapsed column writes it)",
		    fails ? "VIOLATION " : "", t->file, row->line, row->kernel, row->sm);
		judge_about(r->v, RULE_STALE, FINDING_NO_ENTRY, NULL);
		judge_row(r->v, row->kernel, row->sm, t->file, row->line);
		n++;
	}
	free(names);
	unbuilt_rows(r);
	return n;
}

/* The table's own rows: stale and unmatched; then the entries whose
 * chain the device link settles. */
void
rule_allowance_whole(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	if (r->c->allow != NULL) {
		r->stale = stale_rows(r);
		r->unmatched = unmatched_rows(r);
	}
	if (r->at_link > 0)
		verdict_add(r->v, FINDING_NOTICE,
		    "%zu gated %s call functions their relocatable object does not define: STACK is "
		    "their own frame and the chain the object holds; the device link adds the rest "
		    "(judge the linked file for the whole figure)",
		    r->at_link, judge_plural(r->at_link, "entry", "entries"));
}

void
rule_max_regs_each(struct judge_run *r, const struct rule *rule, const struct rule_entry *e)
{
	int64_t limit = judge_limit(r, RULE_MAX_REGS);

	if (limit < 0 || e->fn->reg <= limit)
		return;
	judge_add(r->v, FINDING_VIOLATION, "VIOLATION %s %s: REG %ld (over --%s=%lld) [%s]",
	    e->fn->name, e->img->arch, (long)e->fn->reg, rule->option, (long long)limit, e->at);
	judge_about(r->v, RULE_MAX_REGS, e->i, e->img->library);
	judge_figures(r->v, e->fn->reg, (double)limit, "registers");
}

/* CUDA rows: spill bytes stored or loaded, from the ptxas -v log joined;
 * AMDGPU rows count VGPRs spilled instead (--max-vgpr-spill). */
void
rule_max_spill_each(struct judge_run *r, const struct rule *rule, const struct rule_entry *e)
{
	const struct func_rec *fn = e->fn;
	int64_t limit = judge_limit(r, RULE_MAX_SPILL);

	if (limit < 0)
		return;
	if ((fn->spill_stores < 0 || fn->spill_loads < 0) && fn->vgpr_spill >= 0)
		r->spill_amd++;
	else if (fn->spill_stores < 0 || fn->spill_loads < 0)
		r->spill_unknown++;
	else if (fn->spill_stores > limit || fn->spill_loads > limit) {
		judge_add(r->v, FINDING_VIOLATION,
		    "VIOLATION %s %s: SPILL STORES %ld LOADS %ld (over --%s=%lld) [%s]",
		    fn->name, e->img->arch, (long)fn->spill_stores, (long)fn->spill_loads,
		    rule->option, (long long)limit, e->at);
		judge_about(r->v, RULE_MAX_SPILL, e->i, e->img->library);
		judge_figures(r->v, fn->spill_stores > fn->spill_loads ? fn->spill_stores :
		    fn->spill_loads, (double)limit, "bytes");
	}
}

void
rule_max_spill_whole(struct judge_run *r, const struct rule *rule)
{
	size_t gated = r->counts.gated.entries;

	if (r->spill_unknown > 0)
		verdict_add(r->v, FINDING_NOTICE,
		    "--%s: spill bytes unknown for %zu of %zu gated %s (%s), not judged",
		    rule->option, r->spill_unknown, gated, judge_plural(gated, "entry", "entries"),
		    r->m->nptxas == 0 ? "no ptxas -v log joined" :
		    "the ptxas -v log read lends them no figures: registers or frame differ, or it names them not");
	if (r->spill_amd > 0)
		verdict_add(r->v, FINDING_NOTICE,
		    "--%s: %zu AMDGPU %s record%s VGPRs spilled, not bytes: judged by --%s%s",
		    rule->option, r->spill_amd, judge_plural(r->spill_amd, "entry", "entries"),
		    r->spill_amd == 1 ? "s" : "", r->rules[RULE_MAX_VGPR_SPILL].option,
		    judge_limit(r, RULE_MAX_VGPR_SPILL) < 0 ? ", not given" : "");
}

/*
 * --max-vgpr-spill: an AMDGPU code object's .vgpr_spill_count, VGPRs spilled
 * to scratch (4 bytes a lane each), judged as a count; CUDA rows are
 * --max-spill's.
 */
void
rule_max_vgpr_spill_each(struct judge_run *r, const struct rule *rule, const struct rule_entry *e)
{
	int64_t limit = judge_limit(r, RULE_MAX_VGPR_SPILL);

	if (limit < 0 || !arch_is_amdgpu(e->img->arch))
		return;
	if (e->fn->vgpr_spill < 0)
		r->vgpr_unknown++;
	else if (e->fn->vgpr_spill > limit) {
		judge_add(r->v, FINDING_VIOLATION,
		    "VIOLATION %s %s: VGPR SPILL %ld (over --%s=%lld) [%s]",
		    e->fn->name, e->img->arch, (long)e->fn->vgpr_spill, rule->option,
		    (long long)limit, e->at);
		judge_about(r->v, RULE_MAX_VGPR_SPILL, e->i, e->img->library);
		judge_figures(r->v, e->fn->vgpr_spill, (double)limit, "VGPRs");
	}
}

void
rule_max_vgpr_spill_whole(struct judge_run *r, const struct rule *rule)
{
	if (r->vgpr_unknown > 0)
		verdict_add(r->v, FINDING_NOTICE,
		    "--%s: VGPRs spilled unknown for %zu AMDGPU %s (no .vgpr_spill_count), not judged",
		    rule->option, r->vgpr_unknown, judge_plural(r->vgpr_unknown, "entry", "entries"));
}

/* Tenths of a percent, rounded half up: "37.5". */
static const char *
tenths(int64_t part, int64_t whole, char *buf, size_t size)
{
	int64_t t = (part * 2000 / whole + 1) / 2;

	if (t % 10 == 0)
		snprintf(buf, size, "%lld", (long long)(t / 10));
	else
		snprintf(buf, size, "%lld.%lld", (long long)(t / 10), (long long)(t % 10));
	return buf;
}

/*
 * --min-occupancy=PCT: an entry's theoretical occupancy on its arch (at
 * its launch bound, else at its best block size: occupancy_of_entry), as
 * the report's Occupancy section shows it, below PCT percent of the warps
 * (NVIDIA) or waves (AMD) the arch holds.
 */
void
rule_min_occupancy_each(struct judge_run *r, const struct rule *rule, const struct rule_entry *e)
{
	int64_t pct = judge_limit(r, RULE_MIN_OCCUPANCY);
	struct occupancy o;
	char is[24], by[64];

	if (pct < 0)
		return;
	if (!occupancy_of_entry(e->fn, e->img, &o) || o.max_warps <= 0) {
		r->occupancy_unknown++;
		return;
	}
	if ((int64_t)o.warps * 100 >= pct * o.max_warps)
		return;
	judge_add(r->v, FINDING_VIOLATION,
	    "VIOLATION %s %s: occupancy %s %% (%d of %d %s at %d threads, limited by %s; under --%s=%lld) [%s]",
	    e->fn->name, e->img->arch, tenths(o.warps, o.max_warps, is, sizeof is), (int)o.warps,
	    (int)o.max_warps, arch_is_amdgpu(e->img->arch) ? "waves a SIMD" : "warps an SM",
	    (int)o.threads, occupancy_limit_name(o.limit, by, sizeof by), rule->option,
	    (long long)pct, e->at);
	judge_about(r->v, RULE_MIN_OCCUPANCY, e->i, e->img->library);
	/* In tenths of a percent, as the text rounds it. */
	judge_figures(r->v, (double)(((int64_t)o.warps * 2000 / o.max_warps + 1) / 2) / 10.0,
	    (double)pct, "percent");
}

void
rule_min_occupancy_whole(struct judge_run *r, const struct rule *rule)
{
	if (r->occupancy_unknown > 0)
		verdict_add(r->v, FINDING_NOTICE,
		    "--%s: occupancy unknown for %zu gated %s (no register count, or no limits for the arch in data/arches.csv), not judged",
		    rule->option, r->occupancy_unknown,
		    judge_plural(r->occupancy_unknown, "entry", "entries"));
}
