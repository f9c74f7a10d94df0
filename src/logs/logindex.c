/* SPDX-License-Identifier: MIT */
/* The indexes the build-log readers share. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include <libiberty/hashtab.h>

#include "keyhash.h"
#include "logindex.h"
#include "xalloc.h"

/* An entry of the module index: a name, where its module is, and whether
 * this log filled it yet. */
struct mod_entry {
	/* cppcheck-suppress unusedStructMember ; the key, read as the entry's first pointer */
	const char	*name;
	size_t		 index;
	int		 filled;
};

static hashval_t
entry_hash(const void *e)
{
	return (hashval_t)keyhash_ptr(*(const void *const *)e);
}

/* Entries of both indexes begin with their key, a pointer. */
static int
entry_eq(const void *a, const void *b)
{
	return *(const void *const *)a == *(const void *const *)b;
}

static htab_t
new_table(htab_del del)
{
	return htab_create_alloc(64, entry_hash, entry_eq, del, xcalloc, free);
}

void
logindex_modules_init(struct logindex_modules *x, struct logctx *c)
{
	x->c = c;
	x->by_name = new_table(free);
	x->indexed = 0;
}

static struct mod_entry *
index_module(struct logindex_modules *x, const struct model *m, size_t i)
{
	struct mod_entry key = { m->modules[i].name, i, 0 };
	void **slot = htab_find_slot(x->by_name, &key, INSERT);

	if (*slot == NULL) {
		*slot = xmalloc(sizeof key);
		*(struct mod_entry *)*slot = key;
	}
	((struct mod_entry *)*slot)->index = i;	/* the last of a name, as model_module finds */
	return *slot;
}

struct build_module *
logindex_module(struct logindex_modules *x, const char *name)
{
	struct model *m = x->c->m;
	struct mod_entry key = { name, 0, 0 }, *e;

	for (; x->indexed < m->nmodules; x->indexed++)
		index_module(x, m, x->indexed);
	e = htab_find(x->by_name, &key);
	if (e == NULL) {
		model_module_new(m, name);
		e = index_module(x, m, x->indexed++);
	}
	if (!e->filled) {
		e->filled = 1;
		x->c->modules++;
	}
	return &m->modules[e->index];
}

void
logindex_modules_free(struct logindex_modules *x)
{
	if (x->by_name != NULL)
		htab_delete(x->by_name);
	x->by_name = NULL;
}

/* The items open under one key: a binary max-heap. */
struct open_entry {
	const void	*key;
	size_t		*items;
	size_t		 n, cap;
};

static void
open_entry_free(void *p)
{
	struct open_entry *e = p;

	free(e->items);
	free(e);
}

void
logindex_open_init(struct logindex_open *o)
{
	o->by_key = new_table(open_entry_free);
}

/* A NULL key is a key too: "any open item". */
static const void *const any_key = &any_key;

static struct open_entry *
open_entry_of(struct logindex_open *o, const void *key, int insert)
{
	struct open_entry probe = { key ? key : any_key, NULL, 0, 0 };
	void **slot = htab_find_slot(o->by_key, &probe, insert ? INSERT : NO_INSERT);

	if (slot == NULL)
		return NULL;
	if (*slot == NULL) {
		struct open_entry *e = xcalloc(1, sizeof *e);
		e->key = probe.key;
		*slot = e;
	}
	return *slot;
}

void
logindex_open_push(struct logindex_open *o, const void *key, size_t item)
{
	struct open_entry *e = open_entry_of(o, key, 1);
	size_t i = e->n;

	/* Most keys hold one item: grown from one, not from xgrow's 16. */
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 1;
		e->items = xreallocarray(e->items, e->cap, sizeof *e->items);
	}
	e->items[e->n++] = item;
	for (; i > 0 && e->items[(i - 1) / 2] < e->items[i]; i = (i - 1) / 2) {
		size_t t = e->items[i];
		e->items[i] = e->items[(i - 1) / 2];
		e->items[(i - 1) / 2] = t;
	}
}

static void
open_pop(struct open_entry *e)
{
	size_t i = 0;

	e->items[0] = e->items[--e->n];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, big = i, t;

		if (l < e->n && e->items[l] > e->items[big])
			big = l;
		if (r < e->n && e->items[r] > e->items[big])
			big = r;
		if (big == i)
			return;
		t = e->items[i];
		e->items[i] = e->items[big];
		e->items[big] = t;
		i = big;
	}
}

size_t
logindex_open_latest(struct logindex_open *o, const void *key, int (*is_open)(void *, size_t), void *ctx)
{
	struct open_entry *e = open_entry_of(o, key, 0);

	while (e != NULL && e->n > 0) {
		if (is_open(ctx, e->items[0]))
			return e->items[0];
		open_pop(e);	/* closed for good: never met again */
	}
	return SIZE_MAX;
}

void
logindex_open_free(struct logindex_open *o)
{
	if (o->by_key != NULL)
		htab_delete(o->by_key);
	o->by_key = NULL;
}
