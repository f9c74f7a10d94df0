/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "infile.h"
#include "xalloc.h"

/* The file types there are, and what becomes of each. */
static const struct {
	mode_t		 type;
	enum infile_kind kind;
	const char	*refusal;	/* NULL: read as kind */
} file_types[] = {
	{ S_IFREG,  INFILE_REGULAR, NULL },
	{ S_IFIFO,  INFILE_STREAM,  NULL },
	{ S_IFSOCK, INFILE_STREAM,  NULL },
	{ S_IFDIR,  INFILE_REGULAR, "is a directory" },
	{ S_IFCHR,  INFILE_REGULAR, "is a character device, not a file" },
	{ S_IFBLK,  INFILE_REGULAR, "is a block device, not a file" },
};

static int
type_index(mode_t mode)
{
	size_t i;

	for (i = 0; i < sizeof file_types / sizeof file_types[0]; i++)
		if ((mode & S_IFMT) == file_types[i].type)
			return (int)i;
	return -1;
}

const char *
infile_refusal(mode_t mode)
{
	int i = type_index(mode);

	return i < 0 ? "is not a file" : file_types[i].refusal;
}

int
infile_open(const char *path, enum infile_kind *kind, struct stat *st,
    char *err, size_t errsize)
{
	return infile_openat(AT_FDCWD, path, kind, st, err, errsize);
}

int
infile_openat(int dirfd, const char *path, enum infile_kind *kind, struct stat *st,
    char *err, size_t errsize)
{
	const char *refusal;
	int fd, flags, i;

	if (strcmp(path, "-") == 0) {
		fd = STDIN_FILENO;
	} else {
		/* O_NONBLOCK: a FIFO with no writer must not hold the open. */
		fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
		if (fd < 0) {
			snprintf(err, errsize, "%s", strerror(errno));
			return -1;
		}
	}
	if (fstat(fd, st) < 0) {
		snprintf(err, errsize, "%s", strerror(errno));
		infile_close(fd);
		return -1;
	}
	refusal = infile_refusal(st->st_mode);
	if (refusal != NULL) {
		snprintf(err, errsize, "%s", refusal);
		infile_close(fd);
		return -1;
	}
	i = type_index(st->st_mode);
	*kind = file_types[i].kind;
	/* Reads block again: a pipe with a writer is read to its end, one
	 * without reads as empty. */
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0 && (flags & O_NONBLOCK) && fd != STDIN_FILENO)
		(void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;
}

void
infile_close(int fd)
{
	if (fd > STDIN_FILENO)
		close(fd);
}

int
infile_slurp(int fd, size_t limit, uint8_t **data, size_t *size)
{
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0;

	*data = NULL;
	*size = 0;
	for (;;) {
		ssize_t n;

		if (len + 1 >= cap) {
			if (len > limit) {
				free(buf);
				return EFBIG;
			}
			xgrow((void **)&buf, &cap, len + 65536 + 1, 1);
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			/* Standard input left non-blocking by whoever gave it. */
			int flags = fcntl(fd, F_GETFL);

			if (flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0)
				continue;
		}
		if (n < 0) {
			int e = errno;

			free(buf);
			return e;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len > limit) {
			free(buf);
			return EFBIG;
		}
	}
	if (buf == NULL)
		buf = xmalloc(1);
	buf[len] = '\0';
	*data = buf;
	*size = len;
	return 0;
}
