/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the copies (src/model/copies.c): which functions of a
 * separable build are one kernel, judged once; and, as important, which
 * are not (a linked figure below the object's, recursion the link lost,
 * two programs' kernels of one name whose figures differ, a whole-program
 * object and its executable, vendored beside gated).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "copies.h"
#include "kgroup.h"
#include "model.h"

/* An image of lib on sm_90: relocatable, or linked by producer. */
static size_t
image(struct model *m, const char *lib, const char *member, int relocatable,
    const char *producer)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, lib);
	img.member = strpool_intern_str(&m->pool, member);
	img.toolkit = img.constant = strpool_intern_str(&m->pool, "");
	img.producer = strpool_intern_str(&m->pool, producer);
	snprintf(img.arch, sizeof img.arch, "sm_90");
	img.kind = IMAGE_SASS;
	img.relocatable = (uint8_t)relocatable;
	img.global = UNKNOWN;
	return model_add_image(m, &img);
}

/* Kernel k (mangled _Z1kv) on an image, 384 code bytes; returns its index. */
static size_t
kernel(struct model *m, size_t img, int32_t reg, int32_t stack, uint8_t why)
{
	struct func_rec f;

	memset(&f, 0, sizeof f);
	func_rec_no_amdgpu(&f);
	f.image = (uint32_t)img;
	f.kind = FUNC_ENTRY;
	f.name = strpool_intern_str(&m->pool, "k()");
	f.mangled = strpool_intern_str(&m->pool, "_Z1kv");
	f.collapsed = strpool_intern_str(&m->pool, "k");
	f.ns = f.constant = strpool_intern_str(&m->pool, "");
	f.reg = reg;
	f.stack = stack;
	f.stack_why = why;
	f.max_threads = f.min_blocks = f.frame = UNKNOWN;
	f.spill_stores = f.spill_loads = UNKNOWN;
	f.code_bytes = 384;
	model_add_func(m, &f);
	return m->nfuncs - 1;
}

/* The separable build: the object, its archive member, the device-link
 * object and the executable; the linked kernel has more registers. */
static void
separable(void **state)
{
	struct model m;
	size_t o, a, d, e;
	char where[256];

	(void)state;
	model_init(&m);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, 320, STACK_AT_LINK);
	a = kernel(&m, image(&m, "libk.a", "k.o", 1, "ptxas"), 24, 320, STACK_AT_LINK);
	d = kernel(&m, image(&m, "app_dlink.o", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	e = kernel(&m, image(&m, "app", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	copies_find(&m, NULL);
	/* The first linked one in scan order is judged, the others are copies. */
	assert_false(func_is_copy(&m, d));
	assert_int_equal(func_judged(&m, e), d);
	assert_int_equal(func_judged(&m, o), d);
	assert_int_equal(func_judged(&m, a), d);
	assert_int_equal(m.ncopies, 3);
	assert_string_equal(copies_where(&m, d, 0, where, sizeof where), "app, k.o, libk.a(k.o)");
	assert_string_equal(copies_where(&m, o, 0, where, sizeof where), "");
	model_free(&m);
}

/* A static library alone: judged from the first object; its copy apart. */
static void
objects_only(void **state)
{
	struct model m;
	size_t a, o;
	struct kcount_set c;

	(void)state;
	model_init(&m);
	a = kernel(&m, image(&m, "libk.a", "k.o", 1, "ptxas"), 24, UNKNOWN, STACK_RECURSION);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, UNKNOWN, STACK_RECURSION);
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, a));
	assert_int_equal(func_judged(&m, o), a);
	kgroup_count(&c, &m, NULL);
	assert_int_equal(c.gated.entries, 1);
	assert_int_equal(c.copies.entries, 1);
	assert_true(kcount_all_copies(&c.v[1]));
	assert_ptr_equal(c.v[1].copies_in, m.images[0].library);
	kgroup_count_free(&c);
	model_free(&m);
}

/* Not copies: each of these stays judged on its own. */
static void
not_copies(void **state)
{
	struct model m;
	size_t l, o;

	(void)state;
	/* A linked figure below the object's: not what the object links into. */
	model_init(&m);
	l = kernel(&m, image(&m, "app", "", 0, "nvlink"), 20, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, 320, STACK_BOUNDED);
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, o));
	model_free(&m);

	/* Recursion in the object, a bounded stack in the linked file. */
	model_init(&m);
	l = kernel(&m, image(&m, "app", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, UNKNOWN, STACK_RECURSION);
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, o));
	model_free(&m);

	/* Another code size. */
	model_init(&m);
	l = kernel(&m, image(&m, "app", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, 320, STACK_BOUNDED);
	m.funcs[o].code_bytes = 512;
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, o));
	model_free(&m);

	/* Two programs, one kernel name, the same figures, images of other
	 * sizes: two programs' device links, not one image copied. */
	model_init(&m);
	l = kernel(&m, image(&m, "app1", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "app2", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	m.images[1].size = 4096;
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, o));
	m.images[1].size = 0;
	copies_find(&m, NULL);
	assert_true(func_is_copy(&m, o));
	model_free(&m);

	/* Other launch bounds: another kernel's source. */
	model_init(&m);
	l = kernel(&m, image(&m, "app", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, 320, STACK_AT_LINK);
	m.funcs[o].max_threads = 256;
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, o));
	model_free(&m);

	/* Two programs, one kernel name, other figures. */
	model_init(&m);
	l = kernel(&m, image(&m, "app1", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "app2", "", 0, "nvlink"), 75, 480, STACK_BOUNDED);
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, l));
	assert_false(func_is_copy(&m, o));
	model_free(&m);

	/* A whole-program object and its executable: ptxas made both. */
	model_init(&m);
	l = kernel(&m, image(&m, "app", "", 0, "ptxas"), 32, 0, STACK_BOUNDED);
	o = kernel(&m, image(&m, "k.o", "", 0, "ptxas"), 32, 0, STACK_BOUNDED);
	copies_find(&m, NULL);
	assert_int_equal(m.ncopies, 0);
	model_free(&m);

	/* The object's unknown spills hold nothing; known ones above the
	 * linked file's do. */
	model_init(&m);
	l = kernel(&m, image(&m, "app", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, 320, STACK_AT_LINK);
	m.funcs[o].spill_stores = m.funcs[o].spill_loads = 8;
	copies_find(&m, NULL);
	assert_false(func_is_copy(&m, o));
	m.funcs[l].spill_stores = m.funcs[l].spill_loads = 8;
	copies_find(&m, NULL);
	assert_true(func_is_copy(&m, o));
	model_free(&m);
}

/* Vendored beside gated: never one, so that a gated copy is not skipped. */
static void
vendored_apart(void **state)
{
	struct model m;
	size_t o;
	char *globs[] = { "third_party/*" };
	struct vendored_rule rule = { globs, 1, 0 };

	(void)state;
	model_init(&m);
	kernel(&m, image(&m, "third_party/app", "", 0, "nvlink"), 75, 400, STACK_BOUNDED);
	o = kernel(&m, image(&m, "k.o", "", 1, "ptxas"), 24, 320, STACK_AT_LINK);
	copies_find(&m, &rule);
	assert_false(func_is_copy(&m, o));
	copies_find(&m, NULL);
	assert_true(func_is_copy(&m, o));
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(separable),
		cmocka_unit_test(objects_only),
		cmocka_unit_test(not_copies),
		cmocka_unit_test(vendored_apart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
