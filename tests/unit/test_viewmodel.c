/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the browser's view-model, layout and text builders: a
 * model made by hand, no terminal.
 */
#include "config.h"

#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "view_build.h"
#include "bytes.h"
#include "jobsadvice.h"
#include "schedule.h"
#include "size_tree.h"
#include "view_detail.h"
#include "layout.h"
#include "text.h"
#include "textbuf.h"
#include "vm_rows.h"
#include "vm_label.h"

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
add_func(struct model *m, size_t img, const char *collapsed, const char *name, const char *ns,
    int reg, int stack, int local, int shared)
{
	struct func_rec f;

	memset(&f, 0, sizeof f);
	func_rec_no_amdgpu(&f);	/* a CUDA row */
	f.image = (uint32_t)img;
	f.kind = FUNC_ENTRY;
	f.collapsed = strpool_intern_str(&m->pool, collapsed);
	f.name = strpool_intern_str(&m->pool, name);
	f.mangled = strpool_intern_str(&m->pool, name);	/* one per name is enough here */
	f.ns = strpool_intern_str(&m->pool, ns);
	f.constant = "";
	f.reg = reg;
	f.stack = stack;
	f.local = local;
	f.shared = shared;
	f.texture = f.surface = f.sampler = 0;
	f.max_threads = f.min_blocks = f.frame = -1;
	f.spill_stores = f.spill_loads = -1;
	f.code_bytes = UNKNOWN;		/* as a --list without it: test_code_bytes sets it */
	model_add_func(m, &f);
}

/*
 * lib.a:  blas::fill<1>, blas::fill<2> on sm_90 and sm_100; blas::detail::scan
 *         and global gemv on sm_90 only; lib.so: blas::fill<1> on sm_100.
 */
static void
sample(struct model *m)
{
	size_t a90, a100, b100;

	model_init(m);
	a90 = add_image(m, "lib.a", "sm_90");
	a100 = add_image(m, "lib.a", "sm_100");
	b100 = add_image(m, "lib.so", "sm_100");
	add_func(m, a90, "blas::fill", "blas::fill<1>(int)", "blas", 32, 16, 0, 0);
	add_func(m, a90, "blas::fill", "blas::fill<2>(int)", "blas", 40, 64, 0, 0);
	add_func(m, a90, "blas::detail::scan", "blas::detail::scan(int)", "blas::detail", 20, 0, 0, 1024);
	add_func(m, a90, "gemv", "gemv(float*)", "", 90, 8, 4, 0);
	add_func(m, a100, "blas::fill", "blas::fill<1>(int)", "blas", 30, 16, 0, 0);
	add_func(m, a100, "blas::fill", "blas::fill<2>(int)", "blas", 48, 128, 0, 0);
	add_func(m, b100, "blas::fill", "blas::fill<1>(int)", "blas", 30, 0, 0, 0);
}

static const char *
row_name(const struct viewmodel *vm, size_t i)
{
	return vm_row_name(vm, &vm->rows[i]);
}

static void
test_grouping(void **state)
{
	struct model m;
	struct viewmodel vm;

	(void)state;
	sample(&m);
	vm_init(&vm, &m);
	assert_int_equal(vm.narches, 2);
	assert_string_equal(vm.arches[0], "sm_90");	/* by number, not by spelling */
	assert_string_equal(vm.arches[1], "sm_100");
	assert_int_equal(vm.ngroups, 4);	/* fill in two libraries, scan, gemv */
	assert_int_equal(vm.ninsts, 5);
	assert_int_equal(vm.nentries, 7);
	assert_int_equal(vm.nnamespaces, 3);
	assert_string_equal(vm.namespaces[0], "");
	vm_free(&vm);
	model_free(&m);
}

static void
test_default_sort(void **state)
{
	struct model m;
	struct viewmodel vm;

	(void)state;
	sample(&m);
	vm_init(&vm, &m);
	/* STACK, largest first, maximum over arches and instantiations. */
	assert_int_equal(vm.sort_field, VM_FIELD_RES(0, 1));
	assert_true(vm.sort_desc);
	assert_int_equal(vm.nrows, 4);
	assert_string_equal(row_name(&vm, 0), "blas::fill");
	assert_string_equal(vm.groups[vm.rows[0].group].library, "lib.a");
	assert_int_equal(vm_row_value(&vm, &vm.rows[0], 0, 1), 128);
	assert_string_equal(row_name(&vm, 1), "gemv");
	/* Equal frames go by name, whatever the direction. */
	assert_string_equal(row_name(&vm, 2), "blas::detail::scan");
	assert_string_equal(row_name(&vm, 3), "blas::fill");
	assert_string_equal(vm.groups[vm.rows[3].group].library, "lib.so");
	vm_sort_reverse(&vm);
	assert_string_equal(row_name(&vm, 0), "blas::detail::scan");
	assert_string_equal(row_name(&vm, 1), "blas::fill");
	assert_string_equal(row_name(&vm, 3), "blas::fill");
	vm_set_sort(&vm, VM_FIELD_NAME);
	assert_false(vm.sort_desc);
	assert_string_equal(row_name(&vm, 0), "blas::detail::scan");
	assert_string_equal(row_name(&vm, 3), "gemv");
	vm_set_sort(&vm, VM_FIELD_RES(0, 0));	/* REG */
	assert_string_equal(row_name(&vm, 0), "gemv");
	vm_sort_step(&vm, 1);		/* STACK again */
	assert_int_equal(vm.sort_field, VM_FIELD_RES(0, 1));
	for (int i = 0; i < 4; i++)	/* REG, library, name, then wraps... */
		vm_sort_step(&vm, -1);
	assert_int_equal(vm.sort_field, vm_nfields(&vm) - 3);	/* ...past unknown code and spills */
	assert_false(vm.res_known[VM_NRES - 1]);
	assert_false(vm.res_known[VM_NRES - 2]);
	assert_true(vm.res_known[1]);
	vm_free(&vm);
	model_free(&m);
}

