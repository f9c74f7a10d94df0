/* SPDX-License-Identifier: MIT */
/*
 * What each file of a folder is, learnt ahead of the walk: opened, its
 * first bytes read with one pread (two for text) into a buffer on the
 * stack, closed; nothing mapped.  Only the files whose first bytes say
 * they may hold something spillway reads (scan_image_worth_reading) are
 * read whole, by the walk, as before.  The probes are the costly part of
 * a walk of many small files, and they depend on nothing but the file:
 * so walker threads run them, a chunk of a folder's names at a time,
 * while the walk goes on in its own order and takes each verdict as it
 * gets there (or runs the chunk itself when no walker has taken it).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scan_int.h"
#include "xalloc.h"

enum { CHUNK_QUEUED, CHUNK_TAKEN, CHUNK_DONE };

/*
 * Names of a folder in one chunk: a share of the folder for each thread
 * and the walk, halved so that a thread that finishes early finds more,
 * but neither so few that pushing them costs as much as probing them nor
 * so many that the walk waits long for the first.
 */
#define CHUNK_MIN	4
#define CHUNK_MAX	64

/* Reads len bytes at off; the bytes read (fewer only at an error). */
static size_t
read_at(int fd, uint8_t *buf, size_t len, size_t off)
{
	size_t got = 0;

	while (got < len) {
		ssize_t r = pread(fd, buf + got, len - got, (off_t)(off + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	return got;
}

/*
 * The first bytes of an open file of size bytes, as many as its sniffs
 * need (scan_image_worth_reading): PROBE_HEAD, and up to PROBE_BYTES when
 * those hold no NUL (a build log's sniff reads so far) or begin an ELF
 * file that fits whole (its section headers tell whether it holds device
 * code).  Returns PROBE_READ when it cannot tell.
 */
static enum probe_verdict
probe_open_file(int fd, size_t size)
{
	uint8_t head[PROBE_BYTES];
	size_t want = size < PROBE_HEAD ? size : PROBE_HEAD, n;

	if (size == 0)
		return PROBE_NOTHING;	/* in a walk, an empty file is not said */
	if ((n = read_at(fd, head, want, 0)) != want)
		return PROBE_READ;
	if (size > n && (memchr(head, '\0', n) == NULL ||
	    (size <= PROBE_BYTES && memcmp(head, "\177ELF", 4) == 0))) {
		want = (size < PROBE_BYTES ? size : PROBE_BYTES) - n;
		if (read_at(fd, head + n, want, n) != want)
			return PROBE_READ;
		n += want;
	}
	return scan_image_worth_reading(head, n, size) ? PROBE_READ : PROBE_NOTHING;
}

/*
 * Probes one name the folder listed as a regular file.  Not followed if
 * it became a link since; one that cannot be opened, or is no longer a
 * regular file, is left PROBE_UNKNOWN: the walk looks at it as before,
 * and says what it says.  O_NONBLOCK: a FIFO put in its place must not
 * hold the open.
 */
static void
probe_entry(int dirfd, struct walk_entry *e)
{
	struct stat st;
	int fd;

	e->verdict = PROBE_UNKNOWN;
	if (e->type != DT_REG)
		return;
	fd = openat(dirfd, e->name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW);
	if (fd < 0)
		return;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		e->dev = (uint64_t)st.st_dev;
		e->ino = (uint64_t)st.st_ino;
		e->verdict = (uint8_t)probe_open_file(fd, (size_t)st.st_size);
	}
	close(fd);
}

/* Runs a chunk someone claimed, and tells the walk when it waits for it. */
static void
run_chunk(struct probers *pr, struct probe_chunk *c)
{
	for (size_t i = 0; i < c->n; i++)
		probe_entry(c->dirfd, &c->e[i]);
	atomic_store(&c->state, CHUNK_DONE);
	/* The walk names the chunk before it looks at the state, and the
	 * state was set before this looks at the name: one of the two sees
	 * the other.  c may be freed once it is done: only compared. */
	if (atomic_load(&pr->awaited) == c) {
		pthread_mutex_lock(&pr->lock);
		pthread_cond_broadcast(&pr->done);
		pthread_mutex_unlock(&pr->lock);
	}
}

static int
claim(struct probe_chunk *c)
{
	int queued = CHUNK_QUEUED;

	return atomic_compare_exchange_strong(&c->state, &queued, CHUNK_TAKEN);
}

/* A walker: takes the chunk on top until the scan stops it.  It claims
 * under the lock, so that the walk never frees a chunk it is claiming. */
static void *
walker_main(void *arg)
{
	struct probers *pr = arg;

	pthread_mutex_lock(&pr->lock);
	for (;;) {
		struct probe_chunk *c;

		while (pr->n == 0 && !pr->stop) {
			pr->idle++;
			pthread_cond_wait(&pr->more, &pr->lock);
			pr->idle--;
		}
		if (pr->stop)
			break;
		c = pr->stack[--pr->n];
		if (!claim(c))
			continue;	/* the walk took it */
		pthread_mutex_unlock(&pr->lock);
		run_chunk(pr, c);
		pthread_mutex_lock(&pr->lock);
	}
	pthread_mutex_unlock(&pr->lock);
	return NULL;
}

/* Starts the walkers at the first folder: one fewer than the workers,
 * the walk being one more. */
static void
start_walkers(struct scan *s)
{
	struct probers *pr = &s->probers;
	int want = (int)s->stats->workers - 1;

	pr->started = 1;
	pthread_mutex_init(&pr->lock, NULL);
	pthread_cond_init(&pr->more, NULL);
	pthread_cond_init(&pr->done, NULL);
	atomic_init(&pr->awaited, NULL);
	if (want <= 0)
		return;
	pr->threads = xcalloc((size_t)want, sizeof *pr->threads);
	/* Out of threads: the walk probes what no walker takes. */
	while (pr->nthreads < want &&
	    pthread_create(&pr->threads[pr->nthreads], NULL, walker_main, pr) == 0)
		pr->nthreads++;
}

void
scan_probe_dir_begin(struct scan *s, struct probe_dir *pd, int dirfd, struct walk_entry *e,
    size_t n)
{
	struct probers *pr = &s->probers;
	size_t share;

	if (!pr->started)
		start_walkers(s);
	share = n / (2 * ((size_t)pr->nthreads + 1));
	pd->per_chunk = share < CHUNK_MIN ? CHUNK_MIN : share > CHUNK_MAX ? CHUNK_MAX : share;
	pd->nchunks = (n + pd->per_chunk - 1) / pd->per_chunk;
	pd->chunks = xcalloc(pd->nchunks ? pd->nchunks : 1, sizeof *pd->chunks);
	for (size_t k = 0; k < pd->nchunks; k++) {
		pd->chunks[k].dirfd = dirfd;
		pd->chunks[k].e = e + k * pd->per_chunk;
		pd->chunks[k].n = k + 1 < pd->nchunks ? pd->per_chunk : n - k * pd->per_chunk;
		atomic_init(&pd->chunks[k].state, CHUNK_QUEUED);
	}
	if (pr->nthreads == 0)
		return;		/* the walk runs each chunk when it gets there */
	pthread_mutex_lock(&pr->lock);
	pd->base = pr->n;
	xgrow((void **)&pr->stack, &pr->cap, pr->n + pd->nchunks, sizeof *pr->stack);
	for (size_t k = pd->nchunks; k > 0; k--)	/* the first on top */
		pr->stack[pr->n++] = &pd->chunks[k - 1];
	if (pr->idle > 0 && pd->nchunks > 0) {
		if (pd->nchunks > 1)
			pthread_cond_broadcast(&pr->more);
		else
			pthread_cond_signal(&pr->more);
	}
	pthread_mutex_unlock(&pr->lock);
}

/* Sleeps until a walker is done with c. */
static void
await_chunk(struct probers *pr, struct probe_chunk *c)
{
	if (atomic_load(&c->state) == CHUNK_DONE)
		return;
	pthread_mutex_lock(&pr->lock);
	atomic_store(&pr->awaited, c);
	while (atomic_load(&c->state) != CHUNK_DONE)
		pthread_cond_wait(&pr->done, &pr->lock);
	atomic_store(&pr->awaited, NULL);
	pthread_mutex_unlock(&pr->lock);
}

enum probe_verdict
scan_probe_wait(struct scan *s, struct probe_dir *pd, size_t i)
{
	struct probers *pr = &s->probers;
	size_t k = i / pd->per_chunk;
	struct probe_chunk *c = &pd->chunks[k];

	if (claim(c))
		run_chunk(pr, c);
	else if (atomic_load(&c->state) != CHUNK_DONE) {
		/* A walker has it: run the next ones meanwhile. */
		for (size_t m = k + 1; m < pd->nchunks && atomic_load(&c->state) != CHUNK_DONE; m++)
			if (claim(&pd->chunks[m]))
				run_chunk(pr, &pd->chunks[m]);
		await_chunk(pr, c);
	}
	return (enum probe_verdict)c->e[i - k * pd->per_chunk].verdict;
}

/* The walk leaves the folder: no walker may hold its chunks past this. */
void
scan_probe_dir_end(struct scan *s, struct probe_dir *pd)
{
	struct probers *pr = &s->probers;

	if (pr->nthreads > 0) {
		pthread_mutex_lock(&pr->lock);
		for (size_t k = 0; k < pd->nchunks; k++)
			if (claim(&pd->chunks[k]))	/* no walker will run it now */
				atomic_store(&pd->chunks[k].state, CHUNK_DONE);
		/* What lies above base is this folder's: its subfolders took
		 * theirs off as they were left. */
		if (pr->n > pd->base)
			pr->n = pd->base;
		pthread_mutex_unlock(&pr->lock);
		for (size_t k = 0; k < pd->nchunks; k++)
			if (atomic_load(&pd->chunks[k].state) == CHUNK_TAKEN)
				await_chunk(pr, &pd->chunks[k]);
	}
	free(pd->chunks);
	pd->chunks = NULL;
}

/* The walk is over: the walkers go. */
void
scan_probe_stop(struct scan *s)
{
	struct probers *pr = &s->probers;

	if (!pr->started)
		return;
	pthread_mutex_lock(&pr->lock);
	pr->stop = 1;
	pthread_cond_broadcast(&pr->more);
	pthread_mutex_unlock(&pr->lock);
	for (int t = 0; t < pr->nthreads; t++)
		pthread_join(pr->threads[t], NULL);
	free(pr->threads);
	free(pr->stack);
	pthread_cond_destroy(&pr->more);
	pthread_cond_destroy(&pr->done);
	pthread_mutex_destroy(&pr->lock);
	memset(pr, 0, sizeof *pr);
}
