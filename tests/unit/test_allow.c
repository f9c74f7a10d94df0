/* SPDX-License-Identifier: MIT */
/* cmocka tests for the allowance table reader and writer (src/judge/allow.c). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "allow.h"

static char err[512];

static int
parse(struct allow_table *t, const char *text)
{
	return allow_parse(t, "t.csv", text, strlen(text), err, sizeof err);
}

/* The table as allow_write writes it; free() the result. */
static char *
written(const struct allow_table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	allow_write(t, f);
	fclose(f);
	return buf;
}

static const char table[] =
    "# spill allowances\n"
    "\n"
    "kernel,sm,stack,local,note\n"
    "# the array\n"
    "ns::a_kernel,sm_86,384,0,float a[3][32]\n"
    "  # an indented comment\n"
    "\"ns::f::{lambda(float, int)#1}::operator()\",86,16,8,\"a note, with \"\"quotes\"\"\n"
    "# and a line that looks like a comment\"\n"
    "ns::b_kernel,sm_90a,0,32,\n"
    "ns::c_kernel,sm_120,8,0\n";

static void
test_comments_and_quoting(void **state)
{
	struct allow_table t;
	struct allow_row *r;

	(void)state;
	assert_int_equal(parse(&t, table), 0);
	assert_int_equal(t.nrows, 4);
	r = allow_find(&t, "ns::a_kernel", "sm_86");
	assert_non_null(r);
	assert_int_equal(r->stack, 384);
	assert_int_equal(r->local, 0);
	assert_string_equal(r->note, "float a[3][32]");
	assert_int_equal(r->line, 5);
	/* A quoted name with a comma; "86" is sm_86; a note over two lines. */
	r = allow_find(&t, "ns::f::{lambda(float, int)#1}::operator()", "sm_86");
	assert_non_null(r);
	assert_int_equal(r->stack, 16);
	assert_int_equal(r->local, 8);
	assert_string_equal(r->note, "a note, with \"quotes\"\n# and a line that looks like a comment");
	assert_int_equal(r->line, 7);
	r = allow_find(&t, "ns::b_kernel", "sm_90a");
	assert_non_null(r);
	assert_int_equal(r->line, 9);
	assert_int_equal(r->local, 32);
	/* The note column may be left off. */
	r = allow_find(&t, "ns::c_kernel", "sm_120");
	assert_non_null(r);
	assert_string_equal(r->note, "");
	assert_null(allow_find(&t, "ns::a_kernel", "sm_90"));
	assert_null(allow_find(&t, "ns::a", "sm_86"));
	allow_free(&t);
}

static void
test_columns_in_any_order(void **state)
{
	struct allow_table t;
	struct allow_row *r;

	(void)state;
	assert_int_equal(parse(&t, "SM,Local,Stack,Kernel\r\nsm_75,0,24,k\r\n"), 0);
	r = allow_find(&t, "k", "sm_75");
	assert_non_null(r);
	assert_int_equal(r->stack, 24);
	allow_free(&t);
}

static void
test_write_keeps_what_was_read(void **state)
{
	struct allow_table t;
	struct allow_row *r;
	char *out;

	(void)state;
	assert_int_equal(parse(&t, table), 0);
	out = written(&t);
	assert_string_equal(out, table);
	free(out);

	/* A changed row is rewritten from its fields, quoted where needed;
	 * a removed row goes; an added one comes last. */
	r = allow_find(&t, "ns::f::{lambda(float, int)#1}::operator()", "sm_86");
	r->stack = 12;
	free(r->text);
	r->text = NULL;
	allow_find(&t, "ns::b_kernel", "sm_90a")->removed = 1;
	allow_add(&t, "ns::new_kernel", "sm_86", 4096, 0, "");
	assert_null(allow_find(&t, "ns::new_kernel", "sm_86"));
	allow_index(&t);
	assert_non_null(allow_find(&t, "ns::new_kernel", "sm_86"));
	out = written(&t);
	assert_string_equal(out,
	    "# spill allowances\n"
	    "\n"
	    "kernel,sm,stack,local,note\n"
	    "# the array\n"
	    "ns::a_kernel,sm_86,384,0,float a[3][32]\n"
	    "  # an indented comment\n"
	    "\"ns::f::{lambda(float, int)#1}::operator()\",sm_86,12,8,\"a note, with \"\"quotes\"\"\n"
	    "# and a line that looks like a comment\"\n"
	    "ns::c_kernel,sm_120,8,0\n"
	    "ns::new_kernel,sm_86,4096,0,\n");
	free(out);
	allow_free(&t);
}