/* code_bytes: a kernel's is the sum over its instantiations, every arch's
 * the sum over the arches; one unknown part makes the sum unknown. */
static void
test_code_bytes(void **state)
{
	static const int32_t bytes[] = { 100, 200, 300, 400, 1000, 2000, 50 };
	int code = columns[COL_CODE_BYTES].tui - 1;
	struct model m;
	struct viewmodel vm;
	char buf[96];

	(void)state;
	sample(&m);
	for (size_t i = 0; i < m.nfuncs; i++)
		m.funcs[i].code_bytes = bytes[i];
	vm_init(&vm, &m);
	assert_true(vm_res_summed(code));
	assert_false(vm_res_summed(columns[COL_STACK].tui - 1));
	assert_true(vm.res_known[code]);
	vm_set_sort(&vm, VM_FIELD_RES(0, code));
	assert_true(vm.sort_desc);
	/* lib.a's fill: fill<1> 100 + 1000, fill<2> 200 + 2000. */
	assert_string_equal(row_name(&vm, 0), "blas::fill");
	assert_string_equal(vm.groups[vm.rows[0].group].library, "lib.a");
	assert_int_equal(vm_row_value(&vm, &vm.rows[0], 0, code), 3300);
	assert_string_equal(row_name(&vm, 1), "gemv");
	assert_int_equal(vm_row_value(&vm, &vm.rows[1], 0, code), 400);
	assert_string_equal(row_name(&vm, 2), "blas::detail::scan");
	assert_string_equal(row_name(&vm, 3), "blas::fill");	/* lib.so: 50 */
	assert_int_equal(vm_row_value(&vm, &vm.rows[3], 0, code), 50);
	vm_sort_reverse(&vm);
	assert_int_equal(vm_row_value(&vm, &vm.rows[0], 0, code), 50);
	vm_sort_reverse(&vm);
	vm_expand(&vm, 1);
	assert_int_equal(vm.nrows, 6);
	assert_int_equal(vm_row_value(&vm, &vm.rows[1], 0, code), 2200);	/* fill<2> first */
	assert_int_equal(vm_row_value(&vm, &vm.rows[2], 0, code), 1100);
	vm_set_arches(&vm, 1, -1);	/* sm_100: 1000 + 2000 */
	assert_int_equal(vm_group_value(&vm, vm.rows[0].group, 1, code), 3000);
	assert_int_equal(vm_group_value(&vm, vm.rows[0].group, 0, code), 300);
	vm_field_label(&vm, VM_FIELD_RES(0, code), buf, sizeof buf);
	assert_string_equal(buf, "CODE sm_100");
	vm_side_heading(&vm, 0, buf, sizeof buf);
	assert_string_equal(buf, " sm_100 ");
	vm_set_arches(&vm, -1, -1);
	vm_side_heading(&vm, 0, buf, sizeof buf);
	assert_string_equal(buf, " all arches: max; CODE: sum ");
	{
		struct textbuf tb = { 0 };
		int said = 0;

		view_detail_text(&tb, &vm, vm.rows[0].group, -1, 100);
		for (size_t i = 0; i < tb.n; i++)
			said |= strcmp(tb.v[i].text, "  code_bytes 3300 bytes of SASS, the sum over "
			    "2 instantiations on 2 arches") == 0;
		assert_true(said);
		tb_free(&tb);
	}
	vm_free(&vm);

	m.funcs[4].code_bytes = UNKNOWN;	/* fill<1> on sm_100 */
	vm_init(&vm, &m);
	for (size_t g = 0; g < vm.ngroups; g++)
		if (strcmp(vm.groups[g].collapsed, "blas::fill") == 0 &&
		    strcmp(vm.groups[g].library, "lib.a") == 0) {
			assert_int_equal(vm_group_value(&vm, (uint32_t)g, vm.narches, code), UNKNOWN);
			assert_int_equal(vm_group_value(&vm, (uint32_t)g, 0, code), 300);
		}
	vm_free(&vm);
	model_free(&m);

	/* Absent adds nothing; the sum stops at INT32_MAX. */
	assert_int_equal(vm_res_combine(code, VM_ABSENT, 7), 7);
	assert_int_equal(vm_res_combine(code, 7, VM_ABSENT), 7);
	assert_int_equal(vm_res_combine(code, INT32_MAX - 1, 5), INT32_MAX);
	assert_int_equal(vm_res_combine(columns[COL_STACK].tui - 1, UNKNOWN, 5), 5);
}

/* The device link's inputs (model.inputs: a __nv_relfatbin beside a
 * .nv_fatbin) are an arch of their own in the Size view, said so, with no
 * kernels under it: the linked sm_90 functions of the library are not its. */
