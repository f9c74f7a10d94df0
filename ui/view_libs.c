/* SPDX-License-Identifier: MIT */
/*
 * The Libraries view: the library -> kernel tree (lib_tree.h, its items
 * in the tree widget) in the pager, opened and closed in place.  Enter,
 * Right open a library (Enter on a kernel shows it in detail), Left
 * closes it, L shows its kernels in the table.
 */
#include "config.h"

#include "lib_tree.h"
#include "tui_int.h"

/* The view's own state: its tree, and the row lit while another view
 * shows (the table after L, a kernel's detail), lit again on return. */
struct libs_state {
	struct lib_tree	 tree;
	long		 row;
};

const size_t view_libs_state_size = sizeof(struct libs_state);

void
view_libs_done(struct tui *t)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];

	lib_tree_free(&ls->tree);
}

/* The tree's lines, for tui_tree_show. */
static void
view_libs_lines(struct tui *t)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];

	lib_tree_fill(&ls->tree, &t->tb, &t->vm, t->utf8);
}

void
view_libs_fill(struct tui *t)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];
	struct lib_tree fresh;
	long row = ls->row;

	lib_tree_build(&fresh, &t->vm, &ls->tree);
	ls->tree = fresh;
	tui_tree_show(t, view_libs_lines, row >= 0 && (size_t)row < ls->tree.tree.nrows ? row : 0);
}

int
view_libs_key(struct tui *t, int act, int key)
{
	struct libs_state *ls = t->state[VIEW_LIBRARIES];
	struct tree *tr = &ls->tree.tree;
	long row = tui_tree_row(t);
	uint32_t node = row >= 0 ? tr->rows[row] : TREE_NONE;
	int64_t group = row >= 0 ? lib_tree_group(&ls->tree, node) : -1;
	int act_left;

	switch (act) {
	case ACT_OPEN:
		if (row < 0)
			return ACT_NONE;
		if (group >= 0) {		/* a kernel: in detail */
			ls->row = row;
			t->detail_group = (uint32_t)group;
			t->detail_inst = -1;
			return ACT_OPEN;
		}
		tui_tree_show(t, view_libs_lines, (long)lib_tree_set(&ls->tree, (size_t)row, -1));
		return ACT_NONE;
	case ACT_SCROLL_RIGHT:
		if (row >= 0 && group < 0 && !tr->nodes[node].expanded) {
			tui_tree_show(t, view_libs_lines, (long)lib_tree_set(&ls->tree, (size_t)row, 1));
			return ACT_NONE;
		}
		break;
	case ACT_SCROLL_LEFT:
		act_left = row >= 0 && t->tb_left == 0 && (group >= 0 || tr->nodes[node].expanded);
		if (act_left) {
			tui_tree_show(t, view_libs_lines, (long)lib_tree_set(&ls->tree, (size_t)row, 0));
			return ACT_NONE;
		}
		break;
	case ACT_LIBRARY:
		if (row < 0)
			return ACT_NONE;
		ls->row = row;
		vm_set_lib_filter(&t->vm, ls->tree.libs[lib_tree_lib(&ls->tree, node)].library);
		vm_select(&t->vm, 0);
		return ACT_SHOW_KERNELS;
	default:
		break;
	}
	act = tui_pager_key(t, act, key);
	ls->row = tui_tree_row(t);
	return act;
}