/* bad TEXT: the reader refuses it with "t.csv:LINE: ..." containing WHAT. */
static void
bad(const char *text, const char *what)
{
	struct allow_table t;

	if (parse(&t, text) != -1)
		fail_msg("accepted: %s", text);
	if (strstr(err, what) == NULL)
		fail_msg("'%s' does not say '%s'", err, what);
	allow_free(&t);
}

static void
test_bad_rows(void **state)
{
	(void)state;
	bad("kernel,sm,stack,local,note\nk,sm_86,12x,0,\n", "t.csv:2: stack: '12x' is not a number of bytes");
	bad("kernel,sm,stack,local,note\nk,sm_86,-1,0,\n", "t.csv:2: stack: '-1' is not a number");
	bad("kernel,sm,stack,local,note\nk,sm_86,1,99999999999,\n", "t.csv:2: local: '99999999999'");
	bad("kernel,sm,stack,local,note\nk,sm_86,1,,\n", "t.csv:2: local: '' is not a number");
	bad("# c\nkernel,sm,stack,local,size\n", "t.csv:2: unknown column 'size'");
	bad("kernel,sm,stack,note\n", "t.csv:1: the header has no 'local' column");
	bad("kernel,sm,stack,stack,local\n", "t.csv:1: column 'stack' appears twice");
	bad("kernel,sm,stack,local,note\n\nk,sm_86,1,0,n,extra\n", "t.csv:3: 6 fields, but the header has 5 columns");
	bad("kernel,sm,stack,local,note\nk,sm_86,1\n", "t.csv:2: no 'local' field");
	bad("kernel,sm,stack,local,note\n,sm_86,1,0,\n", "t.csv:2: empty kernel name");
	bad("kernel,sm,stack,local,note\nk,compute_86,1,0,\n", "t.csv:2: sm: 'compute_86' is not an sm");
	bad("kernel,sm,stack,local,note\nk,sm_86,1,0,\n# c\nk,86,2,0,\n",
	    "t.csv:4: a second row for k on sm_86 (the first is on line 2)");
	bad("kernel,sm,stack,local,note\nk,sm_86,1,0,\"open\n", "t.csv:2: a quoted field opened here is not closed");
	bad("kernel,sm,stack,local,note\nk,sm_86,1,0,a\"b\n", "t.csv:2: malformed CSV");
	bad("# only comments\n\n", "no header");
	bad("", "t.csv:1: empty");
	bad("kernel,sm,stack,local,note\nk,sm_86,+1,0,\n", "t.csv:2: stack: '+1' is not a number");
	bad("kernel,sm,stack,local,note\nk,sm_86,1,\" 1\",\n", "t.csv:2: local: ' 1' is not a number");
	bad("kernel,sm,stack,local,note\nk,SM_86,1,0,\n", "t.csv:2: sm: 'SM_86' is not an sm");
	bad("kernel,sm,stack,local,note\nk,sm_086,1,0,\n", "t.csv:2: sm: 'sm_086' is not an sm");
	bad("kernel,sm,stack,local,note\nk,sm_4294967296,1,0,\n", "t.csv:2: sm: 'sm_4294967296'");
	bad("kernel,sm,stack,local,note\nk,sm_86\n", "t.csv:2: no 'stack' field");
	bad("kernel,sm,stack,local,note\n\"k\n", "t.csv:2: a quoted field opened here");
	bad("\n\n\n", "t.csv:3: no header");
}

/* A table is text: a NUL byte anywhere is damage named by its line. */
static void
test_nul_byte(void **state)
{
	static const char text[] = "kernel,sm,stack,local,note\n# c\nk,sm_86,1,0,\"a\0b\"\n";
	struct allow_table t;

	(void)state;
	assert_int_equal(allow_parse(&t, "t.csv", text, sizeof text - 1, err, sizeof err), -1);
	assert_non_null(strstr(err, "t.csv:3: a NUL byte"));
	allow_free(&t);
}

