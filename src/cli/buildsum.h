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

/* Under --jobs=auto with no --top: the rows of the sets of modules at
 * once shown (a build of a few hundred compiles keeps thousands). */
#define BUILDSUM_AUTO_SETS	10

struct buildsum_config {
	int		 top;		/* > 0: the tables' rows; 0 all */
	int		 top_given;	/* else --jobs=auto shows BUILDSUM_AUTO_SETS sets */
	int		 aligned;	/* columns padded for a terminal, else TAB-separated (coltable.h) */
	/* --jobs=auto: its answer leads the build's lines */
	int		 jobs_auto;
	int		 cores;		/* as jobsadvice_print takes them */
	int64_t		 host;
	enum bytes_unit	 host_unit;
	int		 machine;	/* JOBSADVICE_MACHINE_* bits */
};

/* sched may be NULL. */
void	buildsum_write(FILE *, const struct model *, const struct schedule *sched, const struct buildsum_config *);

/* The notices of what the logs and the walk left out (model.notes), on
 * stderr beside the diagnostics: they leave the exit status as it is. */
void	buildsum_notices(FILE *, const struct model *);

#endif
