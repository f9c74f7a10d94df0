/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the arch module: parsing (with hostile strings), the one
 * order, which GPU loads which image, the --arch selection; and two faces,
 * --summary and the browser's view-model, listing one model's arches in
 * that same order.
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

#include "arch.h"
#include "model.h"
#include "summary.h"
#include "vm_rows.h"

#define N(v)	(sizeof (v) / sizeof (v)[0])

static void
test_parse(void **state)
{
	struct arch_id a;

	assert_int_equal(arch_parse("sm_86", &a), 0);
	assert_int_equal(a.number, 86);
	assert_int_equal(a.major, 8);
	assert_int_equal(a.minor, 6);
	assert_int_equal(a.suffix, 0);
	assert_false(a.ptx);
	assert_false(a.bare);

	assert_int_equal(arch_parse("compute_90a", &a), 0);
	assert_int_equal(a.number, 90);
	assert_int_equal(a.suffix, 'a');
	assert_true(a.ptx);

	assert_int_equal(arch_parse("sm_103f", &a), 0);
	assert_int_equal(a.number, 103);
	assert_int_equal(a.major, 10);
	assert_int_equal(a.minor, 3);
	assert_int_equal(a.suffix, 'f');

	assert_int_equal(arch_parse("compute_120", &a), 0);
	assert_int_equal(a.major, 12);
	assert_int_equal(a.minor, 0);
	assert_true(a.ptx);

	assert_int_equal(arch_parse("121", &a), 0);
	assert_int_equal(a.number, 121);
	assert_true(a.bare);
	assert_false(a.ptx);

	assert_int_equal(arch_parse("90a", &a), 0);
	assert_true(a.bare);
	assert_int_equal(a.suffix, 'a');

	/* The longest number allowed. */
	assert_int_equal(arch_parse("sm_9999", &a), 0);
	assert_int_equal(a.number, 9999);
	(void)state;
}

/* Strings a hostile file or command line can carry: each is no arch, and
 * the struct is left zeroed. */
static void
test_parse_hostile(void **state)
{
	static const char *const bad[] = {
		"", "sm_", "compute_", "sm_8", "8", "sm_90ab", "compute_90x",
		"sm_90A", "SM_90", "sm90", "sm_-86", "sm_+86", "sm_ 86", " 86",
		"sm_86 ", "sm_86\n", "sm_0x56", "sm_12345", "123456",
		"sm_4294967295", "sm_4294967296", "compute_2147483648",
		"sm_99999999999999999999999999999", "sm_?", "sm_90\xff",
		"ptx_90", "sm_90af", "sm_90-", "compute_sm_90",
	};
	char *huge = malloc(1 << 16);
	struct arch_id a;

	for (size_t i = 0; i < N(bad); i++) {
		memset(&a, 0x5a, sizeof a);
		if (arch_parse(bad[i], &a) != -1)
			fail_msg("'%s' parsed as an arch", bad[i]);
		assert_int_equal(a.number, 0);
		assert_int_equal(a.major, 0);
		assert_int_equal(a.suffix, 0);
		assert_int_equal(a.ptx, 0);
	}
	assert_int_equal(arch_parse(NULL, &a), -1);
	/* 64 KiB of digits behind "sm_": rejected, not wrapped. */
	assert_non_null(huge);
	memcpy(huge, "sm_", 3);
	memset(huge + 3, '9', (1 << 16) - 4);
	huge[(1 << 16) - 1] = '\0';
	assert_int_equal(arch_parse(huge, &a), -1);
	assert_int_equal(a.number, 0);
	/* And such strings sort after every arch, never among them. */
	assert_true(arch_cmp(huge, "sm_75") > 0);
	assert_true(arch_cmp("sm_4294967295", "compute_121") > 0);
	free(huge);
	(void)state;
}

static int
sass(const char *img, const char *gpu)
{
	struct arch_id a, b;

	assert_int_equal(arch_parse(img, &a), 0);
	assert_int_equal(arch_parse(gpu, &b), 0);
	return arch_sass_runs(&a, &b);
}

static int
ptx(const char *img, const char *gpu)
{
	struct arch_id a, b;

	assert_int_equal(arch_parse(img, &a), 0);
	assert_int_equal(arch_parse(gpu, &b), 0);
	return arch_ptx_jits(&a, &b);
}

