/* SPDX-License-Identifier: MIT */
/*
 * The Size view: size_tree.c's items in the tree widget, a line each
 * with its bytes, a bar and its share of the line above; Enter or Right
 * expands the row lit, Left collapses it (or goes to the row above it).
 */
#include "config.h"

#include <string.h>

#include "bytes.h"
#include "size_tree.h"
#include "text.h"
#include "tui_int.h"
#include "view_size.h"

#define BAR_WIDTH	20

/* The view's own state: its tree, built when the view first shows. */
struct size_state {
	struct size_tree tree;
	int		 built;
};

const size_t view_size_state_size = sizeof(struct size_state);

static void
bar(char *out, uint64_t part, uint64_t whole)
{
	int fill = whole > 0 ? (int)((part * BAR_WIDTH + whole / 2) / whole) : 0;

	for (int i = 0; i < BAR_WIDTH; i++)
		out[i] = i < fill ? '#' : '.';
	out[BAR_WIDTH] = '\0';
}

/* A node's line: its mark, its label, its bytes, a bar and its share. */
static void
row_line(void *ctx, struct textbuf *tb, uint32_t node)
{
	struct tui *t = ctx;
	const struct size_state *ss = t->state[VIEW_SIZE];
	const struct size_node *n = &ss->tree.nodes[node];
	char b[BAR_WIDTH + 1], size[BYTES_TEXT_MAX], label[1024], what[1024];
	int indent = 2 * ss->tree.tree.nodes[node].depth, width = t->cols - indent - 2 - BAR_WIDTH - 24;

	if (width < 16)
		width = 16;
	bar(b, n->bytes, n->whole);
	bytes_format_as((int64_t)n->bytes, n->bytes >= (1u << 20) ? BYTES_MIB : BYTES_KIB, size, sizeof size);
	size_tree_label(&ss->tree, node, label, sizeof label);
	text_fit(what, sizeof what, label, width, t->utf8 ? "\xe2\x80\xa6" : "~");
	tb_add(tb, n->level == SNODE_LIBRARY ? TB_HEADING : n->level >= SNODE_KERNEL ? TB_DIM : TB_NORMAL,
	    "%*s%s %s%*s %12s [%s] %5.1f%%", indent, "", tree_mark(&ss->tree.tree, node, t->utf8), what,
	    width - text_width(what), "", size, b,
	    n->whole > 0 ? 100.0 * (double)n->bytes / (double)n->whole : 0.0);
}

int
view_size_available(const struct tui *t)
{
	return t->m->nimages > 0;
}

void
view_size_fill(struct tui *t)
{
	struct size_state *ss = t->state[VIEW_SIZE];

	if (!ss->built) {
		size_tree_init(&ss->tree, t->m);
		ss->built = 1;
	}
	tb_add(&t->tb, TB_HEADING, "Where the bytes go: stored bytes by library and arch, code bytes "
	    "by kernel and instantiation; Enter/Right expands, Left collapses");
	tree_fill(&ss->tree.tree, &t->tb, row_line, t);
}

void
view_size_done(struct tui *t)
{
	struct size_state *ss = t->state[VIEW_SIZE];

	if (ss->built)
		size_tree_free(&ss->tree);
}

int
view_size_key(struct tui *t, int act, int key)
{
	struct size_state *ss = t->state[VIEW_SIZE];
	struct tree *tr = &ss->tree.tree;
	long row = tui_tree_row(t);
	uint32_t node;
	const struct tree_node *n;

	if (!ss->built || row < 0 ||
	    (act != ACT_OPEN && act != ACT_SCROLL_RIGHT && act != ACT_SCROLL_LEFT))
		return tui_pager_key(t, act, key);
	node = tr->rows[row];
	n = &tr->nodes[node];
	if (act == ACT_SCROLL_LEFT) {
		if (!tree_expand(tr, node, 0)) {
			if (n->parent == TREE_NONE)
				return ACT_NONE;
			node = n->parent;	/* ncdu: to the row above it */
		}
	} else if (!tree_expand(tr, node, 1) && n->expanded && n->nkids > 0)
		node = n->kid0;	/* open already: to its first row */
	tui_tree_show(t, view_size_fill, tree_row(tr, node));
	return ACT_NONE;
}
