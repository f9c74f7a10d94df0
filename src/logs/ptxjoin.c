#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ptxjoin.h"
#include "order.h"
#include "xalloc.h"

struct ptxjoin_key {
	const char	*mangled;	/* interned: compared by pointer */
	const char	*arch;
	size_t		 rec;
};
#define key ptxjoin_key

static int
key_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int c;

	if ((c = order_ptr(x->mangled, y->mangled)) != 0)
		return c;
	return order_then(strcmp(x->arch, y->arch), order_u64(x->rec, y->rec));
}

static int
agrees(const struct ptxas_rec *r, const struct func_rec *f)
{
	if (r->reg >= 0 && f->reg >= 0 && r->reg != f->reg)
		return 0;
	if (r->frame >= 0 && f->frame >= 0 && r->frame != f->frame)
		return 0;
	if (r->frame < 0 && r->reg < 0)
		return 0;
	return 1;
}

void
ptxjoin_init(struct ptxjoin *j, const struct model *m)
{
	memset(j, 0, sizeof *j);
	if (m->nptxas == 0)
		return;
	j->keys = xcalloc(m->nptxas, sizeof *j->keys);
	for (size_t i = 0; i < m->nptxas; i++) {
		if (m->ptxas[i].arch[0] == '\0' || m->ptxas[i].frame < 0)
			continue;	/* no sm, or no spill figures to lend */
		j->keys[j->n].mangled = m->ptxas[i].mangled;
		j->keys[j->n].arch = m->ptxas[i].arch;
		j->keys[j->n].rec = i;
		j->n++;
	}
	qsort(j->keys, j->n, sizeof *j->keys, key_cmp);
}

size_t
ptxjoin_apply(const struct ptxjoin *j, const struct model *m, struct func_rec *rows, size_t count)
{
	const struct key *keys = j->keys;
	size_t n = j->n, joined = 0;

	for (size_t i = 0; n > 0 && i < count; i++) {
		struct func_rec *f = &rows[i];
		struct key k = { f->mangled, m->images[f->image].arch, 0 };
		const struct key *hit = NULL;
		size_t lo = 0, hi = n;

		/* The first key of (mangled, arch), then every one after it. */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (key_cmp(&keys[mid], &k) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < n && keys[lo].mangled == k.mangled && strcmp(keys[lo].arch, k.arch) == 0; lo++)
			if (agrees(&m->ptxas[keys[lo].rec], f))
				hit = &keys[lo];	/* the last read wins */
		if (hit == NULL)
			continue;
		f->spill_stores = m->ptxas[hit->rec].spill_stores;
		f->spill_loads = m->ptxas[hit->rec].spill_loads;
		joined++;
	}
	return joined;
}

void
ptxjoin_free(struct ptxjoin *j)
{
	XFREE_OWNER(j, keys);
}

size_t
ptxjoin_run(struct model *m)
{
	struct ptxjoin j;
	size_t n;

	ptxjoin_init(&j, m);
	n = ptxjoin_apply(&j, m, m->funcs, m->nfuncs);
	ptxjoin_free(&j);
	return n;
}
