/* SPDX-License-Identifier: MIT */
/*
 * The largest key in a range of indices, O(log n) a query: a segment tree
 * over n keys, each node the index of the largest key below it.  A key
 * below 0 is absent (never an answer); of equal keys the lowest index
 * wins, so an answer never depends on the tree's shape.  The schedule
 * finds the heaviest partner of a job among those running with it so.
 */
#ifndef SPILLWAY_RANGEMAX_H
#define SPILLWAY_RANGEMAX_H

#include <stddef.h>
#include <stdint.h>

struct rangemax {
	size_t		*best;	/* per node: the index of the largest key below, n when none */
	size_t		 leaves, n;
	const int64_t	*key;	/* the caller's, read by every query */
};

/* Builds the tree over key[0 .. n-1], which must outlive it.  O(n). */
void	rangemax_init(struct rangemax *, const int64_t *key, size_t n);
/* The index in [lo, hi) of the largest key present, n when none. */
size_t	rangemax_query(const struct rangemax *, size_t lo, size_t hi);
void	rangemax_free(struct rangemax *);

#endif
