/* SPDX-License-Identifier: MIT */
/*
 * The build gates of --check: --mem-budget (any module's peak RSS over
 * it) and --mem-host (modules running at once whose peaks sum over it,
 * on the -jN schedule or the recorded one).  Findings go to the verdict.
 */
#ifndef SPILLWAY_JUDGE_BUILD_H
#define SPILLWAY_JUDGE_BUILD_H

#include <stdint.h>

#include "bytes.h"
#include "model.h"
#include "schedule.h"
#include "verdict.h"

struct build_gates {
	int64_t		 mem_budget;	/* bytes, -1 unset */
	int64_t		 mem_host;	/* bytes, -1 unset */
	int		 jobs;		/* -jN, 0 for the recorded schedule */
	enum bytes_unit	 mem_budget_unit, mem_host_unit;	/* echoed in these */
	/* the build model: recorded cores, -j auto */
	int		 cores;		/* --cores, 0 the recording machine's */
	int		 jobs_auto;	/* --jobs=auto: jobs is the advised -j */
	int		 machine;	/* --jobs=auto: cores, mem_host this machine's (JOBSADVICE_MACHINE_*) */
};

/* sched may be NULL (nothing could be scheduled). */
void	judge_build(const struct model *, const struct schedule *sched,
	    const struct build_gates *, struct verdict *);

/* "a + b + c" of a set's module names, allocated; linear in their length
 * (a set of a fully overlapping log holds every module). */
char	*judge_build_set_names(const struct model *, const struct schedule *,
	    const struct sched_set *);

#endif
