/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "csvrow.h"
#include "decimal.h"
#include "xalloc.h"

static void
reserve(struct csvrow *r, size_t more)
{
	xgrow((void **)&r->buf, &r->cap, r->len + more, 1);
}

/* The room test is here, not only in xgrow: a row is some forty puts. */
void
csvrow_put(struct csvrow *r, const char *s, size_t n)
{
	if (n == 0)	/* an empty first field: r->buf is still NULL */
		return;
	if (r->cap - r->len < n)
		reserve(r, n);
	memcpy(r->buf + r->len, s, n);
	r->len += n;
}

static void
separator(struct csvrow *r, int last)
{
	csvrow_put(r, last ? "\n" : ",", 1);
}

/* A reader drops the spaces and tabs around a field left unquoted
 * (libcsv's default, as spillway reads CSV): such a field is quoted. */
static int
blank_at_either_end(const char *s, size_t n)
{
	return n > 0 && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t');
}

/*
 * A field holding a double quote goes through libcsv, which doubles it;
 * one that needs quotes only for a comma, a line break or a blank at
 * either end (most demangled names: "f(int, float)") is wrapped as it is,
 * which is the same bytes without a call per character.  One strcspn up
 * to the first byte that needs care settles a plain field (most mangled
 * names) in one pass; a memchr per byte was slower.
 */
void
csvrow_field(struct csvrow *r, const char *s, int last)
{
	size_t plain = strcspn(s, "\",\r\n"), n;

	if (s[plain] == '\0' && !blank_at_either_end(s, plain)) {
		csvrow_put(r, s, plain);
		separator(r, last);
		return;
	}
	n = plain + strlen(s + plain);
	if (memchr(s + plain, '"', n - plain) != NULL) {
		size_t need = csv_write(NULL, 0, s, n);

		reserve(r, need);
		r->len += csv_write(r->buf + r->len, need, s, n);
	} else {
		csvrow_put(r, "\"", 1);
		csvrow_put(r, s, n);
		csvrow_put(r, "\"", 1);
	}
	separator(r, last);
}

void
csvrow_unsigned(struct csvrow *r, uint64_t v, int last)
{
	char digits[DECIMAL_MAX];

	csvrow_put(r, digits, put_decimal(digits, v));
	separator(r, last);
}

void
csvrow_number(struct csvrow *r, int64_t v, int last)
{
	if (v >= 0)
		csvrow_unsigned(r, (uint64_t)v, last);
	else
		separator(r, last);
}

void
csvrow_empty(struct csvrow *r, int last)
{
	separator(r, last);
}

void
csvrow_flush(struct csvrow *r, FILE *f)
{
	if (r->len > 0)
		fwrite(r->buf, 1, r->len, f);
	r->len = 0;
}

void
csvrow_free(struct csvrow *r)
{
	free(r->buf);
	memset(r, 0, sizeof *r);
}
