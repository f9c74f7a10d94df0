#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xalloc.h"

void
diag_add(struct diag_list *l, uint64_t order, const char *file,
    const char *member, uint64_t offset, const char *fmt, ...)
{
	struct diag *d;
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	d = &l->v[l->n++];
	d->file = xstrdup(file ? file : "");
	d->member = member && *member ? xstrdup(member) : NULL;
	d->offset = offset;
	d->message = msg;
	d->order = order;
}

void
diag_append(struct diag_list *dst, struct diag_list *src)
{
	if (src->n == 0) {	/* dst->v may be NULL: no pointer arithmetic on it */
		diag_free(src);
		return;
	}
	xgrow((void **)&dst->v, &dst->cap, dst->n + src->n, sizeof *dst->v);
	memcpy(dst->v + dst->n, src->v, src->n * sizeof *src->v);
	dst->n += src->n;
	free(src->v);
	src->v = NULL;
	src->n = src->cap = 0;
}

static int
diag_cmp(const void *a, const void *b)
{
	const struct diag *x = a, *y = b;

	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return strcmp(x->message, y->message);
}

void
diag_sort(struct diag_list *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof *l->v, diag_cmp);
}

void
diag_print(FILE *f, const struct diag *d)
{
	fprintf(f, "spillway: %s", d->file);
	if (d->member)
		fprintf(f, "(%s)", d->member);
	if (d->offset != DIAG_NO_OFFSET)
		fprintf(f, ": offset 0x%" PRIx64, d->offset);
	fprintf(f, ": %s\n", d->message);
}

void
diag_free(struct diag_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].file);
		free(l->v[i].member);
		free(l->v[i].message);
	}
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}
