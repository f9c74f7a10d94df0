/* SPDX-License-Identifier: MIT */
/*
 * Demangled names, each computed once per scan: a kernel's mangled name
 * recurs on every arch and in every worker.  Keyed by the interned mangled
 * pointer; safe to use from several threads (sharded, a lock per shard).
 */
#ifndef SPILLWAY_NAMECACHE_H
#define SPILLWAY_NAMECACHE_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

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

/*
 * The names kept mangled because demangling them would pass a bound
 * (demangle.h), each once however often it recurs: what the notice says
 * after the scan.  The names are interned in the cache's pool.
 */
struct namecache_kept {
	const char	*mangled;
	int		 why;		/* enum demangle_bound */
};

struct namecache_bounded {
	struct namecache_kept	*v;
	size_t			 n, cap;
};

struct namecache {
	struct strpool		*pool;		/* where demangled names are interned */
	struct namecache_shard	 shards[NAMECACHE_SHARDS];
	pthread_mutex_t		 bounded_lock;
	struct namecache_bounded bounded;
};

void	namecache_init(struct namecache *, struct strpool *pool);
/*
 * mangled must be interned in the cache's pool.  The first thread to ask
 * for a name demangles it; get waits while another thread does, try
 * returns 0 then and leaves out alone (ask again later, with get).
 */
void	namecache_get(struct namecache *, const char *mangled, struct demangled *out);
int	namecache_try(struct namecache *, const char *mangled, struct demangled *out);
/* Moves the names kept mangled out of the cache into *out (sorted, so
 * that the notice does not depend on which worker met them first). */
void	namecache_take_bounded(struct namecache *, struct namecache_bounded *out);
/*
 * The notice: one line per name (the first NAMECACHE_NOTICE_NAMES, each
 * escaped, a long one shown by its head and tail: bombs share long
 * prefixes) and a count of the rest.  Nothing when no name was kept
 * mangled.
 */
#define NAMECACHE_NOTICE_NAMES	8
#define NAMECACHE_NOTICE_HEAD	72
#define NAMECACHE_NOTICE_TAIL	40
void	namecache_notice(FILE *, const struct namecache_bounded *);
void	namecache_bounded_free(struct namecache_bounded *);
void	namecache_free(struct namecache *);

#endif
