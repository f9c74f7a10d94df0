/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the names the scan workers share: the string pool's
 * per-thread memo (src/util/strpool.c) and the cache of demangled names
 * (src/readers/namecache.c), which demangles each name once even when several
 * workers meet it together.
 */
#include "config.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
	struct demangled *slot, done, out = { "untouched", NULL, NULL, 0 };
	struct waiter w = { mangled[11], { NULL, NULL, NULL, 0 } };
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

/*
 * Names kept mangled (past a demangling bound) are noted once each, however
 * often they are asked for, and come out sorted for the notice; the names
 * that demangle are not noted.
 */
static void
test_kept_mangled_noted_once(void **state)
{
	/* Two demangler bombs (tests/attacks/repro/names/demangle-bomb-26 and its
	 * like): 20 levels print 72 KiB; and a silent one. */
	static const char *const bombs[] = {
		"_Z1fI1aSt4pairIS_S_ES0_IS1_S1_ES0_IS2_S2_ES0_IS3_S3_ES0_IS4_S4_ES0_IS5_S5_ES0_IS6_S6_ES0_IS7_S7_ES0_IS8_S8_ES0_IS9_S9_ES0_ISA_SA_ES0_ISB_SB_ES0_ISC_SC_ES0_ISD_SD_ES0_ISE_SE_ES0_ISF_SF_ES0_ISG_SG_ES0_ISH_SH_ES0_ISI_SI_ES0_ISJ_SJ_ES0_ISK_SK_EEvT_",
		"_Z1fI1aSt4pairIS_S_ES0_IS1_S1_ES0_IS2_S2_ES0_IS3_S3_ES0_IS4_S4_ES0_IS5_S5_ES0_IS6_S6_ES0_IS7_S7_ES0_IS8_S8_ES0_IS9_S9_ES0_ISA_SA_ES0_ISB_SB_ES0_ISC_SC_ES0_ISD_SD_ES0_ISE_SE_ES0_ISF_SF_ES0_ISG_SG_ES0_ISH_SH_ES0_ISI_SI_ES0_ISJ_SJ_ES0_ISK_SK_ES0_ISL_SL_ES0_ISM_SM_ES0_ISN_SN_ES0_ISO_SO_ES0_ISP_SP_ES0_ISQ_SQ_EEvT_",
	};
	struct namecache_bounded kept;
	struct demangled d;
	const char *b[2];
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	for (int i = 0; i < 2; i++)
		b[i] = strpool_intern_str(&pool, bombs[i]);
	for (int round = 0; round < 3; round++) {
		namecache_get(&cache, b[1], &d);
		assert_ptr_equal(d.name, b[1]);
		namecache_get(&cache, mangled[3], &d);
		namecache_get(&cache, b[0], &d);
		assert_int_equal(d.bound, DEMANGLE_TOO_LONG);
	}
	namecache_take_bounded(&cache, &kept);
	assert_int_equal(kept.n, 2);
	assert_ptr_equal(kept.v[0].mangled, b[0]);	/* "...SK_EEvT_" < "...SK_ES0_..." */
	assert_ptr_equal(kept.v[1].mangled, b[1]);
	assert_int_equal(kept.v[1].why, DEMANGLE_TOO_LONG);

	f = open_memstream(&text, &len);
	assert_non_null(f);
	namecache_notice(f, &kept);
	fclose(f);
	assert_non_null(strstr(text, "spillway: notice: kernel name kept mangled, its demangled form passes 64 KiB: "
	    "_Z1fI1aSt4pairIS_S_ES0_IS1_S1_"));
	assert_non_null(strstr(text, "...H_ES0_ISI_SI_ES0_ISJ_SJ_ES0_ISK_SK_EEvT_ (244 bytes)\n"));
	free(text);
	namecache_bounded_free(&kept);

	/* Taken: a second take is empty. */
	namecache_take_bounded(&cache, &kept);
	assert_int_equal(kept.n, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_memo_gives_pool_pointers, setup, teardown),
		cmocka_unit_test_setup_teardown(test_try_demangles_a_new_name, setup, teardown),
		cmocka_unit_test_setup_teardown(test_threads_get_the_same_names, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_name_in_progress_waits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kept_mangled_noted_once, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
