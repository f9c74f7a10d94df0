/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "infile.h"
#include "mapfile.h"

static void
set_empty(struct mapfile *m)
{
	m->data = NULL;
	m->size = 0;
	m->fd = -1;
	m->stream = 0;
	m->heap = 0;
	m->cut = 0;
}

/* A small file, read whole: 0, or -1 where no memory is to be had (it is
 * mapped instead).  Bytes past an end that came early read as zeros, as a
 * mapping's would, and the guard says the file shrank. */
static int
read_small(struct mapfile *m, int fd, size_t size)
{
	uint8_t *data = malloc(size);
	size_t got = 0;

	if (data == NULL)
		return -1;
	while (got < size) {
		ssize_t n = pread(fd, data + got, size - got, (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (got < size) {
		memset(data + got, 0, size - got);
		m->cut = 1;
	}
	m->data = data;
	m->size = size;
	m->fd = fd;
	m->heap = 1;
	return 0;
}

/* A stream: read whole, as bytes in memory. */
static int
read_stream(struct mapfile *m, int fd, char *err, size_t errsize)
{
	uint8_t *data;
	size_t size;
	int e = infile_slurp(fd, INFILE_STREAM_MAX, &data, &size);

	infile_close(fd);
	if (e == EFBIG) {
		snprintf(err, errsize, "a stream of more than %zu MiB: not read", INFILE_STREAM_MAX >> 20);
		return -1;
	}
	if (e != 0) {
		snprintf(err, errsize, "%s", strerror(e));
		return -1;
	}
	if (size == 0) {
		free(data);
		return 0;
	}
	m->data = data;
	m->size = size;
	m->stream = 1;
	return 0;
}

/* A file of st_size bytes open as fd, read whole (small) or mapped; the
 * descriptor stays, the caller's to close at an error (-1, err said). */
static int
take_whole(struct mapfile *m, int fd, char *err, size_t errsize)
{
	void *p;

	if ((uint64_t)m->st.st_size > SIZE_MAX) {
		snprintf(err, errsize, "%s", strerror(EFBIG));
		return -1;
	}
	if (m->st.st_size <= MAPFILE_READ_MAX && read_small(m, fd, (size_t)m->st.st_size) == 0)
		return 0;
	p = mmap(NULL, (size_t)m->st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		snprintf(err, errsize, "%s", strerror(errno));
		return -1;
	}
	m->data = p;
	m->size = (size_t)m->st.st_size;
	m->fd = fd;
	return 0;
}

int
mapfile_openat(struct mapfile *m, int dirfd, const char *name, char *err, size_t errsize)
{
	enum infile_kind kind;
	int fd;

	set_empty(m);
	fd = infile_openat(dirfd, name, &kind, &m->st, err, errsize);
	if (fd < 0)
		return -1;
	if (kind == INFILE_STREAM)
		return read_stream(m, fd, err, errsize);
	if (m->st.st_size == 0) {
		infile_close(fd);
		return 0;
	}
	if (take_whole(m, fd, err, errsize) < 0) {
		infile_close(fd);
		return -1;
	}
	return 0;
}

int
mapfile_fdopen(struct mapfile *m, int fd, char *err, size_t errsize)
{
	set_empty(m);
	if (fstat(fd, &m->st) != 0) {
		snprintf(err, errsize, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	m->fd = fd;
	if (m->st.st_size == 0)
		return 0;
	if (take_whole(m, fd, err, errsize) < 0) {
		close(fd);
		m->fd = -1;
		return -1;
	}
	return 0;
}

int
mapfile_open(struct mapfile *m, const char *path, char *err, size_t errsize)
{
	return mapfile_openat(m, AT_FDCWD, path, err, errsize);
}

void
mapfile_unmap(struct mapfile *m)
{
	if (m->data != NULL && m->heap) {
		free((void *)m->data);
		m->data = NULL;
	} else if (m->data != NULL && !m->stream) {
		munmap((void *)m->data, m->size);
		m->data = NULL;
	}
}

int
mapfile_pread(int fd, size_t off, size_t len, uint8_t *buf)
{
	while (len > 0) {
		ssize_t n = pread(fd, buf, len, (off_t)off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			return EIO;
		buf += n;
		off += (size_t)n;
		len -= (size_t)n;
	}
	return 0;
}

int
mapfile_read(const struct mapfile *m, size_t off, size_t len, uint8_t *buf)
{
	return mapfile_pread(m->fd, off, len, buf);
}

void
mapfile_close(struct mapfile *m)
{
	if (m->stream)
		free((void *)m->data);
	else
		mapfile_unmap(m);
	infile_close(m->fd);
	set_empty(m);
}

/* The whole pages of [off, off + len) of m's mapping, in *start and *end;
 * 0 when there are none (a stream, a range past the end). */
static int
whole_pages(const struct mapfile *m, size_t off, size_t len, uintptr_t *start, uintptr_t *end)
{
	long page = sysconf(_SC_PAGESIZE);

	if (m->data == NULL || m->stream || m->heap || page <= 0 || off >= m->size)
		return 0;
	if (len > m->size - off)
		len = m->size - off;
	*start = ((uintptr_t)m->data + off + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
	*end = ((uintptr_t)m->data + off + len) & ~((uintptr_t)page - 1);
	return *end > *start;
}

void
mapfile_done(const struct mapfile *m, size_t off, size_t len)
{
	uintptr_t start, end;

	if (whole_pages(m, off, len, &start, &end))
		madvise((void *)start, end - start, MADV_DONTNEED);
}

void
mapfile_zero(const struct mapfile *m, size_t off, size_t len)
{
	uintptr_t start, end;

	if (whole_pages(m, off, len, &start, &end))
		(void)mmap((void *)start, end - start, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		    -1, 0);
}

size_t
mapfile_next_data(const struct mapfile *m, size_t off)
{
	off_t at;

	if (m->fd < 0 || off >= m->size)
		return off;
	at = lseek(m->fd, (off_t)off, SEEK_DATA);
	if (at < 0)
		return errno == ENXIO ? m->size : off;	/* else: no word, read it */
	return (size_t)at < m->size ? (size_t)at : m->size;
}

size_t
mapfile_next_hole(const struct mapfile *m, size_t off)
{
	off_t at;

	if (m->fd < 0 || off >= m->size)
		return m->size;
	at = lseek(m->fd, (off_t)off, SEEK_HOLE);
	return at >= 0 && (size_t)at < m->size ? (size_t)at : m->size;
}

/* The mapping guarded on this thread, and whether it shrank. */
static _Thread_local const uint8_t *volatile guard_lo, *volatile guard_hi;
static _Thread_local volatile sig_atomic_t guard_hit;
static pthread_once_t guard_once = PTHREAD_ONCE_INIT;

static void
on_sigbus(int sig, siginfo_t *si, void *uc)
{
	const uint8_t *at = si->si_addr;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

	(void)uc;
	if (si->si_code > 0 && guard_lo != NULL && at >= guard_lo && at < guard_hi) {
		uint8_t *from = (uint8_t *)((uintptr_t)at & ~(page - 1));

		/* The pages past the file's new end read as zeros. */
		if (mmap(from, (size_t)(guard_hi - from), PROT_READ,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
			guard_hit = 1;
			return;
		}
	}
	/* Not ours: the fault comes again, with the default action. */
	signal(sig, SIG_DFL);
	if (si->si_code <= 0)
		raise(sig);
}

static void
install_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

void
mapfile_guard(const struct mapfile *m)
{
	pthread_once(&guard_once, install_handler);
	guard_hit = m->heap && m->cut;
	if (m->data == NULL || m->stream || m->heap)
		return;
	guard_hi = m->data + m->size;
	guard_lo = m->data;
}

int
mapfile_unguard(void)
{
	guard_lo = guard_hi = NULL;
	return guard_hit != 0;
}
