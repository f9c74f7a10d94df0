/* SPDX-License-Identifier: MIT */
/*
 * Strings for JSON (RFC 8259), through libjansson: every JSON output
 * (--list, --list=sizes, --check --format=json, --report=trace) makes its
 * strings here.  JSON holds Unicode only: a byte that does not start a
 * valid UTF-8 sequence (a damaged symbol table, a path in another
 * encoding) is written as '?', every character around it kept; control
 * characters are escaped by jansson (\u001b).
 */
#ifndef JSONTEXT_H
#define JSONTEXT_H

#include <stdio.h>

#include <jansson.h>

/* jansson allocates through xmalloc (xalloc.h): out of memory is a
 * message and exit 2, never a JSON value missing from a row. */
void	 jsontext_init(void);

/* A JSON string of s, as above. */
json_t	*jsontext_string(const char *s);

/* The same written to f, quotes included; 0, or -1 when jansson failed. */
int	 jsontext_fputs(const char *s, FILE *f);

#endif
