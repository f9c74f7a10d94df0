/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the decompression buffers' budget (src/util/membudget.c):
 * workers that take and give back from several threads never hold more
 * than the limit together, one request larger than the limit is served
 * alone, and a worker that waits is served once the others give back or
 * the limit moves up; a limit moved under what is held asks for it back;
 * a try neither waits nor goes before one who does; pages handed to the
 * first in line count as held by it, no more than it lacks, and it waits
 * only for the rest.
 */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "membudget.h"

#define LIMIT	((size_t)100)
#define ROUNDS	2000

struct taker {
	struct membudget	*b;
	unsigned		 seed;
	int			 over;	/* times the sum passed the limit */
};

struct waiter {
	struct membudget	*b;
	size_t			 bytes;
	volatile int		 served;
};

static void *
take_one(void *arg)
{
	struct waiter *w = arg;

	membudget_take(w->b, w->bytes);
	w->served = 1;
	return NULL;
}

static void *
take_and_give(void *arg)
{
	struct taker *t = arg;

	for (int i = 0; i < ROUNDS; i++) {
		size_t n = 1 + (size_t)(rand_r(&t->seed) % 60);

		membudget_take(t->b, n);
		pthread_mutex_lock(&t->b->lock);
		if (t->b->used > LIMIT)
			t->over++;
		pthread_mutex_unlock(&t->b->lock);
		sched_yield();	/* hold it a while, so that others contend */
		membudget_give(t->b, n);
	}
	return NULL;
}

static void
test_limit_holds_across_threads(void **state)
{
	struct membudget b;
	struct taker t[8];
	pthread_t th[8];

	(void)state;
	membudget_init(&b, LIMIT);
	for (int i = 0; i < 8; i++) {
		t[i].b = &b;
		t[i].seed = (unsigned)i + 1;
		t[i].over = 0;
		assert_int_equal(pthread_create(&th[i], NULL, take_and_give, &t[i]), 0);
	}
	for (int i = 0; i < 8; i++) {
		pthread_join(th[i], NULL);
		assert_int_equal(t[i].over, 0);
	}
	assert_true(b.peak <= LIMIT);
	assert_int_equal(b.used, 0);
	membudget_free(&b);
}

/* Starts a thread that takes bytes from b. */
static void
start_taker(struct waiter *w, struct membudget *b, size_t bytes, pthread_t *th)
{
	w->b = b;
	w->bytes = bytes;
	w->served = 0;
	assert_int_equal(pthread_create(th, NULL, take_one, w), 0);
}

/* Returns once the first in line lacks room: it says how much, so that
 * holders give back. */
static void
wait_until_short(struct membudget *b)
{
	while (!membudget_short(b))
		sched_yield();
}

/* Holds held bytes of b, then starts a taker of bytes that do not fit, and
 * returns once it waits in line. */
static void
start_blocked_taker(struct waiter *w, struct membudget *b, size_t held, size_t bytes, pthread_t *th)
{
	membudget_take(b, held);
	start_taker(w, b, bytes, th);
	wait_until_short(b);
	assert_int_equal(w->served, 0);
}

static void
test_two_that_fit_are_held_at_once(void **state)
{
	struct membudget b;
	struct waiter w;
	pthread_t th;

	(void)state;
	membudget_init(&b, LIMIT);
	membudget_take(&b, 40);
	start_taker(&w, &b, 50, &th);
	pthread_join(th, NULL);	/* 40 + 50 fit: it did not wait for a give */
	assert_int_equal(w.served, 1);
	assert_int_equal(b.used, 90);
	assert_int_equal(b.peak, 90);
	assert_false(membudget_short(&b));
	membudget_give(&b, 40);
	membudget_give(&b, 50);
	membudget_free(&b);
}

static void
test_oversize_is_served_alone(void **state)
{
	struct membudget b;

	(void)state;
	membudget_init(&b, LIMIT);
	membudget_take(&b, 3 * LIMIT);	/* nothing else held: served */
	assert_int_equal(b.used, 3 * LIMIT);
	membudget_give(&b, 3 * LIMIT);
	assert_int_equal(b.used, 0);
	membudget_free(&b);
}

static void
test_waiter_is_served_after_a_give(void **state)
{
	struct membudget b;
	struct waiter w;
	pthread_t th;

	(void)state;
	membudget_init(&b, LIMIT);
	start_blocked_taker(&w, &b, 80, 50, &th);
	membudget_give(&b, 80);
	pthread_join(th, NULL);
	assert_int_equal(w.served, 1);
	assert_int_equal(b.used, 50);
	membudget_give(&b, 50);
	membudget_free(&b);
}

