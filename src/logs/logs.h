/* SPDX-License-Identifier: MIT */
/*
 * Build logs: ptxas -v output, nvcc --time CSV, spillway record logs, GNU
 * time -v output and .ninja_log.  Each is recognised by content and read
 * by its reader (src/logs/log_*.c, through the table in src/logs/logs.c); each
 * fills the model (ptxas figures, modules) and reports a malformed line
 * as one diagnostic naming the file and the line, then reads on.
 */
#ifndef SPILLWAY_LOGS_H
#define SPILLWAY_LOGS_H

#include <stddef.h>
#include <stdint.h>

#include "loglines.h"
#include "logreader.h"

/*
 * The kinds of log data holds (a LOG_ bit set), 0 if none.  Only the first
 * 64 KiB are looked at (the first line, a header, cut there; ptxas and
 * time -v lines within them) unless whole is set (--log=FILE names a log,
 * which may begin with anything).
 */
unsigned	logs_detect(const uint8_t *data, size_t size, int whole);
/* Reads every kind in kinds; returns the number of malformed lines. */
size_t		logs_read(unsigned kinds, const uint8_t *data, size_t size, struct logctx *);
/* The reader of a kind (one LOG_ bit), NULL for none. */
const struct log_reader *logs_reader(unsigned kind);

#endif
