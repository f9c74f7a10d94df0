/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the rules of src/judge/judge_launch.c on models made by
 * hand: --launchable (and the allowance's block column), static shared
 * memory, --max-local-reserve, --require-driver, --deployable and
 * --max-growth=occupancy.  The figures are the launch fixture's
 * (tests/corpus/extra/launch.sm_90.cubin, measured by the driver).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "judge_launch.h"
#include "rules.h"
#include "launch.h"

static size_t
image(struct model *m, const char *lib, const char *arch, int kind, const char *toolkit)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, lib);
	img.member = strpool_intern_str(&m->pool, "");
	img.toolkit = strpool_intern_str(&m->pool, toolkit);
	img.producer = img.constant = strpool_intern_str(&m->pool, "");
	snprintf(img.arch, sizeof img.arch, "%s", arch);
	img.kind = (uint8_t)kind;
	img.version_major = kind == IMAGE_PTX ? 9 : 1;
	img.version_minor = kind == IMAGE_PTX ? 0 : 8;
	return model_add_image(m, &img);
}

static void
entry(struct model *m, size_t img, const char *name, int32_t reg, int32_t bound, int32_t stack,
    int32_t shared)
{
	struct func_rec f;

	memset(&f, 0, sizeof f);
	f.image = (uint32_t)img;
	f.kind = FUNC_ENTRY;
	f.name = f.mangled = f.collapsed = strpool_intern_str(&m->pool, name);
	f.ns = f.constant = strpool_intern_str(&m->pool, "");
	f.reg = reg;
	f.stack = stack;
	f.shared = shared;
	f.max_threads = bound;
	f.min_blocks = f.frame = f.spill_stores = f.spill_loads = UNKNOWN;
	f.max_block = launch_func_max_block(m->images[img].arch, &f);
	model_add_func(m, &f);
}

static size_t
lines(const struct verdict *v, int rule)
{
	return verdict_count_rule(v, rule);
}

static int
has(const struct verdict *v, const char *text)
{
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->v[i].text, text) == 0)
			return 1;
	for (size_t i = 0; i < v->n; i++)
		print_message("  %s\n", v->v[i].text);
	return 0;
}

static void
test_launchable(void **state)
{
	struct model m;
	struct verdict v = { 0 };
	struct launch_gates g = { .launchable = 1, .max_local_reserve = -1 };
	struct allow_table t;
	char err[256];
	const char *table = "kernel,sm,stack,local,note,block\ncap72_nobound,sm_90,664,0,,896\n";
	size_t i;

	model_init(&m);
	i = image(&m, "l.cubin", "sm_90", IMAGE_SASS, "13.0");
	entry(&m, i, "cap72_nobound", 72, -1, 664, 0);
	entry(&m, i, "cap168_nobound", 168, -1, 872, 0);
	entry(&m, i, "heavy_lb1024", 64, 1024, 824, 0);
	entry(&m, i, "bound_over", 72, 1024, 0, 0);	/* no compiler makes it */
	entry(&m, i, "static_shared_48k", 12, 512, 0, 50176);
	entry(&m, i, "static_shared_60k", 12, 512, 0, 62464);
	judge_launch(&g, NULL, NULL, &m, &v);
	assert_int_equal(lines(&v, RULE_LAUNCHABLE), 4);
	/* Worst first: the bound over the cap, then 384 before 896. */
	assert_string_equal(v.v[0].text, "VIOLATION bound_over sm_90: launch bound 1024 threads, but REG 72 caps a block at 896 [l.cubin]");
	assert_true(strstr(v.v[1].text, "static_shared_60k sm_90: static shared 61440 B") != NULL);
	assert_true(has(&v, "VIOLATION cap168_nobound sm_90: REG 168 caps a block at 384 threads, and no launch bound says so (a launch of more fails: too many resources requested) [l.cubin]"));
	assert_true(strstr(v.v[3].text, "cap72_nobound sm_90: REG 72 caps a block at 896") != NULL);
	assert_int_equal(v.v[3].rule, RULE_LAUNCHABLE);
	verdict_free(&v);
	memset(&v, 0, sizeof v);
	/* The allowance's block accepts cap72_nobound at 896. */
	assert_int_equal(allow_parse(&t, "t.csv", table, strlen(table), err, sizeof err), 0);
	judge_launch(&g, &t, NULL, &m, &v);
	assert_int_equal(lines(&v, RULE_LAUNCHABLE), 3);
	for (size_t k = 0; k < v.n; k++)
		assert_null(strstr(v.v[k].text, "cap72"));
	allow_free(&t);
	verdict_free(&v);
	memset(&v, 0, sizeof v);
	/* A declared dynamic size: 49152 + 184320 B is over sm_90's 232448. */
	table = "kernel,sm,stack,local,note,dynamic\nstatic_shared_48k,sm_90,0,0,,184320\n";
	assert_int_equal(allow_parse(&t, "d.csv", table, strlen(table), err, sizeof err), 0);
	judge_launch(&g, &t, NULL, &m, &v);
	assert_true(has(&v, "VIOLATION static_shared_48k sm_90: static shared 49152 B and 184320 B dynamic (d.csv:2), over the 232448 B a block may have: no block launches [l.cubin]"));
	allow_free(&t);
	verdict_free(&v);
	model_free(&m);
	(void)state;
}

