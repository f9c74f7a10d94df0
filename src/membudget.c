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
}

void
membudget_free(struct membudget *b)
{
	pthread_cond_destroy(&b->room);
	pthread_mutex_destroy(&b->lock);
}

void
membudget_take(struct membudget *b, size_t bytes)
{
	uint64_t ticket;
	double start = 0;

	pthread_mutex_lock(&b->lock);
	ticket = b->next_ticket++;
	if (ticket != b->serving || (b->used > 0 && b->used + bytes > b->limit))
		start = clock_seconds(CLOCK_MONOTONIC);
	for (;;) {
		int fits = b->used == 0 || b->used + bytes <= b->limit;

		if (ticket == b->serving) {
			atomic_store(&b->short_by, fits ? 0 : b->used + bytes - b->limit);
			if (fits)
				break;
		}
		pthread_cond_wait(&b->room, &b->lock);
	}
	if (start > 0)
		b->waited += clock_seconds(CLOCK_MONOTONIC) - start;
	b->serving++;
	b->used += bytes;
	if (b->used > b->peak)
		b->peak = b->used;
	/* The next in line may fit too. */
	pthread_cond_broadcast(&b->room);
	pthread_mutex_unlock(&b->lock);
}

void
membudget_give(struct membudget *b, size_t bytes)
{
	pthread_mutex_lock(&b->lock);
	b->used -= bytes;
	pthread_cond_broadcast(&b->room);
	pthread_mutex_unlock(&b->lock);
}

int
membudget_short(struct membudget *b)
{
	return atomic_load(&b->short_by) > 0;
}
