/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "copies.h"
#include "judge.h"
#include "judge_launch.h"
#include "judge_libs.h"
#include "xalloc.h"

/* Says what the finding just added is about. */
static void
about(struct verdict *v, int rule, size_t entry, const char *library)
{
	struct finding *f = verdict_last(v);

	f->rule = rule;
	f->entry = entry;
	f->library = library;
}

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

/* Why a stack is unknown, in a finding's words (enum stack_why). */
static const char *const stack_unknown_words[] = {
	[STACK_BOUNDED] = "STACK unknown: no figure for it",
	[STACK_AT_LINK] = "STACK not settled: a call leaves this relocatable object, and the device link settles the chain",
	[STACK_RECURSION] = "STACK unbounded: a call chain comes back (recursion)",
};

/* A gated entry's stack as the allowance rows' maxima count it: an
 * unknown one is unbounded. */
static int32_t
allowance_stack(const struct func_rec *fn)
{
	return fn->stack == UNKNOWN ? ALLOW_UNBOUNDED : fn->stack > 0 ? fn->stack : 0;
}

/* The allowance rule on one gated entry; returns 1 on a violation. */
static int
judge_frame(const struct judge_config *c, size_t entry, const struct func_rec *fn,
    const struct image_rec *img, const char *at, struct verdict *v)
{
	struct allow_row *row = NULL;
	int32_t stack = allowance_stack(fn), local = fn->local > 0 ? fn->local : 0;

	if (c->allow != NULL && (row = allow_find(c->allow, fn->collapsed, img->arch)) != NULL) {
		if (!row->seen || stack > row->max_stack)
			row->max_stack = stack;
		if (!row->seen || local > row->max_local)
			row->max_local = local;
		row->seen = 1;
	}
	if (fn->stack == UNKNOWN) {
		if (row != NULL && row->stack == ALLOW_UNBOUNDED && local <= row->local)
			return 0;	/* accepted, with its note */
		judge_add(v, FINDING_VIOLATION, "VIOLATION %s %s: %s%s [%s]",
		    fn->name, img->arch, stack_unknown_words[fn->stack_why < 3 ? fn->stack_why : 0],
		    row == NULL ? "; an allowance row with stack unbounded and a note accepts it" :
		    "; its allowance row is bounded", at);
		about(v, RULE_ALLOWANCE, entry, img->library);
		return 1;
	}
	if (!func_framed(fn))
		return 0;
	if (row == NULL) {
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s %s: STACK %ld LOCAL %ld (not in allowance table) [%s]",
		    fn->name, img->arch, (long)stack, (long)local, at);
		about(v, RULE_ALLOWANCE, entry, img->library);
		return 1;
	}
	if (stack > row->stack || local > row->local) {
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s %s: STACK %ld LOCAL %ld (over its allowance STACK %ld LOCAL %ld) [%s]",
		    fn->name, img->arch, (long)stack, (long)local, (long)row->stack, (long)row->local,
		    at);
		about(v, RULE_ALLOWANCE, entry, img->library);
		return 1;
	}
	return 0;
}

/* What --max-spill and --max-vgpr-spill could not judge, for the notices. */
struct spill_unjudged {
	size_t	at_link;	/* relocatable entries whose calls leave their object */
	size_t	bytes_unknown;	/* --max-spill: no ptxas -v log joined */
	size_t	amd_counts;	/* --max-spill: AMDGPU rows record VGPRs spilled, not bytes */
	size_t	vgpr_unknown;	/* --max-vgpr-spill: an AMDGPU row without the count */
};

/*
 * --max-vgpr-spill: an AMDGPU code object's .vgpr_spill_count, VGPRs spilled
 * to scratch (4 bytes a lane each), judged as a count; CUDA rows are
 * --max-spill's.
 */
static void
judge_vgpr_spill(const struct judge_config *c, size_t entry, const struct func_rec *fn,
    const struct image_rec *img, const char *at, struct verdict *v, struct spill_unjudged *u)
{
	if (c->max_vgpr_spill < 0 || !arch_is_amdgpu(img->arch))
		return;
	if (fn->vgpr_spill < 0)
		u->vgpr_unknown++;
	else if (fn->vgpr_spill > c->max_vgpr_spill) {
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s %s: VGPR SPILL %ld (over --max-vgpr-spill=%lld) [%s]",
		    fn->name, img->arch, (long)fn->vgpr_spill, (long long)c->max_vgpr_spill,
		    at);
		about(v, RULE_MAX_VGPR_SPILL, entry, img->library);
	}
}