/* What the attack round tried, read as a table is read. */
static void
test_odd_but_fine(void **state)
{
	struct allow_table t;

	(void)state;
	/* CRLF line ends. */
	assert_int_equal(parse(&t, "kernel,sm,stack,local,note\r\nk,sm_86,1,2,x\r\n"), 0);
	assert_int_equal(t.nrows, 1);
	assert_int_equal(t.rows[0].local, 2);
	assert_string_equal(t.rows[0].note, "x");
	allow_free(&t);
	/* A quote in a comment opens nothing. */
	assert_int_equal(parse(&t, "# comment with \"odd quote\nkernel,sm,stack,local,note\nk,sm_86,1,1,x\n"), 0);
	assert_int_equal(t.nrows, 1);
	allow_free(&t);
	/* A note over several lines, one of them like a comment. */
	assert_int_equal(parse(&t, "kernel,sm,stack,local,note\nk,sm_86,1,1,\"multi\n# not a comment\nline\"\n"
	    "j,sm_86,2,2,y\n"), 0);
	assert_int_equal(t.nrows, 2);
	assert_string_equal(t.rows[0].note, "multi\n# not a comment\nline");
	assert_int_equal(t.rows[1].line, 5);
	allow_free(&t);
	/* Header names in capitals, the note column left out. */
	assert_int_equal(parse(&t, "KERNEL,SM,STACK,LOCAL\nk,sm_86,1,1\n"), 0);
	assert_string_equal(t.rows[0].note, "");
	allow_free(&t);
	/* Blanks around a bare number are CSV's, a 5-digit sm is an sm. */
	assert_int_equal(parse(&t, "kernel,sm,stack,local,note\nk,sm_10000, 1,1,x\nk,sm_86a,1,1,x"), 0);
	assert_int_equal(t.rows[0].stack, 1);
	assert_string_equal(t.rows[0].sm, "sm_10000");
	assert_string_equal(t.rows[1].sm, "sm_86a");
	allow_free(&t);
}

/* Whatever the writer writes, the reader reads back as the same rows. */
static void
test_written_rows_read_back(void **state)
{
	static const char *const kernels[] = {
		"#hash first", "a,b", "say \"hi\"", " lead", "trail ", "two\nlines", "cr\r",
		"\x1b[31mred", "# \"both\", quoted",
	};
	static const char *const sms[] = { "sm_86", "sm_90a", "sm_10000", "sm_4294967295f" };
	struct allow_table t, back;
	char *out;

	(void)state;
	allow_read(&t, "/nonexistent/t.csv", err, sizeof err);
	for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
		allow_add(&t, kernels[i], sms[i % 4], (int32_t)i, INT32_MAX, kernels[i]);
	out = written(&t);
	if (parse(&back, out) != 0)
		fail_msg("%s\n%s", err, out);
	assert_int_equal(back.nrows, t.nrows);
	for (size_t i = 0; i < t.nrows; i++) {
		struct allow_row *r = allow_find(&back, kernels[i], sms[i % 4]);

		assert_non_null(r);
		assert_string_equal(r->note, kernels[i]);
		assert_int_equal(r->stack, (int32_t)i);
		assert_int_equal(r->local, INT32_MAX);
	}
	free(out);
	allow_free(&back);
	allow_free(&t);
}

static void
test_sm_normalize(void **state)
{
	char sm[16];

	(void)state;
	assert_int_equal(allow_sm_normalize("86", sm, sizeof sm), 0);
	assert_string_equal(sm, "sm_86");
	assert_int_equal(allow_sm_normalize("sm_90a", sm, sizeof sm), 0);
	assert_string_equal(sm, "sm_90a");
	assert_int_equal(allow_sm_normalize("120f", sm, sizeof sm), 0);
	assert_string_equal(sm, "sm_120f");
	assert_int_equal(allow_sm_normalize("sm_", sm, sizeof sm), -1);
	assert_int_equal(allow_sm_normalize("sm_90ab", sm, sizeof sm), -1);
	assert_int_equal(allow_sm_normalize("compute_90", sm, sizeof sm), -1);
	assert_int_equal(allow_sm_normalize("sm_123456", sm, sizeof sm), 0);
	assert_string_equal(sm, "sm_123456");
	assert_int_equal(allow_sm_normalize("10000", sm, sizeof sm), 0);
	assert_string_equal(sm, "sm_10000");
	assert_int_equal(allow_sm_normalize("sm_99999999999", sm, sizeof sm), -1);
	assert_int_equal(allow_sm_normalize("SM_86", sm, sizeof sm), -1);
	assert_int_equal(allow_sm_normalize("sm_86b", sm, sizeof sm), -1);
	assert_int_equal(allow_sm_normalize("", sm, sizeof sm), -1);
}

