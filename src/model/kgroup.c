/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/hashtab.h>

#include "arch.h"
#include "copies.h"
#include "keyhash.h"
#include "kgroup.h"
#include "order.h"
#include "xalloc.h"

size_t
kgroup_common_prefix(const struct model *m)
{
	const char *first;
	size_t n;

	if (m->nimages == 0)
		return 0;
	first = m->images[0].library;
	n = strlen(first);
	for (size_t i = 1; i < m->nimages && n > 0; i++) {
		const char *l = m->images[i].library;
		size_t k = 0;

		if (l == first)
			continue;
		while (k < n && l[k] == first[k])
			k++;
		n = k;
	}
	/* Back to the last '/', so that a file name is never cut. */
	while (n > 0 && first[n - 1] != '/')
		n--;
	return n;
}

int
kgroup_key_cmp(const struct kgroup *a, const struct kgroup *b)
{
	int c;

	if (a->library != b->library && (c = strcmp(a->library, b->library)) != 0)
		return c;
	if (a->collapsed != b->collapsed && (c = strcmp(a->collapsed, b->collapsed)) != 0)
		return c;
	return arch_cmp(a->arch, b->arch);
}

/* Function indices by library, collapsed name, arch (qsort_r's argument:
 * the model), then as read. */
static int
func_cmp(const void *pa, const void *pb, void *arg)
{
	const struct model *m = arg;
	const struct func_rec *a = &m->funcs[*(const size_t *)pa];
	const struct func_rec *b = &m->funcs[*(const size_t *)pb];
	const struct image_rec *ia = &m->images[a->image];
	const struct image_rec *ib = &m->images[b->image];
	int c;

	if (ia->library != ib->library && (c = strcmp(ia->library, ib->library)) != 0)
		return c;
	if (a->collapsed != b->collapsed && (c = strcmp(a->collapsed, b->collapsed)) != 0)
		return c;
	if ((c = arch_cmp(ia->arch, ib->arch)) != 0)
		return c;
	return *(const size_t *)pa < *(const size_t *)pb ? -1 : 1;
}

static void
maxto(int32_t *dst, int32_t v)
{
	if (v > *dst)
		*dst = v;
}

static void
build(struct kgroup_set *s, const struct model *m, const struct vendored_rule *rule, int copies)
{
	size_t *idx, n = 0, cap = 0;

	memset(s, 0, sizeof *s);
	s->prefix = kgroup_common_prefix(m);
	idx = xcalloc(m->nfuncs + 1, sizeof *idx);
	for (size_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind == FUNC_ENTRY &&
		    m->images[m->funcs[i].image].kind == IMAGE_SASS && (copies || !func_is_copy(m, i)))
			idx[n++] = i;
	qsort_r(idx, n, sizeof *idx, func_cmp, (void *)m);
	for (size_t i = 0; i < n; i++) {
		const struct func_rec *f = &m->funcs[idx[i]];
		const struct image_rec *img = &m->images[f->image];
		struct kgroup *g = s->n > 0 ? &s->v[s->n - 1] : NULL;

		if (g == NULL || g->library != img->library + s->prefix ||
		    g->collapsed != f->collapsed || strcmp(g->arch, img->arch) != 0) {
			xgrow((void **)&s->v, &cap, s->n + 1, sizeof *s->v);
			g = &s->v[s->n++];
			memset(g, 0, sizeof *g);
			g->library = img->library + s->prefix;
			g->collapsed = f->collapsed;
			g->arch = img->arch;
			g->first = idx[i];
			g->reg = g->stack = g->local = g->shared = UNKNOWN;
			g->spill_stores = g->spill_loads = UNKNOWN;
			g->sp_reg = g->sp_stack = g->sp_stores = g->sp_loads = UNKNOWN;
			g->sp_vgpr_spill = g->sp_sgpr_spill = UNKNOWN;
			g->ar_reg = g->ar_stack = g->ar_local = UNKNOWN;
			g->also = SIZE_MAX;
		}
		if (!copies && copies_first(m, idx[i]) != COPY_NONE) {
			for (uint32_t c = copies_first(m, idx[i]); c != COPY_NONE; c = copies_next(m, c))
				g->ncopies++;
			if (g->also == SIZE_MAX)
				g->also = idx[i];
		}
		g->vendored |= vendored_match(rule, img, f);
		g->n++;
		maxto(&g->reg, f->reg);
		maxto(&g->stack, f->stack);
		maxto(&g->local, f->local);
		maxto(&g->shared, f->shared);
		maxto(&g->spill_stores, f->spill_stores);
		maxto(&g->spill_loads, f->spill_loads);
		if (func_framed(f)) {
			g->nframed++;
			if (!func_spill_known(f))
				g->nunknown++;
			else if (!func_spills(f)) {
				g->narray++;
				maxto(&g->ar_reg, f->reg);
				maxto(&g->ar_stack, f->stack);
				maxto(&g->ar_local, f->local);
			}
		}
		if (func_spills(f)) {
			g->nspill++;
			maxto(&g->sp_reg, f->reg);
			maxto(&g->sp_stack, f->stack);
			maxto(&g->sp_stores, f->spill_stores);
			maxto(&g->sp_loads, f->spill_loads);
			maxto(&g->sp_vgpr_spill, f->vgpr_spill);
			maxto(&g->sp_sgpr_spill, f->sgpr_spill);
		}
	}
	free(idx);
}

