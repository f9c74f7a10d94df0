/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "elide.h"
#include "text.h"
#include "xalloc.h"

/* A UTF-8 continuation byte: not where a character starts. */
static int
elide_inside(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

void
elide_shared(const char *a, const char *b, size_t *prefix, size_t *suffix)
{
	size_t la = strlen(a), lb = strlen(b), p = 0, s = 0;

	while (p < la && p < lb && a[p] == b[p])
		p++;
	/* Back to where the character that differs starts. */
	while (p > 0 && p < la && elide_inside((unsigned char)a[p]))
		p--;
	if (p == la && p == lb) {
		*prefix = p;
		*suffix = 0;
		return;
	}
	while (s < la - p && s < lb - p && a[la - 1 - s] == b[lb - 1 - s])
		s++;
	while (s > 0 && elide_inside((unsigned char)a[la - s]))
		s--;
	*prefix = p;
	*suffix = s;
}

/* Copies s's first n bytes, fitted to width by text_fit, after dst's end. */
static int
elide_piece(char *dst, size_t dstsz, const char *s, size_t n, int width, const char *ell)
{
	char *piece = xstrndup(s, n);
	size_t at = strlen(dst);
	int w = 0;

	if (at < dstsz) {
		if (width > 0 && width < 2 && text_width(piece) > width)
			w = text_cut(dst + at, dstsz - at, ell, width);	/* room for the mark alone */
		else if (width > 0)
			w = text_fit(dst + at, dstsz - at, piece, width, ell);
	}
	free(piece);
	return w;
}

int
elide_keep(char *dst, size_t dstsz, const char *src, int width, const char *ell,
    size_t keep_from, size_t keep_to)
{
	size_t len = strlen(src);
	int wp, wk, ws, room, sp, ss, w;
	char *part;

	if (dstsz == 0)
		return 0;
	dst[0] = '\0';
	if (keep_to > len)
		keep_to = len;
	if (keep_from > keep_to)
		keep_from = keep_to;
	if (text_width(src) <= width || keep_from == keep_to || (keep_from == 0 && keep_to == len))
		return text_fit(dst, dstsz, src, width, ell);
	part = xstrndup(src, keep_from);
	wp = text_width(part);
	free(part);
	part = xstrndup(src + keep_from, keep_to - keep_from);
	wk = text_width(part);
	free(part);
	ws = text_width(src + keep_to);
	/* One column at least for each side's mark. */
	room = width - wk - (wp > 0) - (ws > 0);
	if (room < 0) {
		/* The part that differs is wider than the cell: its start,
		 * where it begins to differ, with a mark for what is cut. */
		int mark = text_width(ell);

		if (width < 2 * mark + 1)
			return text_fit(dst, dstsz, src, width, ell);
		w = wp > 0 ? elide_piece(dst, dstsz, ell, strlen(ell), mark, ell) : 0;
		part = xstrndup(src + keep_from, len - keep_from);
		w += text_cut(dst + strlen(dst), dstsz - strlen(dst), part, width - w - mark);
		free(part);
		if (strlen(dst) + strlen(ell) < dstsz)
			strcat(dst, ell);
		return w + mark;
	}
	room += (wp > 0) + (ws > 0);
	/* Half each, what one side does not need going to the other. */
	sp = wp > 0 ? room / 2 : 0;
	ss = room - sp;
	if (ss > ws) {
		sp += ss - ws;
		ss = ws;
	}
	if (sp > wp) {
		ss += sp - wp;
		sp = wp;
	}
	if (wp > 0 && sp < 1) {
		sp = 1;
		ss--;
	}
	w = elide_piece(dst, dstsz, src, keep_from, sp, ell);
	w += elide_piece(dst, dstsz, src + keep_from, keep_to - keep_from, wk, ell);
	w += elide_piece(dst, dstsz, src + keep_to, len - keep_to, ss, ell);
	return w;
}
