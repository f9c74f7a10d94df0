/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "shortname.h"
#include "xalloc.h"

#define ELLIPSIS	"\xe2\x80\xa6"	/* U+2026, one column */
#define HEAD		12	/* characters kept at the start: the namespace, the arch */
#define TAIL		12	/* and at the end: the kernel's own last word */

/* One token of a name: a run up to and with its separator. */
struct token {
	const char	*s;
	size_t		 len;
	size_t		 names;		/* distinct names of the column that hold it */
	size_t		 owner, index;	/* the entry it belongs to, its place there */
	int		 keep;
};

/* A name of the column, once: its text, escaped, and its shown form. */
struct shortname_entry {
	const char	*name;		/* as given */
	char		*text;		/* escaped */
	char		*base;		/* collapsed where that keeps it apart, else text */
	size_t		 differs[2];	/* where base first differs from its neighbours */
	struct token	*tok;		/* base's tokens */
	size_t		 ntok;
	char		*shown;		/* NULL: base is shown as it is */
};

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
entry_by_base(const void *a, const void *b)
{
	const struct shortname_entry *x = *(const struct shortname_entry *const *)a;
	const struct shortname_entry *y = *(const struct shortname_entry *const *)b;

	return strcmp(x->base, y->base);
}

/* Whether s[at] is the '<' of "operator<", "operator<<" or "operator<=". */
static int
is_operator(const char *s, size_t at)
{
	static const char op[] = "operator";
	size_t k = sizeof op - 1;

	while (at > 0 && s[at - 1] == '<')
		at--;
	return at >= k && memcmp(s + at - k, op, k) == 0;
}

/*
 * s with its template arguments as "<…>" and its parameters, a last
 * "(...)", as "(…)"; NULL when s has neither, or its brackets do not
 * balance (an operator, a name cut short): then it is shown as it is.
 */
static char *
collapse(const char *s)
{
	size_t n = strlen(s), o = 0, open = n;
	/* Each '<' may become "<…" (an empty "<>", 2 bytes, becomes 5). */
	char *out = xmalloc(sizeof ELLIPSIS * n + sizeof ELLIPSIS + 2);
	int depth = 0, changed = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (depth == 0 && c == '<' && !is_operator(s, i)) {
			memcpy(out + o, "<" ELLIPSIS, 1 + sizeof ELLIPSIS - 1);
			o += sizeof ELLIPSIS;
			depth = 1;
			changed = 1;
		} else if (depth > 0) {
			depth += c == '<';
			depth -= c == '>';
			if (depth == 0)
				out[o++] = '>';
		} else
			out[o++] = c;
	}
	out[o] = '\0';
	if (depth != 0) {
		free(out);
		return NULL;
	}
	/* The parameters: the last group, when the name ends with it. */
	if (o > 2 && out[o - 1] == ')') {
		depth = 0;
		for (size_t i = o; i-- > 0;) {
			depth += out[i] == ')';
			depth -= out[i] == '(';
			if (depth == 0) {
				open = i;
				break;
			}
		}
		if (open > 0 && open < o && o - open > 2) {
			memcpy(out + open + 1, ELLIPSIS ")", sizeof ELLIPSIS + 1);	/* and its NUL */
			changed = 1;
		}
	}
	if (!changed) {
		free(out);
		return NULL;
	}
	return out;
}

