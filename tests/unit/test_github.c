/* SPDX-License-Identifier: MIT */
/* cmocka tests for the GitHub workflow commands (reports/github.c): the
 * escaping GitHub's toolkit documents (actions/toolkit command.ts). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "github.h"

static void
expect_escape(char *(*esc)(const char *), const char *in, const char *want)
{
	char *got = esc(in);

	assert_string_equal(got, want);
	free(got);
}

/* A message: % first (so that an escape is never escaped twice), then
 * the line breaks; : and , stay. */
static void
test_data(void **state)
{
	(void)state;
	expect_escape(github_escape_data, "100% a\r\nb: c, d", "100%25 a%0D%0Ab: c, d");
	expect_escape(github_escape_data, "%0A", "%250A");
	expect_escape(github_escape_data, "", "");
}

/* A property value: : and , too, which end a property. */
static void
test_property(void **state)
{
	(void)state;
	expect_escape(github_escape_property, "a::b,c%\n\r", "a%3A%3Ab%2Cc%25%0A%0D");
	expect_escape(github_escape_property, "void f<int, 3>(int)", "void f<int%2C 3>(int)");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data),
		cmocka_unit_test(test_property),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