/* --max-regs, --max-spill and --max-vgpr-spill; counts what they could not judge. */
static void
judge_limits(const struct judge_config *c, size_t entry, const struct func_rec *fn,
    const struct image_rec *img, const char *at, struct verdict *v, struct spill_unjudged *u)
{
	if (c->max_regs >= 0 && fn->reg > c->max_regs) {
		judge_add(v, FINDING_VIOLATION, "VIOLATION %s %s: REG %ld (over --max-regs=%lld) [%s]",
		    fn->name, img->arch, (long)fn->reg, (long long)c->max_regs, at);
		about(v, RULE_MAX_REGS, entry, img->library);
	}
	judge_vgpr_spill(c, entry, fn, img, at, v, u);
	if (c->max_spill >= 0) {
		if ((fn->spill_stores < 0 || fn->spill_loads < 0) && fn->vgpr_spill >= 0)
			u->amd_counts++;
		else if (fn->spill_stores < 0 || fn->spill_loads < 0)
			u->bytes_unknown++;
		else if (fn->spill_stores > c->max_spill || fn->spill_loads > c->max_spill) {
			judge_add(v, FINDING_VIOLATION,
			    "VIOLATION %s %s: SPILL STORES %ld LOADS %ld (over --max-spill=%lld) [%s]",
			    fn->name, img->arch, (long)fn->spill_stores, (long)fn->spill_loads,
			    (long long)c->max_spill, at);
			about(v, RULE_MAX_SPILL, entry, img->library);
		}
	}
}

/* Rows looser than what was measured: notices, or violations with
 * --stale-fails.  Returns how many.  A row that matches no gated entry is
 * not judged: the scan may cover only some of the libraries the table is for. */
static size_t
judge_stale(const struct judge_config *c, struct verdict *v)
{
	const struct allow_table *t = c->allow;
	int level = c->stale_fails ? FINDING_VIOLATION : FINDING_NOTICE;
	const char *lead = c->stale_fails ? "VIOLATION " : "";
	size_t n = 0;

	if (t == NULL)
		return 0;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct allow_row *r = &t->rows[i];

		if (r->seen && (r->stack > r->max_stack || r->local > r->max_local)) {
			char a[24], b[24];
			judge_add(v, level,
			    "%s%s:%zu: stale allowance %s %s: STACK %s LOCAL %ld, measured at most STACK %s LOCAL %ld (--update-allow tightens it)",
			    lead, t->file, r->line, r->kernel, r->sm, allow_stack_text(r->stack, a, sizeof a),
			    (long)r->local, allow_stack_text(r->max_stack, b, sizeof b), (long)r->max_local);
			about(v, RULE_STALE, FINDING_NO_ENTRY, NULL);
			n++;
		}
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

/*
 * Rows whose kernel is no SASS entry of the scan on any sm (a typo, a full
 * demangled name where the collapsed one goes): notices, or violations
 * with --stale-fails.  A row for a kernel scanned, but not on its sm, and
 * a row for an sm the scan has no image of, are left alone: --arch or the
 * libraries given may leave that sm out.  Returns how many.
 */
static size_t
judge_unmatched(const struct judge_config *c, const struct model *m, struct verdict *v)
{
	const struct allow_table *t = c->allow;
	int level = c->stale_fails ? FINDING_VIOLATION : FINDING_NOTICE;
	const char *lead = c->stale_fails ? "VIOLATION " : "";
	const char **names;
	size_t n = 0, k = 0;

	if (t == NULL || t->nrows == 0)
		return 0;
	names = xcalloc(m->nfuncs + 1, sizeof *names);
	for (size_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind == FUNC_ENTRY && m->images[m->funcs[i].image].kind == IMAGE_SASS)
			names[k++] = m->funcs[i].collapsed;
	qsort(names, k, sizeof *names, name_cmp);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct allow_row *r = &t->rows[i];

		if (r->seen || (k > 0 && bsearch(&r->kernel, names, k, sizeof *names, name_cmp) != NULL) ||
		    !sm_scanned(m, r->sm))
			continue;
		judge_add(v, level,
		    "%s%s:%zu: allowance %s %s matches no kernel scanned (the kernel column takes the name as --list's collapsed column writes it)",
		    lead, t->file, r->line, r->kernel, r->sm);
		about(v, RULE_STALE, FINDING_NO_ENTRY, NULL);
		n++;
	}
	free(names);
	return n;
}

/* The entry rules, the library rules and the notices, into libs (its
 * count lines follow every other rule's findings).  Returns the stale
 * allowances. */
static size_t
judge_entries(const struct judge_config *c, const struct model *m, struct verdict *v,
    struct judge_libs *lp, struct kcount_set *counts, size_t *unmatched)
{
	struct judge_libs libs;
	struct spill_unjudged u = { 0, 0, 0, 0 };
	char at[1024];
	size_t stale;

