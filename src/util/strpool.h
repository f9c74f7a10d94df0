/* SPDX-License-Identifier: MIT */
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
#include <stdint.h>

#define STRPOOL_SHARDS 64

struct strpool_block;

struct strpool_slot {
	const char		*s;
	uint64_t		 hash;
};

/* A cache line each: workers that lock neighbouring shards do not share one. */
struct strpool_shard {
	_Alignas(64) pthread_mutex_t lock;
	struct strpool_block	*blocks;
	struct strpool_slot	*slots;		/* open-addressing hash table */
	size_t			 nslots, used;
};

struct strpool {
	struct strpool_shard	shards[STRPOOL_SHARDS];
};

void		 strpool_init(struct strpool *);
const char	*strpool_intern(struct strpool *, const char *s, size_t len);
const char	*strpool_intern_str(struct strpool *, const char *s);

/*
 * One thread's memo of the strings it interned lately, by hash: a short
 * string met again and again (a bank list such as "0:904") is found there
 * without the pool's lock.  Zero it before use; it holds nothing to free.
 */
#define STRPOOL_MEMO 64

struct strpool_memo {
	const char	*slots[STRPOOL_MEMO];
};

const char	*strpool_intern_memo(struct strpool *, struct strpool_memo *, const char *s);
void		 strpool_free(struct strpool *);
/* The pool's hash of a string: keyed per run (keyhash.h), never printed. */
uint64_t	 strpool_hash(const char *s);
/* Bytes the pool holds: its blocks and hash tables (not thread-safe). */
size_t		 strpool_bytes(const struct strpool *);

#endif
