/* SPDX-License-Identifier: MIT */
/*
 * The range-max tree (src/util/rangemax.h) against a plain scan of every
 * range: the largest key present, the lowest index on a tie, none (n)
 * where every key is absent (below 0).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rangemax.h"

static size_t
scan_max(const int64_t *key, size_t n, size_t lo, size_t hi)
{
	size_t best = n;

	for (size_t i = lo; i < hi && i < n; i++)
		if (key[i] >= 0 && (best == n || key[i] > key[best]))
			best = i;
	return best;
}

static void
rangemax_small(void **state)
{
	static const int64_t key[] = { 4, -1, 9, 9, 0, -1, 2 };
	struct rangemax t;

	(void)state;
	rangemax_init(&t, key, 7);
	assert_int_equal(rangemax_query(&t, 0, 7), 2);	/* 9 at 2 and 3: the lower */
	assert_int_equal(rangemax_query(&t, 3, 7), 3);
	assert_int_equal(rangemax_query(&t, 4, 7), 6);
	assert_int_equal(rangemax_query(&t, 5, 6), 7);	/* absent: none */
	assert_int_equal(rangemax_query(&t, 1, 2), 7);
	assert_int_equal(rangemax_query(&t, 4, 5), 4);	/* 0 is a key */
	assert_int_equal(rangemax_query(&t, 3, 3), 7);	/* empty range */
	rangemax_free(&t);
}

/* Every range of every size up to 40, keys with ties and absences. */
static void
rangemax_every_range(void **state)
{
	int64_t key[40];
	uint32_t x = 99;

	(void)state;
	for (size_t n = 0; n <= 40; n++) {
		struct rangemax t;

		for (size_t i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			key[i] = (int64_t)((x >> 16) % 7) - 2;	/* -2 .. 4 */
		}
		rangemax_init(&t, key, n);
		for (size_t lo = 0; lo <= n; lo++)
			for (size_t hi = lo; hi <= n; hi++)
				assert_int_equal(rangemax_query(&t, lo, hi), scan_max(key, n, lo, hi));
		rangemax_free(&t);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rangemax_small),
		cmocka_unit_test(rangemax_every_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