/* The cases of test_occupancy's former test_compat, as they were. */
static void
test_compat(void **state)
{
	struct arch_id a;

	assert_true(sass("sm_86", "sm_89"));
	assert_true(sass("sm_80", "sm_87"));
	assert_false(sass("sm_86", "sm_80"));
	assert_false(sass("sm_86", "sm_90"));	/* SASS never crosses a major */
	assert_false(sass("sm_75", "sm_80"));
	assert_true(sass("sm_90a", "sm_90"));
	assert_false(sass("sm_90a", "sm_100"));
	assert_false(sass("sm_100a", "sm_103"));	/* a: that arch only */
	assert_true(sass("sm_100f", "sm_103"));	/* f: the family */
	assert_false(sass("sm_103f", "sm_100"));
	assert_false(sass("sm_100f", "sm_110"));
	assert_true(sass("sm_120", "121"));
	assert_true(ptx("compute_80", "sm_120"));
	assert_true(ptx("compute_75", "sm_75"));
	assert_false(ptx("compute_90", "sm_86"));
	assert_true(ptx("compute_90a", "sm_90"));
	assert_false(ptx("compute_90a", "sm_100"));
	assert_true(ptx("compute_100f", "sm_103"));
	assert_false(ptx("compute_100f", "sm_120"));
	assert_int_equal(arch_parse("sm_8", &a), -1);
	assert_int_equal(arch_parse("compute_90x", &a), -1);
	assert_int_equal(arch_parse("sm_90ab", &a), -1);
	assert_int_equal(arch_parse("sm_121f", &a), 0);
	assert_int_equal(a.number, 121);
	assert_int_equal(a.suffix, 'f');
	(void)state;
}

static int
answers(const char *img, const char *want)
{
	struct arch_id a, b;

	assert_int_equal(arch_parse(img, &a), 0);
	assert_int_equal(arch_parse(want, &b), 0);
	return arch_sass_answers(&a, &b);
}

/* --require-sass takes the coverage table's rule: what runs natively on a
 * GPU answers it; a variant asks for itself. */
static void
test_answers(void **state)
{
	static const char *const imgs[] = { "sm_75", "sm_80", "sm_86", "sm_90", "sm_90a", "sm_100f" };
	static const char *const gpus[] = { "75", "80", "86", "87", "89", "90", "100", "103", "120" };

	for (size_t i = 0; i < sizeof imgs / sizeof imgs[0]; i++)
		for (size_t k = 0; k < sizeof gpus / sizeof gpus[0]; k++)
			assert_int_equal(answers(imgs[i], gpus[k]), sass(imgs[i], gpus[k]));
	assert_true(answers("sm_86", "sm_87"));
	assert_true(answers("sm_80", "86"));
	assert_false(answers("sm_90", "sm_86"));
	assert_true(answers("sm_90a", "sm_90a"));
	assert_false(answers("sm_90", "sm_90a"));	/* sm_90a's own instructions */
	assert_false(answers("sm_100f", "sm_100a"));
	assert_true(answers("sm_100f", "sm_100f"));
	(void)state;
}

/* Every arch of the corpus's namespaces_allarch.o and its PTX, scrambled,
 * with names that are no arch. */
static const char *const scrambled[] = {
	"sm_121f", "compute_121", "sm_100", "sm_75", "garbage", "sm_120a",
	"sm_90", "sm_4294967295", "sm_110", "sm_103f", "sm_86", "compute_75",
	"sm_100a", "sm_88", "sm_120", "sm_80", "sm_90a", "sm_110a", "sm_89",
	"sm_87", "compute_90a", "compute_90",
};
static const char *const ordered[] = {
	"sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a",
	"sm_100", "sm_100a", "sm_103f", "sm_110", "sm_110a", "sm_120", "sm_120a",
	"sm_121f", "compute_75", "compute_90", "compute_90a", "compute_121",
	"garbage", "sm_4294967295",
};

static int
sign(int v)
{
	return (v > 0) - (v < 0);
}

static void
test_order(void **state)
{
	const char *v[N(scrambled)];

	assert_int_equal(N(scrambled), N(ordered));
	memcpy(v, scrambled, sizeof v);
	qsort(v, N(v), sizeof *v, arch_qsort_cmp);
	for (size_t i = 0; i < N(v); i++)
		assert_string_equal(v[i], ordered[i]);
	/* A total order: antisymmetric, transitive, 0 only for equal names. */
	for (size_t i = 0; i < N(ordered); i++)
		for (size_t j = 0; j < N(ordered); j++) {
			int c = arch_cmp(ordered[i], ordered[j]);

			assert_int_equal(sign(c), sign((int)i - (int)j));
			assert_int_equal(sign(c), -sign(arch_cmp(ordered[j], ordered[i])));
		}
	/* Not as text: text puts sm_100 before sm_75. */
	assert_true(strcmp("sm_100", "sm_75") < 0);
	assert_true(arch_cmp("sm_100", "sm_75") > 0);
	/* A bare number and its sm_ name are one arch, told apart as text. */
	assert_true(arch_cmp("86", "sm_86") != 0);
	assert_true(arch_cmp("86", "sm_90") < 0);
	(void)state;
}

static int
selected(const char *filter, const char *arch)
{
	const char *const f[] = { filter };

	return arch_selected(f, 1, arch);
}