static void
test_local_reserve(void **state)
{
	struct model m;
	struct verdict v = { 0 };
	struct launch_gates g = { .max_local_reserve = 206LL << 20, .reserve_unit = BYTES_MIB };

	model_init(&m);
	entry(&m, image(&m, "l.cubin", "sm_90", IMAGE_SASS, "13.0"), "stack_frame_800", 32, -1, 800, 0);
	entry(&m, image(&m, "l.cubin", "sm_90", IMAGE_SASS, "13.0"), "small", 32, -1, 664, 0);
	judge_launch(&g, NULL, NULL, &m, &v);
	assert_int_equal(lines(&v, RULE_LOCAL_RESERVE), 1);
	assert_true(has(&v, "VIOLATION stack_frame_800 sm_90: 800 B of local memory a thread reserves 206.25 MiB on H100 SXM5 (132 SMs x 2048 threads; over --max-local-reserve=206 MiB) [l.cubin]"));
	verdict_free(&v);
	model_free(&m);
	(void)state;
}

static void
test_driver_and_deploy(void **state)
{
	struct model m;
	struct verdict v = { 0 };
	struct launch_gates g = { .max_local_reserve = -1, .require_driver = "R535", .deployable = 1 };
	char err[128];

	model_init(&m);
	entry(&m, image(&m, "default.o", "sm_75", IMAGE_SASS, "13.0"), "k", 10, -1, 0, 0);
	image(&m, "default.o", "compute_75", IMAGE_PTX, "");
	entry(&m, image(&m, "old.o", "sm_80", IMAGE_SASS, "12.2"), "k", 10, -1, 0, 0);
	entry(&m, image(&m, "old.o", "sm_90", IMAGE_SASS, "12.2"), "k", 10, -1, 0, 0);
	entry(&m, image(&m, "note.o", "sm_90", IMAGE_SASS, ""), "k", 10, -1, 0, 0);
	image(&m, "note.o", "compute_90", IMAGE_PTX, "");
	/* newest.o: compute_120 beside sm_121 reaches what comes after (by major);
	 * arch.o: compute_90a reaches sm_90 alone. */
	entry(&m, image(&m, "newest.o", "sm_121", IMAGE_SASS, "13.0"), "k", 10, -1, 0, 0);
	image(&m, "newest.o", "compute_120", IMAGE_PTX, "");
	entry(&m, image(&m, "arch.o", "sm_90a", IMAGE_SASS, "13.0"), "k", 10, -1, 0, 0);
	image(&m, "arch.o", "compute_90a", IMAGE_PTX, "");
	assert_int_equal(launch_gates_check(&g, err, sizeof err), 0);
	judge_launch(&g, NULL, NULL, &m, &v);
	/* default.o's SASS and PTX need R580; old.o's CUDA 12.2 SASS loads on
	 * R525 and up; note.o's SASS has no note, its PTX needs R580. */
	assert_int_equal(lines(&v, RULE_DRIVER), 8);
	assert_true(has(&v, "VIOLATION note.o sm_90: the oldest driver that loads it is unknown (no toolkit note)"));
	assert_true(has(&v, "VIOLATION default.o compute_75: needs driver 580.65.06 or newer to JIT it (PTX ISA 9.0: CUDA 13.0's driver; over --require-driver=R535)"));
	/* default.o: the default arch; old.o: no PTX; arch.o: only compute_90a. */
	assert_int_equal(lines(&v, RULE_DEPLOYABLE), 3);
	assert_true(has(&v, "VIOLATION arch.o: only arch-specific PTX: a GPU past sm_90a's family runs none of it (no forward compatibility)"));
	assert_true(has(&v, "VIOLATION old.o: no PTX: a GPU past sm_90's family runs none of it (no forward compatibility)"));
	assert_true(strstr(v.v[v.n - 3].text, "default.o: carries only sm_75 and its PTX, an arch nvcc builds for when given none: native") != NULL);
	g.require_driver = "five";
	assert_int_equal(launch_gates_check(&g, err, sizeof err), -1);
	verdict_free(&v);
	model_free(&m);
	(void)state;
}

/* 64 registers (32 warps of 64: 50 %) before, 72 now (28: 43.75 %). */
static void
test_occupancy_growth(void **state)
{
	struct model now, base;
	struct verdict v = { 0 };

	model_init(&now);
	model_init(&base);
	entry(&now, image(&now, "l.cubin", "sm_90", IMAGE_SASS, "13.0"), "k", 72, -1, 0, 0);
	entry(&base, image(&base, "l.cubin", "sm_90", IMAGE_SASS, "13.0"), "k", 64, -1, 0, 0);
	judge_occupancy_growth(&now, &base, 0, &v);
	assert_int_equal(v.n, 1);
	assert_string_equal(v.v[0].text, "VIOLATION k sm_90: 50 % \u2192 43.8 % occupancy (REG 72, was 64; over --max-growth=occupancy:0) [l.cubin]");
	assert_int_equal(v.v[0].rule, RULE_OCCUPANCY);
	assert_int_equal(v.v[0].entry, 0);
	verdict_free(&v);
	memset(&v, 0, sizeof v);
	judge_occupancy_growth(&now, &base, 6, &v);	/* 6.2 points: within 6? no */
	assert_int_equal(v.n, 1);
	verdict_free(&v);
	memset(&v, 0, sizeof v);
	judge_occupancy_growth(&now, &base, 7, &v);
	assert_int_equal(v.n, 0);
	judge_occupancy_growth(&base, &now, 0, &v);	/* a rise is no drop */
	assert_int_equal(v.n, 0);
	verdict_free(&v);
	model_free(&now);
	model_free(&base);
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_launchable),
		cmocka_unit_test(test_local_reserve),
		cmocka_unit_test(test_driver_and_deploy),
		cmocka_unit_test(test_occupancy_growth),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
