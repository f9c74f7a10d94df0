/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <assert.h>
#include <string.h>

#include "heap.h"
#include "xalloc.h"

void
heap_init(struct heap *h, size_t size, int (*cmp)(const void *, const void *))
{
	assert(size > 0 && size <= HEAP_ELEM_MAX);
	memset(h, 0, sizeof *h);
	h->size = size;
	h->cmp = cmp;
}

static void
heap_swap(struct heap *h, size_t a, size_t b)
{
	unsigned char t[HEAP_ELEM_MAX];

	memcpy(t, h->v + a * h->size, h->size);
	memcpy(h->v + a * h->size, h->v + b * h->size, h->size);
	memcpy(h->v + b * h->size, t, h->size);
}

static int
heap_less(const struct heap *h, size_t a, size_t b)
{
	return h->cmp(h->v + a * h->size, h->v + b * h->size) < 0;
}

void
heap_push(struct heap *h, const void *e)
{
	size_t i = h->n;

	xgrow((void **)&h->v, &h->cap, h->n + 1, h->size);
	memcpy(h->v + i * h->size, e, h->size);
	h->n++;
	while (i > 0 && heap_less(h, i, (i - 1) / 2)) {
		heap_swap(h, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

const void *
heap_top(const struct heap *h)
{
	return h->n > 0 ? h->v : NULL;
}

void
heap_pop(struct heap *h, void *out)
{
	size_t i = 0;

	memcpy(out, h->v, h->size);
	if (--h->n == 0)
		return;
	memcpy(h->v, h->v + h->n * h->size, h->size);
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, least = i;

		if (l < h->n && heap_less(h, l, least))
			least = l;
		if (r < h->n && heap_less(h, r, least))
			least = r;
		if (least == i)
			break;
		heap_swap(h, i, least);
		i = least;
	}
}

size_t
heap_count(const struct heap *h)
{
	return h->n;
}

void
heap_free(struct heap *h)
{
	XFREE_OWNER(h, v);
}
