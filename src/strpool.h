/*
 * A string pool: strings copied into large blocks and interned, so that a
 * kernel name met on every arch is stored once and compared by pointer.
 * A pool belongs to one thread while it is filled.
 */
#ifndef SPILLWAY_STRPOOL_H
#define SPILLWAY_STRPOOL_H

#include <stddef.h>

struct strpool_block;

struct strpool {
	struct strpool_block	 *blocks;
	const char		**slots;	/* open-addressing hash table */
	size_t			  nslots, used;
};

void		 strpool_init(struct strpool *);
const char	*strpool_intern(struct strpool *, const char *s, size_t len);
const char	*strpool_intern_str(struct strpool *, const char *s);
/* Moves every block of src into dst; src's strings stay valid. */
void		 strpool_adopt(struct strpool *dst, struct strpool *src);
void		 strpool_free(struct strpool *);

#endif
