/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the judge's one verdict (src/judge/judge.c, src/judge/judge_libs.c),
 * the count vocabulary (kgroup_count) and the vendored rule
 * (src/model/vendored.c): every face renders what these return.
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

#include "judge.h"
#include "judge_libs.h"
#include "kgroup.h"

static size_t
add_image(struct model *m, const char *lib, const char *member, const char *arch)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, lib);
	img.member = strpool_intern_str(&m->pool, member);
	img.toolkit = img.producer = img.constant = strpool_intern_str(&m->pool, "");
	snprintf(img.arch, sizeof img.arch, "%s", arch);
	img.kind = IMAGE_SASS;
	img.global = UNKNOWN;
	return model_add_image(m, &img);
}

/* Instantiation inst of collapsed (in namespace ns) on an image. */
static void
add_entry(struct model *m, size_t image, const char *ns, const char *collapsed, int inst,
    int32_t reg, int32_t stack)
{
	struct func_rec f;
	char name[256];

	memset(&f, 0, sizeof f);
	func_rec_no_amdgpu(&f);	/* a CUDA row */
	f.image = (uint32_t)image;
	f.kind = FUNC_ENTRY;
	snprintf(name, sizeof name, "void %s<%d>(int)", collapsed, inst);
	f.name = strpool_intern_str(&m->pool, name);
	snprintf(name, sizeof name, "_Z%d%s", inst, collapsed);
	f.mangled = strpool_intern_str(&m->pool, name);
	f.collapsed = strpool_intern_str(&m->pool, collapsed);
	f.ns = strpool_intern_str(&m->pool, ns);
	f.constant = strpool_intern_str(&m->pool, "");
	f.reg = reg;
	f.stack = stack;
	f.local = 0;
	f.max_threads = f.min_blocks = f.frame = UNKNOWN;
	f.spill_stores = f.spill_loads = UNKNOWN;
	model_add_func(m, &f);
}

/*
 * lib.a: member a.o on sm_80 and sm_90 (ns::k with 2 instantiations,
 * framed and over 40 registers; ::g), member b.o on sm_80 (ns::k<1>);
 * x.so on sm_86: ns::k<1> and ns::h.
 */
static void
example(struct model *m)
{
	size_t a80, a90, b80, x86;

	model_init(m);
	a80 = add_image(m, "lib.a", "a.o", "sm_80");
	a90 = add_image(m, "lib.a", "a.o", "sm_90");
	b80 = add_image(m, "lib.a", "b.o", "sm_80");
	x86 = add_image(m, "x.so", "", "sm_86");
	for (size_t img = a80; img <= a90; img++) {
		add_entry(m, img, "ns", "ns::k", 1, 64, 16);
		add_entry(m, img, "ns", "ns::k", 2, 64, 16);
		add_entry(m, img, "", "g", 1, 32, 0);
	}
	add_entry(m, b80, "ns", "ns::k", 1, 32, 0);
	add_entry(m, x86, "ns", "ns::k", 1, 32, 0);
	add_entry(m, x86, "ns", "ns::h", 1, 32, 8);
}

static void
test_counts(void **state)
{
	struct model m;
	struct kcount_set s;

	(void)state;
	example(&m);
	kgroup_count(&s, &m, NULL);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.v[0].library, "lib.a");
	/* lib.a: ns::k and g; ns::k<1>, ns::k<2>, g<1>; 7 entries, 4 framed. */
	assert_int_equal(s.v[0].gated.kernels, 2);
	assert_int_equal(s.v[0].gated.instantiations, 3);
	assert_int_equal(s.v[0].gated.entries, 7);
	assert_int_equal(s.v[0].gated.framed, 4);
	/* x.so: ns::k and ns::h, one instantiation each. */
	assert_int_equal(s.v[1].gated.kernels, 2);
	assert_int_equal(s.v[1].gated.instantiations, 2);
	/* Totals are the sums: ns::k counts once per library. */
	assert_int_equal(s.gated.kernels, 4);
	assert_int_equal(s.gated.instantiations, 5);
	assert_int_equal(s.gated.entries, 9);
	assert_int_equal(s.skipped.entries, 0);
	kgroup_count_free(&s);
	model_free(&m);
}

