/* SPDX-License-Identifier: MIT */
/*
 * --report=trace: the schedule as Chrome trace-event JSON (Perfetto,
 * chrome://tracing).  One complete ("X") event per compile on its job
 * slot, with its peak RSS, arches and status in args, and a counter of
 * the summed peaks of the modules running.
 */
#ifndef SPILLWAY_TRACE_H
#define SPILLWAY_TRACE_H

#include <stdio.h>

#include "model.h"
#include "schedule.h"

void	trace_write(FILE *, const struct model *, const struct schedule *);

#endif
