/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <sched.h>
#include <stdint.h>
#include <unistd.h>

#include "host.h"

int
host_cores(void)
{
	cpu_set_t set;
	long n;

	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		int c = CPU_COUNT(&set);

		if (c > 0)
			return c;
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 && n <= INT32_MAX ? (int)n : 1;
}

int64_t
host_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	/* Both positive longs: their product fits int64_t on any machine
	 * there is (2^63 bytes is 8 EiB), checked all the same. */
	if (pages <= 0 || page <= 0 || pages > INT64_MAX / page)
		return -1;
	return (int64_t)pages * page;
}
