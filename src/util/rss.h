/* SPDX-License-Identifier: MIT */
/*
 * The process's resident memory now (not its peak), from /proc/self/statm,
 * so that the scan can fit its buffers into what the rest leaves.
 */
#ifndef SPILLWAY_RSS_H
#define SPILLWAY_RSS_H

#include <stddef.h>

struct rss {
	int	fd;		/* -1: not available here */
	long	page;		/* bytes */
};

void	rss_open(struct rss *);
/* Resident bytes, or 0 when they cannot be read. */
size_t	rss_bytes(const struct rss *);
void	rss_close(struct rss *);

#endif
