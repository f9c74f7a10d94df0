/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "fatal.h"
#include "md.h"
#include "shortname.h"
#include "xalloc.h"

/* Text outside code: escape what GFM would read as markup or a cell end. */
static void
text_markup(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n' || c == '\r' || c == '\t')
			putc_unlocked(' ', f);
		else if (c == '<')
			fputs("&lt;", f);
		else if (c == '&')
			fputs("&amp;", f);
		else if (c == '_' && i > 0 && i + 1 < n && isalnum((unsigned char)s[i - 1]) &&
		    isalnum((unsigned char)s[i + 1]))
			putc_unlocked(c, f);	/* intraword: never emphasis in GFM */
		else if (strchr("\\`*_[]|~", c) != NULL && c != '\0') {
			putc_unlocked('\\', f);
			putc_unlocked(c, f);
		} else
			putc_unlocked(c, f);
	}
}

/*
 * A code span: the fence is one backtick longer than the longest run
 * inside; a space pads content that starts or ends with a backtick (or
 * with spaces on both sides, which CommonMark would strip).  '|' becomes
 * "\|" even here.  A backslash cannot be written in a code span inside a
 * table (GFM would read "\\|" as an escaped backslash, then a cell end),
 * so a name holding one is written as <code> with entities instead.
 */
static void
code_span(FILE *f, const char *s, size_t n)
{
	size_t run = 0, longest = 0;
	int pad;

	if (n == 0)
		return;
	if (memchr(s, '\\', n) != NULL) {
		fputs("<code>", f);
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)s[i];

			if (c == '\n' || c == '\r')
				putc_unlocked(' ', f);
			else if (c < 0x80 && (c == '\\' || c == '|' || c == '`' || c == '<' ||
			    c == '>' || c == '&' || c == '*' || c == '_' || c == '[' ||
			    c == ']' || c == '~'))
				fprintf(f, "&#%u;", c);
			else
				putc_unlocked(c, f);
		}
		fputs("</code>", f);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	pad = s[0] == '`' || s[n - 1] == '`' || (s[0] == ' ' && s[n - 1] == ' ');
	for (size_t i = 0; i <= longest; i++)
		putc_unlocked('`', f);
	if (pad)
		putc_unlocked(' ', f);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '|')
			fputs("\\|", f);
		else if (s[i] == '\n' || s[i] == '\r')
			putc_unlocked(' ', f);
		else
			putc_unlocked(s[i], f);
	}
	if (pad)
		putc_unlocked(' ', f);
	for (size_t i = 0; i <= longest; i++)
		putc_unlocked('`', f);
}

/* s as HTML text or an attribute's value inside a GFM table: entities for
 * what HTML or the row's cells would read ('|' splits a row even here). */
static void
html_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x80 && strchr("\\|`<>&\"*_[]~", c) != NULL)
			fprintf(f, "&#%u;", c);
		else
			putc_unlocked(c, f);
	}
}

/* An attribute's value inside a GFM table: no Markdown is read inside a
 * tag, only '|' splits the row. */
static void
html_attr(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '"' || *s == '&' || *s == '<' || *s == '|')
			fprintf(f, "&#%u;", (unsigned char)*s);
		else
			putc_unlocked(*s, f);
}

/* A name shown shortened (shortname.h), its whole text, escaped, in the
 * title: a hover shows it, on GitHub as in the HTML report. */
static void
short_code(FILE *f, const char *brief, const char *full)
{
	char *e = escape_text(full, strlen(full));

	fputs("<code title=\"", f);
	html_attr(f, e);
	fputs("\">", f);
	html_text(f, brief);
	fputs("</code>", f);
	free(e);
}

/*
 * Names first go through the escaping every face shares (escape.h):
 * control characters become visible escapes ("\x1b", "\n"), which hold
 * a backslash, so such a name is written as <code> with entities.  The
 * HTML report is rendered from this Markdown and inherits it.
 */
static void
shown(FILE *f, const char *s, size_t n, void (*put)(FILE *, const char *, size_t))
{
	char *e;

	if (!escape_needed(s, n)) {
		put(f, s, n);
		return;
	}
	e = escape_text(s, n);
	put(f, e, strlen(e));
	free(e);
}

static void
text(FILE *f, const char *s, size_t n)
{
	shown(f, s, n, text_markup);
}

static void
code(FILE *f, const char *s, size_t n)
{
	shown(f, s, n, code_span);
}

void
md_cell(FILE *f, const char *s, int flags)
{
	if (*s == '\0')
		fputs("—", f);
	else if (flags & RC_CODE)
		code(f, s, strlen(s));
	else
		text(f, s, strlen(s));
}

