/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "keyhash.h"
#include "strpool.h"
#include "xalloc.h"

#define BLOCK_BYTES (64 * 1024)

struct strpool_block {
	struct strpool_block	*next;
	size_t			 used, size;
	char			 data[];
};

/*
 * Keyed (keyhash.h): the names are the input's, and with a hash anyone can
 * invert, 120,000 names of one hash took a minute to intern.  Both the
 * high bits (the shard) and the low bits (the slot) depend on every byte.
 */
static uint64_t
hash_bytes(const char *s, size_t len)
{
	return keyhash_bytes(s, len);
}

uint64_t
strpool_hash(const char *s)
{
	return hash_bytes(s, strlen(s));
}

void
strpool_init(struct strpool *p)
{
	memset(p, 0, sizeof *p);
	for (int i = 0; i < STRPOOL_SHARDS; i++)
		pthread_mutex_init(&p->shards[i].lock, NULL);
}

static char *
shard_alloc(struct strpool_shard *sh, size_t n)
{
	struct strpool_block *b = sh->blocks;

	if (b == NULL || b->size - b->used < n) {
		size_t size = n > BLOCK_BYTES ? n : BLOCK_BYTES;

		b = xmalloc(sizeof *b + size);
		b->size = size;
		b->used = 0;
		b->next = sh->blocks;
		sh->blocks = b;
	}
	b->used += n;
	return b->data + b->used - n;
}

/* Slots hold strings and their hashes; the high bits of the hash pick the
 * shard, the low bits the slot, so the two do not correlate. */
static void
shard_rehash(struct strpool_shard *sh)
{
	size_t n = sh->nslots ? sh->nslots * 2 : 256;
	struct strpool_slot *slots = xcalloc(n, sizeof *slots);

	for (size_t i = 0; i < sh->nslots; i++) {
		size_t j;

		if (sh->slots[i].s == NULL)
			continue;
		j = sh->slots[i].hash & (n - 1);
		while (slots[j].s != NULL)
			j = (j + 1) & (n - 1);
		slots[j] = sh->slots[i];
	}
	free(sh->slots);
	sh->slots = slots;
	sh->nslots = n;
}

static const char *
intern_hashed(struct strpool *p, const char *s, size_t len, uint64_t h)
{
	struct strpool_shard *sh = &p->shards[h >> 58];
	const char *found = NULL;
	size_t j;
	char *copy;

	pthread_mutex_lock(&sh->lock);
	if (sh->used * 2 >= sh->nslots)
		shard_rehash(sh);
	for (j = h & (sh->nslots - 1); sh->slots[j].s != NULL; j = (j + 1) & (sh->nslots - 1)) {
		const char *t = sh->slots[j].s;

		if (sh->slots[j].hash == h && strncmp(t, s, len) == 0 && t[len] == '\0') {
			found = t;
			break;
		}
	}
	if (found == NULL) {
		copy = shard_alloc(sh, len + 1);
		memcpy(copy, s, len);
		copy[len] = '\0';
		sh->slots[j].s = copy;
		sh->slots[j].hash = h;
		sh->used++;
		found = copy;
	}
	pthread_mutex_unlock(&sh->lock);
	return found;
}

const char *
strpool_intern(struct strpool *p, const char *s, size_t len)
{
	return intern_hashed(p, s, len, hash_bytes(s, len));
}

const char *
strpool_intern_memo(struct strpool *p, struct strpool_memo *m, const char *s)
{
	size_t len = strlen(s);
	uint64_t h = hash_bytes(s, len);
	const char **slot = &m->slots[h % STRPOOL_MEMO];

	if (*slot == NULL || strcmp(*slot, s) != 0)
		*slot = intern_hashed(p, s, len, h);
	return *slot;
}

const char *
strpool_intern_str(struct strpool *p, const char *s)
{
	return strpool_intern(p, s, strlen(s));
}

void
strpool_free(struct strpool *p)
{
	for (int i = 0; i < STRPOOL_SHARDS; i++) {
		struct strpool_shard *sh = &p->shards[i];
		struct strpool_block *b = sh->blocks, *next;

		for (; b != NULL; b = next) {
			next = b->next;
			free(b);
		}
		free(sh->slots);
		pthread_mutex_destroy(&sh->lock);
	}
	memset(p, 0, sizeof *p);
}

size_t
strpool_bytes(const struct strpool *p)
{
	size_t n = 0;

	for (int i = 0; i < STRPOOL_SHARDS; i++) {
		const struct strpool_shard *sh = &p->shards[i];

		for (const struct strpool_block *b = sh->blocks; b != NULL; b = b->next)
			n += sizeof *b + b->size;
		n += sh->nslots * sizeof *sh->slots;
	}
	return n;
}
