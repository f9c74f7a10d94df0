/* A file mapped read-only into memory, the way every reader gets its bytes. */
#ifndef SPILLWAY_MAPFILE_H
#define SPILLWAY_MAPFILE_H

#include <stddef.h>
#include <stdint.h>

struct mapfile {
	const uint8_t	*data;
	size_t		 size;
};

/* Returns 0, or an errno value; an empty file maps to data NULL, size 0. */
int	mapfile_open(struct mapfile *, const char *path);
void	mapfile_close(struct mapfile *);
/* Tells the kernel the bytes in [off, off+len) will not be read again. */
void	mapfile_done(const struct mapfile *, size_t off, size_t len);

#endif
