/* SPDX-License-Identifier: MIT */
/*
 * The rules' table (src/judge/rules.c) against what is written about it
 * elsewhere: the JSON schema names every rule, in the table's order, once;
 * the man page documents every rule's option; and each row says what
 * --help and the total line need.  A rule added to the table and not to
 * the schema or the man page fails here.
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
#include <jansson.h>

#include "rules.h"

static const char *
source(const char *rel, char *buf, size_t len)
{
	const char *srcdir = getenv("srcdir");

	snprintf(buf, len, "%s/%s", srcdir != NULL ? srcdir : ".", rel);
	return buf;
}

/* The schema's $defs/rule: "none", then every rule's name in id order. */
static void
test_schema_names_every_rule(void **state)
{
	char path[4096];
	json_error_t err;
	json_t *schema = json_load_file(source("data/schema/report.schema.json", path, sizeof path),
	    0, &err);
	json_t *names;

	(void)state;
	assert_non_null(schema);
	names = json_object_get(json_object_get(json_object_get(schema, "$defs"), "rule"), "enum");
	assert_true(json_is_array(names));
	assert_int_equal(json_array_size(names), RULE_COUNT);
	for (int id = 0; id < RULE_COUNT; id++) {
		const char *name = json_string_value(json_array_get(names, (size_t)id));

		assert_non_null(name);
		assert_string_equal(name, rule_name(id));
	}
	json_decref(schema);
}

/* Every rule's option has an entry in spillway(1)'s list of options. */
static void
test_man_page_documents_every_option(void **state)
{
	char path[4096], line[4096], want[128];
	int found[RULE_COUNT] = { 0 };
	FILE *f = fopen(source("man/spillway.1", path, sizeof path), "r");

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL)
		for (int id = 0; id < RULE_COUNT; id++) {
			if (rules[id].option == NULL)
				continue;
			snprintf(want, sizeof want, ".It Fl \\-%s", rules[id].option);
			if (strncmp(line, want, strlen(want)) == 0 &&
			    strchr(" \n", line[strlen(want)]) != NULL)
				found[id]++;
		}
	fclose(f);
	for (int id = 0; id < RULE_COUNT; id++)
		if (rules[id].option != NULL && found[id] != 1) {
			print_error("--%s: %d entries in man/spillway.1, not 1\n", rules[id].option,
			    found[id]);
			fail();
		}
}

/* Each row says what its faces need: a name and a word for the total
 * line, unique; an option with help, an argument name unless it is a
 * flag, bounds in order; a function unless another row's judges it. */
static void
test_rows_are_whole(void **state)
{
	(void)state;
	assert_string_equal(rule_name(RULE_NONE), "none");
	assert_string_equal(rule_name(-1), "none");
	assert_string_equal(rule_name(RULE_COUNT), "none");
	for (int id = 1; id < RULE_COUNT; id++) {
		const struct rule *r = &rules[id];

		assert_non_null(r->name);
		assert_non_null(r->says);
		for (int k = 1; k < id; k++) {
			assert_string_not_equal(r->name, rules[k].name);
			assert_string_not_equal(r->says, rules[k].says);
			if (r->option != NULL && rules[k].option != NULL)
				assert_string_not_equal(r->option, rules[k].option);
		}
		if (r->option == NULL) {
			assert_int_equal(r->arg, RULE_ARG_NONE);
			continue;
		}
		assert_non_null(r->help);
		assert_true(r->arg != RULE_ARG_NONE);
		assert_true((r->arg == RULE_ARG_FLAG) == (r->argname == NULL));
		if (r->arg == RULE_ARG_COUNT)
			assert_true(r->min <= r->max);
		/* --stale-fails turns the allowance rows' notices into violations */
		if (id != RULE_STALE)
			assert_true(r->each != NULL || r->whole != NULL);
	}
}

/* Unset is -1 for counts and sizes, 0 for the rest; given is per kind. */
static void
test_values(void **state)
{
	struct rule_values rv;

	(void)state;
	rule_values_init(&rv);
	assert_false(rule_any_given(&rv));
	for (int id = 0; id < RULE_COUNT; id++)
		assert_false(rule_given(&rv, id));
	rv.v[RULE_MAX_REGS].n = 0;
	assert_true(rule_given(&rv, RULE_MAX_REGS));
	rv.v[RULE_LAUNCHABLE].n = 1;
	assert_true(rule_given(&rv, RULE_LAUNCHABLE));
	strlist_add(&rv.v[RULE_REQUIRE_SASS].list, "sm_90");
	assert_true(rule_given(&rv, RULE_REQUIRE_SASS));
	assert_true(rule_any_given(&rv));
	rule_values_free(&rv);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schema_names_every_rule),
		cmocka_unit_test(test_man_page_documents_every_option),
		cmocka_unit_test(test_rows_are_whole),
		cmocka_unit_test(test_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
