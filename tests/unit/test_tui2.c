/* SPDX-License-Identifier: MIT */
/*
 * The browser's view-model pieces of issue 24's last gaps: the scan's
 * progress line (ui/progress.c) and the Libraries view's library ->
 * kernel tree (ui/lib_tree.c), on a model made by hand.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lib_tree.h"
#include "progress.h"
#include "textbuf.h"
#include "vm_rows.h"

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

static size_t
add_image(struct model *m, const char *lib, const char *arch)
{
	struct image_rec img;

	memset(&img, 0, sizeof img);
	img.library = strpool_intern_str(&m->pool, lib);
	img.member = "";
	img.toolkit = "13.0";
	img.producer = "ptxas";
	img.constant = "";
	snprintf(img.arch, sizeof img.arch, "%s", arch);
	img.kind = IMAGE_SASS;
	return model_add_image(m, &img);
}

static void
add_kernel(struct model *m, size_t img, const char *collapsed, const char *name, int reg, int stack)
{
	struct func_rec f;

	memset(&f, 0, sizeof f);
	func_rec_no_amdgpu(&f);	/* a CUDA row */
	f.image = (uint32_t)img;
	f.kind = FUNC_ENTRY;
	f.collapsed = strpool_intern_str(&m->pool, collapsed);
	f.name = strpool_intern_str(&m->pool, name);
	f.mangled = f.name;
	f.ns = "";
	f.constant = "";
	f.reg = reg;
	f.stack = stack;
	f.max_threads = f.min_blocks = f.frame = -1;
	f.spill_stores = f.spill_loads = -1;
	model_add_func(m, &f);
}

/*
 * lib.a: fill (two instantiations, STACK 0 and 16 on sm_90, 32 on sm_100),
 * scan (REG 80), gemv (STACK 8); lib.so: one kernel.  The worst of lib.a:
 * REG 80, STACK 32 over every arch; fill first (the worst STACK).
 */
static void
tree_model(struct model *m)
{
	size_t a90, a100, so;

	model_init(m);
	a90 = add_image(m, "lib.a", "sm_90");
	a100 = add_image(m, "lib.a", "sm_100");
	so = add_image(m, "lib.so", "sm_90");
	add_kernel(m, a90, "fill", "void fill<1>()", 32, 0);
	add_kernel(m, a90, "fill", "void fill<2>()", 40, 16);
	add_kernel(m, a100, "fill", "void fill<2>()", 40, 32);
	add_kernel(m, a90, "scan", "void scan()", 80, 0);
	add_kernel(m, a90, "gemv", "void gemv()", 24, 8);
	add_kernel(m, so, "axpy", "void axpy()", 16, 0);
}

static void
test_lib_tree_build(void **state)
{
	struct model m;
	struct viewmodel vm;
	struct lib_tree lt;

	(void)state;
	tree_model(&m);
	vm_init(&vm, &m);
	lib_tree_build(&lt, &vm, NULL);
	assert_int_equal(lt.nlibs, 2);
	assert_string_equal(lt.libs[0].library, "lib.a");	/* the most kernels first */
	assert_int_equal(lt.libs[0].n, 3);
	assert_int_equal(lt.libs[0].insts, 4);
	assert_int_equal(lt.libs[0].reg, 80);
	assert_int_equal(lt.libs[0].stack, 32);
	assert_string_equal(lt.libs[1].library, "lib.so");
	assert_int_equal(lt.libs[1].n, 1);
	assert_int_equal(lt.libs[1].stack, 0);
	/* The worst STACK first, then the worst REG. */
	assert_string_equal(vm.groups[lt.kernels[lt.libs[0].first]].collapsed, "fill");
	assert_string_equal(vm.groups[lt.kernels[lt.libs[0].first + 1]].collapsed, "gemv");
	assert_string_equal(vm.groups[lt.kernels[lt.libs[0].first + 2]].collapsed, "scan");
	assert_int_equal(lt.tree.nrows, 2);			/* closed at first */
	lib_tree_free(&lt);
	vm_free(&vm);
	model_free(&m);
}

static void
test_lib_tree_open_close(void **state)
{
	struct model m;
	struct viewmodel vm;
	struct lib_tree lt, again;
	struct textbuf tb = { 0 };

	(void)state;
	tree_model(&m);
	vm_init(&vm, &m);
	lib_tree_build(&lt, &vm, NULL);
	lib_tree_fill(&lt, &tb, &vm, 0);
	assert_int_equal(tb.n, LIB_TREE_HEAD + 2);
	assert_string_equal(tb.v[0].text, "2 libraries, the most kernels first (Enter: open, Left: close, "
	    "L: in the table)");
	assert_string_equal(tb.v[2].text, "+        3        4     80      32  lib.a");
	assert_int_equal(tb.v[2].ref, 0);
	assert_int_equal(tb.v[2].cls, TB_WARN);		/* a kernel of it uses stack */
	assert_string_equal(tb.v[3].text, "+        1        1     16       0  lib.so");
	assert_int_equal(tb.v[3].cls, TB_NORMAL);

	/* Opened: its kernels under it, the last drawn apart. */
	assert_int_equal(lib_tree_set(&lt, 0, -1), 0);
	assert_int_equal(lt.tree.nrows, 5);
	tb_clear(&tb);
	lib_tree_fill(&lt, &tb, &vm, 0);
	assert_int_equal(tb.n, LIB_TREE_HEAD + 5);
	assert_string_equal(tb.v[2].text, "-        3        4     80      32  lib.a");
	assert_string_equal(tb.v[3].text, "                  2     40      32    | fill");
	assert_string_equal(tb.v[4].text, "                  1     24       8    | gemv");
	assert_string_equal(tb.v[5].text, "                  1     80       0    ` scan");
	assert_int_equal(tb.v[5].ref, 3);
	assert_string_equal(tb.v[6].text, "+        1        1     16       0  lib.so");

	/* Built again (another arch shown, say): what was open stays open. */
	lib_tree_build(&again, &vm, &lt);
	assert_int_equal(again.tree.nrows, 5);
	assert_true(again.tree.nodes[0].expanded);

	/* Closed from one of its kernels: the library's row is lit. */
	assert_int_equal(lib_tree_set(&again, 3, 0), 0);
	assert_int_equal(again.tree.nrows, 2);
	/* lib.so opened: its row stays where it was. */
	assert_int_equal(lib_tree_set(&again, 1, 1), 1);
	assert_int_equal(again.tree.nrows, 3);
	assert_int_equal(lib_tree_lib(&again, again.tree.rows[2]), 1);
	assert_int_equal(lib_tree_set(&again, 99, 1), 99);	/* no such row: nothing */
	tb_free(&tb);
	lib_tree_free(&again);
	vm_free(&vm);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_progress_bar),
		cmocka_unit_test(test_progress_one_and_none),
		cmocka_unit_test(test_progress_narrow),
		cmocka_unit_test(test_lib_tree_build),
		cmocka_unit_test(test_lib_tree_open_close),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
