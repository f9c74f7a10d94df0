/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for --link-wall (src/judge/judge_linkwall.c) and for the
 * sizes of the device link's inputs (src/model/size.c): the wall's limit
 * to the byte (a file exactly at pct % is judged, one byte under is not),
 * a file's .nv_fatbin and __nv_relfatbin summed, an archive member named
 * as LIBRARY:MEMBER, a fatbin file never; and a __nv_relfatbin beside a
 * .nv_fatbin attributed whole, its SASS images one part each.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "judge_linkwall.h"
#include "model.h"
#include "rules.h"
#include "size.h"
#include "strpool.h"
#include "verdict.h"

static void
add_section(struct model *m, const char *library, const char *member, const char *section,
    uint64_t size, int inputs)
{
	struct fatbin_rec fb;

	memset(&fb, 0, sizeof fb);
	fb.library = strpool_intern_str(&m->pool, library);
	fb.member = strpool_intern_str(&m->pool, member);
	fb.section = strpool_intern_str(&m->pool, section);
	fb.size = size;
	fb.inputs = inputs;
	model_add_fatbin(m, &fb);
}

/* 75 % of 2^31 is 1610612736 bytes exactly. */
#define AT75	((uint64_t)1610612736)

static void
test_wall_limit_to_the_byte(void **state)
{
	struct model m;
	struct verdict v;

	(void)state;
	model_init(&m);
	memset(&v, 0, sizeof v);
	add_section(&m, "at.o", "", ".nv_fatbin", AT75, 0);
	add_section(&m, "under.o", "", ".nv_fatbin", AT75 - 1, 0);
	add_section(&m, "file.fatbin", "", "", (uint64_t)3 << 30, 0);	/* no host ELF */
	judge_link_wall(&m, -1, &v);
	assert_int_equal(v.n, 1);
	assert_int_equal(v.v[0].level, FINDING_NOTICE);
	assert_int_equal(v.v[0].rule, RULE_LINK_WALL);
	assert_non_null(strstr(v.v[0].text, "--link-wall: at.o: .nv_fatbin holds 1610612736 bytes"));
	assert_true(v.v[0].measured == (double)AT75 && v.v[0].limit == (double)AT75);
	verdict_free(&v);
	judge_link_wall(&m, 75, &v);
	assert_int_equal(v.n, 1);
	assert_int_equal(v.v[0].level, FINDING_VIOLATION);
	assert_non_null(strstr(v.v[0].text, "VIOLATION at.o:"));
	verdict_free(&v);
	judge_link_wall(&m, 76, &v);
	assert_int_equal(v.n, 0);
	verdict_free(&v);
	model_free(&m);
}

static void
test_wall_sums_a_members_sections(void **state)
{
	struct model m;
	struct verdict v;

	(void)state;
	model_init(&m);
	memset(&v, 0, sizeof v);
	/* each under 75 %, together at 100 % */
	add_section(&m, "lib.a", "big.o", ".nv_fatbin", (uint64_t)1 << 30, 0);
	add_section(&m, "lib.a", "big.o", "__nv_relfatbin", (uint64_t)1 << 30, 1);
	add_section(&m, "lib.a", "small.o", "__nv_relfatbin", (uint64_t)1 << 20, 0);
	judge_link_wall(&m, 100, &v);
	assert_int_equal(v.n, 1);
	assert_non_null(strstr(v.v[0].text,
	    "VIOLATION lib.a:big.o: .nv_fatbin with __nv_relfatbin holds 2147483648 bytes"));
	assert_ptr_equal(v.v[0].library, m.fatbins[0].library);
	verdict_free(&v);
	model_free(&m);
}

static void
add_input(struct model *m, const char *arch, int kind, uint64_t stored, uint64_t size)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, "app");
	img.member = img.toolkit = img.producer = img.constant = strpool_intern_str(&m->pool, "");
	snprintf(img.arch, sizeof img.arch, "%s", arch);
	img.kind = (uint8_t)kind;
	img.compression = COMPRESS_ZSTD;
	img.relocatable = 1;
	img.global = UNKNOWN;
	img.stored_size = stored;
	img.size = size;
	img.entry_size = stored + 64;
	img.fatbin = 1;
	model_add_input(m, &img);
}

static void
test_inputs_attributed_whole(void **state)
{
	struct model m;
	struct size_table t;
	uint64_t arches = 0, overhead = 0, parts = 0;
	size_t files = 0;
	size_t nsa;
	struct size_arch *sa;

	(void)state;
	model_init(&m);
	add_section(&m, "app", "", "__nv_relfatbin", 1000 + 500 + 2 * 64 + 16, 1);
	m.fatbins[0].containers = 1;
	m.fatbins[0].container_headers = 16;
	add_input(&m, "sm_80", IMAGE_SASS, 1000, 4000);
	add_input(&m, "compute_80", IMAGE_PTX, 500, 2000);
	size_attribute(&m, &t);
	for (size_t i = 0; i < t.n; i++) {
		const struct size_line *l = &t.v[i];

		if (l->level == SIZE_FILE) {
			files++;
			assert_string_equal(l->what, "__nv_relfatbin");
			assert_int_equal(l->stored, m.fatbins[0].size);
		} else if (l->level == SIZE_ARCH)
			arches += l->stored;
		else if (l->level == SIZE_OVERHEAD)
			overhead += l->stored;
		else if (l->level == SIZE_PART) {
			assert_string_equal(l->what, "nvlink input (not read)");
			assert_int_equal(l->size, 4000);
			parts++;
		} else
			assert_true(l->level == SIZE_IMAGE);
	}
	assert_int_equal(files, 1);
	assert_int_equal(parts, 1);
	assert_int_equal(arches + overhead, m.fatbins[0].size);
	size_table_free(&t);
	/* the arch totals keep them apart, as inputs */
	sa = size_arches(&m, &nsa);
	assert_int_equal(nsa, 2);
	assert_true(sa[0].input && sa[1].input);
	free(sa);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wall_limit_to_the_byte),
		cmocka_unit_test(test_wall_sums_a_members_sections),
		cmocka_unit_test(test_inputs_attributed_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
