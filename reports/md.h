/* SPDX-License-Identifier: MIT */
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
/*
 * The same Markdown a piece at a time, for a reader that holds one piece
 * at once (the HTML report: libcmark-gfm's tree of a piece is many times
 * its text).  Each piece is whole blocks, but a table of more than
 * MD_PIECE_ROWS rows is cut: the piece before a cut has MD_PIECE_CONTINUES
 * (its last table goes on), the one after MD_PIECE_CONTINUED (it starts
 * with that table's heading rows again, then its next rows).  Joined
 * without the repeated headings, the pieces are md_write's text.
 */
#define MD_PIECE_ROWS		1024
#define MD_PIECE_CONTINUES	1
#define MD_PIECE_CONTINUED	2
typedef void (*md_piece_fn)(void *arg, const char *md, size_t len, int flags);
void	md_pieces(const struct rdoc *, int top, int64_t max_bytes, md_piece_fn, void *arg);
/* One table cell as Markdown. */
void	md_cell(FILE *, const char *s, int flags);

#endif