/* A paragraph: RD_CODE ... RD_END segments become code spans. */
static void
para(FILE *f, const char *s)
{
	while (*s) {
		size_t n = strcspn(s, RD_CODE);

		text(f, s, n);
		s += n;
		if (*s == RD_CODE[0]) {
			s++;
			n = strcspn(s, RD_END);
			code(f, s, n);
			s += n;
			if (*s)
				s++;
		}
	}
	fputs("\n\n", f);
}

/*
 * Where the Markdown goes: one stream (piece NULL), or pieces handed on
 * whole (md_pieces): each block ends one, and a long table is cut every
 * MD_PIECE_ROWS rows, the piece after a cut starting with the table's
 * heading rows again.
 */
/* The shown forms of a table's name columns (shortname_column), per
 * block: NULL where no name is shortened. */
struct md_short {
	char		***cols;	/* ncols, each NULL or nrows */
};

struct sink {
	FILE		*f;
	const struct md_short *shorts;	/* per block of the document; NULL: none */
	md_piece_fn	 piece;
	void		*arg;
	char		*buf;
	size_t		 len;
	int		 continued;	/* the piece being written goes on a table */
};

static void
sink_open(struct sink *k)
{
	k->buf = NULL;
	k->len = 0;
	if ((k->f = open_memstream(&k->buf, &k->len)) == NULL)
		fatal("out of memory (a report's text)");
}

/* Hands the piece written so far on; flags says how it ends. */
static void
sink_cut(struct sink *k, int flags)
{
	if (k->piece == NULL)
		return;
	if (fclose(k->f) != 0)
		fatal("out of memory (a report's text)");
	if (k->len > 0)
		k->piece(k->arg, k->buf, k->len, flags | (k->continued ? MD_PIECE_CONTINUED : 0));
	free(k->buf);
	k->continued = (flags & MD_PIECE_CONTINUES) != 0;
	sink_open(k);
}

static void
table_head(FILE *f, const struct rtable *t)
{
	fputs("|", f);
	for (size_t c = 0; c < t->ncols; c++) {
		if (t->flags[c] & RC_CSV_ONLY)
			continue;
		putc_unlocked(' ', f);
		text(f, t->cols[c], strlen(t->cols[c]));
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		if (!(t->flags[c] & RC_CSV_ONLY))
			fputs(t->flags[c] & RC_NUM ? "---:|" : "---|", f);
	putc_unlocked('\n', f);
}

static void
table_rows(struct sink *k, const struct rtable *t, char ***briefs, size_t from, size_t to)
{
	table_head(k->f, t);
	for (size_t r = from; r < to; r++) {
		if (r > from && (r - from) % MD_PIECE_ROWS == 0 && k->piece != NULL) {
			sink_cut(k, MD_PIECE_CONTINUES);
			table_head(k->f, t);
		}
		fputs("|", k->f);
		for (size_t c = 0; c < t->ncols; c++) {
			if (t->flags[c] & RC_CSV_ONLY)
				continue;
			putc_unlocked(' ', k->f);
			if (briefs != NULL && briefs[c] != NULL && briefs[c][r] != NULL)
				short_code(k->f, briefs[c][r], rtable_at(t, r, c));
			else
				md_cell(k->f, rtable_at(t, r, c), t->flags[c]);
			fputs(" |", k->f);
		}
		putc_unlocked('\n', k->f);
	}
	putc_unlocked('\n', k->f);
}

/* cap: rows per table at most (SIZE_MAX: all). */
static void
render(struct sink *k, const struct rdoc *d, size_t top, size_t cap)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct rblock *b = &d->v[i];
		const struct rtable *t = b->table;
		size_t written, visible;
		FILE *f = k->f;
		char ***names = k->shorts != NULL ? k->shorts[i].cols : NULL;

		switch (b->kind) {
		case RB_HEADING:
			fputs("### ", f);
			text(f, b->text, strlen(b->text));
			fputs("\n\n", f);
			break;
		case RB_PARA:
			para(f, b->text);
			break;
		case RB_TABLE:
			written = t->nrows < cap ? t->nrows : cap;
			visible = top > 0 && top < written ? top : written;
			if (visible > 0)
				table_rows(k, t, names, 0, visible);
			if (written > visible) {
				fprintf(k->f, "<details><summary>%zu more rows</summary>\n\n",
				    written - visible);
				table_rows(k, t, names, visible, written);
				fputs("</details>\n\n", k->f);
			}
			if (t->nrows > written)
				fprintf(k->f, "…and %zu more %s (`spillway --report=csv` lists every row).\n\n",
				    t->nrows - written, t->nrows - written == 1 ? "row" : "rows");
			break;
		}
		sink_cut(k, 0);
	}
}

