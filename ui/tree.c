/* SPDX-License-Identifier: MIT */
/*
 * The tree widget's shape: nodes, rows, expansion, marks (tree.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tree.h"
#include "xalloc.h"

uint32_t
tree_add(struct tree *tr, uint32_t parent)
{
	struct tree_node *n;

	if (tr->n == tr->cap) {
		tr->cap = tr->cap ? 2 * tr->cap : 64;
		tr->nodes = xreallocarray(tr->nodes, tr->cap, sizeof *tr->nodes);
	}
	n = &tr->nodes[tr->n];
	memset(n, 0, sizeof *n);
	n->parent = parent;
	if (parent == TREE_NONE)
		tr->ntop++;
	else {
		struct tree_node *p = &tr->nodes[parent];

		if (p->nkids == 0)
			p->kid0 = (uint32_t)tr->n;
		p->nkids++;
		n->depth = (uint8_t)(p->depth + 1);
	}
	return (uint32_t)tr->n++;
}

/* The row of node, and under it, when expanded, those of its kids. */
static void
tree_rows_under(struct tree *tr, uint32_t node)
{
	const struct tree_node *n = &tr->nodes[node];

	tr->rows[tr->nrows++] = node;
	if (n->expanded)
		for (uint32_t k = 0; k < n->nkids; k++)
			tree_rows_under(tr, n->kid0 + k);
}

void
tree_rows(struct tree *tr)
{
	free(tr->rows);
	tr->rows = xcalloc(tr->n + 1, sizeof *tr->rows);
	tr->nrows = 0;
	for (size_t i = 0; i < tr->ntop; i++)
		tree_rows_under(tr, (uint32_t)i);
}

int
tree_expand(struct tree *tr, uint32_t node, int open)
{
	struct tree_node *n;
	int to;

	if (node >= tr->n)
		return 0;
	n = &tr->nodes[node];
	to = open < 0 ? !n->expanded : open != 0;
	if (n->nkids == 0 || n->expanded == to)
		return 0;
	n->expanded = (uint8_t)to;
	tree_rows(tr);
	return 1;
}

long
tree_row(const struct tree *tr, uint32_t node)
{
	for (size_t r = 0; r < tr->nrows; r++)
		if (tr->rows[r] == node)
			return (long)r;
	return -1;
}

const char *
tree_mark(const struct tree *tr, uint32_t node, int utf8)
{
	const struct tree_node *n = &tr->nodes[node];

	if (n->nkids == 0)
		return " ";
	if (n->expanded)
		return utf8 ? "\xe2\x96\xbe" : "-";
	return utf8 ? "\xe2\x96\xb8" : "+";
}

const char *
tree_branch(const struct tree *tr, uint32_t node, int utf8)
{
	const struct tree_node *n = &tr->nodes[node];
	int last = n->parent == TREE_NONE ||
	    node + 1 == tr->nodes[n->parent].kid0 + tr->nodes[n->parent].nkids;

	if (last)
		return utf8 ? "\xe2\x94\x94" : "`";
	return utf8 ? "\xe2\x94\x9c" : "|";
}

void
tree_fill(const struct tree *tr, struct textbuf *tb,
    void (*line)(void *ctx, struct textbuf *, uint32_t node), void *ctx)
{
	for (size_t r = 0; r < tr->nrows; r++) {
		line(ctx, tb, tr->rows[r]);
		tb_set_ref(tb, (long)r);
	}
}

void
tree_free(struct tree *tr)
{
	free(tr->nodes);
	free(tr->rows);
	memset(tr, 0, sizeof *tr);
}
