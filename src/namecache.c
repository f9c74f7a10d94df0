#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "namecache.h"
#include "xalloc.h"

static uint64_t
ptr_hash(const void *p)
{
	return (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ULL;
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

void
namecache_free(struct namecache *c)
{
	for (int i = 0; i < NAMECACHE_SHARDS; i++) {
		free(c->shards[i].keys);
		free(c->shards[i].vals);
		pthread_mutex_destroy(&c->shards[i].lock);
		pthread_cond_destroy(&c->shards[i].done);
	}
	memset(c, 0, sizeof *c);
}
