/* SPDX-License-Identifier: MIT */
/*
 * The key table: no key means two things in one view, the help screen
 * shows every binding, and the man page's KEYS section names every key.
 */
#include "config.h"

#include <curses.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "keys.h"
#include "textbuf.h"

/* The kinds of view there are: what tui.c's view table uses. */
static const unsigned views[] = {
	KEYS_TABLE | KEYS_TAB, KEYS_PAGER | KEYS_TAB, KEYS_PAGER | KEYS_SUB,
};

static int
applies(unsigned b, unsigned where)
{
	const unsigned content = KEYS_TABLE | KEYS_PAGER, level = KEYS_TAB | KEYS_SUB;

	return (!(b & content) || (b & where & content)) && (!(b & level) || (b & where & level));
}

static void
test_no_key_bound_twice(void **state)
{
	(void)state;
	for (size_t v = 0; v < sizeof views / sizeof views[0]; v++)
		for (size_t i = 0; i < nkey_bindings; i++) {
			if (!applies(key_bindings[i].where, views[v]))
				continue;
			for (const int *k = key_bindings[i].keys; *k; k++) {
				for (size_t j = i + 1; j < nkey_bindings; j++) {
					if (!applies(key_bindings[j].where, views[v]) ||
					    key_bindings[j].action == key_bindings[i].action)
						continue;
					for (const int *l = key_bindings[j].keys; *l; l++)
						if (*l == *k)
							fail_msg("key %d is bound to both '%s' and '%s'",
							    *k, key_bindings[i].help, key_bindings[j].help);
				}
				assert_int_equal(keys_lookup(*k, views[v]), key_bindings[i].action);
			}
		}
}

static void
test_lookup(void **state)
{
	(void)state;
	assert_int_equal(keys_lookup('q', KEYS_TABLE | KEYS_TAB), ACT_QUIT);
	assert_int_equal(keys_lookup('q', KEYS_PAGER | KEYS_SUB), ACT_CLOSE);
	assert_int_equal(keys_lookup(' ', KEYS_TABLE | KEYS_TAB), ACT_TOGGLE);
	assert_int_equal(keys_lookup(' ', KEYS_PAGER | KEYS_SUB), ACT_PAGE_DOWN);
	assert_int_equal(keys_lookup('s', KEYS_PAGER | KEYS_TAB), ACT_NONE);
	assert_int_equal(keys_lookup('/', KEYS_PAGER | KEYS_SUB), ACT_SEARCH);
}

static void
test_help_shows_every_binding(void **state)
{
	struct textbuf tb = { 0 };

	(void)state;
	keys_help(&tb, (const char *[]){ "Kernels", "Size" }, 2, 1000);
	for (size_t i = 0; i < nkey_bindings; i++) {
		int found = 0;

		for (size_t l = 0; l < tb.n && !found; l++)
			found = strstr(tb.v[l].text, key_bindings[i].help) != NULL;
		if (!found)
			fail_msg("the help does not show '%s'", key_bindings[i].help);
	}
	tb_free(&tb);
}

/* How the man page spells a key after Ic. */
static void
man_spelling(const char *name, char *buf, size_t size)
{
	if (strcmp(name, "\\") == 0)
		snprintf(buf, size, "\\e");
	else if (strcmp(name, "-") == 0)
		snprintf(buf, size, "\\-");
	else if (strchr("?[]", name[0]) && name[1] == '\0')
		snprintf(buf, size, "\\&%s", name);
	else
		snprintf(buf, size, "%s", name);
}

static void
test_man_page_names_every_key(void **state)
{
	const char *srcdir = getenv("srcdir");
	char path[4096], *text, *keys, name[32], want[64], line[128];
	FILE *f;
	long n;

	(void)state;
	snprintf(path, sizeof path, "%s/man/spillway.1", srcdir ? srcdir : ".");
	f = fopen(path, "r");
	if (f == NULL)
		skip();
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	keys = strstr(text, ".Sh KEYS");
	assert_non_null(keys);
	for (size_t i = 0; i < nkey_bindings; i++)
		for (const int *k = key_bindings[i].keys; *k; k++) {
			keys_name(*k, name, sizeof name);
			if (name[0] == '\0')
				continue;
			man_spelling(name, want, sizeof want);
			snprintf(line, sizeof line, "Ic %s", want);
			if (strstr(keys, line) == NULL)
				fail_msg("man page KEYS does not name '%s' (%s)", name, key_bindings[i].help);
		}
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_key_bound_twice),
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_help_shows_every_binding),
		cmocka_unit_test(test_man_page_names_every_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