static void
test_missing_file(void **state)
{
	struct allow_table t;
	char *out;

	(void)state;
	assert_int_equal(allow_read(&t, "/nonexistent/spill-allow.csv", err, sizeof err), ALLOW_MISSING);
	assert_int_equal(t.nrows, 0);
	allow_add(&t, "k", "sm_86", 8, 0, "");
	out = written(&t);
	/* A new file: the comment, the header, the row. */
	assert_non_null(strstr(out, "\nkernel,sm,stack,local,note\nk,sm_86,8,0,\n"));
	assert_int_equal(out[0], '#');
	free(out);
	allow_free(&t);
}

/* A buffer of text: the header, then what fill writes. */
static char *
big_table(size_t cap, size_t *len)
{
	char *s = malloc(cap);

	assert_non_null(s);
	*len = (size_t)snprintf(s, cap, "kernel,sm,stack,local,note\n");
	return s;
}

/*
 * The bounds a table is read within (issue 35): a quoted field over many
 * lines was quadratic (100 MiB: 30 s, 672 MB); a record past 1 MiB, on one
 * line or many, and a row past 200,000 are refused with their line.
 */
static void
test_bounds(void **state)
{
	struct allow_table t;
	size_t len, n;
	char *s = big_table(ALLOW_RECORD_MAX + 4096, &len);

	(void)state;
	/* A record just within 1 MiB: one quoted field over 1,000 lines. */
	s[len++] = '"';
	for (n = 0; n < 1000; n++) {
		memset(s + len, 'y', 999);
		len += 999;
		s[len++] = '\n';
	}
	len += (size_t)sprintf(s + len, "\",sm_90,16,0,x\n");
	assert_int_equal(allow_parse(&t, "t.csv", s, len, err, sizeof err), 0);
	assert_int_equal(t.nrows, 1);
	assert_int_equal(strlen(t.rows[0].kernel), 1000 * 1000);
	allow_free(&t);

	/* One line more than 1 MiB of field: refused, at the record's line. */
	len -= strlen("\",sm_90,16,0,x\n");
	while (len < ALLOW_RECORD_MAX + 100) {
		memset(s + len, 'y', 999);
		len += 999;
		s[len++] = '\n';
	}
	len += (size_t)sprintf(s + len, "\",sm_90,16,0,x\n");
	assert_int_equal(allow_parse(&t, "t.csv", s, len, err, sizeof err), -1);
	assert_non_null(strstr(err, "t.csv:2: a record of more than 1 MiB"));
	allow_free(&t);

	/* The same on one line. */
	len = strlen("kernel,sm,stack,local,note\n");
	memset(s + len, 'z', ALLOW_RECORD_MAX);
	len += ALLOW_RECORD_MAX;
	len += (size_t)sprintf(s + len, ",sm_90,16,0,x\n");
	assert_int_equal(allow_parse(&t, "t.csv", s, len, err, sizeof err), -1);
	assert_non_null(strstr(err, "t.csv:2: a record of more than 1 MiB (a line that long)"));
	allow_free(&t);
	free(s);

	/* 200,000 rows are read; one more is refused, named by its line. */
	s = big_table((ALLOW_ROWS_MAX + 2) * 32, &len);
	for (n = 0; n < ALLOW_ROWS_MAX; n++)
		len += (size_t)sprintf(s + len, "k%zu,sm_90,16,0,\n", n);
	assert_int_equal(allow_parse(&t, "t.csv", s, len, err, sizeof err), 0);
	assert_int_equal(t.nrows, ALLOW_ROWS_MAX);
	assert_non_null(allow_find(&t, "k199999", "sm_90"));
	allow_free(&t);
	len += (size_t)sprintf(s + len, "one_more,sm_90,16,0,\n");
	assert_int_equal(allow_parse(&t, "t.csv", s, len, err, sizeof err), -1);
	assert_non_null(strstr(err, "t.csv:200002: more than 200000 rows"));
	allow_free(&t);
	free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_comments_and_quoting),
		cmocka_unit_test(test_columns_in_any_order),
		cmocka_unit_test(test_write_keeps_what_was_read),
		cmocka_unit_test(test_bad_rows),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_odd_but_fine),
		cmocka_unit_test(test_written_rows_read_back),
		cmocka_unit_test(test_sm_normalize),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_bounds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
