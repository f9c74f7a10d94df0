/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "coltable.h"
#include "escape.h"
#include "text.h"
#include "xalloc.h"

/* Columns past which cells are not padded: a column as wide as this is
 * a list (a set of compiles run at once), not a column to line up. */
#define COLTABLE_PAD_MAX	120

void
coltable_init(struct coltable *t, size_t ncols, unsigned right)
{
	memset(t, 0, sizeof *t);
	t->ncols = ncols > 0 ? ncols : 1;
	t->right = right;
}

static void
push(struct coltable *t, char *cell)
{
	xgrow((void **)&t->cells, &t->cap, t->n + 1, sizeof *t->cells);
	t->cells[t->n++] = cell;
}

void
coltable_add(struct coltable *t, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = xstrdup("");
	va_end(ap);
	push(t, s);
}

void
coltable_add_name(struct coltable *t, const char *name)
{
	push(t, escape_text(name, strlen(name)));
}

static void
pad(FILE *f, int n)
{
	while (n-- > 0)
		fputc(' ', f);
}

void
coltable_write(FILE *f, struct coltable *t, int aligned)
{
	int *width = xcalloc(t->ncols, sizeof *width);

	for (size_t i = 0; aligned && i < t->n; i++) {
		int w = text_width(t->cells[i]);
		size_t c = i % t->ncols;

		if (w <= COLTABLE_PAD_MAX && w > width[c])
			width[c] = w;
	}
	for (size_t i = 0; i < t->n; i++) {
		size_t c = i % t->ncols;
		int last = c + 1 == t->ncols || i + 1 == t->n;
		int room = width[c] - text_width(t->cells[i]);

		if (!aligned) {
			fputs(t->cells[i], f);
			fputc(last ? '\n' : '\t', f);
			continue;
		}
		if (t->right & (1u << c))
			pad(f, room);
		fputs(t->cells[i], f);
		if (last)
			fputc('\n', f);
		else
			pad(f, ((t->right & (1u << c)) ? 0 : room) + 2);
	}
	free(width);
	coltable_free(t);
	coltable_init(t, t->ncols, t->right);
}

void
coltable_free(struct coltable *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->n = t->cap = 0;
}
