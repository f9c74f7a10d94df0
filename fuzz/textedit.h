/* SPDX-License-Identifier: MIT */
/*
 * Editing a text input in place, for the text formats' mutators (the
 * allowance table, the --list CSV): a cheap generator, and lines and fields
 * to splice hostile text into.
 */
#ifndef SPILLWAY_FUZZ_TEXTEDIT_H
#define SPILLWAY_FUZZ_TEXTEDIT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct edit {
	uint8_t		*data;
	size_t		 size, max;
	unsigned int	 rng;
};

static inline unsigned int
pick(struct edit *e, unsigned int n)
{
	e->rng = e->rng * 1103515245u + 12345u;
	return n ? (e->rng >> 8) % n : 0;
}

/* Replaces len bytes at off by text; 0 when it does not fit. */
static inline int
splice(struct edit *e, size_t off, size_t len, const char *text, size_t tlen)
{
	if (off + len > e->size || e->size - len + tlen > e->max)
		return 0;
	memmove(e->data + off + tlen, e->data + off + len, e->size - off - len);
	memcpy(e->data + off, text, tlen);
	e->size = e->size - len + tlen;
	return 1;
}

/* The start of a random line, and its length without the newline. */
static inline size_t
some_line(struct edit *e, size_t *len)
{
	size_t off = pick(e, (unsigned int)e->size), end;

	while (off > 0 && e->data[off - 1] != '\n')
		off--;
	end = off;
	while (end < e->size && e->data[end] != '\n')
		end++;
	*len = end - off;
	return off;
}

/* A random field of a random line (commas split it: quotes are ignored,
 * which is itself a source of odd rows). */
static inline size_t
some_field(struct edit *e, size_t *len)
{
	size_t llen, off = some_line(e, &llen), nf = 1, k, start, end;

	for (size_t i = off; i < off + llen; i++)
		nf += e->data[i] == ',';
	k = pick(e, (unsigned int)nf);
	start = off;
	while (k > 0 && start < off + llen)
		k -= e->data[start++] == ',';
	end = start;
	while (end < off + llen && e->data[end] != ',')
		end++;
	*len = end - start;
	return start;
}

/* Cuts the input short, mid-row most of the time. */
static inline int
cut(struct edit *e)
{
	if (e->size < 2)
		return 0;
	e->size = 1 + pick(e, (unsigned int)e->size - 1);
	return 1;
}

/* Every line ending in CRLF. */
static inline int
to_crlf(struct edit *e)
{
	size_t n = 0;

	for (size_t i = 0; i < e->size; i++)
		if (e->data[i] == '\n' && (i == 0 || e->data[i - 1] != '\r') &&
		    splice(e, i, 0, "\r", 1)) {
			i++;
			n++;
		}
	return n > 0;
}

/* A field more or a field less in one row. */
static inline int
row_width(struct edit *e)
{
	size_t len, off = some_field(e, &len);

	if (pick(e, 2))
		return splice(e, off, 0, ",", 1);
	return off > 0 && e->data[off - 1] == ',' ? splice(e, off - 1, len + 1, "", 0) : 0;
}

/*
 * A quoted field spread over many lines: a field replaced by '"', then
 * lines of text with doubled quotes and commas in them, then '"' (or no
 * closing quote at all), up to a few thousand lines.
 */
static inline int
quoted_lines(struct edit *e)
{
	static const char *const pieces[] = { "a\n", "\"\"\n", ",\n", "\r\n", "x,\"\"y\n", "\n" };
	static char text[2 + 4096 * 8];
	size_t len, off = some_field(e, &len), lines = 1 + pick(e, 4096), n = 0;

	text[n++] = '"';
	while (lines-- > 0) {
		const char *p = pieces[pick(e, sizeof pieces / sizeof pieces[0])];

		memcpy(text + n, p, strlen(p));
		n += strlen(p);
	}
	if (pick(e, 8) != 0)
		text[n++] = '"';
	return splice(e, off, len, text, n);
}

#endif
