/* SPDX-License-Identifier: MIT */
/*
 * CSV: each table of the report as RFC 4180 rows with a leading "section"
 * column and its own header row; tables are separated by an empty line.
 * Paragraphs are not written.
 */
#ifndef SPILLWAY_RCSV_H
#define SPILLWAY_RCSV_H

#include <stdio.h>

#include "rdoc.h"

void	rcsv_write(FILE *, const struct rdoc *);

#endif
