/*
 * cmocka tests for the names the scan workers share: the string pool's
 * per-thread memo (src/strpool.c) and the cache of demangled names
 * (src/namecache.c), which demangles each name once even when several
 * workers meet it together.
 */
#include "config.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "demangle.h"
#include "namecache.h"
#include "strpool.h"

#define NAMES	600
#define THREADS	8

static struct strpool pool;
static struct namecache cache;
static const char *mangled[NAMES];	/* interned: void f<i>() */

static int
setup(void **state)
{
	(void)state;
	strpool_init(&pool);
	namecache_init(&cache, &pool);
	for (int i = 0; i < NAMES; i++) {
		char buf[64];

		snprintf(buf, sizeof buf, "_Z1fILi%dEEvv", i);
		mangled[i] = strpool_intern_str(&pool, buf);
	}
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	namecache_free(&cache);
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

static void
test_try_demangles_a_new_name(void **state)
{
	struct demangled got, want;

	(void)state;
	assert_int_equal(namecache_try(&cache, mangled[7], &got), 1);
	demangle_names(mangled[7], &pool, &want);
	assert_string_equal(got.name, "void f<7>()");
	assert_ptr_equal(got.name, want.name);
	assert_ptr_equal(got.collapsed, want.collapsed);
	assert_ptr_equal(got.ns, want.ns);
}

struct getter {
	int			 start;
	struct demangled	*out;	/* NAMES of them */
};

static void *
get_all(void *arg)
{
	struct getter *g = arg;

	for (int k = 0; k < NAMES; k++) {
		int i = (g->start + k * 7) % NAMES;

		namecache_get(&cache, mangled[i], &g->out[i]);
	}
	return NULL;
}

/* Threads that ask for the same names at once, each in its own order, all
 * get the same interned strings, and the right ones. */
static void
test_threads_get_the_same_names(void **state)
{
	static struct demangled got[THREADS][NAMES];
	struct getter g[THREADS];
	pthread_t t[THREADS];

	(void)state;
	for (int k = 0; k < THREADS; k++) {
		g[k].start = k * 75;
		g[k].out = got[k];
		assert_int_equal(pthread_create(&t[k], NULL, get_all, &g[k]), 0);
	}
	for (int k = 0; k < THREADS; k++)
		pthread_join(t[k], NULL);
	for (int i = 0; i < NAMES; i++) {
		char want[64];

		snprintf(want, sizeof want, "void f<%d>()", i);
		assert_string_equal(got[0][i].name, want);
		assert_string_equal(got[0][i].collapsed, "f");
		for (int k = 1; k < THREADS; k++) {
			assert_ptr_equal(got[k][i].name, got[0][i].name);
			assert_ptr_equal(got[k][i].collapsed, got[0][i].collapsed);
			assert_ptr_equal(got[k][i].ns, got[0][i].ns);
		}
	}
}

/* The slot a cached name sits in (white box: the shards are public). */
static struct demangled *
slot_of(const char *name, struct namecache_shard **shard)
{
	for (int s = 0; s < NAMECACHE_SHARDS; s++) {
		struct namecache_shard *sh = &cache.shards[s];

		for (size_t j = 0; j < sh->nslots; j++)
			if (sh->keys[j] == name) {
				*shard = sh;
				return &sh->vals[j];
			}
	}
	return NULL;
}

struct waiter {
	const char		*name;
	struct demangled	 out;
};

static void *
wait_for_name(void *arg)
{
	struct waiter *w = arg;

	namecache_get(&cache, w->name, &w->out);
	return NULL;
}

/* While another worker demangles a name (its slot holds no name yet), try
 * returns 0 and leaves out alone, and get waits until the name is there. */
static void
test_a_name_in_progress_waits(void **state)
{
	struct namecache_shard *sh = NULL;
	struct demangled *slot, done, out = { "untouched", NULL, NULL };
	struct waiter w = { mangled[11], { NULL, NULL, NULL } };
	pthread_t t;
	size_t waiters = 0;

	(void)state;
	namecache_get(&cache, mangled[11], &done);
	assert_non_null(slot = slot_of(mangled[11], &sh));

	pthread_mutex_lock(&sh->lock);
	slot->name = NULL;		/* as while its first worker demangles it */
	pthread_mutex_unlock(&sh->lock);
	assert_int_equal(namecache_try(&cache, mangled[11], &out), 0);
	assert_string_equal(out.name, "untouched");

	assert_int_equal(pthread_create(&t, NULL, wait_for_name, &w), 0);
	for (int i = 0; i < 2000 && waiters == 0; i++) {
		usleep(1000);
		pthread_mutex_lock(&sh->lock);
		waiters = sh->waiters;
		pthread_mutex_unlock(&sh->lock);
	}
	assert_int_equal(waiters, 1);
	assert_null(w.out.name);

	pthread_mutex_lock(&sh->lock);
	slot->name = done.name;		/* as its worker does when done */
	pthread_cond_broadcast(&sh->done);
	pthread_mutex_unlock(&sh->lock);
	pthread_join(t, NULL);
	assert_ptr_equal(w.out.name, done.name);
	assert_ptr_equal(w.out.collapsed, done.collapsed);
	assert_int_equal(namecache_try(&cache, mangled[11], &out), 1);
	assert_ptr_equal(out.name, done.name);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_memo_gives_pool_pointers, setup, teardown),
		cmocka_unit_test_setup_teardown(test_try_demangles_a_new_name, setup, teardown),
		cmocka_unit_test_setup_teardown(test_threads_get_the_same_names, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_name_in_progress_waits, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
