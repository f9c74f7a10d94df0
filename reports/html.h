/* SPDX-License-Identifier: MIT */
/*
 * HTML: the Markdown report rendered by libcmark-gfm with its table
 * extension, in one self-contained page: a title, a table of contents
 * linking an anchor per section, light and dark styles, and a script that
 * sorts a table by the column clicked, filters its rows and shows the
 * first HTML_ROW_LIMIT of them with the rest one click away.
 */
#ifndef SPILLWAY_HTML_H
#define SPILLWAY_HTML_H

#include <stdint.h>
#include <stdio.h>

#include "rdoc.h"

/* Rows a table shows before its "Show all" button (the page's data-row-limit). */
#define HTML_ROW_LIMIT	200

/*
 * The page's Markdown when --max-bytes is not given: 1 MiB, a page of
 * about 2.7 MB with some 5,000 rows in each of two big tables.  A build of
 * 400,000 rows made a page of 200 MB that no browser opens; its reader
 * wants the worst kernels (each table sorts them first), sortable and
 * filtered at once, and every row in a spreadsheet or a script: each cut
 * table ends in a line that says how many rows more there are and that
 * --report=csv lists them all.
 */
#define HTML_DEFAULT_MAX_BYTES	((int64_t)1 << 20)

/* max_bytes < 0: HTML_DEFAULT_MAX_BYTES.  Returns 0, or -1 when
 * libcmark-gfm failed. */
int	html_write(FILE *, const struct rdoc *, int top, int64_t max_bytes);
/* Markdown text to an HTML fragment (malloc'd), tables enabled; NULL on failure. */
char	*html_from_markdown(const char *md, size_t len);

#endif