static void
test_size_tree_inputs(void **state)
{
	struct model m;
	struct size_tree st;
	struct image_rec in;
	char buf[128];

	(void)state;
	sample(&m);
	m.images[0].stored_size = 1000;	/* lib.a sm_90, linked */
	memset(&in, 0, sizeof in);
	in.library = m.images[0].library;
	in.member = in.toolkit = in.producer = in.constant = "";
	snprintf(in.arch, sizeof in.arch, "sm_90");
	in.kind = IMAGE_SASS;
	in.stored_size = 5000;
	model_add_input(&m, &in);
	model_add_input(&m, &in);
	size_tree_init(&st, &m);
	assert_int_equal(st.nodes[st.tree.rows[0]].bytes, 11000);
	size_tree_label(&st, st.tree.rows[1], buf, sizeof buf);
	assert_string_equal(buf, "sm_90 SASS, nvlink input (2 images)");
	assert_int_equal(st.nodes[st.tree.rows[1]].bytes, 10000);
	assert_int_equal(st.tree.nodes[st.tree.rows[1]].nkids, 0);
	size_tree_label(&st, st.tree.rows[2], buf, sizeof buf);
	assert_string_equal(buf, "sm_90 SASS (1 image)");
	assert_int_equal(st.tree.nodes[st.tree.rows[2]].nkids, 3);	/* fill, scan, gemv */
	size_tree_free(&st);
	model_free(&m);
}

/* The Size view's tree: libraries and arches by stored bytes, kernels and
 * instantiations by code bytes, largest first, each a share of its line's
 * siblings; rows expand and collapse. */
static void
test_size_tree(void **state)
{
	static const int32_t bytes[] = { 100, 200, 300, 400, 1000, 2000, 50 };
	static const char *const rows0[] = { "lib.a", "sm_100 SASS (1 image)",
		"sm_90 SASS (1 image)", "compute_90 PTX (1 image)", "lib.so" };
	struct model m;
	struct size_tree st;
	const struct size_node *n;
	char buf[128];
	size_t ptx;
	uint32_t arch100, fill;

	(void)state;
	sample(&m);
	for (size_t i = 0; i < m.nfuncs; i++)
		m.funcs[i].code_bytes = bytes[i];
	m.images[0].stored_size = 1000;	/* lib.a sm_90 */
	m.images[1].stored_size = 3000;	/* lib.a sm_100 */
	m.images[2].stored_size = 500;	/* lib.so sm_100 */
	ptx = add_image(&m, "lib.a", "compute_90");
	m.images[ptx].kind = IMAGE_PTX;
	m.images[ptx].stored_size = 200;
	size_tree_init(&st, &m);
	assert_int_equal(st.nlibs, 2);
	assert_int_equal(st.all, 4700);
	/* The largest library shows its arches at first. */
	assert_int_equal(st.tree.nrows, 5);
	for (size_t r = 0; r < st.tree.nrows; r++) {
		size_tree_label(&st, st.tree.rows[r], buf, sizeof buf);
		assert_string_equal(buf, rows0[r]);
	}
	n = &st.nodes[st.tree.rows[0]];
	assert_int_equal(n->bytes, 4200);
	assert_int_equal(n->whole, 4700);
	assert_true(st.tree.nodes[st.tree.rows[0]].expanded);
	arch100 = st.tree.rows[1];
	assert_int_equal(st.nodes[arch100].bytes, 3000);
	assert_int_equal(st.nodes[arch100].whole, 4200);
	assert_int_equal(st.tree.nodes[st.tree.rows[3]].nkids, 0);	/* PTX: no kernels */
	/* sm_100 of lib.a: fill (1000 + 2000) only. */
	assert_true(tree_expand(&st.tree, arch100, 1));
	assert_false(tree_expand(&st.tree, arch100, 1));
	assert_int_equal(st.tree.nrows, 6);
	fill = st.tree.rows[2];
	size_tree_label(&st, fill, buf, sizeof buf);
	assert_string_equal(buf, "blas::fill [2]");
	assert_int_equal(st.nodes[fill].bytes, 3000);
	assert_int_equal(st.nodes[fill].whole, 3000);
	assert_true(tree_expand(&st.tree, fill, 1));
	assert_int_equal(st.tree.nrows, 8);
	n = &st.nodes[st.tree.rows[3]];
	assert_string_equal(n->name, "blas::fill<2>(int)");	/* the larger first */
	assert_int_equal(n->bytes, 2000);
	assert_int_equal(n->whole, 3000);
	assert_int_equal(n->level, SNODE_INST);
	assert_int_equal(st.tree.nodes[st.tree.rows[3]].parent, fill);
	assert_int_equal(st.nodes[st.tree.rows[4]].bytes, 1000);
	assert_false(tree_expand(&st.tree, st.tree.rows[3], 1));	/* a leaf */
	/* sm_90: gemv 400, fill 300 (100 + 200), scan 300: equal bytes by name. */
	assert_true(tree_expand(&st.tree, st.tree.rows[5], 1));
	assert_string_equal(st.nodes[st.tree.rows[6]].name, "gemv");
	assert_string_equal(st.nodes[st.tree.rows[7]].name, "blas::detail::scan");
	assert_string_equal(st.nodes[st.tree.rows[8]].name, "blas::fill");
	assert_int_equal(st.nodes[st.tree.rows[6]].whole, 1000);
	/* Collapsing the library hides all under it, and keeps their state. */
	assert_true(tree_expand(&st.tree, st.tree.rows[0], 0));
	assert_int_equal(st.tree.nrows, 2);
	assert_int_equal(tree_row(&st.tree, fill), -1);
	assert_true(tree_expand(&st.tree, st.tree.rows[0], 1));
	assert_int_equal(tree_row(&st.tree, fill), 2);
	size_tree_free(&st);
	model_free(&m);
}

