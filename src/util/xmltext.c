/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "utf8.h"
#include "xalloc.h"
#include "xmltext.h"

static const struct {
	uint32_t	lo, hi;
} xml_chars[] = {
	{ 0x9, 0xa }, { 0xd, 0xd }, { 0x20, 0xd7ff }, { 0xe000, 0xfffd }, { 0x10000, 0x10ffff },
};

int
xmltext_is_char(uint32_t cp)
{
	for (size_t i = 0; i < sizeof xml_chars / sizeof xml_chars[0]; i++)
		if (cp >= xml_chars[i].lo && cp <= xml_chars[i].hi)
			return 1;
	return 0;
}

/*
 * escape.h's escapes are ASCII and the characters it keeps are already
 * Chars; a character it keeps that is not one is escaped all the same,
 * so that the document parses whatever escape.h's table becomes.
 */
char *
xmltext(const char *s)
{
	size_t n = strlen(s), i = 0;
	char *out = xmalloc(n * ESCAPE_PER_BYTE + 1), *p = out;

	while (i < n) {
		size_t used, len = escape_char(s + i, n - i, p, &used);
		uint32_t cp;

		if (utf8_decode((const unsigned char *)p, len, &cp) == len && !xmltext_is_char(cp))
			len = (size_t)snprintf(p, ESCAPE_PER_BYTE * used + 1, "\\u%04x", (unsigned)cp);
		p += len;
		i += used;
	}
	*p = '\0';
	return out;
}
