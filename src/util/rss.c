/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "rss.h"

void
rss_open(struct rss *r)
{
	r->fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
	r->page = sysconf(_SC_PAGESIZE);
	if (r->page <= 0 && r->fd >= 0) {
		close(r->fd);
		r->fd = -1;
	}
}

size_t
rss_bytes(const struct rss *r)
{
	char buf[128], *p, *end;
	unsigned long long pages;
	ssize_t n;

	if (r->fd < 0 || (n = pread(r->fd, buf, sizeof buf - 1, 0)) <= 0)
		return 0;
	buf[n] = '\0';
	/* "size resident shared text lib data dt", in pages. */
	strtoull(buf, &p, 10);
	pages = strtoull(p, &end, 10);
	if (end == p)
		return 0;
	return (size_t)pages * (size_t)r->page;
}

void
rss_close(struct rss *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}
