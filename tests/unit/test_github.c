/* SPDX-License-Identifier: MIT */
/* cmocka tests for the GitHub workflow commands (reports/github.c): the
 * escaping GitHub's toolkit documents (actions/toolkit command.ts); where
 * an annotation points (file=, line=); the cap of GitHub's limits a step
 * and the ::notice that counts the rest; the verdict line's ::notice. */
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
#include "model.h"
#include "rules.h"
#include "verdict.h"

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

/* The commands github_write_commands writes for v (malloc'd). */
static char *
commands(const struct verdict *v, const char *outcome)
{
	struct model m;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	memset(&m, 0, sizeof m);
	assert_non_null(out);
	github_write_commands(out, &m, v, outcome);
	assert_int_equal(fclose(out), 0);
	return text;
}

/* A violation over its allowance row: the table's file and the row's
 * line; a stale row: the same, titled by the row's kernel and sm. */
static void
test_allowance_place(void **state)
{
	struct verdict v = { 0 };
	struct finding *f;
	char *got;

	(void)state;
	unsetenv("GITHUB_WORKSPACE");
	verdict_add(&v, FINDING_VIOLATION, "VIOLATION k sm_86: STACK 64 LOCAL 0 (over its allowance STACK 32 LOCAL 0) [lib.so]");
	f = verdict_last(&v);
	f->rule = RULE_ALLOWANCE;
	f->library = "lib.so";
	f->file = "ci/allow,v1.csv";
	f->line = 12;
	verdict_add(&v, FINDING_NOTICE, "ci/allow,v1.csv:13: stale allowance ns::k sm_90: ...");
	f = verdict_last(&v);
	f->rule = RULE_STALE;
	f->kernel = "ns::k";
	f->sm = "sm_90";
	f->file = "ci/allow,v1.csv";
	f->line = 13;
	got = commands(&v, "FAIL: 1 violation; 2 entries gated, 0 build modules judged");
	assert_string_equal(got,
	    "::error file=ci/allow%2Cv1.csv,line=12,title=spillway allowance%3A lib.so::"
	    "VIOLATION k sm_86: STACK 64 LOCAL 0 (over its allowance STACK 32 LOCAL 0) [lib.so]\n"
	    "::warning file=ci/allow%2Cv1.csv,line=13,title=spillway stale%3A ns%3A%3Ak sm_90::"
	    "ci/allow,v1.csv:13: stale allowance ns::k sm_90: ...\n"
	    "::notice title=spillway::FAIL: 1 violation; 2 entries gated, 0 build modules judged\n");
	free(got);
	verdict_free(&v);
}

/* A path under $GITHUB_WORKSPACE is written relative to it: GitHub
 * places annotations by the path in the repository. */
static void
test_workspace(void **state)
{
	struct verdict v = { 0 };
	char *got;

	(void)state;
	setenv("GITHUB_WORKSPACE", "/home/runner/work/repo/repo/", 1);
	verdict_add(&v, FINDING_VIOLATION, "VIOLATION");
	verdict_last(&v)->file = "/home/runner/work/repo/repo/ci/allow.csv";
	verdict_last(&v)->line = 3;
	verdict_add(&v, FINDING_VIOLATION, "VIOLATION");
	verdict_last(&v)->file = "/elsewhere/allow.csv";
	got = commands(&v, NULL);
	assert_string_equal(got,
	    "::error file=ci/allow.csv,line=3,title=spillway violation::VIOLATION\n"
	    "::error file=/elsewhere/allow.csv,title=spillway violation::VIOLATION\n");
	free(got);
	unsetenv("GITHUB_WORKSPACE");
	verdict_free(&v);
}

static size_t
count_lines(const char *s, const char *prefix)
{
	size_t n = 0;

	for (const char *p = s; *p != '\0'; p = strchr(p, '\n') + 1) {
		n += strncmp(p, prefix, strlen(prefix)) == 0;
		if (strchr(p, '\n') == NULL)
			break;
	}
	return n;
}

/* 25 violations and 12 notices: 10 of each, then one ::notice counting
 * the 15 and the 2 left out, then the verdict's. */
static void
test_cap(void **state)
{
	struct verdict v = { 0 };
	char *got;

	(void)state;
	for (int i = 0; i < 25; i++)
		verdict_add(&v, FINDING_VIOLATION, "VIOLATION %d", i);
	for (int i = 0; i < 12; i++)
		verdict_add(&v, FINDING_NOTICE, "notice %d", i);
	verdict_add(&v, FINDING_SUMMARY, "check: ...");
	got = commands(&v, "FAIL: 25 violations");
	assert_int_equal(count_lines(got, "::error "), GITHUB_ANNOTATIONS_STEP);
	assert_int_equal(count_lines(got, "::warning "), GITHUB_ANNOTATIONS_STEP);
	assert_int_equal(count_lines(got, "::notice "), 2);
	assert_non_null(strstr(got, "::error title=spillway violation::VIOLATION 9\n::warning"));
	assert_non_null(strstr(got, "::notice title=spillway%3A more findings::"
	    "15 more violations, 2 more notices: see the step summary\n"
	    "::notice title=spillway::FAIL: 25 violations\n"));
	free(got);
	verdict_free(&v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data),
		cmocka_unit_test(test_property),
		cmocka_unit_test(test_allowance_place),
		cmocka_unit_test(test_workspace),
		cmocka_unit_test(test_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
