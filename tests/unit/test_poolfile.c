/* SPDX-License-Identifier: MIT */
/*
 * --pool-file's files (src/model/poolfile.c): a CMake target read from an
 * object's path, or none; names from logs on comment lines only, escaped,
 * so that no byte of one ends a comment in build.ninja or CMakeLists.txt;
 * the pool of the heaviest in each format, and nothing written when no -j
 * fits; no pool that could not beat the build without one.
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
#include "jobsadvice.h"
#include "model.h"
#include "poolfile.h"

static void
test_cmake_target(void **state)
{
	static const struct {
		const char *name, *target;	/* target NULL: none */
	} cases[] = {
		{ "CMakeFiles/heavy_objs.dir/h1.c.o", "heavy_objs" },
		{ "0_Intro/CMakeFiles/matrixMul.dir/matrixMul.cu.o", "matrixMul" },
		{ "a/CMakeFiles/x.dir/b/CMakeFiles/y.dir/z.cu.o", "y" },	/* the last */
		{ "src/CMakeFiles/lib.c++-1.0.dir/k.cu.o", "lib.c++-1.0" },
		{ "reg_flow", NULL },
		{ "xCMakeFiles/t.dir/a.o", NULL },		/* not a folder of its own */
		{ "CMakeFiles/.dir/a.o", NULL },		/* no name */
		{ "CMakeFiles/t t.dir/a.o", NULL },		/* not a target name */
		{ "CMakeFiles/t\n)set(X.dir/a.o", NULL },
		{ "CMakeFiles/t${X}.dir/a.o", NULL },
		{ "CMakeFiles/t.dir", NULL },			/* no object under it */
	};
	char buf[300];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int rc = poolfile_cmake_target(cases[i].name, buf, sizeof buf);

		if (cases[i].target == NULL)
			assert_int_equal(rc, -1);
		else {
			assert_int_equal(rc, 0);
			assert_string_equal(buf, cases[i].target);
		}
	}
	assert_int_equal(poolfile_cmake_target("CMakeFiles/heavy_objs.dir/a.o", buf, 10), -1);	/* no room */
	assert_int_equal(poolfile_format_of("ninja", 5), POOLFILE_NINJA);
	assert_int_equal(poolfile_format_of("cmake:x", 5), POOLFILE_CMAKE);
	assert_int_equal(poolfile_format_of("env", 3), POOLFILE_ENV);
	assert_int_equal(poolfile_format_of("make", 4), -1);
	assert_int_equal(poolfile_format_of("ninj", 4), -1);
}

/* Two heavy modules (8 GiB, one with a newline and a CMake path in its
 * name), six light (1 GiB), 12 GiB on 8 cores: -j1 fits without a pool,
 * a pool of the two lets the rest run wider. */
static void
model_of(struct model *m, double heavy_wall, double light_wall)
{
	static const char *const names[] = {
		"CMakeFiles/heavy.dir/a.cu.o\nbuild evil: phony\npool = x",
		"heavy_b.o", "l0", "l1", "l2", "l3", "l4", "l5",
	};
	struct build_module b;

	model_init(m);
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		memset(&b, 0, sizeof b);
		b.name = names[i];
		b.peak_rss = (int64_t)(i < 2 ? 8 : 1) << 30;
		b.start = b.end = -1;
		b.wall = i < 2 ? heavy_wall : light_wall;
		b.threads = -1;
		b.arches = b.source = "";
		model_add_module(m, &b);
	}
}

/* f's text for format, allocated. */
static char *
written(enum poolfile_format format, const struct model *m, const struct jobsadvice *a, int *rc)
{
	struct poolfile_host h = { 12LL << 30, BYTES_GIB, 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	*rc = poolfile_write(f, format, m, a, &h);
	assert_int_equal(fclose(f), 0);
	return text;
}

/* Every line of text is a comment, empty, or one of the lines allowed. */
static void
lines_only(const char *text, const char *const *allowed)
{
	char *copy = strdup(text), *save = NULL;

	for (char *l = strtok_r(copy, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save)) {
		int ok = l[0] == '#';

		for (size_t k = 0; !ok && allowed[k] != NULL; k++)
			ok = strncmp(l, allowed[k], strlen(allowed[k])) == 0;
		if (!ok)
			fail_msg("line not allowed: '%s'", l);
	}
	free(copy);
}

static void
test_files(void **state)
{
	static const char *const ninja_lines[] = { "pool heavy", "  depth = 1", NULL };
	static const char *const cmake_lines[] = {
		"set_property(GLOBAL APPEND PROPERTY JOB_POOLS heavy=1)", "if(TARGET heavy)",
		"  set_property(TARGET heavy PROPERTY JOB_POOL_COMPILE heavy)", "endif()", NULL,
	};
	static const char *const env_lines[] = { "MAX_JOBS=1", "export MAX_JOBS", NULL };
	struct model m;
	struct jobsadvice a;
	char *text;
	int rc;

	(void)state;
	model_of(&m, 10, 10);
	assert_int_equal(jobsadvice_compute(&m, 8, 12LL << 30, &a), 0);
	assert_int_equal(a.enough_jobs, 1);
	assert_int_equal(a.heavy, 2);
	assert_true(a.pool_jobs > 1);

	text = written(POOLFILE_NINJA, &m, &a, &rc);
	assert_int_equal(rc, 0);
	lines_only(text, ninja_lines);
	assert_non_null(strstr(text, "# heavy: CMakeFiles/heavy.dir/a.cu.o\\nbuild evil: phony\\npool = x (8.59 GB)\n"));
	assert_non_null(strstr(text, "# heavy: heavy_b.o (8.59 GB)\n"));
	free(text);

	text = written(POOLFILE_CMAKE, &m, &a, &rc);
	assert_int_equal(rc, 0);
	lines_only(text, cmake_lines);
	assert_non_null(strstr(text, "# no CMake target in its name, left out: heavy_b.o (8.59 GB)\n"));
	free(text);

	text = written(POOLFILE_ENV, &m, &a, &rc);
	assert_int_equal(rc, 0);
	lines_only(text, env_lines);
	free(text);
	jobsadvice_free(&a);

	/* 4 GiB: one heavy compile alone is over: nothing written */
	assert_int_equal(jobsadvice_compute(&m, 8, 4LL << 30, &a), 0);
	assert_int_equal(a.jobs, 0);
	text = written(POOLFILE_NINJA, &m, &a, &rc);
	assert_int_equal(rc, -1);
	assert_string_equal(text, "");
	free(text);
	jobsadvice_free(&a);
	model_free(&m);
}

/* No pool where the heavy compiles one after another take as long as the
 * build without one: 2 x 100 s against -j1's 203 s. */
static void
test_pool_floor(void **state)
{
	struct model m;
	struct jobsadvice a;

	(void)state;
	model_of(&m, 100, 0.5);
	assert_int_equal(jobsadvice_compute(&m, 8, 12LL << 30, &a), 0);
	assert_int_equal(a.enough_jobs, 1);
	assert_int_equal(a.heavy, 0);
	jobsadvice_free(&a);
	model_free(&m);
	model_of(&m, 10, 10);	/* 2 x 10 s against 80 s: a pool */
	assert_int_equal(jobsadvice_compute(&m, 8, 12LL << 30, &a), 0);
	assert_int_equal(a.heavy, 2);
	assert_true(a.pool_serial > 19.9 && a.pool_serial < 20.1);
	jobsadvice_free(&a);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmake_target),
		cmocka_unit_test(test_files),
		cmocka_unit_test(test_pool_floor),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
