/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the plain-text writer of the report document
 * (reports/rtext.c), what the browser's Diff view shows: headings and
 * paragraphs as lines, tables aligned, no Markdown markup.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rdoc.h"
#include "rtext.h"
#include "xalloc.h"

struct lines {
	char	*text[32];
	int	 kind[32];
	size_t	 n;
};

static void
collect(void *ctx, int kind, const char *line)
{
	struct lines *l = ctx;

	assert_true(l->n < 32);
	l->text[l->n] = xstrdup(line);
	l->kind[l->n++] = kind;
}

static void
lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->text[i]);
	l->n = 0;
}

/* A document like the diff section: a heading, a note with code, and a
 * table of names, text, numbers, a CSV-only column and unknown cells. */
static void
sample(struct rdoc *d)
{
	struct rtable *t;

	rdoc_heading(d, "diff", "Changes against the baseline");
	rdoc_para(d, "diff", "Against " RD_CODE "%s" RD_END ": 2 pairs changed.", "old.csv");
	t = rdoc_table(d, "diff");
	rtable_col(t, "kernel", RC_CODE);
	rtable_col(t, "sm", RC_TEXT);
	rtable_col(t, "stack B", RC_NUM | RC_MD_ONLY);
	rtable_col(t, "stack_bytes", RC_NUM | RC_CSV_ONLY);
	rtable_col(t, "local B", RC_NUM);
	rtable_cell(t, "%s", "ns::pipe|k`ernel");
	rtable_cell(t, "sm_86");
	rtable_cell(t, "1000 → 1024 (+24)");
	rtable_num(t, 1024);
	rtable_cell(t, NULL);
	rtable_cell(t, "%s", "a\x1b[31m");
	rtable_cell(t, "sm_100");
	rtable_cell(t, "8");
	rtable_num(t, 8);
	rtable_num(t, 0);
}

static void
test_lines(void **state)
{
	static const struct {
		int		 kind;
		const char	*text;
	} want[] = {
		{ RT_HEADING, "Changes against the baseline" },
		{ RT_BLANK, "" },
		{ RT_PARA, "Against old.csv: 2 pairs changed." },
		{ RT_BLANK, "" },
		/* Numbers to the right; "→" and "—" are one column each. */
		{ RT_COLUMNS, "  kernel            sm                stack B  local B" },
		{ RT_ROW, "  ns::pipe|k`ernel  sm_86   1000 → 1024 (+24)        —" },
		{ RT_ROW, "  a\\x1b[31m         sm_100                  8        0" },
	};
	struct rdoc d = { 0 };
	struct lines l = { 0 };

	(void)state;
	sample(&d);
	rtext_render(&d, collect, &l);
	assert_int_equal(l.n, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < l.n; i++) {
		assert_int_equal(l.kind[i], want[i].kind);
		assert_string_equal(l.text[i], want[i].text);
	}
	lines_free(&l);
	rdoc_free(&d);
}

/* What the Diff view showed before: none of Markdown's markup. */
static void
test_no_markup(void **state)
{
	struct rdoc d = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	sample(&d);
	rtext_write(f, &d);
	fclose(f);
	assert_null(strstr(buf, "###"));
	assert_null(strstr(buf, "|---"));
	assert_null(strstr(buf, "---:|"));
	assert_null(strstr(buf, "`old.csv`"));
	assert_null(strstr(buf, "\x1b"));		/* escaped, as every face does */
	assert_non_null(strstr(buf, "Changes against the baseline\n\nAgainst old.csv"));
	assert_int_equal(buf[len - 1], '\n');
	free(buf);
	rdoc_free(&d);
}

/* A table with titles only, and an empty document. */
static void
test_edges(void **state)
{
	struct rdoc d = { 0 };
	struct lines l = { 0 };
	struct rtable *t;

	(void)state;
	rtext_render(&d, collect, &l);
	assert_int_equal(l.n, 0);
	t = rdoc_table(&d, "diff");
	rtable_col(t, "kernel", RC_CODE);
	rtable_col(t, "n", RC_NUM);
	rtext_render(&d, collect, &l);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.text[0], "  kernel  n");
	lines_free(&l);
	rdoc_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_no_markup),
		cmocka_unit_test(test_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
