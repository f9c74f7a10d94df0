/* SPDX-License-Identifier: MIT */
/*
 * The exit statuses, one table (src/util/exitstatus.h): the EXIT STATUS
 * section of spillway(1) lists the same statuses in the same order, and
 * --help's "Exit status:" line says the table's words.
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

#include "exitstatus.h"
#include "optiontable.h"

/* The numbers of the ".It N" items of the page's EXIT STATUS list. */
static void
test_man_page_lists_the_table(void **state)
{
	const char *srcdir = getenv("srcdir");
	char path[4096], line[512];
	int in = 0, depth = 0, n = 0;
	FILE *f;

	(void)state;
	snprintf(path, sizeof path, "%s/man/spillway.1", srcdir ? srcdir : ".");
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, ".Sh ", 4) == 0) {
			in = strcmp(line, ".Sh EXIT STATUS\n") == 0;
			continue;
		}
		if (!in)
			continue;
		if (strncmp(line, ".Bl", 3) == 0)
			depth++;
		else if (strncmp(line, ".El", 3) == 0)
			depth--;
		else if (depth == 1 && strncmp(line, ".It ", 4) == 0) {
			assert_true(n < EXIT_STATUSES);
			assert_int_equal(atoi(line + 4), exit_statuses[n].status);
			n++;
		}
	}
	fclose(f);
	assert_int_equal(n, EXIT_STATUSES);
}

/* --help's line, its break undone: "N meaning" for each, in order. */
static void
test_help_says_the_table(void **state)
{
	char *buf = NULL, want[512], *at;
	size_t len = 0, n = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	help_write(f, &(struct option_table){ 0 });
	fclose(f);
	for (char *p = buf; *p != '\0'; p++)
		if (*p == '\n' && p[1] != '\n' && p[1] != '\0' && p > buf && p[-1] != '\n')
			*p = ' ';
	n += (size_t)snprintf(want, sizeof want, "Exit status: ");
	for (size_t i = 0; i < EXIT_STATUSES; i++)
		n += (size_t)snprintf(want + n, sizeof want - n, "%d %s%s", exit_statuses[i].status,
		    exit_statuses[i].meaning, i + 1 < EXIT_STATUSES ? ", " : ".");
	at = strstr(buf, "Exit status: ");
	assert_non_null(at);
	assert_memory_equal(at, want, n);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_man_page_lists_the_table),
		cmocka_unit_test(test_help_says_the_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