/* Characters (not bytes) of UTF-8 text. */
static size_t
chars(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* Appends s[from, to) to out at *o. */
static void
put(char *out, size_t *o, const char *s, size_t from, size_t to)
{
	memcpy(out + *o, s + from, to - from);
	*o += to - from;
}

static int
is_separator(char c)
{
	return c == '_' || c == ':' || c == '/' || c == ',' || c == ' ' || c == '.';
}

static int
token_by_text(const void *a, const void *b)
{
	const struct token *x = *(const struct token *const *)a, *y = *(const struct token *const *)b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, n);

	if (c != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return (x->owner > y->owner) - (x->owner < y->owner);
}

/* Splits s into tokens at t (room for strlen(s) of them); returns the count. */
static size_t
tokenize(const char *s, size_t owner, struct token *t)
{
	size_t n = 0, from = 0, len = strlen(s);

	for (size_t i = 0; i <= len; i++)
		if (i == len || (is_separator(s[i]) && (i + 1 == len || !is_separator(s[i + 1])))) {
			if (i == len && from == len)
				break;
			t[n] = (struct token){ s + from, (i < len ? i + 1 : i) - from, 0, owner, n, 0 };
			n++;
			from = i + 1;
		}
	return n;
}

/* The rarest first; among equals, the later (the kernel's own words). */
static int
token_by_rarity(const void *a, const void *b)
{
	const struct token *x = *(const struct token *const *)a, *y = *(const struct token *const *)b;

	if (x->names != y->names)
		return x->names < y->names ? -1 : 1;
	return (x->index < y->index) - (x->index > y->index);
}

/* The width of the tokens kept, with one "…" for each run left out. */
static size_t
kept_width(const struct token *t, size_t nt)
{
	size_t w = 0;

	for (size_t i = 0; i < nt; i++)
		if (t[i].keep)
			w += chars(t[i].s, t[i].len);
		else if (i == 0 || t[i - 1].keep)
			w++;
	return w;
}

/*
 * base in width characters, token by token: its first token, the tokens
 * where it first differs from its neighbours (those tell it apart), then
 * the rarest of the column's tokens while room is left; "…" stands for
 * each run of tokens left out, which the other names share.
 */
static char *
elide(const char *base, struct token *t, size_t nt, size_t width)
{
	size_t n = strlen(base), used = 0, o = 0;
	struct token **order;
	char *out;
	int gap = 0;

	if (chars(base, n) <= width || nt < 2)
		return NULL;
	t[0].keep = 1;
	used = kept_width(t, nt);
	order = xcalloc(nt, sizeof *order);
	for (size_t i = 0; i < nt; i++)
		order[i] = &t[i];
	qsort(order, nt, sizeof *order, token_by_rarity);
	/* Each token added changes the width by its own and by the gaps it
	 * joins or splits: linear, whatever a hostile name's token count. */
	for (size_t k = 0; k < nt && used < width; k++) {
		size_t i = order[k]->index, w = chars(t[i].s, t[i].len);
		int left = i == 0 || t[i - 1].keep, right = i + 1 == nt || t[i + 1].keep;
		size_t next = used + w;

		if (t[i].keep)
			continue;
		if (left && right)
			next--;
		else if (!left && !right)
			next++;
		if (next <= width) {
			t[i].keep = 1;
			used = next;
		}
	}
	free(order);
	out = xmalloc(n + nt * sizeof ELLIPSIS + 1);
	for (size_t i = 0; i < nt; i++) {
		if (!t[i].keep) {
			gap = 1;
			continue;
		}
		if (gap)
			put(out, &o, ELLIPSIS, 0, sizeof ELLIPSIS - 1);
		gap = 0;
		put(out, &o, t[i].s, 0, t[i].len);
	}
	if (gap)
		put(out, &o, ELLIPSIS, 0, sizeof ELLIPSIS - 1);
	out[o] = '\0';
	if (strcmp(out, base) == 0) {
		free(out);
		return NULL;
	}
	return out;
}

static size_t
common_prefix(const char *a, const char *b)
{
	size_t i = 0;

	while (a[i] != '\0' && a[i] == b[i])
		i++;
	return i;
}

/* The distinct names of the column, sorted; *n their count. */
static struct shortname_entry *
distinct(const char *const *names, size_t count, size_t *n)
{
	const char **v = xcalloc(count + 1, sizeof *v);
	struct shortname_entry *e;
	size_t k = 0;

	memcpy(v, names, count * sizeof *v);
	qsort(v, count, sizeof *v, by_name);
	e = xcalloc(count + 1, sizeof *e);
	for (size_t i = 0; i < count; i++)
		if (k == 0 || strcmp(e[k - 1].name, v[i]) != 0) {
			e[k].name = v[i];
			e[k].text = escape_text(v[i], strlen(v[i]));
			k++;
		}
	free(v);
	*n = k;
	return e;
}

/* Each name's base: collapsed unless another name collapses the same. */
static void
bases(struct shortname_entry *e, size_t n, size_t width, struct shortname_entry **by)
{
	for (size_t i = 0; i < n; i++) {
		/* A name that fits keeps its arguments: nothing needs the room. */
		e[i].base = chars(e[i].text, strlen(e[i].text)) > width ? collapse(e[i].text) : NULL;
		if (e[i].base == NULL)
			e[i].base = xstrdup(e[i].text);
		by[i] = &e[i];
	}
	qsort(by, n, sizeof *by, entry_by_base);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;

		while (j < n && strcmp(by[j]->base, by[i]->base) == 0)
			j++;
		if (j - i > 1)
			for (size_t k = i; k < j; k++) {
				free(by[k]->base);
				by[k]->base = xstrdup(by[k]->text);
			}
		i = j;
	}
	qsort(by, n, sizeof *by, entry_by_base);
	for (size_t i = 0; i < n; i++) {
		size_t a = i > 0 ? common_prefix(by[i]->base, by[i - 1]->base) : 0;
		size_t b = i + 1 < n ? common_prefix(by[i]->base, by[i + 1]->base) : 0;

		by[i]->differs[0] = a;
		by[i]->differs[1] = b;
	}
}

