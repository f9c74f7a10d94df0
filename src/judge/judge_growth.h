/* SPDX-License-Identifier: MIT */
/*
 * --max-growth: how much a kernel may grow against a baseline (a saved
 * --list CSV or another build tree), per collapsed name and sm, comparing
 * the maxima over instantiations and libraries.
 */
#ifndef SPILLWAY_JUDGE_GROWTH_H
#define SPILLWAY_JUDGE_GROWTH_H

#include <stddef.h>

#include "model.h"
#include "verdict.h"

#define GROWTH_RULES_MAX 16

struct growth_rule {
	const struct column	*column;	/* NULL for occupancy and bytes */
	long long		 limit;	/* most growth allowed, in the column's unit */
	/* "occupancy:N", the most percentage points of
	 * theoretical occupancy a kernel may lose (judge_launch.h). */
	int			 occupancy;
	/* bytes:2% and bytes:8MiB: a library's or an arch's bytes
	 * (src/model/size.h, size_growth) may grow by limit percent, or by
	 * limit bytes. */
	int			 bytes;
	int			 percent;
};

struct growth_rules {
	struct growth_rule	 v[GROWTH_RULES_MAX];
	size_t			 n;
};

/* "stack:0,reg:8,occupancy:0" (a bare number means stack), "bytes:2%", "bytes:8MiB".  Returns 0, or -1 with a
 * message in err. */
int	growth_parse(const char *text, struct growth_rules *, char *err, size_t errsize);
void	judge_growth(const struct model *now, const struct model *base,
	    const struct growth_rules *, struct verdict *);

#endif
