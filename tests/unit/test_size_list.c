/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for --list=sizes' output (src/model/size_list.c): formatted
 * on several threads, a round of chunks at a time, it is byte for byte
 * what one thread writes; a chunk that reaches its bytes (a 40 KiB kernel
 * name on each of 1,100 lines) stops, and the lines it left are written
 * in their place, every one once, in order (code bytes, most first).
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

#include "model.h"
#include "parallel.h"
#include "size.h"
#include "strpool.h"

#define FUNCS		1100		/* past one chunk of lines (1024) */
#define NAME_BYTES	(40 * 1024)	/* 26 lines fill a chunk's bytes */

static void
build(struct model *m)
{
	struct image_rec img;
	char *kernel = malloc(NAME_BYTES + 1), name[64];

	memset(kernel, 'k', NAME_BYTES);
	kernel[NAME_BYTES] = '\0';
	memcpy(kernel, "ns::", 4);
	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, "big.cubin");
	img.member = img.toolkit = img.producer = img.constant = strpool_intern_str(&m->pool, "");
	snprintf(img.arch, sizeof img.arch, "sm_90");
	img.kind = IMAGE_SASS;
	img.global = UNKNOWN;
	img.sized = 1;
	img.stored_size = img.size = (uint64_t)FUNCS * 4096;
	model_add_image(m, &img);
	for (int i = 0; i < FUNCS; i++) {
		struct func_rec f;

		memset(&f, 0, sizeof f);
		f.kind = FUNC_ENTRY;
		snprintf(name, sizeof name, "f%d", i);
		f.mangled = f.name = strpool_intern_str(&m->pool, name);
		f.collapsed = strpool_intern_str(&m->pool, kernel);
		f.ns = f.constant = strpool_intern_str(&m->pool, "");
		f.code_bytes = 16 * (i + 1);	/* f1099 the largest */
		func_rec_no_amdgpu(&f);
		model_add_func(m, &f);
	}
	free(kernel);
}

/* The output of size_list_write on `threads` threads, in a malloc'd
 * buffer of *len bytes. */
static char *
output(const struct model *m, int threads, size_t *len)
{
	FILE *f = tmpfile();
	char *buf;

	assert_non_null(f);
	parallel_set_default(threads);
	size_list_write(f, m);
	*len = (size_t)ftell(f);
	buf = malloc(*len + 1);
	rewind(f);
	assert_int_equal(fread(buf, 1, *len, f), *len);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static void
test_threads_write_what_one_writes(void **state)
{
	struct model m;
	size_t n1, n4, lines = 0, funcs = 0;
	char *one, *four, *at, want[64];
	int next = FUNCS - 1;

	(void)state;
	model_init(&m);
	build(&m);
	one = output(&m, 1, &n1);
	four = output(&m, 4, &n4);
	assert_int_equal(n1, n4);
	assert_memory_equal(one, four, n1);
	/* Every function once, the largest first, each with the kernel's name. */
	for (at = one; *at != '\0'; lines++) {
		char *end = strchr(at, '\n');

		assert_non_null(end);
		if (strncmp(at, "function,", 9) == 0) {
			snprintf(want, sizeof want, ",f%d,1,%d,%d", next, 16 * (next + 1), 16 * (next + 1));
			assert_non_null(strstr(at, want));
			assert_true(end - at > NAME_BYTES);
			next--;
			funcs++;
		}
		at = end + 1;
	}
	assert_int_equal(funcs, FUNCS);
	assert_int_equal(next, -1);
	assert_true(lines > FUNCS + 4);	/* header, file, arch, image, kernel */
	free(one);
	free(four);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_write_what_one_writes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
