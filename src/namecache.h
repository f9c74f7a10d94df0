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

/*
 * A cache line each, as the pool's shards.  A name being demangled has
 * its key in place and a NULL vals[].name until its worker is done.
 */
struct namecache_shard {
	_Alignas(64) pthread_mutex_t lock;
	pthread_cond_t		  done;		/* a name was demangled, for waiters */
	const char		**keys;
	struct demangled	 *vals;
	size_t			  nslots, used, waiters;
};

struct namecache {
	struct strpool		*pool;		/* where demangled names are interned */
	struct namecache_shard	 shards[NAMECACHE_SHARDS];
};

void	namecache_init(struct namecache *, struct strpool *pool);
/*
 * mangled must be interned in the cache's pool.  The first thread to ask
 * for a name demangles it; get waits while another thread does, try
 * returns 0 then and leaves out alone (ask again later, with get).
 */
void	namecache_get(struct namecache *, const char *mangled, struct demangled *out);
int	namecache_try(struct namecache *, const char *mangled, struct demangled *out);
void	namecache_free(struct namecache *);

#endif