static void
test_vendored_member(void **state)
{
	char *globs[] = { "b.o" };
	struct vendored_rule r = { globs, 1, 0 };
	struct model m;
	struct kcount_set s;
	struct kgroup_set g;
	size_t marked = 0;

	(void)state;
	example(&m);
	/* The member glob selects b.o's one entry, in the counts and in the
	 * report's groups alike. */
	kgroup_count(&s, &m, &r);
	assert_int_equal(s.skipped.entries, 1);
	assert_int_equal(s.gated.entries, 8);
	assert_int_equal(s.v[0].skipped.kernels, 1);
	kgroup_build(&g, &m, &r);
	for (size_t i = 0; i < g.n; i++)
		marked += g.v[i].vendored;
	assert_int_equal(marked, 1);	/* (lib.a, ns::k, sm_80) */
	kgroup_free(&g);
	kgroup_count_free(&s);
	/* no-namespace selects g on both arches. */
	r = (struct vendored_rule){ NULL, 0, 1 };
	kgroup_count(&s, &m, &r);
	assert_int_equal(s.skipped.entries, 2);
	assert_int_equal(s.skipped.kernels, 1);
	kgroup_count_free(&s);
	model_free(&m);
}

static const struct finding *
last_summary(const struct verdict *v)
{
	for (size_t i = v->n; i > 0; i--)
		if (v->v[i - 1].level == FINDING_SUMMARY)
			return &v->v[i - 1];
	return NULL;
}

static void
test_verdict_adds_up(void **state)
{
	char *sass[] = { "sm_90" };
	struct rule_values rv;
	struct model m;
	struct judge_config c;
	struct verdict v = { 0 };
	const struct finding *total;
	size_t entries = 0;

	(void)state;
	example(&m);
	memset(&c, 0, sizeof c);
	rule_values_init(&rv);
	rv.v[RULE_MAX_REGS].n = 40;
	rv.v[RULE_REQUIRE_SASS].list = (struct strlist){ sass, 1, 1 };
	c.rules = &rv;
	judge_all(&c, &m, &v);
	/* Four framed ns::k entries: allowance and --max-regs each (8); x.so's
	 * framed ns::h (1); x.so lacks sm_90 SASS (1). */
	assert_int_equal(verdict_count(&v, FINDING_VIOLATION), 10);
	assert_int_equal(verdict_count_rule(&v, RULE_ALLOWANCE), 5);
	assert_int_equal(verdict_count_rule(&v, RULE_MAX_REGS), 4);
	assert_int_equal(verdict_count_rule(&v, RULE_REQUIRE_SASS), 1);
	for (size_t i = 0; i < v.n; i++)
		if (v.v[i].level == FINDING_VIOLATION) {
			assert_non_null(v.v[i].library);
			entries += v.v[i].entry != FINDING_NO_ENTRY;
		}
	assert_int_equal(entries, 9);
	assert_int_equal(judge_not_allowed(&v, &m), 5);
	assert_int_equal(v.gated.entries, 9);
	assert_int_equal(v.counted, 9);
	total = last_summary(&v);
	assert_non_null(total);
	assert_string_equal(total->text,
	    "check: 9 entries gated, 0 vendored entries skipped, 5 not allowed, "
	    "0 stale allowances; 10 violations (5 allowance, 4 --max-regs, 1 --require-sass)");
	verdict_free(&v);
	model_free(&m);
}

static void
test_library_lines(void **state)
{
	char *globs[] = { "b.o" };
	struct vendored_rule r = { globs, 1, 0 };
	struct model m;
	struct judge_config c;
	struct verdict v = { 0 };
	int seen = 0;

	(void)state;
	example(&m);
	memset(&c, 0, sizeof c);
	c.vendored = &r;
	judge_all(&c, &m, &v);
	for (size_t i = 0; i < v.n; i++)
		if (v.v[i].level == FINDING_SUMMARY && v.v[i].library != NULL &&
		    strcmp(v.v[i].library, "lib.a") == 0) {
			assert_string_equal(v.v[i].text,
			    "lib.a: 2 kernels (3 instantiations) on sm_80, sm_90 "
			    "(6 entries gated, 1 vendored entry skipped), 4 use stack / local memory, "
			    "4 not allowed");
			seen++;
		}
	assert_int_equal(seen, 1);
	assert_int_equal(v.skipped.entries, 1);
	assert_ptr_equal(v.vendored, &r);
	verdict_free(&v);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_vendored_member),
		cmocka_unit_test(test_verdict_adds_up),
		cmocka_unit_test(test_library_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
