/* Strings for JSON (libjansson), which holds UTF-8 only. */
#ifndef JSONTEXT_H
#define JSONTEXT_H

#include <jansson.h>

/* jansson allocates through xmalloc (xalloc.h): out of memory is a
 * message and exit 2, never a JSON value missing from a row. */
void	jsontext_init(void);

/* A JSON string of s: a name with other bytes (a damaged symbol table)
 * keeps its ASCII and shows '?' for each byte past it. */
json_t	*jsontext_string(const char *s);

#endif
