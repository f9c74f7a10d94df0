/* SPDX-License-Identifier: MIT */
/* Seconds on a clock, as a double: for timings and time stamps. */
#ifndef SPILLWAY_CLOCK_H
#define SPILLWAY_CLOCK_H

#include <time.h>

/* CLOCK_MONOTONIC for durations, CLOCK_REALTIME for Unix time. */
double	clock_seconds(clockid_t);

#endif
