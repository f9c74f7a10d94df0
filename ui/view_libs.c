/* SPDX-License-Identifier: MIT */
/*
 * The Libraries view: the library -> kernel tree (lib_tree.h) in the
 * pager, opened and closed in place.  Enter, Right open a library (Enter
 * on a kernel shows it in detail), Left closes it, L shows its kernels in
 * the table.
 */
#include "config.h"

#include <stdlib.h>

#include "lib_tree.h"
#include "tui_int.h"
#include "xalloc.h"

/* The view's own state: its tree, and the row lit while another view
 * shows (the table after L, a kernel's detail), lit again on return. */
struct libs_state {
	struct lib_tree	 tree;
	long		 row;
};

void
view_libs_init(struct tui *t)
{
	t->state[VIEW_LIBRARIES] = xcalloc(1, sizeof(struct libs_state));
}

void
view_libs_done(struct tui *t)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];

	if (ls != NULL)
		lib_tree_free(&ls->tree);
	free(ls);
	t->state[VIEW_LIBRARIES] = NULL;
}

/* The row lit, or -1. */
static long
view_libs_row(const struct tui *t)
{
	return t->tb_sel >= 0 && (size_t)t->tb_sel < t->tb.n ? t->tb.v[t->tb_sel].ref : -1;
}

/* The lines again, row lit, kept on the screen. */
static void
view_libs_show(struct tui *t, size_t row)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];
	size_t h = t->rows > 3 ? (size_t)t->rows - 2 : 1, line = LIB_TREE_HEAD + row;

	tb_clear(&t->tb);
	lib_tree_fill(&ls->tree, &t->tb, &t->vm, t->utf8);
	t->tb_sel = line < t->tb.n ? (long)line : tb_next_ref(&t->tb, 0, 1, 1);
	if (t->tb_sel >= 0 && (size_t)t->tb_sel < t->tb_top)
		t->tb_top = (size_t)t->tb_sel;
	else if (t->tb_sel >= 0 && (size_t)t->tb_sel >= t->tb_top + h)
		t->tb_top = (size_t)t->tb_sel - h + 1;
}

void
view_libs_fill(struct tui *t)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];
	struct lib_tree fresh;
	long row = ls->row;

	lib_tree_build(&fresh, &t->vm, &ls->tree);
	ls->tree = fresh;
	view_libs_show(t, row >= 0 && (size_t)row < ls->tree.nrows ? (size_t)row : 0);
}

int
view_libs_key(struct tui *t, int act, int key)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];
	long row = view_libs_row(t);
	const struct lib_tree_row *r = row >= 0 ? &ls->tree.rows[row] : NULL;
	int act_left;

	switch (act) {
	case ACT_OPEN:
		if (r == NULL)
			return ACT_NONE;
		if (r->group >= 0) {		/* a kernel: in detail */
			ls->row = row;
			t->detail_group = (uint32_t)r->group;
			t->detail_inst = -1;
			return ACT_OPEN;
		}
		view_libs_show(t, lib_tree_set(&ls->tree, (size_t)row, -1));
		return ACT_NONE;
	case ACT_SCROLL_RIGHT:
		if (r != NULL && r->group < 0 && !ls->tree.libs[r->lib].expanded) {
			view_libs_show(t, lib_tree_set(&ls->tree, (size_t)row, 1));
			return ACT_NONE;
		}
		break;
	case ACT_SCROLL_LEFT:
		act_left = r != NULL && t->tb_left == 0 && (r->group >= 0 || ls->tree.libs[r->lib].expanded);
		if (act_left) {
			view_libs_show(t, lib_tree_set(&ls->tree, (size_t)row, 0));
			return ACT_NONE;
		}
		break;
	case ACT_LIBRARY:
		if (r == NULL)
			return ACT_NONE;
		ls->row = row;
		vm_set_lib_filter(&t->vm, ls->tree.libs[r->lib].library);
		vm_select(&t->vm, 0);
		return ACT_SHOW_KERNELS;
	default:
		break;
	}
	act = tui_pager_key(t, act, key);
	ls->row = view_libs_row(t);
	return act;
}
