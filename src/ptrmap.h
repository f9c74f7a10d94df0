/* A map from pointer to pointer (open addressing), for interned strings. */
#ifndef SPILLWAY_PTRMAP_H
#define SPILLWAY_PTRMAP_H

#include <stddef.h>

struct ptrmap {
	const void	**keys;
	void		**vals;
	size_t		  nslots, used;
};

void	 ptrmap_init(struct ptrmap *);
void	*ptrmap_get(const struct ptrmap *, const void *key);	/* NULL if absent */
void	 ptrmap_put(struct ptrmap *, const void *key, void *val);
void	 ptrmap_free(struct ptrmap *);

#endif
