/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptxjoin.h"
#include "order.h"
#include "xalloc.h"

struct ptxjoin_key {
	const char	*mangled;	/* interned: compared by pointer */
	const char	*arch;
	size_t		 rec;
};
#define key ptxjoin_key

static int
key_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int c;

	if ((c = order_ptr(x->mangled, y->mangled)) != 0)
		return c;
	return order_then(strcmp(x->arch, y->arch), order_u64(x->rec, y->rec));
}

/*
 * Registers and frame agree.  A kernel nvlink linked from relocatable
 * objects (a linked image with a call graph) has the most registers of
 * its call tree, ptxas's or more; its own frame is ptxas's.
 */
static int
agrees(const struct ptxas_rec *r, const struct func_rec *f, const struct image_rec *img)
{
	int linked = img->callgraph && !img->relocatable;

	if (r->reg >= 0 && f->reg >= 0 && (linked ? r->reg > f->reg : r->reg != f->reg))
		return 0;
	if (r->frame >= 0 && f->frame >= 0 && r->frame != f->frame)
		return 0;
	if (r->frame < 0 && r->reg < 0)
		return 0;
	return 1;
}

/* By name text, then sm, then the order read: a callee's name comes as
 * text out of a reach list, not as an interned pointer. */
static int
callee_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int c;

	if ((c = strcmp(x->mangled, y->mangled)) != 0)
		return c;
	return order_then(strcmp(x->arch, y->arch), order_u64(x->rec, y->rec));
}

void
ptxjoin_init(struct ptxjoin *j, const struct model *m)
{
	memset(j, 0, sizeof *j);
	if (m->nptxas == 0)
		return;
	j->keys = xcalloc(m->nptxas, sizeof *j->keys);
	j->callees = xcalloc(m->nptxas, sizeof *j->callees);
	for (size_t i = 0; i < m->nptxas; i++) {
		const struct ptxas_rec *r = &m->ptxas[i];
		struct key k = { r->mangled, r->arch, i };

		if (r->frame < 0)
			continue;	/* no spill figures to lend */
		if (!r->entry)
			j->callees[j->ncallees++] = k;
		if (r->arch[0] != '\0')
			j->keys[j->n++] = k;
	}
	qsort(j->keys, j->n, sizeof *j->keys, key_cmp);
	qsort(j->callees, j->ncallees, sizeof *j->callees, callee_cmp);
}

/* name (len bytes, not terminated) against a key's name, then arch. */
static int
callee_vs(const struct key *k, const char *name, size_t len, const char *arch)
{
	int c = strncmp(k->mangled, name, len);

	if (c == 0 && k->mangled[len] != '\0')
		c = 1;
	return c != 0 ? c : strcmp(k->arch, arch);
}

/* The first callee key of (name, arch). */
static size_t
callee_first(const struct ptxjoin *j, const char *name, size_t len, const char *arch)
{
	size_t lo = 0, hi = j->ncallees;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (callee_vs(&j->callees[mid], name, len, arch) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
same_figures(const struct ptxas_rec *a, const struct ptxas_rec *b)
{
	return a->frame == b->frame && a->spill_stores == b->spill_stores &&
	    a->spill_loads == b->spill_loads;
}

/*
 * The figures of callee name on arch: the first printed after the
 * kernel's own in the same log (ptxas -v prints a whole-program kernel's
 * callees after it), else the last read.  A log of a translation unit
 * without entries names no sm for its functions: such figures serve when
 * every one of them agrees.  NULL when no log has them.
 */
static const struct ptxas_rec *
callee_figures(const struct ptxjoin *j, const struct model *m, const char *name, size_t len,
    const char *arch, const struct ptxas_rec *own)
{
	const struct ptxas_rec *best = NULL, *after = NULL;
	size_t at;

	for (at = callee_first(j, name, len, arch);
	    at < j->ncallees && callee_vs(&j->callees[at], name, len, arch) == 0; at++) {
		const struct ptxas_rec *r = &m->ptxas[j->callees[at].rec];

		best = r;
		if (r->source == own->source && r->line > own->line &&
		    (after == NULL || r->line < after->line))
			after = r;
	}
	if (after != NULL || best != NULL)
		return after != NULL ? after : best;
	for (at = callee_first(j, name, len, "");
	    at < j->ncallees && callee_vs(&j->callees[at], name, len, "") == 0; at++) {
		const struct ptxas_rec *r = &m->ptxas[j->callees[at].rec];

		if (best != NULL && !same_figures(best, r))
			return NULL;	/* the sms' figures differ: which is which is unknown */
		best = r;
	}
	return best;
}

static int32_t
add_capped(int32_t a, int32_t b)
{
	return b > INT32_MAX - a ? INT32_MAX : a + b;
}

/*
 * A kernel's callees lend it their spills.  In a whole-program image
 * (no calls in .nv.callgraph) ptxas folds each callee's frame into the
 * kernel's and prints the callee with a frame of 0; a callee printed with
 * a frame of its own is one whose chain it could not bound (recursion:
 * ptxas 13.0 says nothing else of it, and the binary says STACK 0).
 */
static void
add_callees(const struct ptxjoin *j, const struct model *m, struct func_rec *f,
    const struct ptxas_rec *own)
{
	const struct image_rec *img = &m->images[f->image];
	int folded = !img->relocatable && !img->callgraph;
	const char *p = f->callees;

	while (p != NULL && *p != '\0') {
		const char *end = strchr(p, '\n');
		size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
		const struct ptxas_rec *c = callee_figures(j, m, p, len, img->arch, own);

		if (c != NULL) {
			f->spill_stores = add_capped(f->spill_stores, c->spill_stores);
			f->spill_loads = add_capped(f->spill_loads, c->spill_loads);
			if (folded && c->frame > 0) {
				f->stack = UNKNOWN;
				f->stack_why = STACK_RECURSION;
			}
		}
		p = end != NULL ? end + 1 : p + len;
	}
}

size_t
ptxjoin_apply(const struct ptxjoin *j, const struct model *m, struct func_rec *rows, size_t count)
{
	const struct key *keys = j->keys;
	size_t n = j->n, joined = 0;

	for (size_t i = 0; n > 0 && i < count; i++) {
		struct func_rec *f = &rows[i];
		struct key k = { f->mangled, m->images[f->image].arch, 0 };
		const struct key *hit = NULL;
		size_t lo = 0, hi = n;

		/* The first key of (mangled, arch), then every one after it. */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (key_cmp(&keys[mid], &k) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < n && keys[lo].mangled == k.mangled && strcmp(keys[lo].arch, k.arch) == 0; lo++)
			if (agrees(&m->ptxas[keys[lo].rec], f, &m->images[f->image]))
				hit = &keys[lo];	/* the last read wins */
		if (hit == NULL)
			continue;
		f->spill_stores = m->ptxas[hit->rec].spill_stores;
		f->spill_loads = m->ptxas[hit->rec].spill_loads;
		if (f->kind == FUNC_ENTRY)
			add_callees(j, m, f, &m->ptxas[hit->rec]);
		joined++;
	}
	return joined;
}

void
ptxjoin_free(struct ptxjoin *j)
{
	free(j->keys);		/* XFREE_OWNER zeroes the whole owner: once, last */
	XFREE_OWNER(j, callees);
}

size_t
ptxjoin_run(struct model *m)
{
	struct ptxjoin j;
	size_t n;

	ptxjoin_init(&j, m);
	n = ptxjoin_apply(&j, m, m->funcs, m->nfuncs);
	ptxjoin_free(&j);
	return n;
}
