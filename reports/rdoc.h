/* SPDX-License-Identifier: MIT */
/*
 * A report as a list of blocks (headings, paragraphs, tables), built once
 * and written by each format.  Cells hold plain text; an empty cell means
 * unknown (Markdown shows it as "—", CSV leaves it empty).  In paragraphs,
 * RD_CODE ... RD_END marks text shown as code.
 */
#ifndef SPILLWAY_RDOC_H
#define SPILLWAY_RDOC_H

#include <stddef.h>
#include <stdint.h>

#define RD_CODE	"\001"
#define RD_END	"\002"

enum {
	RC_TEXT = 0,
	RC_CODE = 1,		/* shown in a code span */
	RC_NUM = 2,		/* right-aligned */
	RC_MD_ONLY = 4,		/* not written to CSV */
	RC_CSV_ONLY = 8,	/* not written to Markdown or HTML */
};

struct rcell_block;

struct rtable {
	char		**cols;
	uint8_t		 *flags;
	size_t		  ncols;
	const char	**cells;	/* kept rows * ncols, in text */
	size_t		  nrows, caprows, filled;	/* rows and cells counted */
	/* Cells kept: past keep rows, a row is counted, not kept (the
	 * rdoc's keep_bytes; 0: every row kept). */
	size_t		  stored, keep;
	size_t		  keep_bytes;
	/* The cells' text, one after another in blocks: a cell is a few
	 * bytes, and a malloc'd string of its own cost 32 and more (500,000
	 * kernels' tables: 430 MB). */
	struct rcell_block *text;
};

enum { RB_HEADING, RB_PARA, RB_TABLE };

struct rblock {
	int		 kind;
	const char	*section;	/* "summary", "spills", ... */
	char		*text;
	struct rtable	*table;
};

struct rdoc {
	struct rblock	*v;
	size_t		 n, cap;
	/* Set before the first table: the Markdown budget its writer holds
	 * to (0: none, every row kept).  A table keeps only the rows that
	 * could fit it, as each Markdown row takes at least RDOC_ROW_BYTES,
	 * and counts the others for its "…and N more rows" line: 500,000
	 * kernels' tables held every row for a page that shows 5,000. */
	size_t		 keep_bytes;
};

/* The fewest bytes a Markdown table row of ncols shown columns takes:
 * "|", then " " + a cell of one byte at least + " |" each, then "\n". */
#define RDOC_ROW_BYTES(ncols)	(2 + 3 * (size_t)(ncols))

void	rdoc_heading(struct rdoc *, const char *section, const char *text);
void	rdoc_para(struct rdoc *, const char *section, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* A table; columns are added with rtable_col before the first cell. */
struct rtable *rdoc_table(struct rdoc *, const char *section);
void	rtable_col(struct rtable *, const char *name, int flags);
/* Appends one cell (rows fill left to right); fmt NULL: an unknown cell. */
void	rtable_cell(struct rtable *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	rtable_num(struct rtable *, int64_t v);	/* < 0: unknown */
const char *rtable_at(const struct rtable *, size_t row, size_t col);
/* The rows kept, those rtable_at gives: nrows unless keep_bytes cut it. */
size_t	rtable_kept(const struct rtable *);
void	rdoc_free(struct rdoc *);

#endif
