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

/* Returns 0, or -1 when libcmark-gfm failed. */
int	html_write(FILE *, const struct rdoc *, int top, int64_t max_bytes);
/* Markdown text to an HTML fragment (malloc'd), tables enabled; NULL on failure. */
char	*html_from_markdown(const char *md, size_t len);

#endif
