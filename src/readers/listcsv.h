/* SPDX-License-Identifier: MIT */
/*
 * --list: the model as RFC 4180 CSV, and the same CSV read back as an
 * input, so that scans made on several machines merge into one view.
 */
#ifndef SPILLWAY_LISTCSV_H
#define SPILLWAY_LISTCSV_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "model.h"

void	listcsv_write_funcs(FILE *, const struct model *);
/* The same in two steps, so that rows can be written as a scan gathers them. */
void	listcsv_write_header(FILE *);
void	listcsv_write_rows(FILE *, const struct model *, size_t first, size_t n);
/* Rows of one image as CSV text (malloc'd, *len bytes, NULL when n is 0);
 * safe to call from scan workers. */
char	*listcsv_format_rows(const struct image_rec *, const struct func_rec *rows, size_t n,
	    size_t *len);
void	listcsv_write_images(FILE *, const struct model *);
/* One CSV field, quoted only when it must be. */
void	listcsv_field(FILE *, const char *s, int last);

/* Whether data starts with the --list header (after a UTF-8 byte-order mark). */
int	listcsv_is_list(const uint8_t *data, size_t size);
/*
 * Whether sm names SASS as the scan writes it: "sm_" and a 32-bit number
 * without leading zeros, then "a" or "f" or nothing.  --list rows and the
 * allowance table read only these, so that what one writes the other reads.
 */
int	listcsv_sm_valid(const char *sm);
/*
 * Reads a --list CSV: images go into the model, rows into *rows (malloc'd,
 * in file order) for the caller to add.  Returns the number of rows, or -1
 * after adding diagnostics "line N: what": a bad header (no rows are read),
 * each bad row (the rows after it are read; past the first ten they are
 * counted in one message), a quote left open at the end, or a last line
 * without a newline (a file cut short: that line is not read).
 */
int	listcsv_import(const uint8_t *data, size_t size, const char *file,
	    struct model *, struct func_rec **rows, size_t *nrows,
	    struct diag_list *, uint64_t order);

#endif
