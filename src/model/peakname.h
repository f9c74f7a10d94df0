/* SPDX-License-Identifier: MIT */
/*
 * What a module's peak is, in the words every face uses
 * (spillway-record(1)): a cgroup's peak (cgroup2, cgroup1) counts the page
 * cache the compile charged besides its processes' memory, 7 to 10 % on a
 * real build, so it is never called RSS; a sampled sum of the tree's PSS
 * and one process's maximum RSS (ru_maxrss, time -v) are "peak RSS".
 */
#ifndef SPILLWAY_PEAKNAME_H
#define SPILLWAY_PEAKNAME_H

#include "model.h"

#define PEAKNAME_RSS		"peak RSS"
#define PEAKNAME_CGROUP		"cgroup peak"
#define PEAKNAME_CACHE		"page cache included"
/* The whole name of a cgroup's peak, for headings and legends. */
#define PEAKNAME_CGROUP_FULL	PEAKNAME_CGROUP ", " PEAKNAME_CACHE

/* Whether b's peak is a cgroup's (page cache included). */
int	peakname_is_cgroup(const struct build_module *b);
/* "peak RSS" or "cgroup peak": b's peak, short. */
const char *peakname_short(const struct build_module *b);
/*
 * The heading of a column of the model's peaks: "peak RSS" when none is a
 * cgroup's, "cgroup peak, page cache included" when every known one is,
 * "peak RSS or cgroup peak, page cache included" when both are there.
 */
const char *peakname_heading(const struct model *m);
/* "peak RSS", "cgroup peak" or "peak": the same, short, for a narrow column. */
const char *peakname_column(const struct model *m);

#endif
