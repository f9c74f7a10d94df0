/*
 * The browser's view-model pieces of issue 24's last gaps: the scan's
 * progress line (ui/progress.c).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "progress.h"

static void
test_progress_bar(void **state)
{
	struct scan_progress p = { .files_read = 15, .images_found = 200, .images_read = 50 };
	char buf[256];
	size_t n;

	(void)state;
	n = progress_line(buf, sizeof buf, &p, 100);
	assert_string_equal(buf, " scanning: 15 files, 50 of 200 images read "
	    "[#######.......................] 25%");
	assert_int_equal(n, strlen(buf));
	assert_true(n <= 100);
}

static void
test_progress_one_and_none(void **state)
{
	struct scan_progress p = { .files_read = 1, .images_found = 1, .images_read = 1 };
	struct scan_progress none = { 0 };
	char buf[256];

	(void)state;
	progress_line(buf, sizeof buf, &p, 60);
	assert_string_equal(buf, " scanning: 1 file, 1 of 1 image read [################] 100%");
	progress_line(buf, sizeof buf, &none, 60);
	assert_string_equal(buf, " scanning: 0 files, 0 of 0 images read [..............] 0%");
}

/* A narrow screen: the bar shortens, then goes; the words are cut last. */
static void
test_progress_narrow(void **state)
{
	struct scan_progress p = { .files_read = 15, .images_found = 15188, .images_read = 7594 };
	char buf[256];

	(void)state;
	for (int w = 10; w <= 120; w++) {
		size_t n = progress_line(buf, sizeof buf, &p, w);

		assert_int_equal(n, strlen(buf));
		assert_true(n <= (size_t)w);
	}
	progress_line(buf, sizeof buf, &p, 60);
	assert_string_equal(buf, " scanning: 15 files, 7594 of 15188 images read [###...] 50%");
	progress_line(buf, sizeof buf, &p, 52);
	assert_string_equal(buf, " scanning: 15 files, 7594 of 15188 images read");
	progress_line(buf, sizeof buf, &p, 20);
	assert_string_equal(buf, " scanning: 15 files,");
	/* Read never passes found, even when a caller's counts race. */
	p.images_read = 20000;
	progress_line(buf, sizeof buf, &p, 100);
	assert_non_null(strstr(buf, "15188 of 15188 images read [##############################] 100%"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_progress_bar),
		cmocka_unit_test(test_progress_one_and_none),
		cmocka_unit_test(test_progress_narrow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
