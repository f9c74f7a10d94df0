/* SPDX-License-Identifier: MIT */
/* What a module's peak is called (src/model/peakname.h). */
#include "config.h"

#include <string.h>

#include "peakname.h"

int
peakname_is_cgroup(const struct build_module *b)
{
	return b->peak_rss >= 0 && b->peak_how != NULL && strncmp(b->peak_how, "cgroup", 6) == 0;
}

const char *
peakname_short(const struct build_module *b)
{
	return peakname_is_cgroup(b) ? PEAKNAME_CGROUP : PEAKNAME_RSS;
}

/* Bit 0: a peak RSS is there; bit 1: a cgroup's peak. */
static int
kinds(const struct model *m)
{
	int k = 0;

	for (size_t i = 0; i < m->nmodules && k != 3; i++)
		if (m->modules[i].peak_rss >= 0)
			k |= peakname_is_cgroup(&m->modules[i]) ? 2 : 1;
	return k;
}

const char *
peakname_heading(const struct model *m)
{
	static const char *const words[] = {
		PEAKNAME_RSS, PEAKNAME_RSS, PEAKNAME_CGROUP_FULL, PEAKNAME_RSS " or " PEAKNAME_CGROUP_FULL,
	};

	return words[kinds(m)];
}

const char *
peakname_column(const struct model *m)
{
	static const char *const words[] = { PEAKNAME_RSS, PEAKNAME_RSS, PEAKNAME_CGROUP, "peak" };

	return words[kinds(m)];
}
