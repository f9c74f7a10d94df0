/* SPDX-License-Identifier: MIT */
/*
 * The build model as text, after the --summary lines: one line per module
 * (peak RSS, wall, status, targets, phases), the schedule's total against
 * the recorded one, and every pair and larger set of modules that ran at
 * once, with the seconds they overlapped and their summed peaks.
 */
#ifndef SPILLWAY_BUILDSUM_H
#define SPILLWAY_BUILDSUM_H

#include <stdio.h>

#include "bytes.h"
#include "model.h"
#include "schedule.h"

/* sched may be NULL.  top > 0 limits the concurrency table to top rows.
 * aligned: the tables' columns padded for a terminal, else TAB-separated
 * for a program (coltable.h). */
void	buildsum_write(FILE *, const struct model *, const struct schedule *sched, int top,
	    int aligned);

/* The notices of what the logs and the walk left out (model.notes), on
 * stderr beside the diagnostics: they leave the exit status as it is. */
void	buildsum_notices(FILE *, const struct model *);

/* --jobs=auto's advice as text: the -j (jobsadvice_jobs),
 * its worst case and time, and a ninja pool / CMake JOB_POOL_COMPILE for
 * the heavy modules when one lets the rest run wider. */
void	buildsum_advice(FILE *, const struct model *, int cores, int64_t host, enum bytes_unit);

#endif
