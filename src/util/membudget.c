/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "clock.h"
#include "membudget.h"

void
membudget_init(struct membudget *b, size_t limit)
{
	pthread_mutex_init(&b->lock, NULL);
	pthread_cond_init(&b->room, NULL);
	b->limit = limit;
	b->used = b->peak = 0;
	b->waited = 0;
	b->receiver = NULL;
	b->fresh = b->handed = 0;
	b->next_ticket = b->serving = 0;
	atomic_init(&b->short_by, 0);
	atomic_init(&b->over, 0);
}

void
membudget_free(struct membudget *b)
{
	pthread_cond_destroy(&b->room);
	pthread_mutex_destroy(&b->lock);
}

/* Whether bytes more fit for one that holds mine of what is held (pages
 * handed to it): also when nothing else is held.  Called with the lock
 * held. */
static int
fits(const struct membudget *b, size_t bytes, size_t mine)
{
	return bytes == 0 || b->used == mine || b->used + bytes <= b->limit;
}

/* Notes whether more is held than the limit; called with the lock held. */
static void
check_over(struct membudget *b)
{
	atomic_store(&b->over, b->used > b->limit);
}

/* Counts bytes taken anew (handed pages are not: they stay held); called
 * with the lock held. */
static void
took(struct membudget *b, size_t bytes)
{
	b->used += bytes;
	b->fresh += bytes;
	if (b->used > b->peak)
		b->peak = b->used;
	check_over(b);
}

/* Waits its turn and room for bytes, of which r (if any) may be handed
 * some meanwhile, then takes what it still lacks. */
static void
take(struct membudget *b, size_t bytes, struct membudget_receiver *r)
{
	uint64_t ticket;
	double start = 0;
	size_t have = 0;

	pthread_mutex_lock(&b->lock);
	ticket = b->next_ticket++;
	if (ticket != b->serving || !fits(b, bytes, 0))
		start = clock_seconds(CLOCK_MONOTONIC);
	for (;;) {
		if (ticket == b->serving) {
			int ok;

			have = r != NULL ? r->received : 0;
			/* Not while pages are moving into its buffer. */
			ok = fits(b, bytes - have, have) && (r == NULL || !r->moving);
			atomic_store(&b->short_by, ok ? 0 : b->used + (bytes - have) - b->limit);
			if (ok)
				break;
			b->receiver = r;
		}
		pthread_cond_wait(&b->room, &b->lock);
	}
	b->receiver = NULL;
	if (start > 0)
		b->waited += clock_seconds(CLOCK_MONOTONIC) - start;
	b->serving++;
	took(b, bytes - have);
	/* The next in line may fit too. */
	pthread_cond_broadcast(&b->room);
	pthread_mutex_unlock(&b->lock);
}

void
membudget_take(struct membudget *b, size_t bytes)
{
	take(b, bytes, NULL);
}

void
membudget_take_pages(struct membudget *b, struct membudget_receiver *r)
{
	r->received = 0;
	r->moving = 0;
	take(b, r->want, r);
}

size_t
membudget_hand(struct membudget *b, uint8_t *from, size_t len)
{
	struct membudget_receiver *r;
	size_t at, n, moved;

	pthread_mutex_lock(&b->lock);
	r = b->receiver;
	if (r == NULL || r->moving || r->received >= r->want) {
		pthread_mutex_unlock(&b->lock);
		return 0;
	}
	/* It stays first in line, waiting, until moving is cleared. */
	r->moving = 1;
	at = r->received;
	n = r->want - at < len ? r->want - at : len;
	pthread_mutex_unlock(&b->lock);

	moved = r->receive(r->ctx, from, n, at);

	pthread_mutex_lock(&b->lock);
	r->received += moved;
	r->moving = 0;
	b->handed += moved;
	pthread_cond_broadcast(&b->room);
	pthread_mutex_unlock(&b->lock);
	return moved;
}

int
membudget_try_take(struct membudget *b, size_t bytes)
{
	int ok;

	pthread_mutex_lock(&b->lock);
	ok = b->next_ticket == b->serving && fits(b, bytes, 0);
	if (ok)
		took(b, bytes);
	pthread_mutex_unlock(&b->lock);
	return ok;
}

void
membudget_give(struct membudget *b, size_t bytes)
{
	pthread_mutex_lock(&b->lock);
	b->used -= bytes;
	check_over(b);
	pthread_cond_broadcast(&b->room);
	pthread_mutex_unlock(&b->lock);
}

int
membudget_short(struct membudget *b)
{
	return atomic_load(&b->short_by) > 0 || atomic_load(&b->over);
}

void
membudget_set_limit(struct membudget *b, size_t limit)
{
	pthread_mutex_lock(&b->lock);
	if (limit > b->limit)
		pthread_cond_broadcast(&b->room);
	b->limit = limit;
	check_over(b);
	pthread_mutex_unlock(&b->lock);
}

size_t
membudget_measure(struct membudget *b, void (*measure)(void *), void *ctx)
{
	size_t used;

	pthread_mutex_lock(&b->lock);
	measure(ctx);
	used = b->used;
	pthread_mutex_unlock(&b->lock);
	return used;
}
