/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a --list CSV through the importer, then written back out
 * and imported again: a file that imports cleanly must round-trip, a file
 * whose last line has no newline never imports cleanly, and a file of any
 * number of bad rows says at most a dozen things.
 *
 * The mutator makes what the attack round made (tests/attacks/repro/csv): files
 * cut at any byte, a byte-order mark, CRLF, hostile numbers and sms, rows
 * a field short or long, header columns doubled or unknown, open quotes,
 * NUL bytes, one bad row followed by many good ones.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz.h"
#include "textedit.h"
#include "listcsv.h"
#include "model.h"

/* libFuzzer's own mutator; absent when replay.c drives the target. */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

/* The most messages one file may give: ten bad rows, the count of the
 * rest, and one for the end (cut short, or a quote left open). */
#define MESSAGES_MAX 12

/* Imports data into m as the scan does: images at once, rows after. */
static int
import(const uint8_t *data, size_t size, const char *name, struct model *m,
    struct diag_list *diags)
{
	struct func_rec *rows = NULL;
	size_t nrows = 0;
	int n;

	n = listcsv_import(data, size, name, m, &rows, &nrows, diags, 1);
	for (size_t i = 0; i < nrows; i++) {
		if (rows[i].image >= m->nimages)
			__builtin_trap();
		model_add_func(m, &rows[i]);
	}
	free(rows);
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m, m2;
	struct diag_list diags = { 0 };
	char *out = NULL;
	size_t outlen = 0;
	FILE *f;
	int rows, rows2;

	if (!listcsv_is_list(data, size))
		return 0;
	model_init(&m);
	rows = import(data, size, "input.csv", &m, &diags);
	if (rows < 0 && diags.n == 0)
		__builtin_trap();
	if (rows >= 0 && data[size - 1] != '\n')
		__builtin_trap();	/* a file cut short read as whole */
	if (diags.n > MESSAGES_MAX)
		__builtin_trap();
	f = open_memstream(&out, &outlen);
	if (f == NULL)
		abort();
	listcsv_write_funcs(f, &m);
	fclose(f);
	if (rows >= 0) {
		model_init(&m2);
		rows2 = import((const uint8_t *)out, outlen, "again.csv", &m2, &diags);
		if (rows2 != rows || m2.nfuncs != m.nfuncs)
			__builtin_trap();
		model_free(&m2);
	}
	free(out);
	diag_free(&diags);
	model_free(&m);
	return 0;
}

/* The mutator: edits on lines and fields (textedit.h). */
static const char *const hostile_numbers[] = {
	"1e3", "-1", "+1", "0x10", "99999999999", "2147483647", "2147483648", " 12 ",
	"\" 12 \"", "1.5", "", "0", "007",
};
static const char *const hostile_sms[] = {
	"", "s", "sm", "sm_", "sm_a", "sm_0", "sm_86a", "sm_90f", "sm_86aaa", "sm_-1",
	"sm_10000", "sm_4294967295", "sm_4294967296", "compute_90", "x_86", "SM_86",
	"sm_80_this_is_a_very_long_arch",
};
static const char *const hostile_bits[] = {
	"\"", "\"\"", ",", "\r", "\n", "\r\n", "\0", "\xef\xbb\xbf", "\"open,", "a\"b",
	"reg", "extra", "entry", "device", "kernel",
};

static int
add_bom(struct edit *e)
{
	return splice(e, 0, 0, "\xef\xbb\xbf", 3);
}

static int
set_field(struct edit *e, const char *const *choices, size_t n)
{
	size_t len, off = some_field(e, &len);
	const char *t = choices[pick(e, (unsigned int)n)];
	size_t tlen = strlen(t);

	if (tlen == 0 && choices == hostile_bits)
		tlen = 1;	/* "\0" */
	return splice(e, off, len, t, tlen);
}

static int
number_field(struct edit *e)
{
	return set_field(e, hostile_numbers, sizeof hostile_numbers / sizeof hostile_numbers[0]);
}

static int
sm_field(struct edit *e)
{
	return set_field(e, hostile_sms, sizeof hostile_sms / sizeof hostile_sms[0]);
}

static int
odd_bytes(struct edit *e)
{
	return set_field(e, hostile_bits, sizeof hostile_bits / sizeof hostile_bits[0]);
}

/* A line copied many times after itself: one bad row, many good ones. */
static int
repeat_line(struct edit *e)
{
	size_t len, off = some_line(e, &len), times = 1 + pick(e, 200), n = 0;

	if (off + len >= e->size)
		return 0;
	len++;	/* its newline */
	while (times-- > 0 && e->size + len <= e->max) {
		memmove(e->data + off + len, e->data + off, e->size - off);
		e->size += len;
		n++;
	}
	return n > 0;
}

static int (*const edits[])(struct edit *) = {
	cut, add_bom, to_crlf, number_field, number_field, sm_field, odd_bytes, odd_bytes,
	row_width, repeat_line, quoted_lines,
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
