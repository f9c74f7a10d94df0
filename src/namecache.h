/*
 * Demangled names, each computed once per scan: a kernel's mangled name
 * recurs on every arch and in every worker.  Keyed by the interned mangled
 * pointer; safe to use from several threads (sharded, a lock per shard).
 */
#ifndef SPILLWAY_NAMECACHE_H
#define SPILLWAY_NAMECACHE_H

#include <pthread.h>
#include <stddef.h>

#include "demangle.h"

#define NAMECACHE_SHARDS 64

struct namecache_shard {
	pthread_mutex_t		  lock;
	const char		**keys;
	struct demangled	 *vals;
	size_t			  nslots, used;
};

struct namecache {
	struct strpool		*pool;		/* where demangled names are interned */
	struct namecache_shard	 shards[NAMECACHE_SHARDS];
};

void	namecache_init(struct namecache *, struct strpool *pool);
/* mangled must be interned in the cache's pool. */
void	namecache_get(struct namecache *, const char *mangled, struct demangled *out);
void	namecache_free(struct namecache *);

#endif
