/* Recognising build logs and walking their lines. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logs.h"
#include "xalloc.h"

#define SNIFF_BYTES (64 * 1024)

int
logs_next_line(const uint8_t *data, size_t size, size_t *pos, struct logline *l)
{
	const char *s, *nl;
	size_t left;

	if (*pos >= size)
		return 0;
	s = (const char *)data + *pos;
	left = size - *pos;
	nl = memchr(s, '\n', left);
	l->s = s;
	l->len = nl ? (size_t)(nl - s) : left;
	*pos += l->len + (nl != NULL);
	if (l->len > 0 && s[l->len - 1] == '\r')
		l->len--;
	l->no++;
	return 1;
}

void
logs_bad(struct logctx *c, uint32_t line, const char *fmt, ...)
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

const char *
logs_find(const struct logline *l, const char *needle)
{
	return memmem(l->s, l->len, needle, strlen(needle));
}

static int
starts(const struct logline *l, const char *prefix)
{
	size_t n = strlen(prefix);
	return l->len >= n && memcmp(l->s, prefix, n) == 0;
}

/* "ptxas info    :" (or warning, error, fatal; padded with blanks or a TAB). */
static int
has_ptxas_tag(const struct logline *l)
{
	static const char *const tags[] = { "ptxas info", "ptxas warning", "ptxas error", "ptxas fatal" };

	for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
		const char *p = logs_find(l, tags[t]);
		const char *end = l->s + l->len;

		if (p == NULL)
			continue;
		p += strlen(tags[t]);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p == ':')
			return 1;
	}
	return 0;
}

unsigned
logs_detect(const uint8_t *data, size_t size, int whole)
{
	size_t sniff = size < SNIFF_BYTES || whole ? size : SNIFF_BYTES;
	size_t pos = 0;
	struct logline l = { 0 };
	unsigned kinds = 0;

	if (memchr(data, '\0', size < 4096 ? size : 4096) != NULL)
		return 0;	/* not text */
	if (!logs_next_line(data, size, &pos, &l))
		return 0;
	if (starts(&l, "# build-rss log v"))
		return LOG_RECORD;
	if (starts(&l, "# ninja log v"))
		return LOG_NINJA;
	if (starts(&l, "source file name") && logs_find(&l, "phase name") != NULL)
		return LOG_NVTIME;
	pos = 0;
	l.no = 0;
	while (pos < sniff && logs_next_line(data, size, &pos, &l)) {
		if (!(kinds & LOG_PTXAS) && has_ptxas_tag(&l))
			kinds |= LOG_PTXAS;
		if (!(kinds & LOG_TIMEV) && (logs_find(&l, "Command being timed: \"") != NULL ||
		    logs_find(&l, "Maximum resident set size (kbytes): ") != NULL))
			kinds |= LOG_TIMEV;
	}
	return kinds;
}

size_t
logs_read(unsigned kinds, const uint8_t *data, size_t size, struct logctx *c)
{
	size_t before = c->bad;

	if (kinds & LOG_RECORD)
		logs_read_record(data, size, c);
	if (kinds & LOG_NINJA)
		logs_read_ninja(data, size, c);
	if (kinds & LOG_NVTIME)
		logs_read_nvtime(data, size, c);
	if (kinds & LOG_TIMEV)
		logs_read_timev(data, size, c);
	if (kinds & LOG_PTXAS)
		logs_read_ptxas(data, size, c);
	return c->bad - before;
}
