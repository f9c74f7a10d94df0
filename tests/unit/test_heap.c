/* SPDX-License-Identifier: MIT */
/*
 * The binary heap (src/util/heap.h): whatever the order of the pushes,
 * the pops come out least first, as a sort of the same elements would;
 * elements of several bytes are moved whole.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "heap.h"
#include "order.h"

static int
int_cmp(const void *a, const void *b)
{
	return order_i64(*(const int *)a, *(const int *)b);
}

/* A wide element: the key first, the rest must travel with it. */
struct wide {
	double	 key;
	size_t	 id;
	char	 tag[24];
};

static int
wide_cmp(const void *a, const void *b)
{
	const struct wide *x = a, *y = b;

	return order_then(order_f64(x->key, y->key), order_u64(x->id, y->id));
}

static void
heap_empty(void **state)
{
	struct heap h;

	(void)state;
	heap_init(&h, sizeof(int), int_cmp);
	assert_null(heap_top(&h));
	assert_int_equal(heap_count(&h), 0);
	heap_push(&h, &(int){ 7 });
	assert_int_equal(*(const int *)heap_top(&h), 7);
	assert_int_equal(heap_count(&h), 1);
	heap_free(&h);
	assert_null(heap_top(&h));
}

/* Pseudo-random ints, duplicates included, popped against a sorted copy. */
static void
heap_sorts(void **state)
{
	enum { N = 1000 };
	struct heap h;
	int in[N], sorted[N];
	uint32_t x = 12345;

	(void)state;
	heap_init(&h, sizeof(int), int_cmp);
	for (int i = 0; i < N; i++) {
		x = x * 1103515245u + 12345u;
		in[i] = (int)(x >> 16) % 100 - 50;
		heap_push(&h, &in[i]);
	}
	memcpy(sorted, in, sizeof in);
	qsort(sorted, N, sizeof *sorted, int_cmp);
	for (int i = 0; i < N; i++) {
		int v;

		assert_int_equal(*(const int *)heap_top(&h), sorted[i]);
		heap_pop(&h, &v);
		assert_int_equal(v, sorted[i]);
	}
	assert_null(heap_top(&h));
	heap_free(&h);
}

/* Pushes and pops interleaved: the least of what is in at each pop. */
static void
heap_interleaved(void **state)
{
	struct heap h;
	struct wide w;
	static const double keys[] = { 5, 3, 9, 3, 1, 8 };

	(void)state;
	heap_init(&h, sizeof(struct wide), wide_cmp);
	for (size_t i = 0; i < 4; i++) {
		w = (struct wide){ keys[i], i, "" };
		snprintf(w.tag, sizeof w.tag, "job %zu", i);
		heap_push(&h, &w);
	}
	heap_pop(&h, &w);	/* 3 (id 1) before 3 (id 3) */
	assert_true(w.key == 3 && w.id == 1);
	assert_string_equal(w.tag, "job 1");
	heap_push(&h, &(struct wide){ keys[4], 4, "job 4" });
	heap_push(&h, &(struct wide){ keys[5], 5, "job 5" });
	heap_pop(&h, &w);
	assert_true(w.key == 1 && w.id == 4);
	assert_string_equal(w.tag, "job 4");
	heap_pop(&h, &w);
	assert_true(w.key == 3 && w.id == 3);
	heap_pop(&h, &w);
	assert_true(w.key == 5 && w.id == 0);
	assert_string_equal(w.tag, "job 0");
	heap_pop(&h, &w);
	assert_true(w.key == 8 && w.id == 5);
	heap_pop(&h, &w);
	assert_true(w.key == 9 && w.id == 2);
	assert_int_equal(heap_count(&h), 0);
	heap_free(&h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(heap_empty),
		cmocka_unit_test(heap_sorts),
		cmocka_unit_test(heap_interleaved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
