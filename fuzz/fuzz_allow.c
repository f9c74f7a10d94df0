/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the allowance table reader on any bytes.  A table that
 * reads must also be found in by every row it holds, and what allow_write
 * makes of it, with a row added whose kernel name and note are bytes of the
 * input, must read back as the same rows: the writer writes only what the
 * reader takes.
 *
 * The mutator makes what the attack round made (tests/attacks/repro/allow):
 * BOMs, CRLF, comments holding quotes, notes over several lines, columns
 * reordered or in capitals, rows short or long, sms of every shape,
 * numbers with signs and blanks, NUL bytes, open quotes, files cut short;
 * and attack round 3's: fields quoted over many lines.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "allow.h"
#include "fuzz.h"
#include "textedit.h"

/* libFuzzer's own mutator; absent when replay.c drives the target. */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static char *
written(const struct allow_table *t, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (f == NULL)
		abort();
	allow_write(t, f);
	fclose(f);
	return text;
}

/* Whether the table has a note column (it may leave it out). */
static int
has_notes(const struct allow_table *t)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (t->cols[i] == ALLOW_NOTE)
			return 1;
	return 0;
}

static void
same_rows(const struct allow_table *a, const struct allow_table *b)
{
	int notes = has_notes(a);

	if (a->nrows != b->nrows)
		__builtin_trap();
	for (size_t i = 0; i < a->nrows; i++) {
		const struct allow_row *x = &a->rows[i], *y = allow_find(b, x->kernel, x->sm);

		if (y == NULL || y->stack != x->stack || y->local != x->local ||
		    (notes && strcmp(y->note, x->note) != 0))
			__builtin_trap();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct allow_table t, back;
	char err[512], *text, *name;
	size_t len, nlen;

	/* allow_parse starts the table itself. */
	if (allow_parse(&t, "fuzz.csv", (const char *)data, size, err, sizeof err) == 0) {
		for (size_t i = 0; i < t.nrows; i++)
			if (allow_find(&t, t.rows[i].kernel, t.rows[i].sm) == NULL)
				__builtin_trap();
		/* A kernel named by the input's bytes up to the first NUL. */
		nlen = strnlen((const char *)data, size);
		name = malloc(nlen + 1);
		memcpy(name, data, nlen);
		name[nlen] = '\0';
		if (nlen > 0 && allow_find(&t, name, "sm_4294967295f") == NULL)
			allow_add(&t, name, "sm_4294967295f", 1, 2, has_notes(&t) ? name : "");
		text = written(&t, &len);
		if (allow_parse(&back, "again.csv", text, len, err, sizeof err) != 0)
			__builtin_trap();
		same_rows(&t, &back);
		allow_free(&back);
		free(text);
		free(name);
	}
	allow_free(&t);
	return 0;
}

/* The mutator: edits on lines and fields (textedit.h). */
/* What a field may become: numbers, sms, quotes, header names, bytes. */
static const char *const hostile[] = {
	"1e3", "-1", "+1", " 1", "\" 1\"", "99999999999", "2147483647", "2147483648", "0",
	"86", "sm_86", "sm_86a", "sm_90f", "SM_86", "sm_086", "sm_10000", "sm_99999",
	"sm_4294967295", "sm_4294967296", "compute_86", "sm_", "",
	"\"", "\"\"", "\"open", "a\"b", "\"multi\nline\"", "\"# not a comment\n\"", "#k",
	"\r", "\xef\xbb\xbf", "kernel", "KERNEL", "note", "stack", "extra",
};

static int
set_field(struct edit *e)
{
	size_t len, off = some_field(e, &len);
	const char *t = hostile[pick(e, sizeof hostile / sizeof hostile[0])];

	return splice(e, off, len, t, strlen(t));
}

static int
nul_byte(struct edit *e)
{
	size_t len, off = some_field(e, &len);

	return splice(e, off + pick(e, (unsigned int)len + 1), 0, "", 1);
}

/* A comment or blank line, or a copy of a line (a row twice: its sm
 * written another way makes the same row). */
static int
add_line(struct edit *e)
{
	static const char *const lines[] = {
		"# comment with \"odd quote\n", "\n", "  # indented\n", "   \n", "\r\n",
	};
	size_t len, off = some_line(e, &len);

	if (pick(e, 2)) {
		const char *l = lines[pick(e, sizeof lines / sizeof lines[0])];
		return splice(e, off, 0, l, strlen(l));
	}
	if (off + len >= e->size || e->size + len + 1 > e->max)
		return 0;
	memmove(e->data + off + len + 1, e->data + off, e->size - off);
	e->size += len + 1;
	return 1;
}

static int (*const edits[])(struct edit *) = {
	set_field, set_field, set_field, nul_byte, cut, to_crlf, add_line, row_width, quoted_lines,
};

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	struct edit e = { data, size, max_size, seed };
	unsigned int rounds = 1 + pick(&e, 3);

	if (size == 0 || pick(&e, 5) == 0)
		return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
	while (rounds-- > 0)
		edits[pick(&e, sizeof edits / sizeof edits[0])](&e);
	return e.size;
}