static void
test_unknown_sorts_last(void **state)
{
	struct model m;
	struct viewmodel vm;

	(void)state;
	sample(&m);
	m.funcs[3].stack = -1;	/* gemv's frame unknown */
	vm_init(&vm, &m);
	assert_string_equal(row_name(&vm, 3), "gemv");
	vm_sort_reverse(&vm);
	assert_string_equal(row_name(&vm, 3), "gemv");
	vm_free(&vm);
	model_free(&m);
}

static void
test_filters(void **state)
{
	struct model m;
	struct viewmodel vm;

	(void)state;
	sample(&m);
	vm_init(&vm, &m);
	vm_set_filter(&vm, "FILL");	/* upper case: exact case */
	assert_int_equal(vm.nrows, 0);
	vm_set_filter(&vm, "fill<2");	/* an instantiation's name */
	assert_int_equal(vm.nrows, 1);
	vm_set_filter(&vm, "");
	vm_set_lib_filter(&vm, "lib.so");	/* the library filter: fill alone */
	assert_int_equal(vm.nrows, 1);
	assert_string_equal(vm.groups[vm.rows[0].group].library, "lib.so");
	vm_set_lib_filter(&vm, "");
	assert_int_equal(vm.nrows, 4);
	assert_int_equal(vm_set_namespace(&vm, "blas"), 3);	/* and blas::detail */
	assert_int_equal(vm_set_namespace(&vm, "blas::detail"), 1);
	assert_int_equal(vm_set_namespace(&vm, "bla"), 0);	/* whole names only */
	assert_int_equal(vm_set_namespace(&vm, "::"), 1);
	assert_string_equal(row_name(&vm, 0), "gemv");
	vm_set_namespace(&vm, "");
	vm_namespace_step(&vm, 1);	/* the global namespace comes first */
	assert_string_equal(vm.ns_filter, "::");
	vm_namespace_step(&vm, 1);
	assert_string_equal(vm.ns_filter, "blas");
	vm_namespace_step(&vm, -2);
	assert_string_equal(vm.ns_filter, "");
	assert_int_equal(vm.nrows, 4);
	vm_free(&vm);
	model_free(&m);
}

static void
test_arches(void **state)
{
	struct model m;
	struct viewmodel vm;

	(void)state;
	sample(&m);
	vm_init(&vm, &m);
	vm_arch_step(&vm, 1);		/* sm_90 */
	assert_string_equal(vm_side_label(&vm, 0), "sm_90");
	assert_int_equal(vm.nrows, 3);	/* lib.so has no sm_90 */
	assert_int_equal(vm_row_value(&vm, &vm.rows[0], 0, 1), 64);
	vm_arch_step(&vm, 1);
	assert_string_equal(vm_side_label(&vm, 0), "sm_100");
	assert_int_equal(vm.nrows, 2);
	vm_arch_step(&vm, 1);
	assert_int_equal(vm.arch_a, -1);
	assert_string_equal(vm_side_label(&vm, 0), "all arches");

	vm_compare_step(&vm, 1);	/* sm_90 against sm_100 */
	assert_int_equal(vm_nsides(&vm), 2);
	assert_string_equal(vm_side_label(&vm, 0), "sm_90");
	assert_string_equal(vm_side_label(&vm, 1), "sm_100");
	assert_int_equal(vm.nrows, 4);	/* present on either */
	assert_int_equal(vm_nfields(&vm), 2 + 2 * VM_NRES + 1);	/* and the difference */
	for (size_t i = 0; i < vm.nrows; i++) {
		const struct vm_row *r = &vm.rows[i];

		if (strcmp(row_name(&vm, i), "blas::fill") == 0 &&
		    strcmp(vm.groups[r->group].library, "lib.a") == 0) {
			assert_int_equal(vm_row_value(&vm, r, 1, 1), 128);
			assert_true(vm_row_differs(&vm, r, 1));		/* 64 against 128 */
			assert_true(vm_row_differs(&vm, r, 0));		/* 40 against 48 */
			assert_false(vm_row_differs(&vm, r, 2));	/* LOCAL 0 and 0 */
		}
		if (strcmp(row_name(&vm, i), "gemv") == 0) {
			int only;

			assert_int_equal(vm_row_value(&vm, r, 1, 1), VM_ABSENT);
			/* Said once, in the delta, not in every cell. */
			assert_false(vm_row_differs(&vm, r, 0));
			assert_int_equal(vm_row_delta(&vm, r, &only), 0);
			assert_int_equal(only, VM_ONLY_A);
		}
	}
	/* By the difference in STACK, largest first: fill in lib.a (+64). */
	vm_set_sort(&vm, VM_FIELD_DELTA);
	assert_true(vm.sort_desc);
	{
		int only;

		assert_string_equal(row_name(&vm, 0), "blas::fill");
		assert_int_equal(vm_row_delta(&vm, &vm.rows[0], &only), 64);
		assert_int_equal(only, VM_BOTH);
		vm_row_delta(&vm, &vm.rows[vm.nrows - 1], &only);
		assert_int_not_equal(only, VM_BOTH);	/* one side only: last */
	}
	/* c goes on from the compared arch, then off, then from the shown one. */
	vm_compare_step(&vm, 1);
	assert_int_equal(vm.arch_b, -1);
	vm_set_arches(&vm, 1, -1);	/* sm_100 shown: c compares with the next, wrapping */
	vm_compare_step(&vm, 1);
	assert_int_equal(vm.arch_b, 0);
	vm_set_arches(&vm, 0, 1);
	vm_set_sort(&vm, VM_FIELD_RES(1, 1));	/* STACK on sm_100 */
	assert_int_equal(vm_row_value(&vm, &vm.rows[0], 1, 1), 128);
	vm_arch_step(&vm, 1);		/* the compared arch is skipped, "all" too */
	assert_int_equal(vm.arch_a, 0);
	vm_set_arches(&vm, 0, -1);	/* the sort on side two falls back to side one */
	assert_int_equal(vm.sort_field, VM_FIELD_RES(0, 1));
	vm_free(&vm);
	model_free(&m);
}

