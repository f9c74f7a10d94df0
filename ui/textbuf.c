/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "textbuf.h"
#include "xalloc.h"

static void
tb_push(struct textbuf *tb, int cls, char *text)
{
	xgrow((void **)&tb->v, &tb->cap, tb->n + 1, sizeof *tb->v);
	tb->v[tb->n].text = text;
	tb->v[tb->n].ref = -1;
	tb->v[tb->n++].cls = cls;
}

void
tb_set_ref(struct textbuf *tb, long ref)
{
	if (tb->n > 0)
		tb->v[tb->n - 1].ref = ref;
}

long
tb_next_ref(const struct textbuf *tb, long from, int dir, int inclusive)
{
	for (long i = inclusive ? from : from + dir; i >= 0 && (size_t)i < tb->n; i += dir)
		if (tb->v[i].ref >= 0)
			return i;
	return -1;
}

void
tb_add(struct textbuf *tb, int cls, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	tb_push(tb, cls, s);
}

void
tb_wrap(struct textbuf *tb, int cls, const char *indent, const char *s, int width)
{
	size_t il = strlen(indent);
	int avail = width - text_width(indent);

	if (avail < 8)
		avail = 8;
	do {
		/* Take whole UTF-8 characters up to avail columns; break after
		 * a comma or a space when there is one in the second half. */
		size_t n = 0, cut = 0;
		int w = 0;
		char *line;

		while (s[n]) {
			size_t len = 1;
			char ch[8];

			while (((unsigned char)s[n + len] & 0xc0) == 0x80 && len < 4)
				len++;
			memcpy(ch, s + n, len);
			ch[len] = '\0';
			if (w + text_width(ch) > avail)
				break;
			w += text_width(ch);
			n += len;
			if ((s[n - 1] == ',' || s[n - 1] == ' ') && w > avail / 2)
				cut = n;
		}
		if (s[n] == '\0' || cut == 0)
			cut = n;
		if (cut == 0)
			cut = 1;
		line = xmalloc(il + cut + 1);
		memcpy(line, indent, il);
		memcpy(line + il, s, cut);
		line[il + cut] = '\0';
		tb_push(tb, cls, line);
		s += cut;
	} while (*s);
}

void
tb_clear(struct textbuf *tb)
{
	for (size_t i = 0; i < tb->n; i++)
		free(tb->v[i].text);
	tb->n = 0;
}

void
tb_free(struct textbuf *tb)
{
	tb_clear(tb);
	XFREE_OWNER(tb, v);
}

long
tb_find(const struct textbuf *tb, const char *text, size_t from, int dir)
{
	size_t n = tb->n;

	if (n == 0 || text[0] == '\0')
		return -1;
	for (size_t k = 0; k < n; k++) {
		size_t i = dir > 0 ? (from + k) % n : (from % n + n - k) % n;

		if (text_find(tb->v[i].text, text))
			return (long)i;
	}
	return -1;
}
