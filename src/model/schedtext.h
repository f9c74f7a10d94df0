/* SPDX-License-Identifier: MIT */
/*
 * The schedule in words, one text for --summary and the report's build
 * section: which runs the modules' times were joined from, and the span
 * laid out against the recorded one, with the model's error where the
 * recorded run ran as many jobs at once as were simulated.
 */
#ifndef SPILLWAY_SCHEDTEXT_H
#define SPILLWAY_SCHEDTEXT_H

#include <stddef.h>

#include "model.h"
#include "schedule.h"

/* Room for either text: runs are named up to SCHEDTEXT_RUNS_SHOWN. */
#define SCHEDTEXT_MAX		1024
#define SCHEDTEXT_RUNS_SHOWN	8

/* "runs joined, each module from the last that built it: .ninja_log run
 * 2 of 2 (3 modules), ..."; "" when the times are of one run.  Returns buf. */
const char	*schedtext_runs(const struct model *, char *buf, size_t size);

/* "make -j2 simulated in the recorded order: 60.9 s (1.0 min); recorded:
 * 61.0 s (1.0 min) at -j2: the model 0.2 % under it", or "as recorded
 * (.ninja_log): ...".  cores as given to schedule_build_cores.  Returns buf. */
const char	*schedtext_line(const struct model *, const struct schedule *, int cores, char *buf, size_t size);

#endif