static void
test_expand_and_select(void **state)
{
	struct model m;
	struct viewmodel vm;

	(void)state;
	sample(&m);
	vm_init(&vm, &m);
	vm_set_height(&vm, 2);
	vm_select(&vm, 0);
	vm_expand(&vm, 1);
	assert_int_equal(vm.nrows, 6);
	assert_string_equal(row_name(&vm, 1), "blas::fill<2>(int)");	/* 128 first */
	assert_string_equal(row_name(&vm, 2), "blas::fill<1>(int)");
	vm_move(&vm, 2);
	assert_int_equal(vm.sel, 2);
	assert_int_equal(vm.top, 1);	/* scrolled to keep it in sight */
	vm_set_sort(&vm, VM_FIELD_NAME);	/* a new order shows from its top */
	assert_int_equal(vm.sel, 0);
	assert_int_equal(vm.top, 0);
	vm_rows(&vm);			/* a rebuild keeps the row selected */
	vm_select(&vm, 2);
	assert_string_equal(row_name(&vm, vm.sel), "blas::fill<1>(int)");
	vm_expand(&vm, 0);		/* on an instantiation: back to its kernel */
	assert_int_equal(vm.nrows, 4);
	assert_string_equal(row_name(&vm, vm.sel), "blas::fill");
	assert_int_equal(vm.rows[vm.sel].inst, -1);
	vm_move(&vm, 100);
	assert_int_equal(vm.sel, 3);
	vm_move(&vm, -100);
	assert_int_equal(vm.sel, 0);
	assert_int_equal(vm.top, 0);
	vm_expand_all(&vm, 1);
	assert_int_equal(vm.nrows, 9);
	vm_scroll(&vm, 100);
	assert_int_equal(vm.top, 7);
	assert_int_equal(vm.sel, 7);
	vm_expand_all(&vm, 0);
	assert_int_equal(vm.nrows, 4);
	vm_free(&vm);
	model_free(&m);
}

static void
test_search(void **state)
{
	struct model m;
	struct viewmodel vm;

	(void)state;
	sample(&m);
	vm_init(&vm, &m);
	/* Rows: fill (lib.a), gemv, scan, fill (lib.so). */
	assert_int_equal(vm_search(&vm, "fill", 0, 1, 1), 0);
	assert_int_equal(vm_search(&vm, "fill", 0, 1, 0), 3);
	assert_int_equal(vm_search(&vm, "fill", 3, 1, 0), 0);	/* wraps */
	assert_int_equal(vm_search(&vm, "fill", 0, -1, 0), 3);
	assert_int_equal(vm_search(&vm, "FILL", 0, 1, 1), -1);
	assert_int_equal(vm_search(&vm, "gem", 3, -1, 0), 1);
	assert_int_equal(vm_search(&vm, "nothing", 0, 1, 1), -1);
	vm_free(&vm);
	model_free(&m);
}

static void
test_text_fit(void **state)
{
	char buf[256];

	(void)state;
	assert_int_equal(text_width("abc"), 3);
	assert_int_equal(text_width("\xc3\xa9t\xc3\xa9"), 3);	/* été */
	assert_int_equal(text_fit(buf, sizeof buf, "short", 10, "~"), 5);
	assert_string_equal(buf, "short");
	assert_int_equal(text_fit(buf, sizeof buf, "namespace::very_long_kernel_name", 12, "~"), 12);
	assert_string_equal(buf, "names~l_name");	/* both ends stay */
	assert_int_equal(text_fit(buf, sizeof buf, "abcdefghij", 5, "\xe2\x80\xa6"), 5);
	assert_string_equal(buf, "ab\xe2\x80\xa6ij");
	assert_int_equal(text_fit(buf, sizeof buf, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 4, "~"), 4);
	assert_string_equal(buf, "\xc3\xa9~\xc3\xa9\xc3\xa9");	/* never half a character */
	assert_int_equal(text_fit(buf, sizeof buf, "abcdef", 1, "..."), 1);
	assert_string_equal(buf, "a");
	assert_int_equal(text_fit(buf, sizeof buf, "abcdef", 0, "~"), 0);
	assert_string_equal(buf, "");
	assert_int_equal(text_fit(buf, 4, "abcdefgh", 8, "~"), 3);	/* the buffer bounds it */
	assert_int_equal(text_cut(buf, sizeof buf, "abcdef", 3), 3);
	assert_string_equal(buf, "abc");
	assert_non_null(text_find("Blas::Fill", "fill"));
	assert_null(text_find("blas::fill", "Fill"));
	assert_non_null(text_find("x", ""));
}

