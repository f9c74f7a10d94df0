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

/* Whether bytes more fit; called with the lock held. */
static int
fits(const struct membudget *b, size_t bytes)
{
	return b->used == 0 || b->used + bytes <= b->limit;
}

/* Notes whether more is held than the limit; called with the lock held. */
static void
check_over(struct membudget *b)
{
	atomic_store(&b->over, b->used > b->limit);
}

/* Counts bytes taken; called with the lock held. */
static void
took(struct membudget *b, size_t bytes)
{
	b->used += bytes;
	if (b->used > b->peak)
		b->peak = b->used;
	check_over(b);
}

void
membudget_take(struct membudget *b, size_t bytes)
{
	uint64_t ticket;
	double start = 0;

	pthread_mutex_lock(&b->lock);
	ticket = b->next_ticket++;
	if (ticket != b->serving || !fits(b, bytes))
		start = clock_seconds(CLOCK_MONOTONIC);
	for (;;) {
		if (ticket == b->serving) {
			int ok = fits(b, bytes);

			atomic_store(&b->short_by, ok ? 0 : b->used + bytes - b->limit);
			if (ok)
				break;
		}
		pthread_cond_wait(&b->room, &b->lock);
	}
	if (start > 0)
		b->waited += clock_seconds(CLOCK_MONOTONIC) - start;
	b->serving++;
	took(b, bytes);
	/* The next in line may fit too. */
	pthread_cond_broadcast(&b->room);
	pthread_mutex_unlock(&b->lock);
}

int
membudget_try_take(struct membudget *b, size_t bytes)
{
	int ok;

	pthread_mutex_lock(&b->lock);
	ok = b->next_ticket == b->serving && fits(b, bytes);
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
