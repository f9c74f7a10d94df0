/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rangemax.h"
#include "xalloc.h"

/* Of two indices (n: none), the one of the larger key, the lower on a tie. */
static size_t
better(const struct rangemax *t, size_t a, size_t b)
{
	if (b == t->n)
		return a;
	if (a == t->n)
		return b;
	if (t->key[a] != t->key[b])
		return t->key[a] > t->key[b] ? a : b;
	return a < b ? a : b;
}

void
rangemax_init(struct rangemax *t, const int64_t *key, size_t n)
{
	t->n = n;
	t->key = key;
	for (t->leaves = 1; t->leaves < n; t->leaves *= 2)
		;
	t->best = xcalloc(2 * t->leaves, sizeof *t->best);
	for (size_t i = 0; i < 2 * t->leaves; i++)
		t->best[i] = n;
	for (size_t i = 0; i < n; i++)
		if (key[i] >= 0)
			t->best[t->leaves + i] = i;
	for (size_t i = t->leaves - 1; i > 0; i--)
		t->best[i] = better(t, t->best[2 * i], t->best[2 * i + 1]);
}

size_t
rangemax_query(const struct rangemax *t, size_t lo, size_t hi)
{
	size_t best = t->n;

	if (hi > t->n)
		hi = t->n;
	for (lo += t->leaves, hi += t->leaves; lo < hi; lo /= 2, hi /= 2) {
		if (lo & 1)
			best = better(t, best, t->best[lo++]);
		if (hi & 1)
			best = better(t, best, t->best[--hi]);
	}
	return best;
}

void
rangemax_free(struct rangemax *t)
{
	XFREE_OWNER(t, best);
}
