/*
 * The resource columns, described once.  --list, the reports and the
 * browser all read this table; adding a column is one line here.
 */
#ifndef SPILLWAY_COLUMNS_H
#define SPILLWAY_COLUMNS_H

#include <stddef.h>

#include "model.h"

struct column {
	const char	*name;		/* CSV header and --sort key */
	const char	*title;		/* short heading for tables and the TUI */
	const char	*unit;		/* "B", "" */
	int		 sort_desc;	/* a spill hunter wants the largest first */
	size_t		 offset;	/* of the int32_t in struct func_rec */
	const char	*description;
};

extern const struct column columns[];
extern const size_t ncolumns;

/* The column's value for f: -1 when unknown. */
int32_t		 column_value(const struct column *, const struct func_rec *f);
const struct column *column_find(const char *name);

#endif