static void
test_layout(void **state)
{
	struct layout_col c[4];

	(void)state;
	memset(c, 0, sizeof c);
	c[0].natural = 100;
	c[0].min = 20;
	c[0].flex = 1;
	c[1].natural = c[1].min = 12;
	c[1].drop = 1;
	c[2].natural = c[2].min = 5;
	c[2].drop = 3;
	c[3].natural = c[3].min = 5;
	c[3].drop = 2;

	layout_columns(c, 4, 80, 1);	/* room for all: the name takes the rest */
	assert_false(c[1].hidden);
	assert_int_equal(c[0].w, 80 - 12 - 5 - 5 - 3);
	assert_int_equal(c[1].x, c[0].w + 1);
	assert_int_equal(c[3].x + c[3].w, 80);

	layout_columns(c, 4, 200, 1);	/* more than wanted: the name stops at its width */
	assert_int_equal(c[0].w, 100);

	layout_columns(c, 4, 40, 1);	/* the library goes first */
	assert_true(c[1].hidden);
	assert_false(c[2].hidden);
	assert_int_equal(c[0].w, 40 - 5 - 5 - 2);

	layout_columns(c, 4, 26, 1);	/* then the number with the lowest rank */
	assert_true(c[3].hidden);
	assert_false(c[2].hidden);
	assert_int_equal(c[0].w, 20);

	c[2].off = 1;			/* a column with nothing known to show */
	layout_columns(c, 4, 80, 1);
	assert_true(c[2].hidden);
	assert_int_equal(c[3].x + c[3].w, 80);

	layout_columns(c, 4, 5, 1);	/* hopeless: the name still gets a column */
	assert_true(c[0].w >= 1);
}

static void
test_detail(void **state)
{
	struct model m;
	struct viewmodel vm;
	struct textbuf tb = { 0 };
	size_t focus;
	int seen90 = 0, seen100 = 0;

	(void)state;
	sample(&m);
	vm_init(&vm, &m);
	vm_select(&vm, 0);
	vm_expand(&vm, 1);
	focus = view_detail_text(&tb, &vm, vm.rows[0].group, vm.rows[2].inst, 80);
	assert_string_equal(tb.v[0].text, "blas::fill");
	assert_non_null(strstr(tb.v[focus].text, "Instantiation 2 of 2"));
	assert_string_equal(tb.v[focus + 1].text, "  blas::fill<1>(int)");
	for (size_t i = 0; i < tb.n; i++) {
		/* fill<2>: REG 40 STACK 64 on sm_90, 48 and 128 on sm_100. */
		if (strncmp(tb.v[i].text, "  sm_90 ", 8) == 0 && strstr(tb.v[i].text, "     40     64      0      0"))
			seen90 = 1;
		if (strncmp(tb.v[i].text, "  sm_100", 8) == 0 && strstr(tb.v[i].text, "     48    128      0      0"))
			seen100 = 1;
	}
	assert_true(seen90);
	assert_true(seen100);
	tb_clear(&tb);
	focus = view_detail_text(&tb, &vm, vm.rows[0].group, vm.rows[1].inst, 12);	/* names wrap */
	assert_string_equal(tb.v[focus + 1].text, "  blas::fill");
	assert_string_equal(tb.v[focus + 2].text, "  <2>(int)");
	tb_free(&tb);
	vm_free(&vm);
	model_free(&m);
}

static void
test_view_build(void **state)
{
	struct model m;
	struct textbuf tb = { 0 };
	struct build_module b;
	const char *names[] = { "reg_field.o", "reg_flow.o", "small.o" };
	const double start[] = { 0, 10, 100 }, end[] = { 50, 60, 110 };
	const int64_t rss[] = { 8LL << 30, 7LL << 30, 1LL << 30 };

	(void)state;
	model_init(&m);
	for (int i = 0; i < 3; i++) {
		memset(&b, 0, sizeof b);
		b.name = names[i];
		b.peak_rss = rss[i];
		b.start = start[i];
		b.end = end[i];
		b.wall = end[i] - start[i];
		b.timebase = TIME_EPOCH;	/* recorded: spillway record's start times */
		b.exit_status = 0;
		b.arches = b.source = "";
		model_add_module(&m, &b);
	}
	view_build_text(&tb, &m, &(struct build_gates){ .mem_budget = -1, .mem_host = 14LL << 30, .jobs = 0 }, 100, 0);
	assert_int_equal(tb.n, 7);	/* and how many at once, and the time axis */
	assert_non_null(strstr(tb.v[5].text, "running at once"));
	assert_non_null(strstr(tb.v[5].text, "2"));	/* reg_field and reg_flow from 10 to 50 s */
	assert_null(strstr(tb.v[5].text, "3"));
	assert_non_null(strstr(tb.v[6].text, "110 s"));	/* the span */
	assert_non_null(strstr(tb.v[6].text, "  0 "));
	assert_int_equal(tb.v[2].cls, TB_BAD);	/* 8 + 7 GiB at once, over 14 */
	assert_int_equal(tb.v[3].cls, TB_BAD);
	assert_int_equal(tb.v[4].cls, TB_NORMAL);
	assert_non_null(strstr(tb.v[2].text, "8.59 GB"));	/* 8 GiB, in GB as every face */
	assert_non_null(strstr(tb.v[4].text, "#"));
	tb_clear(&tb);
	view_build_text(&tb, &m, &(struct build_gates){ .mem_budget = -1, .mem_host = -1, .jobs = 0 }, 100, 1);	/* no budget: overlaps only */
	assert_int_equal(tb.v[2].cls, TB_WARN);
	assert_non_null(strstr(tb.v[2].text, "\xe2\x96\x88"));
	tb_free(&tb);
	model_free(&m);
}

/* Under --jobs=N the view draws src/model/schedule.c's make -jN: one after
 * another at -j1, the three at once at -j3, with the summed peak --summary
 * prints for the same schedule. */
