/* SPDX-License-Identifier: MIT */
/* Allocation that cannot fail: running out of memory ends the run with a
 * message naming what was being read, and exit status 2 (fatal.h). */
#ifndef SPILLWAY_XALLOC_H
#define SPILLWAY_XALLOC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
void *xreallocarray(void *ptr, size_t count, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Grow *v (holding *cap elements of size elem) so that it holds at least need. */
void xgrow(void **v, size_t *cap, size_t need, size_t elem);

/* Frees the storage an owner holds in field and leaves the owner zeroed,
 * as if just declared: the end of every vector-holding struct. */
#define XFREE_OWNER(owner, field) \
	(free((owner)->field), memset((owner), 0, sizeof *(owner)))

#endif
