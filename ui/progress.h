/* SPDX-License-Identifier: MIT */
/*
 * The line the browser shows while the scan runs: files and images read,
 * and a bar of the images read among those found so far.
 */
#ifndef SPILLWAY_PROGRESS_H
#define SPILLWAY_PROGRESS_H

#include <stddef.h>

#include "scan.h"

/* Writes the line, width columns at most (ASCII), into buf; returns its
 * length. */
size_t	progress_line(char *buf, size_t size, const struct scan_progress *, int width);

#endif
