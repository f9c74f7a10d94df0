/* SPDX-License-Identifier: MIT */
/*
 * --baseline: the kernels of two models matched by (library, collapsed
 * name, sm), their maxima compared.  Rows come largest growth first.
 */
#ifndef SPILLWAY_BASELINE_H
#define SPILLWAY_BASELINE_H

#include <stddef.h>
#include <stdint.h>

#include "columns.h"
#include "kgroup.h"

/* DIFF_UNSCANNED: a kernel of a baseline file the scan holds nothing of
 * (the baseline covers more files than the scan read): not said removed. */
enum { DIFF_CHANGED, DIFF_NEW, DIFF_REMOVED, DIFF_UNSCANNED, DIFF_STATUSES };

struct diff_row {
	const struct kgroup	*old, *cur;	/* NULL for new, removed */
	int			 status;
	int64_t			 growth;	/* bytes, a register counted as 4 */
};

/* The fields compared: the columns columns[] gives a .diff place, in
 * that order (enum column_compared). */
#define BASELINE_NFIELDS COLUMNS_COMPARED
/* The column of field (from 0), and its maximum in g. */
const struct column *baseline_column(int field);
int32_t	baseline_field(const struct kgroup *, int field);

/* Fills rows with every group that changed, appeared or went; returns the count. */
size_t	baseline_diff(const struct kgroup_set *old, const struct kgroup_set *cur,
	    struct diff_row **rows);
/* The baseline's files (libraries) of which the scan holds no kernel, in
 * order, each once: *libs allocated, its strings the baseline's. */
size_t	baseline_unscanned(const struct kgroup_set *old, const struct kgroup_set *cur,
	    const char ***libs);

#endif