void
kgroup_build(struct kgroup_set *s, const struct model *m, const struct vendored_rule *rule)
{
	build(s, m, rule, 0);
}

void
kgroup_build_files(struct kgroup_set *s, const struct model *m, const struct vendored_rule *rule)
{
	build(s, m, rule, 1);
}

void
kgroup_free(struct kgroup_set *s)
{
	XFREE_OWNER(s, v);
}

/* Which count of its library an entry goes to. */
enum cbucket { BUCKET_GATED, BUCKET_SKIPPED, BUCKET_COPY };

/* One SASS entry, for counting: its library's index, its bucket, and its
 * (interned) names. */
struct centry {
	size_t		 lib;
	int		 bucket;	/* enum cbucket */
	const char	*collapsed, *mangled;
	const struct func_rec *f;
	const char	*judged_in;	/* a copy: the library of the entry it copies */
};

static int
centry_cmp(const void *pa, const void *pb)
{
	const struct centry *a = pa, *b = pb;

	return order_then(order_then(order_u64(a->lib, b->lib), order_i64(a->bucket, b->bucket)),
	    order_then(order_ptr(a->collapsed, b->collapsed), order_ptr(a->mangled, b->mangled)));
}

/* A library's path and its index in a kcount_set, for the hash below. */
struct libkey {
	const char	*library;
	size_t		 idx;
};

static hashval_t
lib_hash(const void *e)
{
	return (hashval_t)keyhash_ptr(((const struct libkey *)e)->library);
}

static int
lib_eq(const void *e, const void *key)
{
	return ((const struct libkey *)e)->library == ((const struct libkey *)key)->library;
}

/* Index of every image's library in s->v, libraries added in first-seen
 * order; a hash on the interned path keeps a million files linear. */
static size_t *
count_libraries(struct kcount_set *s, const struct model *m)
{
	size_t *libof = xcalloc(m->nimages + 1, sizeof *libof), cap = 0;
	struct libkey *keys = xcalloc(m->nimages + 1, sizeof *keys);
	htab_t by_name = htab_create_alloc(64, lib_hash, lib_eq, NULL, xcalloc, free);

	for (size_t i = 0; i < m->nimages; i++) {
		struct libkey key = { .library = m->images[i].library };
		void **slot;

		if (i > 0 && m->images[i].library == m->images[i - 1].library) {
			libof[i] = libof[i - 1];
			continue;
		}
		slot = htab_find_slot(by_name, &key, INSERT);
		if (*slot == NULL) {
			xgrow((void **)&s->v, &cap, s->n + 1, sizeof *s->v);
			memset(&s->v[s->n], 0, sizeof *s->v);
			s->v[s->n].library = key.library;
			keys[s->n] = (struct libkey){ key.library, s->n };
			*slot = &keys[s->n];
			s->n++;
		}
		libof[i] = ((const struct libkey *)*slot)->idx;
	}
	htab_delete(by_name);
	free(keys);
	return libof;
}

