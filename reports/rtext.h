/* SPDX-License-Identifier: MIT */
/*
 * Plain text for a terminal or a pager: what the browser's Diff view
 * shows.  No markup: a heading is a line of its own, a paragraph is one
 * line (RD_CODE and RD_END dropped: code is shown as it is), a table is a
 * line of column titles and one line per row with every column aligned
 * (numbers to the right), two spaces between columns, indented by two.
 * An unknown cell is "—" as in Markdown; CSV-only columns are left out.
 * Names are escaped as every face escapes them (escape.h).
 */
#ifndef SPILLWAY_RTEXT_H
#define SPILLWAY_RTEXT_H

#include <stdio.h>

#include "rdoc.h"

/* What a line is, so that a caller may show each kind its own way. */
enum rtext_kind {
	RT_BLANK,	/* between blocks */
	RT_HEADING,
	RT_PARA,	/* a whole paragraph, unwrapped */
	RT_COLUMNS,	/* a table's column titles */
	RT_ROW,		/* a table's row */
};

/* Called once per line, without its newline. */
typedef void rtext_sink(void *ctx, int kind, const char *line);

void	rtext_render(const struct rdoc *, rtext_sink *, void *ctx);
/* The same lines written to f, each ending in a newline. */
void	rtext_write(FILE *, const struct rdoc *);

#endif