	kgroup_count(counts, m, c->vendored);
	judge_libs_init(&libs, m, counts);
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];
		const struct image_rec *img = &m->images[fn->image];

		if (fn->kind != FUNC_ENTRY || img->kind != IMAGE_SASS)
			continue;
		judge_libs_arch(&libs, fn->image, img);
		if (vendored_match(c->vendored, img, fn) || func_is_copy(m, i))
			continue;	/* a copy is judged where it is linked (copies.h) */
		entry_where(m, i, at, sizeof at);
		judge_frame(c, i, fn, img, at, v);
		judge_limits(c, i, fn, img, at, v, &u);
		u.at_link += fn->stack_why == STACK_AT_LINK;
	}
	v->gated = counts->gated;
	v->skipped = counts->skipped;
	v->copies = counts->copies;
	v->vendored = c->vendored;
	v->counted += counts->gated.entries + counts->skipped.entries;
	judge_libs_require_sass(&libs, c->require_sass, v);
	judge_libs_require_target(&libs, c->require_target, v);
	stale = judge_stale(c, v);
	*unmatched = judge_unmatched(c, m, v);
	if (u.at_link > 0)
		verdict_add(v, FINDING_NOTICE,
		    "%zu gated %s call functions their relocatable object does not define: STACK is "
		    "their own frame and the chain the object holds; the device link adds the rest "
		    "(judge the linked file for the whole figure)",
		    u.at_link, judge_plural(u.at_link, "entry", "entries"));
	if (u.bytes_unknown > 0)
		verdict_add(v, FINDING_NOTICE,
		    "--max-spill: spill bytes unknown for %zu of %zu gated %s (%s), not judged",
		    u.bytes_unknown, counts->gated.entries,
		    judge_plural(counts->gated.entries, "entry", "entries"),
		    m->nptxas == 0 ? "no ptxas -v log joined" :
		    "the ptxas -v log read lends them no figures: registers or frame differ, or it names them not");
	if (u.amd_counts > 0)
		verdict_add(v, FINDING_NOTICE,
		    "--max-spill: %zu AMDGPU %s record%s VGPRs spilled, not bytes: judged by --max-vgpr-spill%s",
		    u.amd_counts, judge_plural(u.amd_counts, "entry", "entries"),
		    u.amd_counts == 1 ? "s" : "", c->max_vgpr_spill < 0 ? ", not given" : "");
	if (u.vgpr_unknown > 0)
		verdict_add(v, FINDING_NOTICE,
		    "--max-vgpr-spill: VGPRs spilled unknown for %zu AMDGPU %s (no .vgpr_spill_count), not judged",
		    u.vgpr_unknown, judge_plural(u.vgpr_unknown, "entry", "entries"));
	judge_nothing(c, m, v);
	*lp = libs;
	return stale;
}

/* Marks the findings from `from` on that no rule claimed as the rule's. */
static void
claim(struct verdict *v, size_t from, int rule)
{
	for (size_t i = from; i < v->n; i++)
		if (v->v[i].level == FINDING_VIOLATION && v->v[i].rule == RULE_NONE)
			v->v[i].rule = rule;
}

/* The total line: what was gated, and the violations of the findings by
 * rule, so that it adds up to the VIOLATION lines above it. */
static void
judge_total(struct verdict *v, const struct model *m, size_t stale, size_t unmatched)
{
	static const char *const rule_names[RULE_COUNT] = {
		[RULE_ALLOWANCE] = "allowance",
		[RULE_MAX_REGS] = "--max-regs",
		[RULE_MAX_SPILL] = "--max-spill",
		[RULE_REQUIRE_SASS] = "--require-sass",
		[RULE_STALE] = "--stale-fails",
		[RULE_BUILD] = "build",
		[RULE_GROWTH] = "--max-growth",
		/* whether a kernel launches, and where */
		[RULE_LAUNCHABLE] = "--launchable",
		[RULE_LOCAL_RESERVE] = "--max-local-reserve",
		[RULE_DRIVER] = "--require-driver",
		[RULE_DEPLOYABLE] = "--deployable",
		[RULE_OCCUPANCY] = "--max-growth=occupancy",
		[RULE_REQUIRE_TARGET] = "--require-target",
		[RULE_MAX_VGPR_SPILL] = "--max-vgpr-spill",
	};
	char by[256], rows[96] = "", copies[96] = "";
	size_t off = 0, nv = verdict_count(v, FINDING_VIOLATION);

	by[0] = '\0';
	for (int r = 0; r < RULE_COUNT; r++) {
		size_t n = verdict_count_rule(v, r);

		if (n > 0 && rule_names[r] != NULL && off < sizeof by)
			off += (size_t)snprintf(by + off, sizeof by - off, "%s%zu %s",
			    off ? ", " : " (", n, rule_names[r]);
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
	const struct build_gates *g = c->build;
	struct judge_libs libs;
	struct kcount_set counts;
	size_t unmatched, stale = judge_entries(c, m, v, &libs, &counts, &unmatched), from;

	from = v->n;
	if (g != NULL && (m->nmodules > 0 || g->mem_budget >= 0 || g->mem_host >= 0))
		judge_build(m, c->sched, g, v);
	claim(v, from, RULE_BUILD);
	from = v->n;
	if (c->growth != NULL && c->base != NULL)
		judge_growth(m, c->base, c->growth, v);
	claim(v, from, RULE_GROWTH);
	/* Whether it launches: each finding says its rule. */
	judge_launch(c->launch, c->allow, c->vendored, m, v);
	/* The count lines after every violation, so that they add them up. */
	judge_libs_summary(&libs, m, v);
	judge_libs_free(&libs);
	kgroup_count_free(&counts);
	judge_total(v, m, stale, unmatched);
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
		v[k].stack = allowance_stack(fn);
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
