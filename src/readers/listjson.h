/* SPDX-License-Identifier: MIT */
/*
 * --list --format=json: the rows of --list as JSON Lines, one object per
 * (function, sm) row, keyed by the column table's names (columns.h):
 * numbers as numbers, unknown as null.
 */
#ifndef SPILLWAY_LISTJSON_H
#define SPILLWAY_LISTJSON_H

#include <stddef.h>

#include "model.h"

/* Rows of one image as JSON Lines (malloc'd, *len bytes, NULL when n is 0);
 * safe to call from scan workers, as listcsv_format_rows. */
char	*listjson_format_rows(const struct image_rec *, const struct func_rec *rows, size_t n,
	    size_t *len);

#endif
