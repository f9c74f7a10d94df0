/* SPDX-License-Identifier: MIT */
/*
 * Three-way comparisons for qsort's comparators: -1, 0 or 1.  A
 * comparator of several keys reads as the list of them, the first that
 * differs deciding:
 *
 *	return order_then(order_f64(x->t, y->t), order_u64(x->job, y->job));
 *
 * (every key in the list is compared; a costly one, a strcmp, goes last
 * behind a test of its own).  Descending: the arguments swapped.
 */
#ifndef SPILLWAY_ORDER_H
#define SPILLWAY_ORDER_H

#include <stdint.h>

static inline int
order_u64(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

static inline int
order_i64(int64_t a, int64_t b)
{
	return (a > b) - (a < b);
}

/* Unequal is decided by <, as the comparators spelled out did. */
static inline int
order_f64(double a, double b)
{
	return a != b ? (a < b ? -1 : 1) : 0;
}

/* Pointers compared as addresses (interned strings: equal is the same). */
static inline int
order_ptr(const void *a, const void *b)
{
	return order_u64((uintptr_t)a, (uintptr_t)b);
}

static inline int
order_then(int first, int next)
{
	return first != 0 ? first : next;
}

#endif