static void
test_raised_limit_serves_a_waiter(void **state)
{
	struct membudget b;
	struct waiter w;
	pthread_t th;

	(void)state;
	membudget_init(&b, LIMIT);
	start_blocked_taker(&w, &b, 80, 50, &th);
	membudget_set_limit(&b, 130);	/* 80 + 50 fit now, nothing given */
	pthread_join(th, NULL);
	assert_int_equal(w.served, 1);
	assert_int_equal(b.used, 130);
	assert_false(membudget_short(&b));
	membudget_give(&b, 130);
	membudget_free(&b);
}

static void
test_lowered_limit_asks_for_bytes_back(void **state)
{
	struct membudget b;

	(void)state;
	membudget_init(&b, LIMIT);
	membudget_take(&b, 60);
	assert_false(membudget_short(&b));
	membudget_set_limit(&b, 50);	/* 60 held, 50 allowed: give back */
	assert_true(membudget_short(&b));
	membudget_give(&b, 20);
	assert_false(membudget_short(&b));
	membudget_give(&b, 40);
	membudget_free(&b);
}

static void
test_try_take_neither_waits_nor_jumps_the_line(void **state)
{
	struct membudget b;
	struct waiter w;
	pthread_t th;

	(void)state;
	membudget_init(&b, LIMIT);
	assert_int_equal(membudget_try_take(&b, 60), 1);
	assert_int_equal(membudget_try_take(&b, 50), 0);	/* 110 > 100: nothing taken */
	assert_int_equal(b.used, 60);
	membudget_give(&b, 60);
	start_blocked_taker(&w, &b, 60, 50, &th);
	/* 30 would fit, but one waits in line: it is not served first. */
	assert_int_equal(membudget_try_take(&b, 30), 0);
	membudget_give(&b, 60);
	pthread_join(th, NULL);
	assert_int_equal(membudget_try_take(&b, 30), 1);
	assert_int_equal(b.used, 80);
	membudget_give(&b, 80);
	membudget_free(&b);
}

static void
note_used(void *ctx)
{
	struct membudget *b = ctx;

	/* Called with the lock held: a trylock from here must fail. */
	assert_int_not_equal(pthread_mutex_trylock(&b->lock), 0);
}

static void
test_measure_sees_what_is_held(void **state)
{
	struct membudget b;

	(void)state;
	membudget_init(&b, LIMIT);
	membudget_take(&b, 30);
	assert_int_equal(membudget_measure(&b, note_used, &b), 30);
	membudget_give(&b, 30);
	assert_int_equal(membudget_measure(&b, note_used, &b), 0);
	membudget_free(&b);
}

/* A waiter that takes pages, and notes what it is handed. */
struct receiver {
	struct membudget_receiver r;
	struct membudget	*b;
	size_t			 allow;		/* most bytes it moves at once */
	int			 calls;
	uint8_t			*from;		/* of the last call */
	size_t			 len, at;
	volatile int		 served;
};

static size_t
note_pages(void *ctx, uint8_t *from, size_t len, size_t at)
{
	struct receiver *rc = ctx;

	rc->calls++;
	rc->from = from;
	rc->len = len;
	rc->at = at;
	return len < rc->allow ? len : rc->allow;
}

static void *
take_pages_one(void *arg)
{
	struct receiver *rc = arg;

	membudget_take_pages(rc->b, &rc->r);
	rc->served = 1;
	return NULL;
}

/* Holds held bytes of b, then starts a waiter for want bytes that do not
 * fit, and returns once it is first in line. */
static void
start_blocked_receiver(struct receiver *rc, struct membudget *b, size_t held, size_t want,
    size_t allow, pthread_t *th)
{
	memset(rc, 0, sizeof *rc);
	rc->r.receive = note_pages;
	rc->r.ctx = rc;
	rc->r.want = want;
	rc->b = b;
	rc->allow = allow;
	membudget_take(b, held);
	assert_int_equal(pthread_create(th, NULL, take_pages_one, rc), 0);
	wait_until_short(b);
	assert_int_equal(rc->served, 0);
}

