/* Duplicates: the same image, or the same function, in several places. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "size.h"
#include "xalloc.h"

static const struct model *sort_model;

static int
image_by_hash(const void *a, const void *b)
{
	const struct image_rec *x = &sort_model->images[*(const size_t *)a];
	const struct image_rec *y = &sort_model->images[*(const size_t *)b];

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

static int
func_by_code(const void *a, const void *b)
{
	const struct func_rec *x = &sort_model->funcs[*(const size_t *)a];
	const struct func_rec *y = &sort_model->funcs[*(const size_t *)b];
	int c;

	if (x->code_hash != y->code_hash)
		return x->code_hash < y->code_hash ? -1 : 1;
	if ((c = strcmp(x->mangled, y->mangled)) != 0)
		return c;
	if ((c = strcmp(sort_model->images[x->image].arch, sort_model->images[y->image].arch)) != 0)
		return c;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int
same_func(const struct model *m, const struct func_rec *x, const struct func_rec *y)
{
	return x->code_hash == y->code_hash && x->mangled == y->mangled &&
	    x->code_bytes == y->code_bytes &&
	    strcmp(m->images[x->image].arch, m->images[y->image].arch) == 0;
}

static int
dup_by_waste(const void *a, const void *b)
{
	const struct size_dup *x = a, *y = b;

	if (x->wasted != y->wasted)
		return x->wasted > y->wasted ? -1 : 1;
	if (x->image != y->image)
		return x->image > y->image ? -1 : 1;
	return strcmp(x->name, y->name);
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
	size_t *f = xmalloc((m->nfuncs ? m->nfuncs : 1) * sizeof *f), nf = 0;
	uint8_t *copy = xcalloc(m->nimages ? m->nimages : 1, 1);	/* a later copy of an image */
	struct size_dup *v = NULL;

	for (size_t i = 0; i < m->nimages; i++)
		if (m->images[i].kind == IMAGE_SASS && m->images[i].hash != 0)
			o[no++] = i;
	sort_model = m;
	qsort(o, no, sizeof *o, image_by_hash);
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
	for (size_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].code_hash != 0 && !copy[m->funcs[i].image])
			f[nf++] = i;
	qsort(f, nf, sizeof *f, func_by_code);
	for (size_t i = 0; i < nf;) {
		size_t j = i + 1;

		while (j < nf && same_func(m, &m->funcs[f[i]], &m->funcs[f[j]]))
			j++;
		if (j - i > 1 && m->funcs[f[i]].code_bytes > 0) {
			struct size_dup *d = add_dup(&v, &n, &cap);
			const struct func_rec *fn = &m->funcs[f[i]];
			const struct image_rec *a = &m->images[fn->image];
			const struct image_rec *b = &m->images[m->funcs[f[i + 1]].image];

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
