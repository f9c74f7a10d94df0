/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "clock.h"

double
clock_seconds(clockid_t clk)
{
	struct timespec t;

	clock_gettime(clk, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
