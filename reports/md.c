#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "fatal.h"
#include "md.h"
#include "xalloc.h"

/* Text outside code: escape what GFM would read as markup or a cell end. */
static void
text_markup(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n' || c == '\r' || c == '\t')
			putc(' ', f);
		else if (c == '<')
			fputs("&lt;", f);
		else if (c == '&')
			fputs("&amp;", f);
		else if (c == '_' && i > 0 && i + 1 < n && isalnum((unsigned char)s[i - 1]) &&
		    isalnum((unsigned char)s[i + 1]))
			putc(c, f);	/* intraword: never emphasis in GFM */
		else if (strchr("\\`*_[]|~", c) != NULL && c != '\0') {
			putc('\\', f);
			putc(c, f);
		} else
			putc(c, f);
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
				putc(' ', f);
			else if (c < 0x80 && (c == '\\' || c == '|' || c == '`' || c == '<' ||
			    c == '>' || c == '&' || c == '*' || c == '_' || c == '[' ||
			    c == ']' || c == '~'))
				fprintf(f, "&#%u;", c);
			else
				putc(c, f);
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
		putc('`', f);
	if (pad)
		putc(' ', f);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '|')
			fputs("\\|", f);
		else if (s[i] == '\n' || s[i] == '\r')
			putc(' ', f);
		else
			putc(s[i], f);
	}
	if (pad)
		putc(' ', f);
	for (size_t i = 0; i <= longest; i++)
		putc('`', f);
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

static void
table_rows(FILE *f, const struct rtable *t, size_t from, size_t to)
{
	int first = 1;

	fputs("|", f);
	for (size_t c = 0; c < t->ncols; c++) {
		if (t->flags[c] & RC_CSV_ONLY)
			continue;
		putc(' ', f);
		text(f, t->cols[c], strlen(t->cols[c]));
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		if (!(t->flags[c] & RC_CSV_ONLY))
			fputs(t->flags[c] & RC_NUM ? "---:|" : "---|", f);
	putc('\n', f);
	for (size_t r = from; r < to; r++) {
		fputs("|", f);
		for (size_t c = 0; c < t->ncols; c++) {
			if (t->flags[c] & RC_CSV_ONLY)
				continue;
			putc(' ', f);
			md_cell(f, rtable_at(t, r, c), t->flags[c]);
			fputs(" |", f);
		}
		putc('\n', f);
	}
	(void)first;
	putc('\n', f);
}

/* cap: rows per table at most (SIZE_MAX: all). */
static void
render(FILE *f, const struct rdoc *d, size_t top, size_t cap)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct rblock *b = &d->v[i];
		const struct rtable *t = b->table;
		size_t shown, visible;

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
			shown = t->nrows < cap ? t->nrows : cap;
			visible = top > 0 && top < shown ? top : shown;
			if (visible > 0)
				table_rows(f, t, 0, visible);
			if (shown > visible) {
				fprintf(f, "<details><summary>%zu more rows</summary>\n\n",
				    shown - visible);
				table_rows(f, t, visible, shown);
				fputs("</details>\n\n", f);
			}
			if (t->nrows > shown)
				fprintf(f, "…and %zu more %s (`spillway --report=csv` lists every row).\n\n",
				    t->nrows - shown, t->nrows - shown == 1 ? "row" : "rows");
			break;
		}
	}
}

static size_t
rendered_size(const struct rdoc *d, size_t top, size_t cap)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		fatal("out of memory (a report's text)");
	render(f, d, top, cap);
	fclose(f);
	free(buf);
	return len;
}

void
md_write(FILE *f, const struct rdoc *d, int top, int64_t max_bytes)
{
	size_t lo = 0, hi = 0, utop = top > 0 ? (size_t)top : 0;

	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].table && d->v[i].table->nrows > hi)
			hi = d->v[i].table->nrows;
	if (max_bytes < 0 || rendered_size(d, utop, hi) <= (uint64_t)max_bytes) {
		render(f, d, utop, hi);
		return;
	}
	/* The most rows per table that fit: the size grows with the cap. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;

		if (rendered_size(d, utop, mid) <= (uint64_t)max_bytes)
			lo = mid;
		else
			hi = mid - 1;
	}
	render(f, d, utop, lo);
}
