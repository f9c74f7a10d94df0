/* SPDX-License-Identifier: MIT */
/*
 * The allowance table (--allow=FILE): CSV with a header, '#' comment lines,
 * one row per (collapsed kernel name, sm): kernel,sm,stack,local,note.
 * A row allows the kernel, on that sm, a stack frame and local memory of at
 * most that many bytes; every instantiation of a template kernel shares it.
 *
 * The table keeps what it was read from (comment lines, blank lines, each
 * row's text), so that --update-allow rewrites only the rows whose numbers
 * change and leaves notes and comments where the author put them.
 */
#ifndef SPILLWAY_ALLOW_H
#define SPILLWAY_ALLOW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Optional columns after the note, for --launchable: ALLOW_BLOCK, the
 * most threads a block of the kernel is launched with, which accepts it
 * for --launchable when its registers allow that many; ALLOW_DYNAMIC, the
 * dynamic shared memory it is launched with, which --launchable adds to
 * its static shared memory. */
/*
 * A stack allowance of "unbounded": the kernel's stack has no bound the
 * binary can give (recursion, or a chain the device link settles), and
 * the table's author accepts that, saying why in the note, which such a
 * row must have.  Held as the largest stack, so that every bounded figure
 * is within it.
 */
#define ALLOW_UNBOUNDED		INT32_MAX
#define ALLOW_UNBOUNDED_WORD	"unbounded"

enum allow_col { ALLOW_KERNEL, ALLOW_SM, ALLOW_STACK, ALLOW_LOCAL, ALLOW_NOTE, ALLOW_BLOCK,
	ALLOW_DYNAMIC, ALLOW_NCOLS };

struct allow_row {
	char		*kernel;	/* collapsed name */
	char		 sm[16];	/* "sm_86", "sm_90a" */
	int32_t		 stack, local;
	char		*note;
	int32_t		 block;		/* --launchable: -1 when not given */
	int32_t		 dynamic;	/* --launchable: bytes, -1 when not given */
	size_t		 line;		/* where it starts in the file, 0 for a new row */
	char		*text;		/* the record as read (newline included), NULL when new */
	int		 removed;	/* --update-allow drops it */
	/* Filled by the judge: the maxima over the gated entries it matches. */
	int		 seen;
	int32_t		 max_stack, max_local;
};

/* What the file held, in order: verbatim text (comments, blank lines, the
 * header) or a row. */
struct allow_item {
	int		 row;		/* index into rows, or -1 for text */
	char		*text;
};

struct allow_table {
	char			*file;
	struct allow_row	*rows;
	size_t			 nrows, caprows;
	struct allow_item	*items;
	size_t			 nitems, capitems;
	int			 cols[ALLOW_NCOLS];	/* field id of each column */
	size_t			 ncols;		/* 0: no header read yet */
	size_t			*index;		/* rows sorted by kernel, sm */
	size_t			 nindex;
	int			 stream;	/* read from a pipe or "-": cannot be written back */
};

#define ALLOW_MISSING	1	/* allow_read: the file does not exist */
/*
 * What a table may hold, so that reading it stays within the run's 256 MiB
 * (a row costs about 300 bytes besides its text, held twice: as read and as
 * fields) and linear: a record (a row, its quoted fields over any number of
 * lines) of 1 MiB, 200,000 rows, 16 MiB in all.  A table of every kernel of
 * CUDA's libraries on four sms is a tenth of that; past a bound the table
 * is refused, with the line where it went past, and --check exits 2.
 */
#define ALLOW_FILE_MAX		(16u << 20)
#define ALLOW_FILE_MAX_TEXT	"16 MiB"
#define ALLOW_RECORD_MAX	(1u << 20)
#define ALLOW_RECORD_MAX_TEXT	"1 MiB"
#define ALLOW_ROWS_MAX		200000

/* An empty table for file (no header yet: allow_write writes one). */
void	allow_init(struct allow_table *, const char *file);
/*
 * Reads file: a regular file, or a stream ("-", a pipe, a FIFO: read to its
 * end; one with no writer reads as empty, which is no table).  Returns 0,
 * ALLOW_MISSING when it does not exist (the table is then empty), or -1
 * with "FILE:LINE: what is wrong" or "FILE: why it cannot be read" in err.
 * A table is text (a NUL byte is damage) with a header; a row's sm is one
 * allow_sm_normalize accepts, stack and local are digits up to INT32_MAX.
 */
int	allow_read(struct allow_table *, const char *file, char *err, size_t errlen);
/* The same on bytes in memory; file names them in messages. */
int	allow_parse(struct allow_table *, const char *file, const char *data, size_t len,
	    char *err, size_t errlen);
/* The row for (kernel, sm), or NULL: among the rows read and those added
 * before the last allow_index. */
struct allow_row *allow_find(const struct allow_table *, const char *kernel, const char *sm);
/*
 * Adds a row (no text: it is written from its fields).  Returns its index.
 * allow_find sees it once allow_index has sorted the rows again: adding n
 * rows and then indexing once is n log n, where sorting after each row
 * was quadratic (20,000 new rows: 14 s).
 */
size_t	allow_add(struct allow_table *, const char *kernel, const char *sm,
	    int32_t stack, int32_t local, const char *note);
void	allow_index(struct allow_table *);
/* Writes the table: read rows as they were unless changed, new rows after. */
void	allow_write(const struct allow_table *, FILE *);
/* Writes the row from its fields, in the table's column order. */
void	allow_write_row(const struct allow_table *, const struct allow_row *, FILE *);
void	allow_free(struct allow_table *);

/* "86", "sm_86", "sm_90a" -> "sm_86", "sm_90a": the sms --list writes
 * (listcsv_sm_valid), "sm_" optional; -1 when it is no sm. */
/* A stack as the table writes it: bytes, or ALLOW_UNBOUNDED_WORD. */
const char *allow_stack_text(int32_t stack, char *buf, size_t size);
int	allow_sm_normalize(const char *in, char *out, size_t outlen);

#endif
