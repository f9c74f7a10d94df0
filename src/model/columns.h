/* SPDX-License-Identifier: MIT */
/*
 * The columns of a function row, described once (htop's Process_fields[]):
 * --list's header and rows (CSV and JSON), its importer, the browser's
 * table and detail view, the baseline diff and the reports' headings all
 * read this table.  Adding a column takes:
 *  - its id in enum column_id below, and its entry in columns[]
 *    (src/model/columns.c), .csv_optional when appended (older lists lack it);
 *  - the code that fills its field in struct func_rec (a reader);
 *  - its property in data/schema/list.schema.json (tests/unit/test_columns.c
 *    holds the schema's keys and types to the table);
 *  - its line in spillway-list(5) (tests/e2e/columns.sh holds the page to
 *    --list's header).
 * A column the browser shows or the baseline compares also takes its
 * place in enum column_browser or enum column_compared: the counts the
 * browser and the diff size their arrays with follow from those.
 */
#ifndef SPILLWAY_COLUMNS_H
#define SPILLWAY_COLUMNS_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* In --list's order: the enum's order is the header's. */
enum column_id {
	COL_LIBRARY, COL_MEMBER, COL_SM, COL_KIND, COL_MANGLED, COL_NAME, COL_COLLAPSED,
	COL_NAMESPACE, COL_REG, COL_STACK, COL_SHARED, COL_LOCAL, COL_CONSTANT, COL_TEXTURE,
	COL_SURFACE, COL_SAMPLER, COL_MAX_THREADS, COL_MIN_BLOCKS, COL_SPILL_STORES,
	COL_SPILL_LOADS, COL_VISIBILITY,
	COL_CODE_BYTES,
	/* whether a kernel launches, and where */
	COL_MAX_BLOCK,
	/* AMDGPU code objects' own figures */
	COL_AGPR, COL_SGPR, COL_VGPR_SPILL, COL_SGPR_SPILL, COL_WAVEFRONT,
	NCOLUMNS
};

/* The browser's table, left to right: a column's .tui is its place
 * there (BROWSER_NONE: not shown). */
enum column_browser {
	BROWSER_NONE,
	BROWSER_REG, BROWSER_STACK, BROWSER_LOCAL, BROWSER_SHARED, BROWSER_SPILL_STORES,
	BROWSER_CODE_BYTES,
	BROWSER_END
};
#define COLUMNS_BROWSER		(BROWSER_END - 1)	/* columns the browser shows */

/* The baseline diff's fields, in its order: a column's .diff is its place
 * there (COMPARED_NONE: not compared). */
enum column_compared {
	COMPARED_NONE,
	COMPARED_REG, COMPARED_STACK, COMPARED_SPILL_STORES, COMPARED_SPILL_LOADS,
	COMPARED_SHARED, COMPARED_LOCAL,
	COMPARED_END
};
#define COLUMNS_COMPARED	(COMPARED_END - 1)	/* columns the diff compares */

/* What a value is, for the faces that format, align and sort it. */
enum column_kind {
	COLUMN_TEXT,	/* a name or a word */
	COLUMN_NUMBER,	/* an int32_t, UNKNOWN (-1) when not known */
	COLUMN_BANKS,	/* constant banks, "bank:bytes" pairs: "0:536 2:52" */
};

/* Where the value lives, and how it is stored there. */
enum column_record { IN_IMAGE, IN_FUNC };	/* struct image_rec, struct func_rec */
enum column_store {
	STORE_STRING,	/* const char * (interned) */
	STORE_CHARS,	/* a char array in the record */
	STORE_CODE,	/* uint8_t, spelled by .codes[] */
	STORE_INT32,	/* int32_t */
};

/* How the browser colours a value above zero. */
enum column_mark { MARK_PLAIN, MARK_WARN, MARK_BAD };

struct column {
	const char	*name;		/* --list header, --max-growth key */
	const char	*title;		/* the browser's and the detail view's heading */
	const char	*heading;	/* the reports' heading: words, then the unit */
	const char	*unit;		/* "B" for bytes, "" for a count */
	int		 unit_bytes;	/* bytes one unit stands for (a register: 4), 0 none */
	enum column_kind kind;
	enum column_record record;
	enum column_store store;
	size_t		 offset;	/* of the value in its record */
	const char *const *codes;	/* STORE_CODE: each code's spelling */
	size_t		 ncodes;
	int		 csv_optional;	/* a --list read back may lack it (older lists) */
	int		 sort_desc;	/* a spill hunter wants the largest first */
	int		 tui;		/* place in the browser's table: enum column_browser */
	enum column_mark mark;
	int		 diff;		/* place in the baseline diff: enum column_compared */
	size_t		 group_offset;	/* diff: of its int32_t maximum in struct kgroup */
	const char	*description;	/* one line, as the man page's --list says it */
};

extern const struct column columns[NCOLUMNS];

/* The function kinds as --list spells them, by enum func_kind. */
extern const char *const func_kind_names[2];

/* A number column's value for f: UNKNOWN when not known (or not a number). */
int32_t		 column_value(const struct column *, const struct func_rec *f);
/* A text or banks column's text for f of img. */
const char	*column_text(const struct column *, const struct image_rec *img,
		    const struct func_rec *f);
/* The column named name, NULL when none. */
const struct column *column_named(const char *name);
/* The number column named name, NULL when none (what --max-growth takes). */
const struct column *column_find(const char *name);
/* The column at position pos (from 1) of the browser's table, of the
 * baseline diff; NULL past the last. */
const struct column *column_tui(int pos);
const struct column *column_diff(int pos);
enum column_id	 column_id(const struct column *);

#endif