/* A stream that counts what is written to it and keeps none of it. */
static ssize_t
count_write(void *cookie, const char *buf, size_t n)
{
	(void)buf;
	*(size_t *)cookie += n;
	return (ssize_t)n;
}

static size_t
rendered_size(const struct rdoc *d, const struct md_short *shorts, size_t top, size_t cap)
{
	size_t len = 0;
	struct sink k = { 0 };

	k.shorts = shorts;
	k.f = fopencookie(&len, "w", (cookie_io_functions_t){ .write = count_write });
	if (k.f == NULL)
		fatal("out of memory (a report's text)");
	render(&k, d, top, cap);
	fclose(k.f);
	return len;
}

/* The most rows per table that fit max_bytes (< 0: every row). */
static size_t
rows_cap(const struct rdoc *d, const struct md_short *shorts, size_t top, int64_t max_bytes)
{
	size_t lo = 0, hi = 0;

	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].table && d->v[i].table->nrows > hi)
			hi = d->v[i].table->nrows;
	/* A table that kept fewer rows than it has: more than those never
	 * fit the budget its rows were kept for (rdoc.h: keep_bytes). */
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].table && rtable_kept(d->v[i].table) < d->v[i].table->nrows &&
		    rtable_kept(d->v[i].table) < hi)
			hi = rtable_kept(d->v[i].table);
	if (max_bytes < 0 || rendered_size(d, shorts, top, hi) <= (uint64_t)max_bytes)
		return hi;
	/* The most rows per table that fit: the size grows with the cap. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;

		if (rendered_size(d, shorts, top, mid) <= (uint64_t)max_bytes)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Every name column of every table, shortened once for all the renders. */
static struct md_short *
shorts_build(const struct rdoc *d)
{
	struct md_short *v = xcalloc(d->n + 1, sizeof *v);

	for (size_t i = 0; i < d->n; i++) {
		const struct rtable *t = d->v[i].table;
		const char **names;

		size_t kept;

		if (d->v[i].kind != RB_TABLE || t == NULL || (kept = rtable_kept(t)) == 0)
			continue;
		names = xcalloc(kept, sizeof *names);
		v[i].cols = xcalloc(t->ncols, sizeof *v[i].cols);
		for (size_t c = 0; c < t->ncols; c++) {
			/* A library cell names the other files a kernel is in:
			 * that list is read whole. */
			if (!(t->flags[c] & RC_CODE) || (t->flags[c] & RC_CSV_ONLY) ||
			    strcmp(t->cols[c], "library") == 0)
				continue;
			size_t longest = 0;

			for (size_t r = 0; r < kept; r++) {
				size_t len;

				names[r] = rtable_at(t, r, c);
				len = names[r] != NULL ? strlen(names[r]) : 0;
				longest = len > longest ? len : longest;
			}
			if (longest <= SHORTNAME_CELL_MAX)
				v[i].cols[c] = shortname_column(names, kept, SHORTNAME_WIDTH);
		}
		free(names);
	}
	return v;
}

static void
shorts_free(const struct rdoc *d, struct md_short *v)
{
	for (size_t i = 0; i < d->n; i++) {
		if (v[i].cols == NULL)
			continue;
		for (size_t c = 0; c < d->v[i].table->ncols; c++)
			shortname_free(v[i].cols[c], rtable_kept(d->v[i].table));
		free(v[i].cols);
	}
	free(v);
}

void
md_write(FILE *f, const struct rdoc *d, int top, int64_t max_bytes)
{
	size_t utop = top > 0 ? (size_t)top : 0;
	struct md_short *shorts = shorts_build(d);
	struct sink k = { 0 };

	k.f = f;
	k.shorts = shorts;
	render(&k, d, utop, rows_cap(d, shorts, utop, max_bytes));
	shorts_free(d, shorts);
}

void
md_pieces(const struct rdoc *d, int top, int64_t max_bytes, md_piece_fn piece, void *arg)
{
	struct md_short *shorts = shorts_build(d);
	size_t utop = top > 0 ? (size_t)top : 0, cap = rows_cap(d, shorts, utop, max_bytes);
	struct sink k = { 0 };

	k.shorts = shorts;
	k.piece = piece;
	k.arg = arg;
	sink_open(&k);
	render(&k, d, utop, cap);
	sink_cut(&k, 0);
	fclose(k.f);
	free(k.buf);
	shorts_free(d, shorts);
}
