/*
 * GitHub-flavoured Markdown.  Names go in code spans with every '|'
 * escaped (GFM splits table rows before it parses code spans) and a fence
 * longer than any run of backticks in the name.  With a byte budget the
 * tables keep their first rows (the most important: the sections sort
 * them so) and end in an "…and N more" line; a table is never cut.
 */
#ifndef SPILLWAY_MD_H
#define SPILLWAY_MD_H

#include <stdint.h>
#include <stdio.h>

#include "rdoc.h"

/* The default --max-bytes: a pull-request body holds 65,536 characters. */
#define MD_DEFAULT_MAX_BYTES 65536

/* top: rows shown before the rest fold into <details> (0: no fold);
 * max_bytes < 0: no limit. */
void	md_write(FILE *, const struct rdoc *, int top, int64_t max_bytes);
/* One table cell as Markdown. */
void	md_cell(FILE *, const char *s, int flags);

#endif
