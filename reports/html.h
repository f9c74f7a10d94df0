/*
 * HTML: the Markdown report rendered by libcmark-gfm with its table
 * extension, in one self-contained page (inline stylesheet, and a few
 * lines of script that sort a table by the column clicked).
 */
#ifndef SPILLWAY_HTML_H
#define SPILLWAY_HTML_H

#include <stdint.h>
#include <stdio.h>

#include "rdoc.h"

/* Returns 0, or -1 when libcmark-gfm failed. */
int	html_write(FILE *, const struct rdoc *, int top, int64_t max_bytes);
/* Markdown text to an HTML fragment (malloc'd), tables enabled; NULL on failure. */
char	*html_from_markdown(const char *md, size_t len);

#endif
