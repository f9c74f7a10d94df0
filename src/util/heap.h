/* SPDX-License-Identifier: MIT */
/*
 * A binary heap of small fixed-size elements, least first by cmp: for a
 * loop that takes the least of a changing set (the free slots of -jN, the
 * lanes of a recorded schedule, the candidate pairs of the heaviest).
 * Elements are copied in and out; cmp is qsort's.
 */
#ifndef SPILLWAY_HEAP_H
#define SPILLWAY_HEAP_H

#include <stddef.h>

/* The largest element: a swap goes through a buffer of this size on the
 * stack. */
#define HEAP_ELEM_MAX	64

struct heap {
	unsigned char	*v;
	size_t		 n, cap, size;
	int		(*cmp)(const void *, const void *);
};

/* An empty heap of elements of size bytes (at most HEAP_ELEM_MAX). */
void		 heap_init(struct heap *, size_t size, int (*cmp)(const void *, const void *));
void		 heap_push(struct heap *, const void *elem);
/* The least element, NULL when the heap is empty. */
const void	*heap_top(const struct heap *);
/* Copies the least element to out and removes it; the heap is not empty. */
void		 heap_pop(struct heap *, void *out);
size_t		 heap_count(const struct heap *);
void		 heap_free(struct heap *);

#endif
