/* A file mapped read-only into memory, the way every reader gets its bytes. */
#ifndef SPILLWAY_MAPFILE_H
#define SPILLWAY_MAPFILE_H

#include <stddef.h>
#include <stdint.h>

struct mapfile {
	const uint8_t	*data;
	size_t		 size;
	int		 fd;	/* kept open for mapfile_read, or -1 */
};

/*
 * Returns 0, or an errno value; an empty file maps to data NULL, size 0.
 * keep_fd: keep the file open, so that mapfile_read can copy bytes out of
 * it without touching the mapping.
 */
int	mapfile_open(struct mapfile *, const char *path, int keep_fd);
void	mapfile_close(struct mapfile *);
/*
 * Copies [off, off+len) of the file into buf with pread: the bytes reach
 * the caller without a page fault in this process and without pages to
 * drop afterwards (dropping them makes every CPU running this process
 * flush its TLB).  Returns 0, or an errno value (EIO: the file is shorter
 * than it was).
 */
int	mapfile_read(const struct mapfile *, size_t off, size_t len, uint8_t *buf);
/* Tells the kernel the bytes in [off, off+len) will not be read again. */
void	mapfile_done(const struct mapfile *, size_t off, size_t len);

#endif
