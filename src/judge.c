#include "config.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "judge.h"
#include "judgelib.h"
#include "xalloc.h"

int
judge_vendored(const struct judge_config *c, const struct model *m, const struct func_rec *fn)
{
	const struct image_rec *img = &m->images[fn->image];

	if (c->vendored_no_namespace && fn->ns[0] == '\0')
		return 1;
	if (c->vendored == NULL)
		return 0;
	for (size_t i = 0; i < c->vendored->n; i++) {
		const char *g = c->vendored->v[i];

		if (fnmatch(g, fn->collapsed, 0) == 0 || fnmatch(g, img->library, 0) == 0 ||
		    (img->member[0] != '\0' && fnmatch(g, img->member, 0) == 0))
			return 1;
	}
	return 0;
}

/* The object an entry came from: the archive member, else the file. */
static const char *
origin(const struct image_rec *img)
{
	return img->member[0] != '\0' ? img->member : img->library;
}

/* The allowance rule on one gated entry; returns 1 on a violation. */
static int
judge_frame(const struct judge_config *c, const struct func_rec *fn,
    const struct image_rec *img, struct verdict *v)
{
	struct allow_row *row = NULL;
	int32_t stack = fn->stack > 0 ? fn->stack : 0, local = fn->local > 0 ? fn->local : 0;

	if (c->allow != NULL && (row = allow_find(c->allow, fn->collapsed, img->arch)) != NULL) {
		if (!row->seen || stack > row->max_stack)
			row->max_stack = stack;
		if (!row->seen || local > row->max_local)
			row->max_local = local;
		row->seen = 1;
	}
	if (stack == 0 && local == 0)
		return 0;
	if (row == NULL) {
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s %s: STACK %ld LOCAL %ld (not in allowance table) [%s]",
		    fn->name, img->arch, (long)stack, (long)local, origin(img));
		return 1;
	}
	if (stack > row->stack || local > row->local) {
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s %s: STACK %ld LOCAL %ld (over its allowance STACK %ld LOCAL %ld) [%s]",
		    fn->name, img->arch, (long)stack, (long)local, (long)row->stack, (long)row->local,
		    origin(img));
		return 1;
	}
	return 0;
}

/* --max-regs and --max-spill; returns 1 on a violation, counts unknown spills. */
static int
judge_limits(const struct judge_config *c, const struct func_rec *fn,
    const struct image_rec *img, struct verdict *v, size_t *spill_unknown)
{
	int bad = 0;

	if (c->max_regs >= 0 && fn->reg > c->max_regs) {
		judge_add(v, FINDING_VIOLATION, "VIOLATION %s %s: REG %ld (over --max-regs=%lld) [%s]",
		    fn->name, img->arch, (long)fn->reg, (long long)c->max_regs, origin(img));
		bad = 1;
	}
	if (c->max_spill >= 0) {
		if (fn->spill_stores < 0 || fn->spill_loads < 0)
			(*spill_unknown)++;
		else if (fn->spill_stores > c->max_spill || fn->spill_loads > c->max_spill) {
			judge_add(v, FINDING_VIOLATION,
			    "VIOLATION %s %s: SPILL STORES %ld LOADS %ld (over --max-spill=%lld) [%s]",
			    fn->name, img->arch, (long)fn->spill_stores, (long)fn->spill_loads,
			    (long long)c->max_spill, origin(img));
			bad = 1;
		}
	}
	return bad;
}

/* Rows looser than what was measured: notices, or violations with
 * --stale-fails.  Returns how many.  A row that matches no gated entry is
 * not judged: the scan may cover only some of the libraries the table is for. */
static size_t
judge_stale(const struct judge_config *c, struct verdict *v)
{
	const struct allow_table *t = c->allow;
	int level = c->stale_fails ? FINDING_VIOLATION : FINDING_NOTICE;
	const char *lead = c->stale_fails ? "VIOLATION" : "spillway:";
	size_t n = 0;

	if (t == NULL)
		return 0;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct allow_row *r = &t->rows[i];

		if (r->seen && (r->stack > r->max_stack || r->local > r->max_local)) {
			judge_add(v, level,
			    "%s %s:%zu: stale allowance %s %s: STACK %ld LOCAL %ld, measured at most STACK %ld LOCAL %ld (--update-allow tightens it)",
			    lead, t->file, r->line, r->kernel, r->sm, (long)r->stack, (long)r->local,
			    (long)r->max_stack, (long)r->max_local);
			n++;
		}
	}
	return n;
}

void
judge_run(const struct judge_config *c, const struct model *m, struct verdict *v)
{
	struct judge_libs libs;
	size_t spill_unknown = 0, gated = 0, skipped = 0, bad = 0, stale;

	judge_libs_init(&libs, m);
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];
		const struct image_rec *img = &m->images[fn->image];
		int vendored, violates;

		if (fn->kind != FUNC_ENTRY)
			continue;
		vendored = judge_vendored(c, m, fn);
		if (vendored) {
			judge_libs_count(&libs, fn, img, 1, 0);
			skipped++;
			continue;
		}
		violates = judge_frame(c, fn, img, v);
		violates |= judge_limits(c, fn, img, v, &spill_unknown);
		judge_libs_count(&libs, fn, img, 0, violates);
		gated++;
		bad += violates;
	}
	v->counted += gated + skipped;
	judge_libs_require_sass(&libs, c->require_sass, v);
	stale = judge_stale(c, v);
	if (spill_unknown > 0)
		verdict_add(v, FINDING_NOTICE,
		    "spillway: --max-spill: spill bytes unknown for %zu of %zu gated entries (no ptxas -v log joined), not judged",
		    spill_unknown, gated);
	judge_nothing(c, m, v);
	judge_libs_summary(&libs, v);
	verdict_add(v, FINDING_SUMMARY,
	    "spillway: check: %zu entries gated, %zu vendored entries skipped, %zu not allowed, %zu stale allowances",
	    gated, skipped, bad, stale);
	judge_libs_free(&libs);
}

/* By kernel, then by sm in numeric order (sm_86 before sm_120). */
static int
measure_cmp(const void *a, const void *b)
{
	const struct judge_measure *x = a, *y = b;
	int c = strcmp(x->kernel, y->kernel);

	return c != 0 ? c : arch_cmp(x->sm, y->sm);
}

struct judge_measure *
judge_measure(const struct judge_config *c, const struct model *m, size_t *n)
{
	struct judge_measure *v = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *v);
	size_t k = 0, out = 0;

	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];

		if (fn->kind != FUNC_ENTRY || judge_vendored(c, m, fn))
			continue;
		v[k].kernel = fn->collapsed;
		v[k].sm = m->images[fn->image].arch;
		v[k].stack = fn->stack > 0 ? fn->stack : 0;
		v[k].local = fn->local > 0 ? fn->local : 0;
		v[k].entries = 1;
		k++;
	}
	qsort(v, k, sizeof *v, measure_cmp);
	for (size_t i = 0; i < k; i++) {
		if (out > 0 && measure_cmp(&v[out - 1], &v[i]) == 0) {
			struct judge_measure *w = &v[out - 1];
			if (v[i].stack > w->stack)
				w->stack = v[i].stack;
			if (v[i].local > w->local)
				w->local = v[i].local;
			w->entries++;
		} else
			v[out++] = v[i];
	}
	*n = out;
	return v;
}
