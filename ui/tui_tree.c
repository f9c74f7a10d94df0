/* SPDX-License-Identifier: MIT */
/*
 * The tree widget's cursor: a tree view's lines are the pager's, each
 * row's line with the row as its ref (tree_fill), so the row lit is the
 * line lit, kept on the screen when the rows change.
 */
#include "config.h"

#include "tui_int.h"

long
tui_tree_row(const struct tui *t)
{
	return t->tb_sel >= 0 && (size_t)t->tb_sel < t->tb.n ? t->tb.v[t->tb_sel].ref : -1;
}

void
tui_tree_show(struct tui *t, void (*fill)(struct tui *), long row)
{
	long line = -1;

	tb_clear(&t->tb);
	fill(t);
	for (size_t i = 0; row >= 0 && i < t->tb.n && line < 0; i++)
		if (t->tb.v[i].ref == row)
			line = (long)i;
	tui_pager_light(t, line >= 0 ? line : tb_next_ref(&t->tb, 0, 1, 1));
}
