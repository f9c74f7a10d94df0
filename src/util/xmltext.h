/* SPDX-License-Identifier: MIT */
/*
 * Strings for XML 1.0 documents (the JUnit report).  libxml2's writer
 * escapes markup (< > & and quotes) but writes any character it is given,
 * and a document holding one that XML 1.0's Char production leaves out
 * (C0 controls, U+FFFE, U+FFFF, a byte that is not UTF-8) does not parse.
 */
#ifndef SPILLWAY_XMLTEXT_H
#define SPILLWAY_XMLTEXT_H

#include <stdint.h>

/* Whether cp is a Char of XML 1.0 (fifth edition, production [2]):
 * #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. */
int	xmltext_is_char(uint32_t cp);

/* s as people read names (escape.h), every character of it a Char
 * (malloc'd). */
char	*xmltext(const char *s);

#endif
