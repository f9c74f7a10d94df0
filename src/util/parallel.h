/* SPDX-License-Identifier: MIT */
/*
 * Work after the scan spread over the cores, as the scan is: fn(ctx, i)
 * for every i below n, each once, on up to `threads` threads (the
 * caller's among them), taken in order from one counter; returns when
 * every call has returned.  A thread that cannot be started leaves its
 * share to the others: the result is the same, only later.  threads 0:
 * parallel_set_default's.
 */
#ifndef SPILLWAY_PARALLEL_H
#define SPILLWAY_PARALLEL_H

#include <stddef.h>

void	parallel_for(size_t n, int threads, void (*fn)(void *ctx, size_t i), void *ctx);
/*
 * qsort's result, on up to `threads` threads: runs sorted at once, then
 * merged in pairs, a round's merges at once.  cmp must order every pair
 * of elements (ties broken down to an index) for the result to be one
 * array whatever the threads; below some thousands of elements, qsort.
 */
void	parallel_sort(void *base, size_t n, size_t size,
	    int (*cmp)(const void *, const void *), int threads);
/*
 * At most n threads, fewer under ulimit -v: threads whose stacks would
 * take more than a quarter of the address space allowed are not started,
 * so that the rest is left for what they read (each stack is address
 * space, 8 MiB by default, whether it is used or not).  At least 1.
 */
int	parallel_fit_threads(int n);
/* The threads a 0 above stands for: -T's (the scan's workers), set once
 * by main; 1 until then. */
void	parallel_set_default(int threads);

#endif
