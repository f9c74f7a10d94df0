/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "escape.h"
#include "text.h"
#include "utf8.h"
#include "xalloc.h"

/* Decodes one UTF-8 sequence at s; *len gets its length (1 for a bad byte). */
static uint32_t
text_decode(const unsigned char *s, size_t *len)
{
	uint32_t c = s[0];
	size_t n, i;

	if (c < 0x80) {
		*len = 1;
		return c;
	}
	if ((c & 0xe0) == 0xc0) {
		n = 2;
		c &= 0x1f;
	} else if ((c & 0xf0) == 0xe0) {
		n = 3;
		c &= 0x0f;
	} else if ((c & 0xf8) == 0xf0) {
		n = 4;
		c &= 0x07;
	} else {
		*len = 1;
		return 0xfffd;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*len = 1;
			return 0xfffd;
		}
		c = (c << 6) | (s[i] & 0x3f);
	}
	*len = n;
	return c;
}

static int
text_cp_width(uint32_t c)
{
	int w;

	if (c < 0x80)
		return c >= 0x20 && c != 0x7f ? 1 : 0;
	w = wcwidth((wchar_t)c);
	return w < 0 ? 1 : w;
}

int
text_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int w = 0;

	while (*p) {
		size_t len;
		w += text_cp_width(text_decode(p, &len));
		p += len;
	}
	return w;
}

/* Bytes of s's longest prefix no wider than width; *got its width. */
static size_t
text_prefix(const char *s, int width, int *got)
{
	const unsigned char *p = (const unsigned char *)s;
	int w = 0;

	while (*p) {
		size_t len;
		int cw = text_cp_width(text_decode(p, &len));

		if (w + cw > width)
			break;
		w += cw;
		p += len;
	}
	*got = w;
	return (size_t)(p - (const unsigned char *)s);
}

/* Byte offset where s's longest suffix no wider than width starts. */
static size_t
text_suffix(const char *s, int width, int *got)
{
	size_t n = strlen(s), start = n;
	int w = 0;

	while (start > 0) {
		size_t b = start - 1, len;
		int cw;

		while (b > 0 && ((unsigned char)s[b] & 0xc0) == 0x80 && start - b < 4)
			b--;
		cw = text_cp_width(text_decode((const unsigned char *)s + b, &len));
		if (b + len != start) {		/* a stray continuation byte */
			b = start - 1;
			cw = 1;
		}
		if (w + cw > width)
			break;
		w += cw;
		start = b;
	}
	*got = w;
	return start;
}

int
text_cut(char *dst, size_t dstsz, const char *src, int width)
{
	int w;
	size_t n;

	if (dstsz == 0)
		return 0;
	n = text_prefix(src, width > 0 ? width : 0, &w);
	if (n >= dstsz) {
		n = dstsz - 1;
		while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
			n--;	/* never split a character */
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
	return text_width(dst);
}

static int
fit(char *dst, size_t dstsz, const char *src, int width, const char *ellipsis)
{
	int ew, hw, tw, head, tail;
	size_t hb, tb, el, sl;

	ew = text_width(ellipsis);
	if (width <= 0 || text_width(src) <= width || ew >= width)
		return text_cut(dst, dstsz, src, width);
	head = (width - ew) / 2;
	tail = width - ew - head;
	hb = text_prefix(src, head, &hw);
	tb = text_suffix(src, tail + (head - hw), &tw);
	el = strlen(ellipsis);
	sl = strlen(src);
	if (hb + el + (sl - tb) >= dstsz)
		return text_cut(dst, dstsz, src, width);
	memcpy(dst, src, hb);
	memcpy(dst + hb, ellipsis, el);
	memcpy(dst + hb + el, src + tb, sl - tb + 1);
	return hw + ew + tw;
}

int
text_fit(char *dst, size_t dstsz, const char *src, int width, const char *ellipsis)
{
	size_t n = strlen(src);
	char *shown;
	int w;

	if (dstsz == 0)
		return 0;
	if (!escape_needed(src, n))
		return fit(dst, dstsz, src, width, ellipsis);
	shown = escape_text(src, n);
	w = fit(dst, dstsz, shown, width, ellipsis);
	free(shown);
	return w;
}

const char *
text_find(const char *hay, const char *needle)
{
	int fold = 1;
	size_t n = strlen(needle);

	if (n == 0)
		return hay;
	for (const char *p = needle; *p; p++)
		if (isupper((unsigned char)*p))
			fold = 0;
	if (!fold)
		return strstr(hay, needle);
	for (const char *h = hay; *h; h++) {
		size_t i;

		if (tolower((unsigned char)*h) != (unsigned char)needle[0])
			continue;
		for (i = 1; i < n; i++)
			if (h[i] == '\0' || tolower((unsigned char)h[i]) != (unsigned char)needle[i])
				break;
		if (i == n)
			return h;
	}
	return NULL;
}

size_t
text_ascii(char *dst, size_t dstsz, const char *src)
{
	size_t n = strlen(src), i = 0, w = 0;

	if (dstsz == 0)
		return 0;
	while (i < n && w + 1 < dstsz) {
		uint32_t cp;
		size_t len = utf8_decode((const unsigned char *)src + i, n - i, &cp);

		dst[w++] = len == 1 && cp >= 0x20 && cp < 0x7f ? src[i] : '?';
		i += len > 0 ? len : 1;
	}
	dst[w] = '\0';
	return w;
}
