/* SPDX-License-Identifier: MIT */
/* Lines of a build log, and the fields on them. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "loglines.h"
#include "xalloc.h"

/* The long lines' insides (loglines_skip); the logs are read one at a
 * time, but the lock keeps a second reader from seeing half an entry. */
static struct skip {
	const uint8_t	*from, *to;
} *skips;
static size_t nskips, capskips;
static pthread_mutex_t skips_lock = PTHREAD_MUTEX_INITIALIZER;

void
loglines_skip(const uint8_t *from, const uint8_t *to)
{
	pthread_mutex_lock(&skips_lock);
	xgrow((void **)&skips, &capskips, nskips + 1, sizeof *skips);
	skips[nskips++] = (struct skip){ from, to };
	pthread_mutex_unlock(&skips_lock);
}

void
loglines_skips_clear(void)
{
	pthread_mutex_lock(&skips_lock);
	free(skips);
	skips = NULL;
	nskips = capskips = 0;
	pthread_mutex_unlock(&skips_lock);
}

/* Where a skipped inside that starts at p ends; p when none does. */
static const char *
skip_from(const char *p)
{
	const char *to = p;

	pthread_mutex_lock(&skips_lock);
	for (size_t i = 0; i < nskips; i++)
		if ((const char *)skips[i].from == p) {
			to = (const char *)skips[i].to;
			break;
		}
	pthread_mutex_unlock(&skips_lock);
	return to;
}

/* The newline ending the line at s (left bytes to the end), NULL: none.
 * Past LOG_LINE_MAX + 1 bytes, a skipped inside is stepped over. */
static const char *
line_end(const char *s, size_t left)
{
	size_t head = left < LOG_LINE_MAX + 1 ? left : LOG_LINE_MAX + 1;
	const char *nl = memchr(s, '\n', head), *on;

	if (nl != NULL || left <= LOG_LINE_MAX + 1)
		return nl;
	on = skip_from(s + head);
	return memchr(on, '\n', left - (size_t)(on - s));
}

int
loglines_next(const uint8_t *data, size_t size, size_t *pos, struct logline *l)
{
	const char *s, *nl;
	size_t left;

	if (*pos >= size)
		return 0;
	s = (const char *)data + *pos;
	left = size - *pos;
	nl = line_end(s, left);
	l->s = s;
	l->len = nl ? (size_t)(nl - s) : left;
	*pos += l->len + (nl != NULL);
	if (l->len > 0 && s[l->len - 1] == '\r')
		l->len--;
	l->no++;
	return 1;
}

const char *
loglines_find(const struct logline *l, const char *needle)
{
	return memmem(l->s, l->len, needle, strlen(needle));
}

int
loglines_starts(const struct logline *l, const char *prefix)
{
	size_t n = strlen(prefix);
	return l->len >= n && memcmp(l->s, prefix, n) == 0;
}

void
loglines_bad(struct logctx *c, uint32_t line, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add(c->diags, c->order, c->file, NULL, DIAG_NO_OFFSET, "line %u: %s", line, msg);
	free(msg);
	c->bad++;
}

int
loglines_decimal(const char *s, size_t n, double *out)
{
	char buf[64], *end;
	size_t dots = 0;

	if (n == 0 || n >= sizeof buf)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.')
			dots++;
		else if (!isdigit((unsigned char)s[i]))
			return -1;
	}
	if (dots > 1 || s[0] == '.')
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	*out = strtod(buf, &end);
	return errno == 0 && *end == '\0' && isfinite(*out) ? 0 : -1;
}

int
loglines_integer(const char *s, size_t n, int64_t max, int64_t *out)
{
	int64_t v = 0;

	if (n == 0 || n > 19)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > max)
			return -1;
	}
	*out = v;
	return 0;
}
