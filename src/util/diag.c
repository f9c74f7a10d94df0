/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "order.h"
#include "escape.h"
#include "xalloc.h"

/* Whether a record about file continues the list's last run. */
static int
same_run(const struct diag_list *l, const char *file)
{
	return l->n > l->run && strcmp(l->v[l->run].file, file) == 0;
}

/* Whether the last run holds DIAG_PER_FILE records already. */
static int
run_full(const struct diag_list *l)
{
	return l->summary != 0 || l->n - l->run >= DIAG_PER_FILE;
}

static void
free_record(struct diag *d)
{
	if (d->owns_file)
		free(d->file);
	free(d->member);
	free(d->message);
}

/* Counts more records about the last run's file in its summary. */
static void
count_more(struct diag_list *l, uint64_t order, uint64_t more)
{
	struct diag *d;

	if (l->summary == 0) {
		xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
		d = &l->v[l->n++];
		memset(d, 0, sizeof *d);
		d->file = l->v[l->run].file;
		d->offset = DIAG_NO_OFFSET;
		d->message = xstrdup("");
		l->summary = l->n;
	}
	d = &l->v[l->summary - 1];
	d->more += more;
	if (order > d->order)
		d->order = order;
}

/* Takes d (whose strings it owns) into the list. */
static void
push(struct diag_list *l, struct diag *d)
{
	if (same_run(l, d->file)) {
		if (run_full(l)) {
			count_more(l, d->order, d->more > 0 ? d->more : 1);
			free_record(d);
			return;
		}
		if (d->owns_file)
			free(d->file);
		d->file = l->v[l->run].file;
		d->owns_file = 0;
	} else {
		l->run = l->n;
		l->summary = 0;
	}
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = *d;
	if (d->more > 0)
		l->summary = l->n;
}

void
diag_add(struct diag_list *l, uint64_t order, const char *file,
    const char *member, uint64_t offset, const char *fmt, ...)
{
	struct diag d;
	va_list ap;

	if (file == NULL)
		file = "";
	if (same_run(l, file) && run_full(l)) {
		count_more(l, order, 1);	/* nothing formatted, nothing kept */
		return;
	}
	va_start(ap, fmt);
	d.message = xvasprintf(fmt, ap);
	va_end(ap);
	d.file = xstrdup(file);
	d.owns_file = 1;
	d.member = member && *member ? xstrdup(member) : NULL;
	d.offset = offset;
	d.order = order;
	d.more = 0;
	push(l, &d);
}

void
diag_append(struct diag_list *dst, struct diag_list *src)
{
	for (size_t i = 0; i < src->n; i++) {
		struct diag d = src->v[i];

		/* A copy of the name: push frees it or keeps it, and src's
		 * records may share theirs. */
		d.file = xstrdup(d.file);
		d.owns_file = 1;
		push(dst, &d);
	}
	for (size_t i = 0; i < src->n; i++)
		if (src->v[i].owns_file)
			free(src->v[i].file);
	XFREE_OWNER(src, v);
}

void
diag_truncate(struct diag_list *l, size_t n)
{
	/* A record shares only the name of one before it: freeing from the
	 * end frees no name a kept record uses. */
	while (l->n > n)
		free_record(&l->v[--l->n]);
	if (l->run > l->n)
		l->run = l->n;
	if (l->summary > l->n)
		l->summary = 0;
}

static int
diag_cmp(const void *a, const void *b)
{
	const struct diag *x = a, *y = b;
	int c = order_then(order_then(order_u64(x->order, y->order), order_u64(x->offset, y->offset)),
	    order_i64(x->more > 0, y->more > 0));	/* "and more" after the file's messages */

	return c != 0 ? c : strcmp(x->message, y->message);
}

void
diag_sort(struct diag_list *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof *l->v, diag_cmp);
	l->run = l->n;		/* runs are no longer in a row */
	l->summary = 0;
}

/* The file, member and message go through the shared escaping: a name
 * holding a newline or a terminal escape stays on its one line. */
void
diag_print(FILE *f, const struct diag *d)
{
	fputs("spillway: ", f);
	escape_fputs(d->file, f);
	if (d->more > 0) {
		fprintf(f, ": and %" PRIu64 " more message%s about this file\n", d->more,
		    d->more == 1 ? "" : "s");
		return;
	}
	if (d->member) {
		putc('(', f);
		escape_fputs(d->member, f);
		putc(')', f);
	}
	if (d->offset != DIAG_NO_OFFSET)
		fprintf(f, ": offset 0x%" PRIx64, d->offset);
	fputs(": ", f);
	escape_fputs(d->message, f);
	putc('\n', f);
}

void
diag_free(struct diag_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free_record(&l->v[i]);
	XFREE_OWNER(l, v);
}

int
diag_fail_at(char *err, size_t errsize, size_t *offset, uint64_t at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	*offset = (size_t)at;
	return -1;
}
