/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for what the walk leans on: the cap on diagnostics about one
 * file (src/util/diag.c: 20 kept, the rest counted in one record, the name
 * stored once), opening what the user names (src/util/infile.c: a FIFO with no
 * writer is an empty stream, not a hang; devices and directories refused
 * by name; streams bounded), and reading through a mapping of a file that
 * shrinks (src/util/mapfile.c: zeros past its new end, and word of it, never
 * SIGBUS).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "diag.h"
#include "infile.h"
#include "mapfile.h"

static void
test_diag_cap(void **state)
{
	struct diag_list l = { 0 };

	(void)state;
	for (int i = 0; i < 1000; i++)
		diag_add(&l, (uint64_t)i, "flood.fatbin", NULL, (uint64_t)i * 64, "entry %d is bad", i);
	assert_int_equal(l.n, DIAG_PER_FILE + 1);
	assert_int_equal(l.v[DIAG_PER_FILE].more, 1000 - DIAG_PER_FILE);
	/* The name once: every record of the run points at the first's. */
	for (size_t i = 1; i < l.n; i++)
		assert_ptr_equal(l.v[i].file, l.v[0].file);
	diag_add(&l, 2000, "good.o", NULL, DIAG_NO_OFFSET, "one");
	assert_int_equal(l.n, DIAG_PER_FILE + 2);
	assert_string_equal(l.v[l.n - 1].file, "good.o");
	diag_sort(&l);
	assert_int_equal(l.v[DIAG_PER_FILE].more, 1000 - DIAG_PER_FILE);
	diag_free(&l);
}

/* Records appended a job at a time are capped across the jobs. */
static void
test_diag_cap_across_appends(void **state)
{
	struct diag_list all = { 0 };

	(void)state;
	for (int i = 0; i < 100; i++) {
		struct diag_list job = { 0 };

		diag_add(&job, (uint64_t)i, "lib.so", "m.o", 16, "image %d", i);
		diag_append(&all, &job);
		assert_int_equal(job.n, 0);
	}
	assert_int_equal(all.n, DIAG_PER_FILE + 1);
	assert_int_equal(all.v[all.n - 1].more, 100 - DIAG_PER_FILE);
	assert_string_equal(all.v[3].member, "m.o");
	diag_free(&all);
}

static void
test_diag_truncate(void **state)
{
	struct diag_list l = { 0 };

	(void)state;
	diag_add(&l, 1, "a", NULL, 0, "kept");
	for (int i = 0; i < 50; i++)
		diag_add(&l, 2, "b", NULL, 0, "dropped %d", i);
	diag_truncate(&l, 1);
	assert_int_equal(l.n, 1);
	diag_add(&l, 3, "b", NULL, 0, "the one message");
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[1].message, "the one message");
	assert_int_equal(l.v[1].more, 0);
	diag_free(&l);
}

static void
test_infile_kinds(void **state)
{
	char dir[] = "/tmp/test_walk.XXXXXX", path[64], err[128];
	enum infile_kind kind;
	struct stat st;
	uint8_t *data;
	size_t size;
	int fd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	/* No writer: open does not wait, and the stream reads as empty. */
	fd = infile_open(path, &kind, &st, err, sizeof err);
	assert_true(fd >= 0);
	assert_int_equal(kind, INFILE_STREAM);
	assert_int_equal(infile_slurp(fd, INFILE_STREAM_MAX, &data, &size), 0);
	assert_int_equal(size, 0);
	free(data);
	infile_close(fd);
	unlink(path);
	assert_int_equal(infile_open("/dev/null", &kind, &st, err, sizeof err), -1);
	assert_string_equal(err, "is a character device, not a file");
	assert_int_equal(infile_open(dir, &kind, &st, err, sizeof err), -1);
	assert_string_equal(err, "is a directory");
	rmdir(dir);
}

static void
test_infile_stream_bound(void **state)
{
	int p[2];
	uint8_t buf[4096], *data = NULL;
	size_t size = 0;

	(void)state;
	assert_int_equal(pipe(p), 0);
	memset(buf, 'x', sizeof buf);
	for (int i = 0; i < 4; i++)
		assert_int_equal(write(p[1], buf, sizeof buf), (ssize_t)sizeof buf);
	close(p[1]);
	assert_int_equal(infile_slurp(p[0], 3 * sizeof buf, &data, &size), EFBIG);
	assert_null(data);
	close(p[0]);
}

/* A file cut while it is read through its mapping: zeros, and word of it. */
static void
test_mapfile_shrinks(void **state)
{
	char path[] = "/tmp/test_walk.XXXXXX", err[128];
	size_t size = 1 << 20;
	uint8_t *buf = malloc(size);
	struct mapfile m;
	unsigned sum = 0;
	int fd;

	(void)state;
	assert_non_null(buf);
	memset(buf, 1, size);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, size), (ssize_t)size);
	close(fd);
	assert_int_equal(mapfile_open(&m, path, err, sizeof err), 0);
	assert_int_equal(m.size, size);
	mapfile_guard(&m);
	assert_int_equal(truncate(path, 8192), 0);
	for (size_t i = 0; i < m.size; i++)
		sum += m.data[i];
	assert_int_equal(mapfile_unguard(), 1);
	assert_int_equal(sum, 8192);	/* what is left, then zeros */
	/* Under no guard nothing is said. */
	mapfile_guard(&m);
	assert_int_equal(mapfile_unguard(), 0);
	assert_int_equal(mapfile_read(&m, 8000, 1000, buf), EIO);
	mapfile_close(&m);
	unlink(path);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diag_cap),
		cmocka_unit_test(test_diag_cap_across_appends),
		cmocka_unit_test(test_diag_truncate),
		cmocka_unit_test(test_infile_kinds),
		cmocka_unit_test(test_infile_stream_bound),
		cmocka_unit_test(test_mapfile_shrinks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
