/* SPDX-License-Identifier: MIT */
/*
 * The files jobs read from: opened for the walk, shared by the jobs they
 * yield (a reference each), copied from with pread, or opened again by
 * path past the open-file limit and checked to be the same file.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "infile.h"
#include "scan_int.h"
#include "xalloc.h"

/* Decompressed bundles held at once (scan.inflated): more than the most
 * one may promise (DECOMPRESS_LIMIT), so that one always fits alone. */
#define INFLATED_LIMIT	((size_t)256 << 20)

void
scan_inflate_reserve(struct scan *s, size_t bytes)
{
	pthread_mutex_lock(&s->lock);
	while (s->inflated > 0 && s->inflated + bytes > INFLATED_LIMIT) {
		/* The workers waiting for the gathering run the jobs instead. */
		atomic_store(&s->inflate_waits, 1);
		pthread_cond_broadcast(&s->gathered);
		pthread_cond_wait(&s->inflated_room, &s->lock);
	}
	atomic_store(&s->inflate_waits, 0);
	s->inflated += bytes;
	pthread_mutex_unlock(&s->lock);
}

void
scan_inflate_release(struct scan *s, size_t bytes)
{
	pthread_mutex_lock(&s->lock);
	s->inflated -= bytes;
	pthread_cond_broadcast(&s->inflated_room);
	pthread_mutex_unlock(&s->lock);
}

/*
 * Members of packages in scratch files that jobs still read: bytes on
 * the disk of $TMPDIR, and a descriptor each (workers pread from it; a
 * scratch file has no path to open again).  1 GiB is a few of the
 * largest libraries a wheel ships; 64 descriptors keep clear of the
 * open-file limit, whose half the walk's own files may take.
 */
#define UNPACKED_LIMIT		((size_t)1 << 30)
#define UNPACKED_FILES_MAX	64

void
scan_unpack_room(struct scan *s)
{
	pthread_mutex_lock(&s->lock);
	while (s->unpacked_files > 0 &&
	    (s->unpacked >= UNPACKED_LIMIT || s->unpacked_files >= UNPACKED_FILES_MAX)) {
		/* As for inflated: the workers run the jobs meanwhile. */
		atomic_store(&s->inflate_waits, 1);
		pthread_cond_broadcast(&s->gathered);
		pthread_cond_wait(&s->inflated_room, &s->lock);
	}
	atomic_store(&s->inflate_waits, 0);
	pthread_mutex_unlock(&s->lock);
}

static void
unpack_count(struct scan *s, size_t bytes, int add)
{
	pthread_mutex_lock(&s->lock);
	if (add) {
		s->unpacked += bytes;
		s->unpacked_files++;
	} else {
		s->unpacked -= bytes;
		s->unpacked_files--;
		pthread_cond_broadcast(&s->inflated_room);
	}
	pthread_mutex_unlock(&s->lock);
}

struct source *
scan_source_scratch(struct scan *s, int fd, char *err, size_t errsize)
{
	struct source *src = xcalloc(1, sizeof *src);

	if (mapfile_fdopen(&src->map, fd, err, errsize) < 0) {
		free(src);
		return NULL;
	}
	atomic_init(&src->refs, 1);
	src->origin = src->map.data;
	/* Shared whatever the count: it has no path to be opened by. */
	src->shared_fd = 1;
	atomic_fetch_add(&s->open_files, 1);
	src->scratch = 1;
	src->unpacked = src->map.size;
	unpack_count(s, src->unpacked, 1);
	return src;
}

static void unpack_count(struct scan *, size_t bytes, int add);

/* Lets go of a reference to src; the last one closes the file. */
void
scan_source_release(struct scan *s, struct source *src)
{
	if (atomic_fetch_sub(&src->refs, 1) != 1)
		return;
	if (src->shared_fd)
		atomic_fetch_sub(&s->open_files, 1);
	mapfile_close(&src->map);
	if (src->owned != NULL) {
		free(src->owned);
		scan_inflate_release(s, src->owned_size);
	}
	if (src->scratch)
		unpack_count(s, src->unpacked, 0);
	free(src->path);
	free(src);
}

/*
 * Opens name (in the directory dirfd; path: the same from the working
 * directory) for the walk.  Its workers share its descriptor while fewer
 * than max_open_files are shared; past that, they open path again (a
 * path too long to open is shared all the same).
 */
struct source *
scan_source_open(struct scan *s, int dirfd, const char *name, const char *path,
    char *err, size_t errsize)
{
	struct source *src = xcalloc(1, sizeof *src);

	if (mapfile_openat(&src->map, dirfd, name, err, errsize) < 0) {
		free(src);
		return NULL;
	}
	atomic_init(&src->refs, 1);
	src->origin = src->map.data;
	if (src->map.stream)
		src->mem = src->map.data;
	else if (src->map.data != NULL) {
		if (atomic_load(&s->open_files) < s->max_open_files || strlen(path) >= PATH_MAX) {
			src->shared_fd = 1;
			atomic_fetch_add(&s->open_files, 1);
		} else
			src->path = xstrdup(path);
	}
	return src;
}

/* One message per file that changed under the scan: whether it had one. */
int
scan_changed_said(struct scan *s, const char *library)
{
	for (size_t i = s->nchanged; i > 0; i--)
		if (s->changed[i - 1] == library)
			return 1;
	xgrow((void **)&s->changed, &s->capchanged, s->nchanged + 1, sizeof *s->changed);
	s->changed[s->nchanged++] = library;
	return 0;
}

/* Whether a file opened again is the one the walk read. */
static int
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	    a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

int
scan_stored_open(struct stored *st, const struct job *j, char *err, size_t errsize)
{
	const struct source *src = j->src;
	enum infile_kind kind;
	struct stat now;
	char why[ERRBUF];
	int fd;

	memset(st, 0, sizeof *st);
	st->job = j;
	st->fd = -1;
	if (src->mem != NULL) {
		st->mem = src->mem + j->foff;
		return 0;
	}
	if (src->shared_fd) {
		st->fd = src->map.fd;
		return 0;
	}
	/* Past the open-file limit: by path again, and only the same file. */
	fd = infile_open(src->path, &kind, &now, why, sizeof why);
	if (fd < 0 || kind != INFILE_REGULAR || !same_file(&now, &src->map.st)) {
		if (fd >= 0)
			infile_close(fd);
		st->changed = 1;
		snprintf(err, errsize, "changed while it was read (replaced, or written again): not read");
		return -1;
	}
	st->fd = fd;
	st->own_fd = 1;
	return 0;
}

void
scan_stored_close(struct stored *st)
{
	if (st->own_fd)
		infile_close(st->fd);
}

/* Copies len bytes at off of the job's stored bytes into buf. */
int
scan_stored_read(struct stored *st, size_t off, size_t len, uint8_t *buf)
{
	int e = mapfile_pread(st->fd, st->job->foff + off, len, buf);
	struct stat now;

	if (e == EIO) {
		st->shrank = 1;
		st->now_size = fstat(st->fd, &now) == 0 ? (long long)now.st_size : -1;
	}
	return e;
}
