/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "keyhash.h"
#include "namecache.h"
#include "xalloc.h"

/* Keyed: the names, and so where they are interned, are the input's. */
static uint64_t
ptr_hash(const void *p)
{
	return keyhash_ptr(p);
}

void
namecache_init(struct namecache *c, struct strpool *pool)
{
	memset(c, 0, sizeof *c);
	c->pool = pool;
	for (int i = 0; i < NAMECACHE_SHARDS; i++) {
		pthread_mutex_init(&c->shards[i].lock, NULL);
		pthread_cond_init(&c->shards[i].done, NULL);
	}
	pthread_mutex_init(&c->bounded_lock, NULL);
}

static void
note_bounded(struct namecache *c, const char *mangled, int why)
{
	struct namecache_bounded *b = &c->bounded;

	pthread_mutex_lock(&c->bounded_lock);
	xgrow((void **)&b->v, &b->cap, b->n + 1, sizeof *b->v);
	b->v[b->n].mangled = mangled;
	b->v[b->n].why = why;
	b->n++;
	pthread_mutex_unlock(&c->bounded_lock);
}

/* Finds key's slot in the shard (its own, or the empty one to fill). */
static size_t
shard_slot(const struct namecache_shard *sh, const char *key)
{
	size_t j = (size_t)(ptr_hash(key) >> 16) & (sh->nslots - 1);

	while (sh->keys[j] != NULL && sh->keys[j] != key)
		j = (j + 1) & (sh->nslots - 1);
	return j;
}

static void
shard_grow(struct namecache_shard *sh)
{
	struct namecache_shard n = *sh;

	n.nslots = sh->nslots ? sh->nslots * 2 : 256;
	n.keys = xcalloc(n.nslots, sizeof *n.keys);
	n.vals = xcalloc(n.nslots, sizeof *n.vals);
	for (size_t i = 0; i < sh->nslots; i++) {
		size_t j;

		if (sh->keys[i] == NULL)
			continue;
		j = shard_slot(&n, sh->keys[i]);
		n.keys[j] = sh->keys[i];
		n.vals[j] = sh->vals[i];
	}
	free(sh->keys);
	free(sh->vals);
	sh->keys = n.keys;
	sh->vals = n.vals;
	sh->nslots = n.nslots;
}

/*
 * Looks the name up, and demangles it when no thread has: two workers
 * that meet a new name together (the same kernel on two arches) demangle
 * it once.  While another thread demangles it, waits when asked to, else
 * returns 0.
 */
static int
lookup(struct namecache *c, const char *mangled, struct demangled *out, int wait)
{
	struct namecache_shard *sh = &c->shards[ptr_hash(mangled) >> 58];
	struct demangled fresh;
	size_t j;

	pthread_mutex_lock(&sh->lock);
	if ((sh->used + 1) * 2 > sh->nslots)
		shard_grow(sh);
	j = shard_slot(sh, mangled);
	if (sh->keys[j] == mangled) {
		while (sh->vals[j].name == NULL) {
			if (!wait) {
				pthread_mutex_unlock(&sh->lock);
				return 0;
			}
			sh->waiters++;
			pthread_cond_wait(&sh->done, &sh->lock);
			sh->waiters--;
			j = shard_slot(sh, mangled);	/* the table may have grown */
		}
		*out = sh->vals[j];
		pthread_mutex_unlock(&sh->lock);
		return 1;
	}
	sh->keys[j] = mangled;		/* ours to demangle: vals[j].name stays NULL */
	sh->used++;
	pthread_mutex_unlock(&sh->lock);

	demangle_names(mangled, c->pool, &fresh);
	if (fresh.bound != DEMANGLE_WITHIN)
		note_bounded(c, mangled, fresh.bound);

	pthread_mutex_lock(&sh->lock);
	j = shard_slot(sh, mangled);
	sh->vals[j] = fresh;
	if (sh->waiters > 0)
		pthread_cond_broadcast(&sh->done);
	pthread_mutex_unlock(&sh->lock);
	*out = fresh;
	return 1;
}

void
namecache_get(struct namecache *c, const char *mangled, struct demangled *out)
{
	lookup(c, mangled, out, 1);
}

int
namecache_try(struct namecache *c, const char *mangled, struct demangled *out)
{
	return lookup(c, mangled, out, 0);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct namecache_kept *)a)->mangled,
	    ((const struct namecache_kept *)b)->mangled);
}

void
namecache_take_bounded(struct namecache *c, struct namecache_bounded *out)
{
	pthread_mutex_lock(&c->bounded_lock);
	*out = c->bounded;
	memset(&c->bounded, 0, sizeof c->bounded);
	pthread_mutex_unlock(&c->bounded_lock);
	if (out->n > 1)
		qsort(out->v, out->n, sizeof *out->v, by_name);
}

void
namecache_notice(FILE *f, const struct namecache_bounded *b)
{
	size_t shown = b->n < NAMECACHE_NOTICE_NAMES ? b->n : NAMECACHE_NOTICE_NAMES;

	/* cppcheck-suppress knownConditionTrueFalse ; cppcheck 2.10 takes the minimum above for 0 */
	for (size_t i = 0; i < shown; i++) {
		const char *m = b->v[i].mangled;
		size_t len = strlen(m), cut = len > NAMECACHE_NOTICE_HEAD + NAMECACHE_NOTICE_TAIL;
		char *head = escape_text(m, cut ? NAMECACHE_NOTICE_HEAD : len);
		char *tail = escape_text(m + len - NAMECACHE_NOTICE_TAIL * cut, NAMECACHE_NOTICE_TAIL * cut);

		fprintf(f, "spillway: notice: kernel name kept mangled, %s: %s%s%s (%zu bytes)\n",
		    demangle_bound_text(b->v[i].why), head, cut ? "..." : "", tail, len);
		free(head);
		free(tail);
	}
	if (b->n > shown)
		fprintf(f, "spillway: notice: and %zu more kernel names kept mangled\n", b->n - shown);
}

void
namecache_bounded_free(struct namecache_bounded *b)
{
	XFREE_OWNER(b, v);
}

void
namecache_free(struct namecache *c)
{
	for (int i = 0; i < NAMECACHE_SHARDS; i++) {
		free(c->shards[i].keys);
		free(c->shards[i].vals);
		pthread_mutex_destroy(&c->shards[i].lock);
		pthread_cond_destroy(&c->shards[i].done);
	}
	namecache_bounded_free(&c->bounded);
	pthread_mutex_destroy(&c->bounded_lock);
	memset(c, 0, sizeof *c);
}
