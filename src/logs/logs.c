/* SPDX-License-Identifier: MIT */
/* Recognising build logs and reading them: a walk of the readers' table. */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "logs.h"

/* How far into a file its kinds are looked for, first line included: a
 * file of one line of a gigabyte is not searched (nor faulted in) whole
 * to learn that it is no log.  --log=FILE is searched whole. */
#define SNIFF_BYTES (64 * 1024)

/* In the order a log holding several kinds is read. */
static const struct log_reader *const readers[] = {
	&log_record, &log_ninja, &log_nvtime, &log_timev, &log_ptxas,
};
#define NREADERS (sizeof readers / sizeof readers[0])

/* The kind whose header the first line is, 0 for none. */
static unsigned
header_kind(const struct logline *first)
{
	for (size_t r = 0; r < NREADERS; r++)
		if (readers[r]->header && readers[r]->sniff(first))
			return readers[r]->kind;
	return 0;
}

/* Whether the bytes hold one of the reader's anchors (or it has none). */
static int
anchored(const struct log_reader *r, const uint8_t *data, size_t size)
{
	if (r->anchors == NULL)
		return 1;
	for (size_t i = 0; r->anchors[i] != NULL; i++)
		if (memmem(data, size, r->anchors[i], strlen(r->anchors[i])) != NULL)
			return 1;
	return 0;
}

/* The kinds, with no header of their own, that the lines hold: each
 * when as many lines as it asks (agree) say so (a line longer than
 * LOG_LINE_MAX, which every reader skips, says nothing).  anchors: the
 * bytes are a file's first (SNIFF_BYTES at most) and only the readers
 * whose anchors they hold are asked; a whole log, which may hold long
 * lines whose insides are not to be read (loglines_skip), asks every
 * reader. */
static unsigned
line_kinds(const uint8_t *data, size_t size, int anchors)
{
	struct logline l = { 0 };
	size_t pos = 0;
	unsigned kinds = 0, searched = 0;
	int seen[NREADERS] = { 0 };

	for (size_t r = 0; r < NREADERS; r++)
		if (!readers[r]->header && (!anchors || anchored(readers[r], data, size)))
			searched |= readers[r]->kind;
	while (searched != kinds && loglines_next(data, size, &pos, &l))
		for (size_t r = 0; l.len <= LOG_LINE_MAX && r < NREADERS; r++)
			if ((searched & ~kinds & readers[r]->kind) && readers[r]->sniff(&l) &&
			    ++seen[r] >= (readers[r]->agree > 0 ? readers[r]->agree : 1))
				kinds |= readers[r]->kind;
	return kinds;
}

/*
 * A document in markup (an HTML page, an XML file) is no log, whatever
 * lines of a log it quotes: GNU time's manual shows time -v's output.
 * Told by how it opens, after any blank space and byte order mark.
 */
static const char *const document_openings[] = { "<!doctype html", "<html", "<?xml" };

static int
is_document(const uint8_t *data, size_t size)
{
	size_t at = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	while (at < size && (data[at] == ' ' || data[at] == '\t' || data[at] == '\r' || data[at] == '\n'))
		at++;
	for (size_t i = 0; i < sizeof document_openings / sizeof document_openings[0]; i++) {
		size_t n = strlen(document_openings[i]);

		if (size - at >= n && strncasecmp((const char *)data + at, document_openings[i], n) == 0)
			return 1;
	}
	return 0;
}

unsigned
logs_detect(const uint8_t *data, size_t size, int whole)
{
	struct logline first = { 0 };
	size_t pos = 0;
	unsigned kind;

	if (!whole && size > SNIFF_BYTES)
		size = SNIFF_BYTES;
	if (memchr(data, '\0', size < 4096 ? size : 4096) != NULL)
		return 0;	/* not text */
	if (is_document(data, size))
		return 0;
	if (!loglines_next(data, size, &pos, &first))
		return 0;
	if ((kind = header_kind(&first)) != 0)
		return kind;
	return line_kinds(data, size, !whole);
}

size_t
logs_read(unsigned kinds, const uint8_t *data, size_t size, struct logctx *c)
{
	size_t before = c->bad;

	for (size_t r = 0; r < NREADERS; r++)
		if (kinds & readers[r]->kind)
			readers[r]->read(data, size, c);
	return c->bad - before;
}

const struct log_reader *
logs_reader(unsigned kind)
{
	for (size_t r = 0; r < NREADERS; r++)
		if (readers[r]->kind == kind)
			return readers[r];
	return NULL;
}
