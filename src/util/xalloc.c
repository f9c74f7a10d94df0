/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fatal.h"
#include "xalloc.h"

/* A message and exit status 2 (fatal.h), not abort(): a gate's caller
 * reads "could not read", not a crash. */
static void
xalloc_die(size_t size)
{
	fatal("out of memory (asked for %zu bytes)", size);
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (p == NULL)
		xalloc_die(size);
	return p;
}

void *
xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (p == NULL)
		xalloc_die(count * size);
	return p;
}

void *
xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (p == NULL)
		xalloc_die(size);
	return p;
}

void *
xreallocarray(void *ptr, size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size)
		xalloc_die(SIZE_MAX);
	return xrealloc(ptr, count * size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0)
		xalloc_die(strlen(fmt));
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

void
xgrow(void **v, size_t *cap, size_t need, size_t elem)
{
	size_t n;

	if (need <= *cap)
		return;
	n = *cap ? *cap : 16;
	while (n < need)
		n *= 2;
	*v = xreallocarray(*v, n, elem);
	*cap = n;
}
