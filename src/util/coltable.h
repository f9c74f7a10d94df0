/* SPDX-License-Identifier: MIT */
/*
 * A table of text for people at a terminal, or for awk and cut down a
 * pipe: cells gathered row by row, then written either with each column
 * padded to its widest cell (display width, text.h), two spaces between
 * columns, numbers right-aligned; or with one TAB between cells, as
 * before, where the reader is a program.  Cells that hold names are
 * escaped (escape.h), so no byte of a name moves a column.
 */
#ifndef SPILLWAY_COLTABLE_H
#define SPILLWAY_COLTABLE_H

#include <stddef.h>
#include <stdio.h>

struct coltable {
	size_t		  ncols;
	unsigned	  right;	/* bit c: column c is right-aligned */
	char		**cells;	/* row-major, ncols a row */
	size_t		  n, cap;	/* cells */
};

/* right: a bit per right-aligned column (a number's). */
void	coltable_init(struct coltable *, size_t ncols, unsigned right);
/* The next cell, from a format; the next row begins after ncols cells. */
void	coltable_add(struct coltable *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* The next cell, a name from a log or a file, escaped. */
void	coltable_add_name(struct coltable *, const char *name);
/* Writes the rows (a last row short of cells ends where it ends):
 * aligned, or TAB-separated; then forgets them. */
void	coltable_write(FILE *, struct coltable *, int aligned);
void	coltable_free(struct coltable *);

#endif
