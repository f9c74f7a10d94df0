/* SPDX-License-Identifier: MIT */
/*
 * This machine, as --jobs=auto asks of it when no --cores or --mem-host
 * names another: the cores this process may run on, and its memory.
 */
#ifndef SPILLWAY_HOST_H
#define SPILLWAY_HOST_H

#include <stdint.h>

/* The CPUs of this process's affinity mask (a container's cpuset, taskset),
 * else those online; at least 1. */
int	host_cores(void);
/* The machine's memory in bytes (MemTotal of /proc/meminfo, through
 * sysconf), -1 when it cannot be told. */
int64_t	host_memory(void);

#endif
