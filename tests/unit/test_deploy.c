/* SPDX-License-Identifier: MIT */
/* cmocka tests for deployability (src/model/deploy.c) over the toolkit
 * table compiled in from data/toolkits.csv. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "deploy.h"

static void
test_parse(void **state)
{
	long a[3], b[3];

	assert_int_equal(deploy_driver_parse("R535", a), 1);
	assert_int_equal(a[0], 535);
	assert_int_equal(deploy_driver_parse("535.104.05", b), 3);
	assert_int_equal(b[1], 104);
	assert_true(deploy_driver_cmp(a, b, 3) < 0);
	assert_int_equal(deploy_driver_cmp(a, b, 1), 0);	/* R535 is every 535.x */
	assert_int_equal(deploy_driver_parse("r580", b), 1);
	assert_true(deploy_driver_cmp(a, b, 1) < 0);
	assert_int_equal(deploy_driver_parse("535.", a), -1);
	assert_int_equal(deploy_driver_parse("R", a), -1);
	assert_int_equal(deploy_driver_parse("1.2.3.4", a), -1);
	assert_int_equal(deploy_driver_parse("5351234567", a), -1);
	(void)state;
}

/* SASS: the major's minor-version-compatible driver; PTX: its ISA's toolkit. */
static void
test_min_driver(void **state)
{
	struct image_rec sass = { .kind = IMAGE_SASS, .toolkit = "12.4" };
	struct image_rec ptx = { .kind = IMAGE_PTX, .version_major = 8, .version_minor = 5 };
	const char *why;

	assert_string_equal(deploy_min_driver(&sass, &why), "525.60.13");
	assert_string_equal(why, "12.0");
	sass.toolkit = "13.0";
	assert_string_equal(deploy_min_driver(&sass, &why), "580.65.06");
	sass.toolkit = "13.2";	/* a newer minor: the same driver */
	assert_string_equal(deploy_min_driver(&sass, &why), "580.65.06");
	sass.toolkit = "";
	assert_null(deploy_min_driver(&sass, &why));
	sass.toolkit = "14.0";
	assert_null(deploy_min_driver(&sass, &why));
	assert_string_equal(deploy_min_driver(&ptx, &why), "555.42.02");
	assert_string_equal(why, "12.5");
	ptx.version_major = 9;
	ptx.version_minor = 0;
	assert_string_equal(deploy_min_driver(&ptx, &why), "580.65.06");
	ptx.version_minor = 9;	/* newer than the table */
	assert_null(deploy_min_driver(&ptx, &why));
	ptx.version_major = 8;
	ptx.version_minor = 6;	/* no toolkit the table holds wrote it */
	assert_null(deploy_min_driver(&ptx, &why));
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_min_driver),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