static void
test_view_build_jobs(void **state)
{
	struct model m;
	struct textbuf tb = { 0 };
	struct build_module b;
	struct schedule s;
	const char *names[] = { "a.o", "b.o", "c.o" };
	const double wall[] = { 50, 40, 10 };
	char want[128], sum[32];

	(void)state;
	model_init(&m);
	for (int i = 0; i < 3; i++) {
		memset(&b, 0, sizeof b);
		b.name = names[i];
		b.peak_rss = (int64_t)(i + 1) << 30;
		b.start = b.end = -1;
		b.wall = wall[i];
		b.exit_status = 0;
		b.arches = b.source = "";
		model_add_module(&m, &b);
	}
	view_build_text(&tb, &m, &(struct build_gates){ .mem_budget = -1, .mem_host = -1, .jobs = 0 }, 100, 0);
	assert_non_null(strstr(tb.v[0].text, "no timeline"));	/* nothing recorded, no -j */
	tb_clear(&tb);
	view_build_text(&tb, &m, &(struct build_gates){ .mem_budget = -1, .mem_host = 5LL << 30, .jobs = 1 }, 100, 0);
	assert_string_equal(tb.v[0].text, "3 compiles, make -j1 simulated in the recorded order: 100.0 s; "
	    "no two run at once");
	for (size_t i = 2; i < 5; i++)
		assert_int_equal(tb.v[i].cls, TB_NORMAL);
	tb_clear(&tb);
	view_build_text(&tb, &m, &(struct build_gates){ .mem_budget = -1, .mem_host = 5LL << 30, .jobs = 3 }, 100, 0);
	assert_int_equal(schedule_build(&m, 3, &s), 0);
	snprintf(want, sizeof want, "3 compiles, make -j3 simulated in the recorded order: 50.0 s; "
	    "most at once: %s (3 compiles for 10.0 s)", bytes_format(s.worst, sum, sizeof sum));
	assert_string_equal(tb.v[0].text, want);
	for (size_t i = 2; i < 5; i++)
		assert_int_equal(tb.v[i].cls, TB_BAD);	/* 6 GiB at once, over 5 */
	schedule_free(&s);
	tb_free(&tb);
	model_free(&m);
}

/* --jobs=auto with --mem-host: under the timeline, --summary's advice line
 * for line (jobsadvice_print: one truth); the heading names the cores
 * simulated on. */
static void
test_view_build_advice(void **state)
{
	struct model m;
	struct textbuf tb = { 0 };
	struct build_module b;
	char names[8][16], *text = NULL, *line, *save = NULL;
	size_t len = 0, at = 0, said = 0;
	FILE *f;
	struct build_gates g = { -1, 12LL << 30, 0, BYTES_GIB, BYTES_GIB, 2, 1 };

	(void)state;
	model_init(&m);
	for (int i = 0; i < 8; i++) {
		memset(&b, 0, sizeof b);
		snprintf(names[i], sizeof names[i], "m%d.o", i);
		b.name = names[i];
		b.peak_rss = (int64_t)(i < 2 ? 8 : 1) << 30;	/* two heavy, six light */
		b.start = b.end = -1;
		b.wall = 10;
		b.arches = b.source = "";
		model_add_module(&m, &b);
	}
	g.jobs = jobsadvice_jobs(&m, g.cores, g.mem_host);	/* as main.c gives it */
	assert_true(g.jobs >= 1);
	view_build_text(&tb, &m, &g, 400, 0);
	assert_non_null(strstr(tb.v[0].text, "simulated in the recorded order on 2 cores"));
	f = open_memstream(&text, &len);
	assert_non_null(f);
	jobsadvice_print(f, &m, g.cores, g.mem_host, g.mem_host_unit, g.machine);
	assert_int_equal(fclose(f), 0);
	while (at < tb.n && strncmp(tb.v[at].text, "  --jobs=auto:", 14) != 0)
		at++;
	for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		assert_true(at < tb.n);
		assert_string_equal(tb.v[at].text + 2, line);
		at++;
		said++;
	}
	assert_true(said >= 2);		/* the -j, and the pool or why none */
	assert_int_equal(at, tb.n);
	tb_clear(&tb);
	g.jobs_auto = 0;		/* no advice asked: none shown */
	view_build_text(&tb, &m, &g, 400, 0);
	for (size_t i = 0; i < tb.n; i++)
		assert_null(strstr(tb.v[i].text, "--jobs=auto"));
	free(text);
	tb_free(&tb);
	model_free(&m);
}

/* Tens of thousands of kernels sort and filter with no visible delay. */
static void
test_big_tree(void **state)
{
	struct model m;
	struct viewmodel vm;
	size_t imgs[4];
	char name[64], full[96];
	clock_t t0;
	double secs;

	(void)state;
	model_init(&m);
	imgs[0] = add_image(&m, "libbig.so", "sm_80");
	imgs[1] = add_image(&m, "libbig.so", "sm_86");
	imgs[2] = add_image(&m, "libbig.so", "sm_90");
	imgs[3] = add_image(&m, "libbig.so", "sm_120");
	for (int k = 0; k < 10000; k++) {
		snprintf(name, sizeof name, "big::ns%d::kernel_%d", k % 50, k);
		for (int inst = 0; inst < 2; inst++) {
			snprintf(full, sizeof full, "%s<%d>(float*)", name, inst);
			for (int a = 0; a < 4; a++)
				add_func(&m, imgs[a], name, full, "big", (k * 7 + a) % 255,
				    (k * 13 + inst) % 4096, 0, (k % 8) * 1024);
		}
	}
	t0 = clock();
	vm_init(&vm, &m);
	assert_int_equal(vm.ngroups, 10000);
	vm_set_height(&vm, 40);
	for (int f = 0; f < vm_nfields(&vm); f++)
		vm_set_sort(&vm, f);
	vm_compare_step(&vm, 1);
	vm_sort_reverse(&vm);
	vm_set_filter(&vm, "kernel_99");
	assert_int_equal(vm.nrows, 111);	/* 99, 990-999, 9900-9999 */
	vm_set_filter(&vm, "");
	vm_expand_all(&vm, 1);
	assert_int_equal(vm.nrows, 30000);
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	print_message("build, %d sorts and filters of 10000 kernels: %.3f s\n", vm_nfields(&vm) + 4, secs);
	assert_true(secs < 3.0);	/* generous, for sanitizer builds */
	vm_free(&vm);
	model_free(&m);
}

