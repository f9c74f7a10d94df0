/* SPDX-License-Identifier: MIT */
/*
 * The Libraries view's tree, as ncdu has it: one row per library (its
 * kernels, their instantiations, the worst REG and STACK among them), the
 * most kernels first; an expanded library shows its kernels under it,
 * the worst STACK first.  Its items in the tree widget (tree.h): node l
 * below nlibs is libs[l], node nlibs + k is kernels[k].  Plain C over the
 * view-model: the lines are tested without a terminal.
 */
#ifndef SPILLWAY_LIB_TREE_H
#define SPILLWAY_LIB_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "textbuf.h"
#include "tree.h"
#include "viewmodel.h"

#define LIB_TREE_HEAD	2	/* lines above the first row */

struct lib_tree_lib {
	const char	*library;	/* interned: the same pointer as the groups' */
	uint32_t	 first, n;	/* its kernels: lib_tree.kernels[first, first + n) */
	size_t		 insts;
	int32_t		 reg, stack;	/* the worst of its kernels, -1 when none is known */
};

struct lib_tree {
	struct lib_tree_lib	*libs;
	size_t			 nlibs;
	uint32_t		*kernels;	/* vm groups, by library (libs' order), the worst first */
	size_t			 nkernels;
	struct tree		 tree;		/* its rows: the libraries, the expanded ones' kernels */
};

/* Builds the tree of vm's entry kernels, their figures on the side shown;
 * libraries expanded in old (or NULL) stay so.  Frees old. */
void	lib_tree_build(struct lib_tree *, const struct viewmodel *, struct lib_tree *old);
/* The lines: a heading, the column titles, then one per row (ref: the
 * row's index).  utf8: the tree drawn with ▸ ▾ ├ └, else + - |. */
void	lib_tree_fill(const struct lib_tree *, struct textbuf *, const struct viewmodel *, int utf8);
/* Opens (1), closes (0) or toggles (-1) the library of row; returns the
 * row of the library, whose place in the rows stays. */
size_t	lib_tree_set(struct lib_tree *, size_t row, int open);
/* The library of a node, and the vm group of a kernel's (-1: a library). */
uint32_t lib_tree_lib(const struct lib_tree *, uint32_t node);
int64_t	lib_tree_group(const struct lib_tree *, uint32_t node);
void	lib_tree_free(struct lib_tree *);

#endif
