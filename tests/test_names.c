/*
 * cmocka tests for the names the scan workers share: the string pool's
 * per-thread memo (src/strpool.c).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "strpool.h"

static struct strpool pool;

static int
setup(void **state)
{
	(void)state;
	strpool_init(&pool);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	strpool_free(&pool);
	return 0;
}

/* The memo gives the pool's own pointer, before and after a string that
 * takes its slot, and for strings that share a slot in turn. */
static void
test_memo_gives_pool_pointers(void **state)
{
	struct strpool_memo memo;
	char buf[32];

	(void)state;
	memset(&memo, 0, sizeof memo);
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < 4 * STRPOOL_MEMO; i++) {
			snprintf(buf, sizeof buf, "0:%d", 896 + i);
			assert_ptr_equal(strpool_intern_memo(&pool, &memo, buf), strpool_intern_str(&pool, buf));
		}
	}
	assert_string_equal(strpool_intern_memo(&pool, &memo, ""), "");
	assert_ptr_equal(strpool_intern_memo(&pool, &memo, ""), strpool_intern_str(&pool, ""));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_memo_gives_pool_pointers, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
