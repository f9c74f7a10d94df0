/* SPDX-License-Identifier: MIT */
/*
 * The Libraries view's tree, as ncdu has it: one row per library (its
 * kernels, their instantiations, the worst REG and STACK among them), the
 * most kernels first; an expanded library shows its kernels under it,
 * the worst STACK first.  Plain C over the view-model: the lines are
 * tested without a terminal.
 */
#ifndef SPILLWAY_LIBTREE_H
#define SPILLWAY_LIBTREE_H

#include <stddef.h>
#include <stdint.h>

#include "textbuf.h"
#include "viewmodel.h"

#define LIBTREE_HEAD	2	/* lines above the first row */

struct libtree_lib {
	const char	*library;	/* interned: the same pointer as the groups' */
	uint32_t	 first, n;	/* its kernels: libtree.kernels[first, first + n) */
	size_t		 insts;
	int32_t		 reg, stack;	/* the worst of its kernels, -1 when none is known */
	int		 expanded;
};

/* A row shown: a library, or (group >= 0) one of its kernels. */
struct libtree_row {
	uint32_t	 lib;
	int64_t		 group;		/* a vm group, -1: the library's own row */
};

struct libtree {
	struct libtree_lib	*libs;
	size_t			 nlibs;
	uint32_t		*kernels;	/* vm groups, by library, the worst first */
	size_t			 nkernels;
	struct libtree_row	*rows;		/* as shown, the libraries' expanded */
	size_t			 nrows;
};

/* Builds the tree of vm's entry kernels, their figures on the side shown;
 * libraries expanded in old (or NULL) stay so.  Frees old. */
void	libtree_build(struct libtree *, const struct viewmodel *, struct libtree *old);
/* The lines: a heading, the column titles, then one per row (ref: the
 * row's index).  utf8: the tree drawn with ▸ ▾ ├ └, else + - |. */
void	libtree_fill(const struct libtree *, struct textbuf *, const struct viewmodel *, int utf8);
/* Opens (1), closes (0) or toggles (-1) the library of row; returns the
 * row of the library, whose place in the rows stays. */
size_t	libtree_set(struct libtree *, size_t row, int open);
void	libtree_free(struct libtree *);

#endif
