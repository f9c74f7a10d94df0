/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "copies.h"
#include "judge_run.h"
#include "xalloc.h"

/* The object an entry came from: the archive member, else the file. */
static const char *
origin(const struct image_rec *img)
{
	return img->member[0] != '\0' ? img->member : img->library;
}

/*
 * Where a judged entry is, for its findings: its object, then where else
 * the same kernel is (copies.h): "sepapp; also in sepapp_dlink.o,
 * frames.o, libsepkern.a(frames.cu.o)".
 */
static const char *
entry_where(const struct model *m, size_t entry, char *buf, size_t len)
{
	char also[512];

	copies_where(m, entry, 0, also, sizeof also);
	snprintf(buf, len, "%s%s%s", origin(&m->images[m->funcs[entry].image]),
	    also[0] != '\0' ? "; also in " : "", also);
	return buf;
}

/* Every gated SASS entry through every entry rule, in the rules' order;
 * the per-library arches and counts on the way. */
static void
judge_each(struct judge_run *r)
{
	const struct model *m = r->m;
	char at[1024];

	kgroup_count(&r->counts, m, r->c->vendored);
	judge_libs_init(&r->libs, m, &r->counts);
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];
		const struct image_rec *img = &m->images[fn->image];
		struct rule_entry e = { i, fn, img, at };

		if (fn->kind != FUNC_ENTRY || img->kind != IMAGE_SASS)
			continue;
		judge_libs_arch(&r->libs, fn->image, img);
		if (vendored_match(r->c->vendored, img, fn) || func_is_copy(m, i))
			continue;	/* a copy is judged where it is linked (copies.h) */
		entry_where(m, i, at, sizeof at);
		for (int k = 0; k < RULE_COUNT; k++)
			if (rules[k].each != NULL)
				rules[k].each(r, &rules[k], &e);
	}
	r->v->gated = r->counts.gated;
	r->v->skipped = r->counts.skipped;
	r->v->copies = r->counts.copies;
	r->v->vendored = r->c->vendored;
	r->v->counted += r->counts.gated.entries + r->counts.skipped.entries;
}

/* The total line: what was gated, and the violations of the findings by
 * rule, so that it adds up to the VIOLATION lines above it. */
static void
judge_total(struct verdict *v, const struct model *m, size_t stale, size_t unmatched)
{
	char by[256], rows[96] = "", copies[96] = "";
	size_t off = 0, nv = verdict_count(v, FINDING_VIOLATION);

	by[0] = '\0';
	for (int r = 0; r < RULE_COUNT; r++) {
		size_t n = verdict_count_rule(v, r);

		if (n > 0 && rules[r].says != NULL && off < sizeof by)
			off += (size_t)snprintf(by + off, sizeof by - off, "%s%zu %s",
			    off ? ", " : " (", n, rules[r].says);
	}
	if (off > 0 && off < sizeof by)
		snprintf(by + off, sizeof by - off, ")");
	if (unmatched > 0)
		snprintf(rows, sizeof rows, ", %zu %s matching no kernel", unmatched,
		    judge_plural(unmatched, "allowance", "allowances"));
	if (v->copies.entries > 0)
		snprintf(copies, sizeof copies, " (and %zu %s of them in other files)",
		    v->copies.entries, judge_plural(v->copies.entries, "copy", "copies"));
	verdict_add(v, FINDING_SUMMARY,
	    "check: %zu %s gated%s, %zu vendored %s skipped, %zu not allowed, %zu stale %s%s; %zu %s%s",
	    v->gated.entries, judge_plural(v->gated.entries, "entry", "entries"), copies,
	    v->skipped.entries, judge_plural(v->skipped.entries, "entry", "entries"),
	    judge_not_allowed(v, m), stale, judge_plural(stale, "allowance", "allowances"), rows,
	    nv, judge_plural(nv, "violation", "violations"), by);
}

void
judge_all(const struct judge_config *c, const struct model *m, struct verdict *v)
{
	struct judge_run r = { .rules = rules, .c = c, .m = m, .v = v };

	judge_each(&r);
	for (int k = 0; k < RULE_COUNT; k++)
		if (rules[k].whole != NULL)
			rules[k].whole(&r, &rules[k]);
	judge_nothing(c, m, v);
	/* The count lines after every violation, so that they add them up. */
	judge_libs_summary(&r.libs, m, v);
	judge_libs_free(&r.libs);
	kgroup_count_free(&r.counts);
	judge_total(v, m, r.stale, r.unmatched);
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

		if (fn->kind != FUNC_ENTRY || m->images[fn->image].kind != IMAGE_SASS ||
		    vendored_match(c->vendored, &m->images[fn->image], fn) || func_is_copy(m, i))
			continue;
		v[k].kernel = fn->collapsed;
		v[k].sm = m->images[fn->image].arch;
		v[k].stack = judge_allowance_stack(fn);
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
