/* SPDX-License-Identifier: MIT */
/*
 * --list=sizes: the attribution as CSV or JSON Lines, one line per
 * size_line.  The lines are formatted on every core, a round of chunks at
 * a time, and written in order: the memory held is a round's text, not
 * the output's.  A chunk stops at CHUNK_BYTES of text (names are up to 64
 * KiB, and one kernel's name is on every line of its functions): the rest
 * of its lines are formatted as they are written, a line at a time.
 */
#include "config.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvrow.h"
#include "jsontext.h"
#include "parallel.h"
#include "size.h"
#include "xalloc.h"

#define CHUNK_LINES	1024	/* lines a thread formats at a time */
#define CHUNK_BYTES	((size_t)1 << 20)	/* and text, at most (and one line) */
#define ROUND_CHUNKS	64	/* chunks formatted before they are written */

typedef void format_fn(struct csvrow *, const struct size_line *);

static void
csv_line(struct csvrow *r, const struct size_line *l)
{
	csvrow_field(r, size_level_names[l->level], 0);
	csvrow_field(r, l->library, 0);
	csvrow_field(r, l->member, 0);
	csvrow_field(r, l->arch, 0);
	csvrow_field(r, l->what, 0);
	csvrow_field(r, l->kernel, 0);
	csvrow_field(r, l->name, 0);
	csvrow_unsigned(r, l->count, 0);
	if (l->stored != SIZE_UNKNOWN)
		csvrow_unsigned(r, l->stored, 0);
	else
		csvrow_empty(r, 0);
	csvrow_unsigned(r, l->size, 1);
}

static void
json_line(struct csvrow *r, const struct size_line *l)
{
	json_t *row = json_object();
	char *line;

	json_object_set_new(row, "level", json_string(size_level_names[l->level]));
	json_object_set_new(row, "library", jsontext_string(l->library));
	json_object_set_new(row, "member", jsontext_string(l->member));
	json_object_set_new(row, "arch", jsontext_string(l->arch));
	json_object_set_new(row, "what", jsontext_string(l->what));
	json_object_set_new(row, "kernel", jsontext_string(l->kernel));
	json_object_set_new(row, "name", jsontext_string(l->name));
	json_object_set_new(row, "count", json_integer((json_int_t)l->count));
	json_object_set_new(row, "stored", l->stored == SIZE_UNKNOWN ? json_null() :
	    json_integer((json_int_t)l->stored));
	json_object_set_new(row, "size", json_integer((json_int_t)l->size));
	line = json_dumps(row, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (line != NULL) {
		csvrow_put(r, line, strlen(line));
		csvrow_put(r, "\n", 1);
		free(line);
	}
	json_decref(row);
}

struct round {
	const struct size_table *t;
	format_fn	*format;
	size_t		 first;			/* the round's first line */
	struct csvrow	 text[ROUND_CHUNKS];	/* a chunk's lines each */
	size_t		 upto[ROUND_CHUNKS];	/* the line each chunk stopped before */
};

static void
format_chunk(void *arg, size_t k)
{
	struct round *r = arg;
	size_t from = r->first + k * CHUNK_LINES, to = from + CHUNK_LINES, i;

	if (to > r->t->n)
		to = r->t->n;
	r->text[k].len = 0;
	for (i = from; i < to && r->text[k].len < CHUNK_BYTES; i++)
		r->format(&r->text[k], &r->t->v[i]);
	r->upto[k] = i;
}

/* Chunk k's text, then the lines it left, formatted here. */
static void
write_chunk(FILE *f, struct round *r, size_t k)
{
	size_t to = r->first + (k + 1) * CHUNK_LINES;

	if (to > r->t->n)
		to = r->t->n;
	csvrow_flush(&r->text[k], f);
	for (size_t i = r->upto[k]; i < to; i++) {
		r->format(&r->text[k], &r->t->v[i]);
		if (r->text[k].len >= CHUNK_BYTES)
			csvrow_flush(&r->text[k], f);
	}
	csvrow_flush(&r->text[k], f);
}

static void
write_lines(FILE *f, const struct model *m, format_fn *format)
{
	struct size_table t;
	struct round *r = xcalloc(1, sizeof *r);

	size_attribute(m, &t);
	r->t = &t;
	r->format = format;
	for (r->first = 0; r->first < t.n; r->first += (size_t)ROUND_CHUNKS * CHUNK_LINES) {
		size_t left = t.n - r->first, chunks = (left + CHUNK_LINES - 1) / CHUNK_LINES;

		if (chunks > ROUND_CHUNKS)
			chunks = ROUND_CHUNKS;
		parallel_for(chunks, 0, format_chunk, r);
		for (size_t k = 0; k < chunks; k++)
			write_chunk(f, r, k);
	}
	for (size_t k = 0; k < ROUND_CHUNKS; k++)
		csvrow_free(&r->text[k]);
	free(r);
	size_table_free(&t);
}

void
size_list_write_json(FILE *f, const struct model *m)
{
	write_lines(f, m, json_line);
}

void
size_list_write(FILE *f, const struct model *m)
{
	fputs("level,library,member,arch,what,kernel,name,count,stored,size\n", f);
	write_lines(f, m, csv_line);
}
