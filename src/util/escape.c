/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "utf8.h"
#include "xalloc.h"

/* Code points shown as "\uXXXX": C1 controls, and the formatting
 * characters that break lines or change the direction of text. */
static const struct {
	uint32_t	lo, hi;
} invisible[] = {
	{ 0x0080, 0x009f },	/* C1 controls: U+009B is CSI to a terminal */
	{ 0x061c, 0x061c },	/* Arabic letter mark */
	{ 0x200e, 0x200f },	/* left-to-right and right-to-left marks */
	{ 0x2028, 0x2029 },	/* line and paragraph separators */
	{ 0x202a, 0x202e },	/* embeddings and overrides */
	{ 0x2066, 0x2069 },	/* isolates */
	{ 0xfdd0, 0xfdef },	/* noncharacters, and U+nFFFE, U+nFFFF below: */
	{ 0xfffe, 0xffff },	/* no font draws them, XML 1.0 holds none of these two */
};

/* The short escapes of C0 controls that have one. */
static const struct {
	unsigned char	c;
	char		name;
} named[] = {
	{ '\n', 'n' }, { '\r', 'r' }, { '\t', 't' },
};

static int
is_invisible(uint32_t cp)
{
	if ((cp & 0xfffe) == 0xfffe)	/* the last two of every plane */
		return 1;
	for (size_t i = 0; i < sizeof invisible / sizeof invisible[0]; i++)
		if (cp >= invisible[i].lo && cp <= invisible[i].hi)
			return 1;
	return 0;
}

/* The character at s as it is shown; *changed is set when it is an escape. */
static size_t
escape_one(const unsigned char *s, size_t n, char *out, size_t *used, int *changed)
{
	uint32_t cp;
	size_t len;

	*used = 1;
	if (s[0] >= 0x20 && s[0] < 0x7f) {
		out[0] = (char)s[0];
		return 1;
	}
	*changed = 1;
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (s[0] == named[i].c) {
			out[0] = '\\';
			out[1] = named[i].name;
			return 2;
		}
	if (s[0] < 0x80 || (len = utf8_decode(s, n, &cp)) == 0)
		return (size_t)snprintf(out, ESCAPE_MAX + 1, "\\x%02x", s[0]);
	*used = len;
	if (is_invisible(cp))
		return (size_t)snprintf(out, ESCAPE_MAX + 1, "\\u%04x", (unsigned)cp);
	*changed = 0;
	memcpy(out, s, len);
	return len;
}

char *
escape_text(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	char *r = xmalloc(n * ESCAPE_PER_BYTE + 1), *w = r;
	size_t i = 0;

	while (i < n) {
		size_t used;
		int changed = 0;

		w += escape_one(p + i, n - i, w, &used, &changed);
		i += used;
	}
	*w = '\0';
	return r;
}

size_t
escape_text_buf(char *dst, size_t dstsz, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, w = 0;

	if (dstsz == 0)
		return 0;
	while (i < n) {
		char one[ESCAPE_MAX + 1];
		size_t used, len;
		int changed = 0;

		len = escape_one(p + i, n - i, one, &used, &changed);
		if (w + len >= dstsz)
			break;
		memcpy(dst + w, one, len);
		w += len;
		i += used;
	}
	dst[w] = '\0';
	return w;
}

void
escape_fputs(const char *s, FILE *f)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0;

	while (i < n) {
		char one[ESCAPE_MAX + 1];
		size_t used, len;
		int changed = 0;

		len = escape_one(p + i, n - i, one, &used, &changed);
		fwrite(one, 1, len, f);
		i += used;
	}
}

int
escape_needed(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < n) {
		char one[ESCAPE_MAX + 1];
		size_t used;
		int changed = 0;

		escape_one(p + i, n - i, one, &used, &changed);
		if (changed)
			return 1;
		i += used;
	}
	return 0;
}

size_t
escape_char(const char *s, size_t n, char *out, size_t *used)
{
	int changed = 0;

	return escape_one((const unsigned char *)s, n, out, used, &changed);
}