/*
 * Each name's tokens, and how many names of the column hold each: the
 * tokens every name holds are what an elision drops first.  The token
 * where a name first differs from a neighbour is kept.
 */
static void
tokens_count(struct shortname_entry *e, size_t n)
{
	struct token **all;
	size_t total = 0, k = 0;

	for (size_t i = 0; i < n; i++) {
		e[i].tok = xcalloc(strlen(e[i].base) + 1, sizeof *e[i].tok);
		e[i].ntok = tokenize(e[i].base, i, e[i].tok);
		total += e[i].ntok;
		for (size_t d = 0; d < 2; d++) {
			size_t at = 0;

			for (size_t j = 0; j < e[i].ntok; j++)
				if ((size_t)(e[i].tok[j].s - e[i].base) <= e[i].differs[d])
					at = j;
			if (e[i].differs[d] > 0)
				e[i].tok[at].keep = 1;
		}
	}
	all = xcalloc(total + 1, sizeof *all);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < e[i].ntok; j++)
			all[k++] = &e[i].tok[j];
	qsort(all, total, sizeof *all, token_by_text);
	for (size_t i = 0; i < total;) {
		size_t j = i + 1, names = 1;

		for (; j < total && all[j]->len == all[i]->len && memcmp(all[j]->s, all[i]->s, all[i]->len) == 0; j++)
			names += all[j]->owner != all[j - 1]->owner;
		for (size_t m = i; m < j; m++)
			all[m]->names = names;
		i = j;
	}
	free(all);
}

static int
entry_by_name(const void *key, const void *elt)
{
	return strcmp((const char *)key, ((const struct shortname_entry *)elt)->name);
}

char **
shortname_column(const char *const *names, size_t count, size_t width)
{
	struct shortname_entry *e, **by;
	char **shown = NULL;
	size_t n, any = 0;

	if (count == 0)
		return NULL;
	e = distinct(names, count, &n);
	by = xcalloc(n + 1, sizeof *by);
	bases(e, n, width, by);
	tokens_count(e, n);
	for (size_t i = 0; i < n; i++) {
		e[i].shown = elide(e[i].base, e[i].tok, e[i].ntok, width);
		if (e[i].shown == NULL && strcmp(e[i].base, e[i].text) != 0)
			e[i].shown = xstrdup(e[i].base);
		any += e[i].shown != NULL;
	}
	if (any > 0) {
		shown = xcalloc(count, sizeof *shown);
		for (size_t r = 0; r < count; r++) {
			struct shortname_entry *x = bsearch(names[r], e, n, sizeof *e, entry_by_name);

			if (x != NULL && x->shown != NULL)
				shown[r] = xstrdup(x->shown);
		}
	}
	for (size_t i = 0; i < n; i++) {
		free(e[i].text);
		free(e[i].base);
		free(e[i].shown);
		free(e[i].tok);
	}
	free(e);
	free(by);
	return shown;
}

void
shortname_free(char **shown, size_t n)
{
	if (shown == NULL)
		return;
	for (size_t i = 0; i < n; i++)
		free(shown[i]);
	free(shown);
}
