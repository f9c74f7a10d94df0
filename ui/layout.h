/* SPDX-License-Identifier: MIT */
/*
 * Column layout for the browser's tables: plain C, no curses.  Each column
 * asks for a natural width and accepts a minimum; one column (the name)
 * takes what is left.  When the terminal is too narrow, columns go in their
 * drop order (the library first, then numbers from the right) so that the
 * name stays readable.
 */
#ifndef SPILLWAY_LAYOUT_H
#define SPILLWAY_LAYOUT_H

#include <stddef.h>

struct layout_col {
	int	 natural;	/* the width that shows every value */
	int	 min;		/* below this, drop the column */
	int	 flex;		/* takes the space left (one column) */
	int	 drop;		/* 0: never dropped; else lower drops first */
	int	 right;		/* right-aligned (numbers) */
	int	 off;		/* not shown at all (nothing known to show) */
	/* Filled by layout_columns. */
	int	 x, w;
	int	 hidden;
};

/* Places n columns in width terminal columns, gap blanks between them. */
void	layout_columns(struct layout_col *cols, size_t n, int width, int gap);

#endif
