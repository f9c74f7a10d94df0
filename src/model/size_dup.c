/* SPDX-License-Identifier: MIT */
/* Duplicates: the same image, or the same function, in several places. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "parallel.h"
#include "size.h"
#include "xalloc.h"

static int
image_by_hash(const void *a, const void *b, void *arg)
{
	const struct model *m = arg;
	const struct image_rec *x = &m->images[*(const size_t *)a];
	const struct image_rec *y = &m->images[*(const size_t *)b];

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int
same_image(const struct image_rec *x, const struct image_rec *y)
{
	return x->hash == y->hash && x->size == y->size;
}

/*
 * A function's identity as a copy: its code hash, name, code bytes and
 * arch, sorted by value (an index into the model's rows missed the cache
 * at every comparison).  The names are interned: the copies of one
 * function compare by address; the arch, a string of its image, by
 * strcmp, on the hash's and name's ties alone.
 */
struct ckey {
	uint64_t	 hash;
	const char	*mangled;
	const char	*arch;
	int32_t		 code_bytes;
	uint32_t	 func;
};

static int
ckey_cmp(const void *a, const void *b)
{
	const struct ckey *x = a, *y = b;
	int c = order_then(order_then(order_u64(x->hash, y->hash), order_ptr(x->mangled, y->mangled)),
	    order_i64(x->code_bytes, y->code_bytes));

	if (c == 0 && x->arch != y->arch)
		c = strcmp(x->arch, y->arch);
	return c != 0 ? c : order_u64(x->func, y->func);
}

static int
same_func(const struct ckey *x, const struct ckey *y)
{
	return x->hash == y->hash && x->mangled == y->mangled && x->code_bytes == y->code_bytes &&
	    (x->arch == y->arch || strcmp(x->arch, y->arch) == 0);
}

static int
dup_by_waste(const void *a, const void *b)
{
	const struct size_dup *x = a, *y = b;

	if (x->wasted != y->wasted)
		return x->wasted > y->wasted ? -1 : 1;
	if (x->image != y->image)
		return x->image > y->image ? -1 : 1;
	return order_then(order_then(strcmp(x->name, y->name), strcmp(x->arch, y->arch)),
	    order_then(strcmp(x->first, y->first), order_u64(x->first_at, y->first_at)));
}

static struct size_dup *
add_dup(struct size_dup **v, size_t *n, size_t *cap)
{
	xgrow((void **)v, cap, *n + 1, sizeof **v);
	memset(&(*v)[*n], 0, sizeof **v);
	return &(*v)[(*n)++];
}

struct size_dup *
size_duplicates(const struct model *m, size_t *np)
{
	size_t *o = xmalloc((m->nimages ? m->nimages : 1) * sizeof *o), no = 0, n = 0, cap = 0;
	struct ckey *f = xmalloc((m->nfuncs ? m->nfuncs : 1) * sizeof *f);
	size_t nf = 0;
	uint8_t *copy = xcalloc(m->nimages ? m->nimages : 1, 1);	/* a later copy of an image */
	struct size_dup *v = NULL;

	for (size_t i = 0; i < m->nimages; i++)
		if (m->images[i].kind == IMAGE_SASS && m->images[i].hash != 0)
			o[no++] = i;
	qsort_r(o, no, sizeof *o, image_by_hash, (void *)m);
	for (size_t i = 0; i < no;) {
		size_t j = i + 1;

		while (j < no && same_image(&m->images[o[i]], &m->images[o[j]]))
			j++;
		if (j - i > 1) {
			struct size_dup *d = add_dup(&v, &n, &cap);
			const struct image_rec *r = &m->images[o[i]];

			d->image = 1;
			d->arch = r->arch;
			d->name = "";
			d->first = r->member[0] ? r->member : r->library;
			d->second = m->images[o[i + 1]].member[0] ? m->images[o[i + 1]].member
			    : m->images[o[i + 1]].library;
			d->first_at = r->offset;
			d->second_at = m->images[o[i + 1]].offset;
			d->copies = (uint32_t)(j - i);
			d->bytes = r->stored_size;
			for (size_t k = i + 1; k < j; k++) {
				d->wasted += m->images[o[k]].stored_size;
				copy[o[k]] = 1;
			}
		}
		i = j;
	}
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];

		if (fn->code_hash != 0 && !copy[fn->image])
			f[nf++] = (struct ckey){ fn->code_hash, fn->mangled, m->images[fn->image].arch,
			    fn->code_bytes, (uint32_t)i };
	}
	parallel_sort(f, nf, sizeof *f, ckey_cmp, 0);
	for (size_t i = 0; i < nf;) {
		size_t j = i + 1;

		while (j < nf && same_func(&f[i], &f[j]))
			j++;
		if (j - i > 1 && f[i].code_bytes > 0) {
			struct size_dup *d = add_dup(&v, &n, &cap);
			const struct func_rec *fn = &m->funcs[f[i].func];
			const struct image_rec *a = &m->images[fn->image];
			const struct image_rec *b = &m->images[m->funcs[f[i + 1].func].image];

			d->arch = a->arch;
			d->name = fn->name != NULL ? fn->name : fn->mangled;
			d->first = a->member[0] ? a->member : a->library;
			d->second = b->member[0] ? b->member : b->library;
			d->first_at = a->offset;
			d->second_at = b->offset;
			d->copies = (uint32_t)(j - i);
			d->bytes = (uint64_t)fn->code_bytes;
			d->wasted = d->bytes * (d->copies - 1);
		}
		i = j;
	}
	free(o);
	free(f);
	free(copy);
	if (n > 0)
		qsort(v, n, sizeof *v, dup_by_waste);
	*np = n;
	return v;
}
