/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "rdoc.h"
#include "xalloc.h"

static struct rblock *
add(struct rdoc *d, int kind, const char *section)
{
	struct rblock *b;

	xgrow((void **)&d->v, &d->cap, d->n + 1, sizeof *d->v);
	b = &d->v[d->n++];
	memset(b, 0, sizeof *b);
	b->kind = kind;
	b->section = section;
	return b;
}

void
rdoc_heading(struct rdoc *d, const char *section, const char *text)
{
	add(d, RB_HEADING, section)->text = xstrdup(text);
}

void
rdoc_para(struct rdoc *d, const char *section, const char *fmt, ...)
{
	struct rblock *b = add(d, RB_PARA, section);
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&b->text, fmt, ap) < 0)
		b->text = xstrdup("");
	va_end(ap);
}

struct rtable *
rdoc_table(struct rdoc *d, const char *section)
{
	struct rblock *b = add(d, RB_TABLE, section);

	b->table = xcalloc(1, sizeof *b->table);
	b->table->keep_bytes = d->keep_bytes;
	return b->table;
}

void
rtable_col(struct rtable *t, const char *name, int flags)
{
	t->cols = xreallocarray(t->cols, t->ncols + 1, sizeof *t->cols);
	t->flags = xreallocarray(t->flags, t->ncols + 1, sizeof *t->flags);
	t->cols[t->ncols] = xstrdup(name);
	t->flags[t->ncols++] = (uint8_t)flags;
}

#define RCELL_BLOCK	(64 * 1024)

struct rcell_block {
	struct rcell_block	*next;
	size_t			 used, size;
	char			 data[];
};

/* A copy of s's n bytes (and a NUL) in the table's text blocks. */
static const char *
text_copy(struct rtable *t, const char *s, size_t n)
{
	struct rcell_block *b = t->text;
	char *p;

	if (n == 0)
		return "";
	if (b == NULL || b->size - b->used < n + 1) {
		size_t size = n + 1 > RCELL_BLOCK ? n + 1 : RCELL_BLOCK;

		b = xmalloc(sizeof *b + size);
		b->size = size;
		b->used = 0;
		b->next = t->text;
		t->text = b;
	}
	p = b->data + b->used;
	memcpy(p, s, n);
	p[n] = '\0';
	b->used += n + 1;
	return p;
}

/* The rows a table keeps: one more than keep_bytes holds at the least a
 * row takes, so that a cap past them never fits (md.c's rows_cap). */
static size_t
keep_rows(const struct rtable *t)
{
	size_t shown = 0;

	if (t->keep_bytes == 0)
		return SIZE_MAX;
	for (size_t c = 0; c < t->ncols; c++)
		shown += !(t->flags[c] & RC_CSV_ONLY);
	return t->keep_bytes / RDOC_ROW_BYTES(shown) + 1;
}

static void
put(struct rtable *t, const char *s, size_t n)
{
	size_t cap = t->caprows * t->ncols;

	if (t->ncols == 0)
		return;
	if (t->filled == 0)
		t->keep = keep_rows(t);
	if (t->filled / t->ncols < t->keep) {
		xgrow((void **)&t->cells, &cap, t->stored + 1, sizeof *t->cells);
		t->caprows = cap / t->ncols;
		t->cells[t->stored++] = text_copy(t, s, n);
	}
	t->filled++;
	t->nrows = (t->filled + t->ncols - 1) / t->ncols;
}

void
rtable_cell(struct rtable *t, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (fmt == NULL) {
		put(t, "", 0);
		return;
	}
	va_start(ap, fmt);
	if (strcmp(fmt, "%s") == 0) {	/* most cells: a name, copied without printf */
		const char *name = va_arg(ap, const char *);

		put(t, name, strlen(name));
	} else if (vasprintf(&s, fmt, ap) < 0)
		put(t, "", 0);
	else {
		put(t, s, strlen(s));
		free(s);
	}
	va_end(ap);
}

void
rtable_num(struct rtable *t, int64_t v)
{
	char s[DECIMAL_MAX + 1];

	if (v < 0) {
		rtable_cell(t, NULL);
		return;
	}
	put(t, s, put_decimal(s, (uint64_t)v));
}

const char *
rtable_at(const struct rtable *t, size_t row, size_t col)
{
	size_t i = row * t->ncols + col;

	return i < t->stored ? t->cells[i] : "";
}

size_t
rtable_kept(const struct rtable *t)
{
	return t->ncols ? (t->stored + t->ncols - 1) / t->ncols : 0;
}

void
rdoc_free(struct rdoc *d)
{
	for (size_t i = 0; i < d->n; i++) {
		struct rtable *t = d->v[i].table;

		free(d->v[i].text);
		if (t == NULL)
			continue;
		for (size_t k = 0; k < t->ncols; k++)
			free(t->cols[k]);
		for (struct rcell_block *b = t->text, *next; b != NULL; b = next) {
			next = b->next;
			free(b);
		}
		free(t->cols);
		free(t->flags);
		free(t->cells);
		free(t);
	}
	XFREE_OWNER(d, v);
}