/* Instantiations are told apart by their template arguments, those that
 * differ first; parameters after, the return type last unless void. */
static void
test_labels(void **state)
{
	const char *a = "void cudnn::cnn::wgrad_alg0_engine<float, 512, 6, 5, 3, 3, 3, false, 512>(int, int, int, "
	    "float const*, int, float*, float const*, kernel_grad_params, unsigned long long, int, float, int, int, int, int)";
	const char *b = "void cudnn::cnn::wgrad_alg0_engine<float, 128, 6, 7, 3, 3, 5, false, 512>(int, int, int, "
	    "float const*, int, float*, float const*, kernel_grad_params, unsigned long long, int, float, int, int, int, int)";
	const char *lam = "void blas::map_kernel<Launcher::operator()(float*, int, CUstream_st*) const::{lambda(float)#1}>"
	    "(float*, int, Launcher::operator()(float*, int, CUstream_st*) const::{lambda(float)#1})";
	struct vm_split sp;
	size_t st[8], ln[8];
	char buf[512];
	uint64_t d = vm_label_diff(a, b);

	(void)state;
	assert_int_equal(d, (1u << 1) | (1u << 3) | (1u << 6));
	vm_label_format(a, d, buf, sizeof buf);
	assert_true(strncmp(buf, "<512, 5, 3 | float, 6, 3, 3, false, 512> (int, int, int,", 56) == 0);
	vm_label_format("int ns::f<3>(float)", 1, buf, sizeof buf);
	assert_string_equal(buf, "<3> (float) -> int");
	/* No argument differs: the parameters first. */
	vm_label_format("void f<int>(float*)", 0, buf, sizeof buf);
	assert_string_equal(buf, "(float*) <int>");
	vm_label_format("plain_c_kernel", 0, buf, sizeof buf);
	assert_string_equal(buf, "plain_c_kernel");
	/* Brackets inside an argument are one argument. */
	vm_label_split(lam, &sp);
	assert_int_equal(vm_label_args(lam, &sp, st, ln, 8), 1);
	assert_int_equal(sp.name_start, 5);
	assert_int_equal(lam[sp.targs_open], '<');
	assert_int_equal(lam[sp.params_open], '(');
	vm_label_split("void f<A<1>, B<(2)> >(C<3>)", &sp);
	assert_int_equal(vm_label_args("void f<A<1>, B<(2)> >(C<3>)", &sp, st, ln, 8), 2);
}

/* The library column: each library's shortest tail that no other shares. */
static void
test_libshort(void **state)
{
	struct model m;
	struct viewmodel vm;
	const char *libs[] = { "/usr/local/cuda/lib64/libcublasLt.so.13", "/opt/cuda118/lib64/libcublasLt.so.11",
	    "/a/x/lib64/libcudnn.so", "/b/x/lib64/libcudnn.so", "/c/y/lib64/libcudnn.so" };
	const char *want[] = { "libcublasLt.so.13", "libcublasLt.so.11", "a/x/lib64/libcudnn.so",
	    "b/x/lib64/libcudnn.so", "y/lib64/libcudnn.so" };
	char name[32];

	(void)state;
	model_init(&m);
	for (int i = 0; i < 5; i++) {
		snprintf(name, sizeof name, "k%d", i);
		add_func(&m, add_image(&m, libs[i], "sm_90"), name, name, "", 1, 0, 0, 0);
	}
	vm_init(&vm, &m);
	assert_int_equal(vm.nlibraries, 5);
	for (size_t g = 0; g < vm.ngroups; g++)
		for (int i = 0; i < 5; i++)
			if (strcmp(vm.groups[g].library, libs[i]) == 0)
				assert_string_equal(vm.groups[g].libshort, want[i]);
	assert_int_equal(vm.lib_width, (int)strlen(want[0]) + 4);
	vm_free(&vm);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grouping),
		cmocka_unit_test(test_default_sort),
		cmocka_unit_test(test_code_bytes),
		cmocka_unit_test(test_size_tree),
		cmocka_unit_test(test_size_tree_inputs),
		cmocka_unit_test(test_unknown_sorts_last),
		cmocka_unit_test(test_filters),
		cmocka_unit_test(test_arches),
		cmocka_unit_test(test_expand_and_select),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_text_fit),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_detail),
		cmocka_unit_test(test_view_build),
		cmocka_unit_test(test_view_build_jobs),
		cmocka_unit_test(test_view_build_advice),
		cmocka_unit_test(test_big_tree),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_libshort),
	};

	setlocale(LC_ALL, "C.UTF-8");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