void
kcount_add(struct kcount *sum, const struct kcount *k)
{
	sum->kernels += k->kernels;
	sum->instantiations += k->instantiations;
	sum->entries += k->entries;
	sum->framed += k->framed;
	sum->spilling += k->spilling;
	sum->arrays += k->arrays;
	sum->unknown += k->unknown;
}

void
kgroup_count(struct kcount_set *s, const struct model *m, const struct vendored_rule *rule)
{
	struct centry *e = xcalloc(m->nfuncs + 1, sizeof *e);
	size_t *libof, n = 0;

	memset(s, 0, sizeof *s);
	libof = s->image_lib = count_libraries(s, m);
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *img = &m->images[f->image];

		if (f->kind != FUNC_ENTRY || img->kind != IMAGE_SASS)
			continue;
		e[n].lib = libof[f->image];
		e[n].bucket = func_is_copy(m, i) ? BUCKET_COPY :
		    vendored_match(rule, img, f) ? BUCKET_SKIPPED : BUCKET_GATED;
		e[n].judged_in = m->images[m->funcs[func_judged(m, i)].image].library;
		e[n].collapsed = f->collapsed;
		e[n].mangled = f->mangled;
		e[n].f = f;
		n++;
	}
	qsort(e, n, sizeof *e, centry_cmp);
	for (size_t i = 0; i < n; i++) {
		const struct centry *p = i > 0 ? &e[i - 1] : NULL;
		struct kcount_lib *l = &s->v[e[i].lib];
		struct kcount *const buckets[] = {
			[BUCKET_GATED] = &l->gated, [BUCKET_SKIPPED] = &l->skipped,
			[BUCKET_COPY] = &l->copies,
		};
		struct kcount *k = buckets[e[i].bucket];
		int same_set = p != NULL && p->lib == e[i].lib && p->bucket == e[i].bucket;
		const struct func_rec *f = e[i].f;

		if (e[i].bucket == BUCKET_COPY) {
			/* The file named is the first by name of those that
			 * judge them: the entries' order here is the interned
			 * names' addresses, which differ from run to run. */
			if (l->copies_in == NULL)
				l->copies_in = e[i].judged_in;
			else if (l->copies_in != e[i].judged_in) {
				l->copies_spread = 1;
				if (strcmp(e[i].judged_in, l->copies_in) < 0)
					l->copies_in = e[i].judged_in;
			}
		}

		if (!same_set || p->collapsed != e[i].collapsed) {
			k->kernels++;
			k->instantiations++;
		} else if (p->mangled != e[i].mangled)
			k->instantiations++;
		k->entries++;
		if (!func_framed(f))
			continue;
		k->framed++;
		if (!func_spill_known(f))
			k->unknown++;
		else if (func_spills(f))
			k->spilling++;
		else
			k->arrays++;
	}
	for (size_t i = 0; i < s->n; i++) {
		kcount_add(&s->gated, &s->v[i].gated);
		kcount_add(&s->skipped, &s->v[i].skipped);
		kcount_add(&s->copies, &s->v[i].copies);
	}
	free(e);
}

const char *
kcount_copies_words(const struct kcount_lib *l, char *buf, size_t len)
{
	buf[0] = '\0';
	if (l->copies.entries > 0)
		snprintf(buf, len, "%zu %s judged as the same kernels in %s%s", l->copies.entries,
		    l->copies.entries == 1 ? "entry" : "entries", l->copies_in,
		    l->copies_spread ? " and other files" : "");
	return buf;
}

int
kcount_all_copies(const struct kcount_lib *l)
{
	return l->copies.entries > 0 && l->gated.entries + l->skipped.entries == 0;
}

void
kgroup_count_free(struct kcount_set *s)
{
	free(s->v);
	XFREE_OWNER(s, image_lib);
}