static void
test_selected(void **state)
{
	const char *const two[] = { "75", "sm_120a" };

	assert_true(arch_selected(NULL, 0, "sm_86"));	/* no --arch: all */
	assert_true(arch_selected(NULL, 0, "garbage"));
	/* No suffix: that number, SASS and PTX, every variant. */
	assert_true(selected("86", "sm_86"));
	assert_true(selected("86", "compute_86"));
	assert_true(selected("sm_90", "sm_90a"));
	assert_true(selected("sm_90", "compute_90"));
	assert_true(selected("compute_90", "sm_90"));
	assert_true(selected("sm_100", "sm_100f"));
	assert_false(selected("86", "sm_89"));
	assert_false(selected("sm_90", "sm_100"));
	assert_false(selected("12", "sm_120"));
	/* A suffix: that variant, of its kind when it names one. */
	assert_true(selected("sm_90a", "sm_90a"));
	assert_false(selected("sm_90a", "sm_90"));
	assert_false(selected("sm_90a", "compute_90a"));
	assert_true(selected("compute_90a", "compute_90a"));
	assert_false(selected("compute_90a", "sm_90a"));
	assert_true(selected("90a", "sm_90a"));
	assert_true(selected("90a", "compute_90a"));
	assert_false(selected("90a", "sm_90"));
	assert_false(selected("100f", "sm_100a"));
	/* Lists: any filter. */
	assert_true(arch_selected(two, N(two), "sm_75"));
	assert_true(arch_selected(two, N(two), "sm_120a"));
	assert_false(arch_selected(two, N(two), "sm_120"));
	/* Names that are no arch match only themselves, and a hostile image
	 * arch is never taken for a number. */
	assert_true(selected("garbage", "garbage"));
	assert_false(selected("garbage", "sm_86"));
	assert_false(selected("sm_", "sm_86"));
	assert_true(selected("sm_4294967295", "sm_4294967295"));
	assert_false(selected("4294967295", "sm_4294967295"));
	assert_false(selected("sm_4294", "sm_4294967295"));
	assert_false(selected("0", "sm_?"));
	assert_false(selected("sm_abc", "sm_?"));
	(void)state;
}

static void
add_kernel(struct model *m, const char *arch)
{
	struct image_rec img;
	struct func_rec f;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, "lib.a");
	img.member = img.constant = "";
	img.toolkit = "13.0";
	img.producer = "ptxas";
	snprintf(img.arch, sizeof img.arch, "%s", arch);
	img.kind = IMAGE_SASS;
	memset(&f, 0, sizeof f);
	func_rec_no_amdgpu(&f);	/* a CUDA row */
	f.image = (uint32_t)model_add_image(m, &img);
	f.kind = FUNC_ENTRY;
	f.collapsed = f.name = f.mangled = strpool_intern_str(&m->pool, "k(int)");
	f.ns = f.constant = "";
	f.max_threads = f.min_blocks = f.frame = -1;
	f.spill_stores = f.spill_loads = -1;
	model_add_func(m, &f);
}

/* Two faces of one model: --summary's "on ..." list and the browser's
 * arches (what its a key steps through) are the same, in arch order. */
static void
test_faces_agree(void **state)
{
	static const char *const sass[] = {
		"sm_121f", "sm_100", "sm_75", "sm_120a", "sm_90", "sm_110", "sm_103f",
		"sm_86", "sm_100a", "sm_90a", "sm_120",
	};
	static const char *const want[] = {
		"sm_75", "sm_86", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_103f",
		"sm_110", "sm_120", "sm_120a", "sm_121f",
	};
	struct model m;
	struct viewmodel vm;
	char *line = NULL, joined[512] = "", *on, *end;
	size_t len = 0;
	FILE *f;

	model_init(&m);
	for (size_t i = 0; i < N(sass); i++)
		add_kernel(&m, sass[i]);
	f = open_memstream(&line, &len);
	assert_non_null(f);
	summary_write(f, &m);
	fclose(f);
	vm_init(&vm, &m);
	assert_int_equal(vm.narches, N(want));
	for (size_t i = 0; i < N(want); i++) {
		assert_string_equal(vm.arches[i], want[i]);
		snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s",
		    i ? ", " : "", want[i]);
	}
	on = strstr(line, " on sm_");
	assert_non_null(on);
	on += strlen(" on ");
	end = strstr(on, " (");
	assert_non_null(end);
	*end = '\0';
	assert_string_equal(on, joined);
	vm_free(&vm);
	free(line);
	model_free(&m);
	(void)state;
}

/* What --arch and --require-sass take: arch_parse's names of a known
 * generation; SASS alone for --require-sass; AMDGPU targets for --arch. */
static void
test_valid(void **state)
{
	(void)state;
	assert_true(arch_valid("86", 0));
	assert_true(arch_valid("sm_90a", 0));
	assert_true(arch_valid("compute_75", 0));
	assert_true(arch_valid("sm_121f", 1));
	assert_true(arch_valid("gfx90a:xnack+", 0));
	assert_false(arch_valid("gfx90a", 1));		/* --require-sass is NVIDIA's */
	assert_false(arch_valid("compute_75", 1));	/* PTX, not SASS */
	assert_false(arch_valid("sm_999", 0));		/* no GPU of that generation */
	assert_false(arch_valid("sm_130", 0));		/* past data/arches.csv's newest */
	assert_false(arch_valid("sm_", 0));
	assert_false(arch_valid("volta", 0));
	assert_false(arch_valid("", 0));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_parse_hostile),
		cmocka_unit_test(test_compat),
		cmocka_unit_test(test_answers),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_selected),
		cmocka_unit_test(test_faces_agree),
		cmocka_unit_test(test_valid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
