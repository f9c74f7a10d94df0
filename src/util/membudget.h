/* SPDX-License-Identifier: MIT */
/*
 * The bytes of decompression buffers that the workers hold together.
 *
 * Each worker keeps its buffer from one image to the next (a new buffer
 * costs a page fault per page); the budget bounds the sum.  A worker that
 * needs more takes it at once when it fits and no one waits
 * (membudget_try_take); else it gives back what it holds and waits its
 * turn, first come first served, until the others have given enough back:
 * while the first in line lacks room, every worker gives back what it
 * holds beyond its share after its current image (or all of it, when it
 * holds no more than its share).  One image larger than
 * the whole budget is read alone.  The limit may move while workers hold
 * bytes (the scan fits it to the memory the rest of the process leaves);
 * when it moves under what they hold, they give back as if one waited.
 *
 * Bytes given back are pages, and a page freed and taken again is zeroed
 * by the kernel on its first write.  So the first in line may take pages
 * instead: what others give back while it waits is first handed to it
 * (membudget_hand), moved into its buffer, and stays counted as held, by
 * it now; it then waits only for what it still lacks.
 */
#ifndef SPILLWAY_MEMBUDGET_H
#define SPILLWAY_MEMBUDGET_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* A worker waiting for room that can take pages (see above). */
struct membudget_receiver {
	/* Moves len bytes of pages at from into the waiting worker's buffer,
	 * at offset at; returns the bytes moved, fewer (whole pages) or none
	 * when the system will not. */
	size_t		(*receive)(void *ctx, uint8_t *from, size_t len, size_t at);
	void		*ctx;
	size_t		 want;		/* bytes it waits for */
	size_t		 received;	/* handed to it so far */
	int		 moving;	/* pages are being moved to it */
};

struct membudget {
	pthread_mutex_t	 lock;
	pthread_cond_t	 room;
	size_t		 limit;		/* bytes */
	size_t		 used;		/* bytes held now */
	size_t		 peak;		/* most bytes held at once */
	uint64_t	 next_ticket;	/* handed to the next one to wait */
	uint64_t	 serving;	/* the ticket whose turn it is */
	atomic_size_t	 short_by;	/* bytes the first in line lacks, 0 when none */
	atomic_int	 over;		/* more held than the limit (it moved down) */
	double		 waited;	/* seconds spent waiting, summed over workers */
	struct membudget_receiver *receiver;	/* the first in line, when it waits */
	size_t		 fresh;		/* bytes taken in all, less those handed on */
	size_t		 handed;	/* bytes handed from one worker to another */
};

void	membudget_init(struct membudget *, size_t limit);
void	membudget_free(struct membudget *);
/* Waits until bytes more fit (or nothing else is held), then takes them. */
void	membudget_take(struct membudget *, size_t bytes);
/* The same, for r->want bytes, taking pages handed on while it is first
 * in line: on return r->received of them are in its buffer. */
void	membudget_take_pages(struct membudget *, struct membudget_receiver *r);
/* Hands the first len bytes of pages at from to the first in line, if it
 * waits and lacks them and no one else is handing it pages: returns the
 * bytes moved, which stay held (by it).  The pages move outside the lock.
 * The caller frees the rest and gives them back with membudget_give. */
size_t	membudget_hand(struct membudget *, uint8_t *from, size_t len);
/* Takes bytes if they fit now and no one waits in line: returns 1, or 0
 * having taken nothing. */
int	membudget_try_take(struct membudget *, size_t bytes);
void	membudget_give(struct membudget *, size_t bytes);
/* Whether the first in line lacks room, or more is held than the limit:
 * then workers give back. */
int	membudget_short(struct membudget *);
/* Moves the limit; those waiting for room look again. */
void	membudget_set_limit(struct membudget *, size_t limit);
/*
 * Runs measure(ctx) while no bytes are taken or given, and returns the
 * bytes held then.  A worker gives bytes back after it has freed their
 * pages and fills pages only after it took them, so the process's resident
 * memory measured so, less those bytes, is never more than the rest of it.
 */
size_t	membudget_measure(struct membudget *, void (*measure)(void *), void *ctx);

#endif
