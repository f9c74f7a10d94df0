/* SPDX-License-Identifier: MIT */
/*
 * Opening a file named by the user for reading, whatever it turns out to
 * be.  A regular file is a file; "-", a pipe (process substitution's
 * /dev/fd/N), a named FIFO and a socket are streams, read to their end
 * and never waited on at open (a FIFO with no writer reads as empty);
 * directories, devices (/dev/zero) and the rest are refused by name.
 */
#ifndef SPILLWAY_INFILE_H
#define SPILLWAY_INFILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

/*
 * The most bytes read from one stream: past it, the stream is refused.  A
 * stream is held whole while it is read, and the scan stays under 256 MiB
 *; build logs and CSV tables piped in are far smaller.
 */
#define INFILE_STREAM_MAX	((size_t)64 << 20)

enum infile_kind {
	INFILE_REGULAR,
	INFILE_STREAM,
};

/*
 * Opens path ("-": standard input, not closed by infile_close).  Returns
 * the descriptor (blocking, close-on-exec) with *kind and *st filled, or
 * -1 with a message in err: "is a directory", "is a character device,
 * not a file", or the system's word.
 */
int	infile_open(const char *path, enum infile_kind *kind, struct stat *st,
	    char *err, size_t errsize);
/* The same for name relative to the directory open as dirfd (AT_FDCWD:
 * the working directory), so that a walk is not bound by PATH_MAX. */
int	infile_openat(int dirfd, const char *name, enum infile_kind *kind,
	    struct stat *st, char *err, size_t errsize);
void	infile_close(int fd);

/*
 * Reads a stream to its end into *data (malloc'd, NUL-terminated beyond
 * *size).  Returns 0, or an errno value: EFBIG past limit bytes.
 */
int	infile_slurp(int fd, size_t limit, uint8_t **data, size_t *size);

/* What infile_open says of a file of this type; NULL when it is read. */
const char *infile_refusal(mode_t mode);

#endif
