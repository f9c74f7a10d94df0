/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "rtext.h"
#include "text.h"
#include "xalloc.h"

#define RTEXT_UNKNOWN	"—"
#define RTEXT_INDENT	"  "
#define RTEXT_GAP	"  "

/* A cell as shown: escaped, "—" when unknown.  Allocated. */
static char *
rtext_cell(const char *s)
{
	return escape_text(*s ? s : RTEXT_UNKNOWN, strlen(*s ? s : RTEXT_UNKNOWN));
}

/* A paragraph without its code marks, escaped.  Allocated. */
static char *
rtext_para(const char *s)
{
	char *plain = xmalloc(strlen(s) + 1), *shown;
	size_t n = 0;

	for (; *s; s++)
		if (*s != RD_CODE[0] && *s != RD_END[0])
			plain[n++] = *s;
	plain[n] = '\0';
	shown = escape_text(plain, n);
	free(plain);
	return shown;
}

/* Appends s to the line at *len, padded to width columns on its left
 * (right) or right (!right). */
static void
rtext_put(char **line, size_t *len, size_t *cap, const char *s, int width, int right)
{
	int pad = width - text_width(s);
	size_t n = strlen(s), need = *len + n + (size_t)(pad > 0 ? pad : 0) + 1;

	xgrow((void **)line, cap, need, 1);
	if (right && pad > 0) {
		memset(*line + *len, ' ', (size_t)pad);
		*len += (size_t)pad;
	}
	memcpy(*line + *len, s, n);
	*len += n;
	if (!right && pad > 0) {
		memset(*line + *len, ' ', (size_t)pad);
		*len += (size_t)pad;
	}
	(*line)[*len] = '\0';
}

/* One line of the table, its titles or a row, trailing blanks cut. */
static void
rtext_table_line(const struct rtable *t, char *const *cells, const int *width,
    rtext_sink *sink, void *ctx, int kind)
{
	char *line = NULL;
	size_t len = 0, cap = 0, shown = 0;

	rtext_put(&line, &len, &cap, RTEXT_INDENT, 0, 0);
	for (size_t c = 0; c < t->ncols; c++) {
		if (t->flags[c] & RC_CSV_ONLY)
			continue;
		if (shown++ > 0)
			rtext_put(&line, &len, &cap, RTEXT_GAP, 0, 0);
		rtext_put(&line, &len, &cap, cells[c], width[c], (t->flags[c] & RC_NUM) != 0);
	}
	while (len > 0 && line[len - 1] == ' ')
		line[--len] = '\0';
	sink(ctx, kind, line);
	free(line);
}

static void
rtext_table(const struct rtable *t, rtext_sink *sink, void *ctx)
{
	int *width = xcalloc(t->ncols + 1, sizeof *width);
	char **cells = xcalloc((t->nrows + 1) * t->ncols + 1, sizeof *cells);

	/* cells[0 .. ncols): the titles; then the rows, each shown once. */
	for (size_t c = 0; c < t->ncols; c++)
		cells[c] = escape_text(t->cols[c], strlen(t->cols[c]));
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++)
			cells[(r + 1) * t->ncols + c] = rtext_cell(rtable_at(t, r, c));
	for (size_t i = 0; i < (t->nrows + 1) * t->ncols; i++) {
		int w = text_width(cells[i]);

		if (w > width[i % t->ncols])
			width[i % t->ncols] = w;
	}
	for (size_t r = 0; r <= t->nrows; r++)
		rtext_table_line(t, cells + r * t->ncols, width, sink, ctx, r == 0 ? RT_COLUMNS : RT_ROW);
	for (size_t i = 0; i < (t->nrows + 1) * t->ncols; i++)
		free(cells[i]);
	free(cells);
	free(width);
}

void
rtext_render(const struct rdoc *d, rtext_sink *sink, void *ctx)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct rblock *b = &d->v[i];
		char *s;

		if (i > 0)
			sink(ctx, RT_BLANK, "");
		switch (b->kind) {
		case RB_HEADING:
			s = escape_text(b->text, strlen(b->text));
			sink(ctx, RT_HEADING, s);
			free(s);
			break;
		case RB_PARA:
			s = rtext_para(b->text);
			sink(ctx, RT_PARA, s);
			free(s);
			break;
		case RB_TABLE:
			if (b->table->ncols > 0)
				rtext_table(b->table, sink, ctx);
			break;
		}
	}
}

static void
rtext_fputs(void *ctx, int kind, const char *line)
{
	(void)kind;
	fputs(line, ctx);
	putc('\n', ctx);
}

void
rtext_write(FILE *f, const struct rdoc *d)
{
	rtext_render(d, rtext_fputs, f);
}
