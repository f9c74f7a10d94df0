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
	for (int i = 0; i < NAMECACHE_SHARDS; i++)
		pthread_mutex_init(&c->shards[i].lock, NULL);
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

void
namecache_get(struct namecache *c, const char *mangled, struct demangled *out)
{
	struct namecache_shard *sh = &c->shards[ptr_hash(mangled) >> 58];
	struct demangled fresh;
	size_t j;

	pthread_mutex_lock(&sh->lock);
	if (sh->nslots > 0) {
		j = shard_slot(sh, mangled);
		if (sh->keys[j] == mangled) {
			*out = sh->vals[j];
			pthread_mutex_unlock(&sh->lock);
			return;
		}
	}
	pthread_mutex_unlock(&sh->lock);

	/* Demangle without the lock: two workers may both do it once, and
	 * the first to store wins; the results are equal anyway. */
	demangle_names(mangled, c->pool, &fresh);

	pthread_mutex_lock(&sh->lock);
	if ((sh->used + 1) * 2 > sh->nslots)
		shard_grow(sh);
	j = shard_slot(sh, mangled);
	if (sh->keys[j] == NULL) {
		sh->keys[j] = mangled;
		sh->vals[j] = fresh;
		sh->used++;
	}
	*out = sh->vals[j];
	pthread_mutex_unlock(&sh->lock);
}

void
namecache_free(struct namecache *c)
{
	for (int i = 0; i < NAMECACHE_SHARDS; i++) {
		free(c->shards[i].keys);
		free(c->shards[i].vals);
		pthread_mutex_destroy(&c->shards[i].lock);
	}
	memset(c, 0, sizeof *c);
}
