/*
 * A string pool: strings copied into large blocks and interned, so that a
 * kernel name met on every arch is stored once and compared by pointer.
 * The pool is safe to use from several threads at once: it is split into
 * shards by hash, each with its own lock, so scan workers intern straight
 * into the model's pool.
 */
#ifndef SPILLWAY_STRPOOL_H
#define SPILLWAY_STRPOOL_H

#include <pthread.h>
#include <stddef.h>

#define STRPOOL_SHARDS 64

struct strpool_block;

struct strpool_shard {
	pthread_mutex_t		  lock;
	struct strpool_block	 *blocks;
	const char		**slots;	/* open-addressing hash table */
	size_t			  nslots, used;
};

struct strpool {
	struct strpool_shard	shards[STRPOOL_SHARDS];
};

void		 strpool_init(struct strpool *);
const char	*strpool_intern(struct strpool *, const char *s, size_t len);
const char	*strpool_intern_str(struct strpool *, const char *s);
void		 strpool_free(struct strpool *);
/* Bytes the pool holds: its blocks and hash tables (not thread-safe). */
size_t		 strpool_bytes(const struct strpool *);

#endif
