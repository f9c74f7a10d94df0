/* SPDX-License-Identifier: MIT */
/*
 * --summary's build tables (coltable.h): on a terminal, columns padded to
 * their widest cell by display width, numbers to the right; down a pipe,
 * one TAB between cells; names escaped either way.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "coltable.h"

/* What coltable_write writes, allocated. */
static char *
written(struct coltable *t, int aligned)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	coltable_write(f, t, aligned);
	fclose(f);
	return buf;
}

static void
fill(struct coltable *t)
{
	coltable_init(t, 3, 1u << 1);
	coltable_add(t, "module");
	coltable_add(t, "peak");
	coltable_add(t, "how");
	coltable_add_name(t, "caf\xc3\xa9.o");		/* é: one column, two bytes */
	coltable_add(t, "%.2f GB", 12.5);
	coltable_add(t, "one process");
	coltable_add_name(t, "a\tb.o");			/* a TAB in a name */
	coltable_add(t, "%s", "0.80 GB");
	coltable_add(t, "tree");
}

static void
test_aligned(void **state)
{
	struct coltable t;
	char *out;

	(void)state;
	fill(&t);
	out = written(&t, 1);
	assert_string_equal(out,
	    "module      peak  how\n"
	    "caf\xc3\xa9.o  12.50 GB  one process\n"
	    "a\\tb.o   0.80 GB  tree\n");
	free(out);
	assert_int_equal(t.n, 0);	/* written, then forgotten */
	coltable_free(&t);
}

static void
test_tabs(void **state)
{
	struct coltable t;
	char *out;

	(void)state;
	fill(&t);
	out = written(&t, 0);
	assert_string_equal(out,
	    "module\tpeak\thow\n"
	    "caf\xc3\xa9.o\t12.50 GB\tone process\n"
	    "a\\tb.o\t0.80 GB\ttree\n");
	free(out);
	coltable_free(&t);
}

/* A row short of cells ends where it ends. */
static void
test_short_row(void **state)
{
	struct coltable t;
	char *out;

	(void)state;
	coltable_init(&t, 2, 0);
	coltable_add(&t, "a");
	coltable_add(&t, "b");
	coltable_add(&t, "ccc");
	out = written(&t, 1);
	assert_string_equal(out, "a    b\nccc\n");
	free(out);
	coltable_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aligned),
		cmocka_unit_test(test_tabs),
		cmocka_unit_test(test_short_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
