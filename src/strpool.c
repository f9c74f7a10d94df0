#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strpool.h"
#include "xalloc.h"

#define BLOCK_BYTES (64 * 1024)

struct strpool_block {
	struct strpool_block	*next;
	size_t			 used, size;
	char			 data[];
};

static uint64_t
hash_bytes(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

void
strpool_init(struct strpool *p)
{
	memset(p, 0, sizeof *p);
}

static char *
strpool_alloc(struct strpool *p, size_t n)
{
	struct strpool_block *b = p->blocks;

	if (b == NULL || b->size - b->used < n) {
		size_t size = n > BLOCK_BYTES ? n : BLOCK_BYTES;

		b = xmalloc(sizeof *b + size);
		b->size = size;
		b->used = 0;
		b->next = p->blocks;
		p->blocks = b;
	}
	b->used += n;
	return b->data + b->used - n;
}

static void
strpool_rehash(struct strpool *p)
{
	size_t n = p->nslots ? p->nslots * 2 : 1024;
	const char **slots = xcalloc(n, sizeof *slots);

	for (size_t i = 0; i < p->nslots; i++) {
		const char *s = p->slots[i];
		size_t j;

		if (s == NULL)
			continue;
		j = hash_bytes(s, strlen(s)) & (n - 1);
		while (slots[j] != NULL)
			j = (j + 1) & (n - 1);
		slots[j] = s;
	}
	free(p->slots);
	p->slots = slots;
	p->nslots = n;
}

const char *
strpool_intern(struct strpool *p, const char *s, size_t len)
{
	size_t j;
	char *copy;

	if (p->used * 2 >= p->nslots)
		strpool_rehash(p);
	j = hash_bytes(s, len) & (p->nslots - 1);
	while (p->slots[j] != NULL) {
		const char *t = p->slots[j];

		if (strncmp(t, s, len) == 0 && t[len] == '\0')
			return t;
		j = (j + 1) & (p->nslots - 1);
	}
	copy = strpool_alloc(p, len + 1);
	memcpy(copy, s, len);
	copy[len] = '\0';
	p->slots[j] = copy;
	p->used++;
	return copy;
}

const char *
strpool_intern_str(struct strpool *p, const char *s)
{
	return strpool_intern(p, s, strlen(s));
}

void
strpool_adopt(struct strpool *dst, struct strpool *src)
{
	struct strpool_block *b = src->blocks, *next;

	for (; b != NULL; b = next) {
		next = b->next;
		b->next = dst->blocks ? dst->blocks->next : NULL;
		if (dst->blocks)
			dst->blocks->next = b;
		else
			dst->blocks = b;
	}
	src->blocks = NULL;
	free(src->slots);
	src->slots = NULL;
	src->nslots = src->used = 0;
}

void
strpool_free(struct strpool *p)
{
	struct strpool_block *b = p->blocks, *next;

	for (; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	free(p->slots);
	memset(p, 0, sizeof *p);
}