static void
test_handed_pages_count_for_the_waiter(void **state)
{
	struct membudget b;
	struct receiver rc;
	pthread_t th;
	uint8_t pages[64];

	(void)state;
	membudget_init(&b, LIMIT);
	start_blocked_receiver(&rc, &b, 80, 60, SIZE_MAX, &th);
	/* 50 of the 80 held go to it: still held, by it now, so it lacks 10,
	 * and 80 + 10 fit. */
	assert_int_equal(membudget_hand(&b, pages + 8, 50), 50);
	pthread_join(th, NULL);
	assert_int_equal(rc.served, 1);
	assert_int_equal(rc.calls, 1);
	assert_ptr_equal(rc.from, pages + 8);
	assert_int_equal(rc.len, 50);
	assert_int_equal(rc.at, 0);
	assert_int_equal(rc.r.received, 50);
	assert_int_equal(b.used, 90);
	assert_int_equal(b.handed, 50);
	assert_int_equal(b.fresh, 90);	/* 80, then the 10 it lacked */
	assert_false(membudget_short(&b));
	/* Served, it is no longer in line: nothing more is handed. */
	assert_int_equal(membudget_hand(&b, pages, 30), 0);
	assert_int_equal(rc.calls, 1);
	membudget_give(&b, 30);
	membudget_give(&b, 60);
	assert_int_equal(b.used, 0);
	membudget_free(&b);
}

static void
test_hand_gives_no_more_than_lacking(void **state)
{
	struct membudget b;
	struct receiver rc;
	pthread_t th;
	uint8_t pages[64];

	(void)state;
	membudget_init(&b, LIMIT);
	start_blocked_receiver(&rc, &b, 80, 30, SIZE_MAX, &th);
	assert_int_equal(membudget_hand(&b, pages, 50), 30);
	pthread_join(th, NULL);
	assert_int_equal(rc.len, 30);
	assert_int_equal(rc.r.received, 30);
	assert_int_equal(b.used, 80);	/* 50 the holder kept, 30 it was handed */
	assert_int_equal(b.fresh, 80);
	membudget_give(&b, 50);
	membudget_give(&b, 30);
	membudget_free(&b);
}

static void
test_hand_without_a_waiter_moves_nothing(void **state)
{
	struct membudget b;
	struct waiter w;
	pthread_t th;
	uint8_t pages[64];

	(void)state;
	membudget_init(&b, LIMIT);
	membudget_take(&b, 50);
	assert_int_equal(membudget_hand(&b, pages, 50), 0);
	/* One that waits without taking pages is not handed any either. */
	membudget_give(&b, 50);
	start_blocked_taker(&w, &b, 80, 50, &th);
	assert_int_equal(membudget_hand(&b, pages, 50), 0);
	membudget_give(&b, 80);
	pthread_join(th, NULL);
	assert_int_equal(b.handed, 0);
	membudget_give(&b, 50);
	membudget_free(&b);
}

static void
test_refused_move_leaves_it_waiting(void **state)
{
	struct membudget b;
	struct receiver rc;
	pthread_t th;
	uint8_t pages[64];

	(void)state;
	membudget_init(&b, LIMIT);
	start_blocked_receiver(&rc, &b, 80, 60, 20, &th);
	/* The system moves 20 of 50: it lacks 40, and 80 + 40 do not fit. */
	assert_int_equal(membudget_hand(&b, pages, 50), 20);
	assert_int_equal(rc.r.received, 20);
	assert_true(membudget_short(&b));
	assert_int_equal(rc.served, 0);
	/* The holder frees the 30 it could not hand, and holds 30 more. */
	membudget_give(&b, 30);
	pthread_join(th, NULL);
	assert_int_equal(b.used, 90);	/* 30 the holder's, 60 the waiter's */
	assert_int_equal(b.fresh, 120);	/* 80, then the 40 it lacked */
	membudget_give(&b, 30);
	membudget_give(&b, 60);
	membudget_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_limit_holds_across_threads),
		cmocka_unit_test(test_two_that_fit_are_held_at_once),
		cmocka_unit_test(test_oversize_is_served_alone),
		cmocka_unit_test(test_waiter_is_served_after_a_give),
		cmocka_unit_test(test_raised_limit_serves_a_waiter),
		cmocka_unit_test(test_lowered_limit_asks_for_bytes_back),
		cmocka_unit_test(test_try_take_neither_waits_nor_jumps_the_line),
		cmocka_unit_test(test_handed_pages_count_for_the_waiter),
		cmocka_unit_test(test_hand_gives_no_more_than_lacking),
		cmocka_unit_test(test_hand_without_a_waiter_moves_nothing),
		cmocka_unit_test(test_refused_move_leaves_it_waiting),
		cmocka_unit_test(test_measure_sees_what_is_held),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
