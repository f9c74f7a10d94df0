#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptrmap.h"
#include "xalloc.h"

static size_t
slot_of(const void *key, size_t nslots)
{
	uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ULL;

	return (size_t)(h >> 20) & (nslots - 1);
}

void
ptrmap_init(struct ptrmap *m)
{
	memset(m, 0, sizeof *m);
}

void *
ptrmap_get(const struct ptrmap *m, const void *key)
{
	size_t j;

	if (m->nslots == 0)
		return NULL;
	for (j = slot_of(key, m->nslots); m->keys[j] != NULL; j = (j + 1) & (m->nslots - 1))
		if (m->keys[j] == key)
			return m->vals[j];
	return NULL;
}

static void
ptrmap_grow(struct ptrmap *m)
{
	struct ptrmap n;

	n.nslots = m->nslots ? m->nslots * 2 : 1024;
	n.keys = xcalloc(n.nslots, sizeof *n.keys);
	n.vals = xcalloc(n.nslots, sizeof *n.vals);
	n.used = 0;
	for (size_t i = 0; i < m->nslots; i++)
		if (m->keys[i] != NULL)
			ptrmap_put(&n, m->keys[i], m->vals[i]);
	free(m->keys);
	free(m->vals);
	*m = n;
}

void
ptrmap_put(struct ptrmap *m, const void *key, void *val)
{
	size_t j;

	if ((m->used + 1) * 2 > m->nslots)
		ptrmap_grow(m);
	for (j = slot_of(key, m->nslots); m->keys[j] != NULL; j = (j + 1) & (m->nslots - 1))
		if (m->keys[j] == key) {
			m->vals[j] = val;
			return;
		}
	m->keys[j] = key;
	m->vals[j] = val;
	m->used++;
}

void
ptrmap_free(struct ptrmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}
