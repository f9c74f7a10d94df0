/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the work after the scan (src/util/parallel.c,
 * hash.c, csvrow.c): parallel_for calls every index once whatever the
 * threads; parallel_sort gives qsort's array for any length and thread
 * count (runs, odd runs, one element, none); hash64 equals libxxhash's
 * XXH3_64bits for every length up to past its long-input threshold, at
 * unaligned addresses; csvrow quotes as RFC 4180 asks and no more.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <xxhash.h>

#include "csvrow.h"
#include "hash.h"
#include "parallel.h"

static void
count_call(void *ctx, size_t i)
{
	__atomic_fetch_add(&((int *)ctx)[i], 1, __ATOMIC_RELAXED);
}

static void
test_for_calls_each_index_once(void **state)
{
	static const size_t lengths[] = { 0, 1, 2, 3, 17, 1000, 65537 };
	static const int threads[] = { 0, 1, 2, 3, 16, 300 };

	(void)state;
	for (size_t a = 0; a < sizeof lengths / sizeof *lengths; a++)
		for (size_t b = 0; b < sizeof threads / sizeof *threads; b++) {
			int *seen = calloc(lengths[a] + 1, sizeof *seen);

			parallel_for(lengths[a], threads[b], count_call, seen);
			for (size_t i = 0; i < lengths[a]; i++)
				assert_int_equal(seen[i], 1);
			assert_int_equal(seen[lengths[a]], 0);
			free(seen);
		}
}

/* 32 bytes, as the size section's keys: a value and the index that breaks
 * its ties. */
struct key {
	uint64_t	 value;
	uint64_t	 index;
	char		 pad[16];
};

static int
key_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

static int
u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void
test_sort_equals_qsort(void **state)
{
	static const size_t lengths[] = { 0, 1, 2, 4095, 4096, 8192, 8193, 40000, 100003 };
	static const int threads[] = { 1, 2, 3, 5, 8, 16 };
	uint64_t seed = 88172645463325252ULL;

	(void)state;
	parallel_set_default(4);
	for (size_t a = 0; a < sizeof lengths / sizeof *lengths; a++) {
		size_t n = lengths[a];
		struct key *want = calloc(n + 1, sizeof *want), *got = calloc(n + 1, sizeof *got);
		uint32_t *w32 = calloc(n + 1, sizeof *w32), *g32 = calloc(n + 1, sizeof *g32);

		for (size_t i = 0; i < n; i++) {
			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			want[i].value = seed % (n / 3 + 1);	/* ties, broken by index */
			want[i].index = i;
			w32[i] = (uint32_t)(seed >> 40) % 1000;
		}
		for (size_t b = 0; b <= sizeof threads / sizeof *threads; b++) {
			int t = b < sizeof threads / sizeof *threads ? threads[b] : 0;	/* then the default */

			memcpy(got, want, n * sizeof *got);
			memcpy(g32, w32, n * sizeof *g32);
			parallel_sort(got, n, sizeof *got, key_cmp, t);
			parallel_sort(g32, n, sizeof *g32, u32_cmp, t);
			if (b == 0) {
				qsort(want, n, sizeof *want, key_cmp);
				qsort(w32, n, sizeof *w32, u32_cmp);
			}
			assert_memory_equal(got, want, n * sizeof *got + 1);
			assert_memory_equal(g32, w32, n * sizeof *g32 + 1);
		}
		free(want), free(got), free(w32), free(g32);
	}
}

static void
test_hash_is_xxh3(void **state)
{
	size_t n = 300000;
	unsigned char *b = malloc(n + 8);

	(void)state;
	for (size_t i = 0; i < n + 8; i++)
		b[i] = (unsigned char)(i * 131 + (i >> 8));
	for (size_t len = 0; len <= 4500; len++)
		assert_true(hash64(b + (len % 7), len) == XXH3_64bits(b + (len % 7), len));
	for (size_t len = 4500; len <= n; len = len * 3 / 2 + 1)
		assert_true(hash64(b + 3, len) == XXH3_64bits(b + 3, len));
	free(b);
}

static void
test_csv_fields_quoted_only_when_they_must_be(void **state)
{
	static const struct {
		const char	*in, *out;
	} cases[] = {
		{ "", "," },
		{ "sm_90", "sm_90," },
		{ "_Z3fooPf", "_Z3fooPf," },
		{ "foo(float*, int)", "\"foo(float*, int)\"," },
		{ " lead", "\" lead\"," },
		{ "tail\t", "\"tail\t\"," },
		{ "two\nlines", "\"two\nlines\"," },
		{ "say \"hi\", then", "\"say \"\"hi\"\", then\"," },
	};
	struct csvrow r = { 0 };

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		r.len = 0;
		csvrow_field(&r, cases[i].in, 0);
		assert_int_equal(r.len, strlen(cases[i].out));
		assert_memory_equal(r.buf, cases[i].out, r.len);
	}
	r.len = 0;
	csvrow_unsigned(&r, UINT64_MAX, 0);
	csvrow_number(&r, -1, 0);
	csvrow_number(&r, 0, 0);
	csvrow_empty(&r, 1);
	assert_int_equal(r.len, strlen("18446744073709551615,,0,\n"));
	assert_memory_equal(r.buf, "18446744073709551615,,0,\n", r.len);
	csvrow_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_for_calls_each_index_once),
		cmocka_unit_test(test_sort_equals_qsort),
		cmocka_unit_test(test_hash_is_xxh3),
		cmocka_unit_test(test_csv_fields_quoted_only_when_they_must_be),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
