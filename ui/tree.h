/* SPDX-License-Identifier: MIT */
/*
 * The browser's tree widget (tmux's mode-tree): nodes under nodes, which
 * expand and collapse, the rows they leave shown, and the marks each row
 * is drawn with.  A view gives only its items: it adds a node per item
 * and keeps what the node stands for beside it, at the same index; the
 * widget keeps the shape.  Plain C, no curses (tests/unit/test_tui2.c,
 * tests/unit/test_viewmodel.c); tui_tree.c lights its rows on the screen.
 */
#ifndef SPILLWAY_TREE_H
#define SPILLWAY_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "textbuf.h"

#define TREE_NONE	UINT32_MAX	/* the parent of a node at the top */

struct tree_node {
	uint32_t	 parent;	/* TREE_NONE at the top */
	uint32_t	 kid0, nkids;	/* its kids: nodes[kid0, kid0 + nkids) */
	uint8_t		 depth;		/* 0 at the top */
	uint8_t		 expanded;
};

struct tree {
	struct tree_node *nodes;	/* the top level first, each node's kids together */
	size_t		  n, cap;
	size_t		  ntop;
	uint32_t	 *rows;		/* the nodes shown, in order: the top level
					 * and, under an expanded node, its kids */
	size_t		  nrows;
};

/* Adds a node under parent (TREE_NONE: at the top) and returns its index,
 * which is n before the call.  Every node at the top comes before any
 * kid, and a node's kids one after the other. */
uint32_t tree_add(struct tree *, uint32_t parent);
/* The rows again, after nodes were added or expanded in place. */
void	tree_rows(struct tree *);
/* Opens (1), closes (0) or toggles (-1) node; the rows follow.  0 when
 * nothing changed (a node without kids, or one already so). */
int	tree_expand(struct tree *, uint32_t node, int open);
/* The row that shows node, -1 when none does. */
long	tree_row(const struct tree *, uint32_t node);
/* What a row starts with: its node open or closed, or (no kids) a space;
 * utf8: ▾ ▸, else - +. */
const char *tree_mark(const struct tree *, uint32_t node, int utf8);
/* What joins a kid to its parent: the last kid's corner, the others' tee;
 * utf8: └ ├, else ` |. */
const char *tree_branch(const struct tree *, uint32_t node, int utf8);
/* A line per row, by the view's line(ctx, tb, node), each with the row
 * (from 0) as its ref. */
void	tree_fill(const struct tree *, struct textbuf *,
	    void (*line)(void *ctx, struct textbuf *, uint32_t node), void *ctx);
void	tree_free(struct tree *);

#endif
