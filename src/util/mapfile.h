/* SPDX-License-Identifier: MIT */
/*
 * A file mapped read-only into memory, the way the walk gets its bytes, or
 * a stream (a pipe, "-") read whole into memory.  A small file (up to
 * MAPFILE_READ_MAX) is read, not mapped: a tree of many small files then
 * costs no mapping per file, whose unmapping makes every CPU running this
 * process flush its TLB.  The descriptor of a file
 * stays open after the mapping goes, so that workers copy images out of it
 * with pread (mapfile_read) and never fault in a page of the mapping.
 */
#ifndef SPILLWAY_MAPFILE_H
#define SPILLWAY_MAPFILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#define MAPFILE_READ_MAX	(64 * 1024)

struct mapfile {
	const uint8_t	*data;	/* the mapping, or the stream's bytes; NULL: empty or unmapped */
	size_t		 size;
	int		 fd;	/* the file, or -1 (a stream, or closed) */
	int		 stream;	/* data is a stream's bytes, malloc'd */
	int		 heap;		/* data is a small file's bytes, read, malloc'd */
	int		 cut;		/* ...of which the end was gone (read as zeros) */
	struct stat	 st;	/* the file as it was opened */
};

/*
 * Opens path (dirfd and name: relative to that directory, see
 * infile_openat) and maps it, or reads a stream to its end.  Returns 0, or
 * -1 with a message in err ("is a directory", the system's word).  An
 * empty file maps to data NULL, size 0.
 */
int	mapfile_open(struct mapfile *, const char *path, char *err, size_t errsize);
int	mapfile_openat(struct mapfile *, int dirfd, const char *name, char *err,
	    size_t errsize);
/*
 * The same for a file open as fd (a scratch file: scratch.h), which the
 * mapfile takes: closed by mapfile_close, or here at an error.  An empty
 * one keeps its descriptor.
 */
int	mapfile_fdopen(struct mapfile *, int fd, char *err, size_t errsize);
/* Unmaps a file (frees a small one's bytes), keeping its descriptor (a
 * stream keeps its bytes). */
void	mapfile_unmap(struct mapfile *);
void	mapfile_close(struct mapfile *);
/*
 * Copies [off, off+len) of the file into buf with pread: the bytes reach
 * the caller without a page fault in this process and without pages to
 * drop afterwards (dropping them makes every CPU running this process
 * flush its TLB).  Returns 0, or an errno value (EIO: the file is shorter
 * than it was).
 */
int	mapfile_read(const struct mapfile *, size_t off, size_t len, uint8_t *buf);
int	mapfile_pread(int fd, size_t off, size_t len, uint8_t *buf);
/* Tells the kernel the bytes in [off, off+len) will not be read again. */
void	mapfile_done(const struct mapfile *, size_t off, size_t len);
/*
 * Maps zeros over the whole pages within [off, off+len) of a file's
 * mapping: they read as zeros from then on and hold no memory (the
 * kernel's one zero page), for bytes whose content no reader needs but
 * that a reader passes over.
 */
void	mapfile_zero(const struct mapfile *, size_t off, size_t len);
/*
 * Where data may be again from off on (SEEK_DATA): a hole before it reads
 * as zeros and need not be read; size when only a hole is left.
 */
size_t	mapfile_next_data(const struct mapfile *, size_t off);
/* The offset of the first hole from off on (SEEK_HOLE), or size when
 * there is none. */
size_t	mapfile_next_hole(const struct mapfile *, size_t off);

/*
 * Reading through a mapping of a file that shrinks faults (SIGBUS).  From
 * mapfile_guard to mapfile_unguard, on this thread, a fault inside m's
 * mapping maps zeros over the rest of it instead, so the reading goes on
 * (over zeros) and the caller learns of it from mapfile_unguard: 1 when
 * the file shrank under the guard, else 0.  A fault anywhere else is
 * SIGBUS as ever.
 */
void	mapfile_guard(const struct mapfile *);
int	mapfile_unguard(void);

#endif
