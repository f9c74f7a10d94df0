/* SPDX-License-Identifier: MIT */
/*
 * Will it launch, and where will it run: the rules of --launchable,
 * --max-local-reserve, --require-driver and --deployable.
 *   --launchable         an entry with no launch bound whose max_block is
 *                        under the arch's 1024, or whose bound is over its
 *                        max_block; static shared memory over 48 KiB (the
 *                        opt-in) or over the arch's most a block
 *   --max-local-reserve  the local memory the driver reserves for an
 *                        entry's frame on a GPU model of data/arches.csv
 *   --require-driver     the oldest driver that loads an image
 *                        (data/toolkits.csv) newer than the one given
 *   --deployable         the default-arch signature (nvcc with no -arch), and no
 *                        PTX for the newest arch
 * An allowance row with a block (the threads the kernel is launched with,
 * allow.h) accepts a capped block when the registers allow that many.
 * Each rule adds its findings worst first.
 */
#ifndef SPILLWAY_JUDGE_LAUNCH_H
#define SPILLWAY_JUDGE_LAUNCH_H

#include <stdint.h>

#include "allow.h"
#include "bytes.h"
#include "model.h"
#include "vendored.h"
#include "verdict.h"

struct launch_gates {
	int		 launchable;
	int64_t		 max_local_reserve;	/* bytes, -1 unset */
	enum bytes_unit	 reserve_unit;		/* as given, to echo it */
	const char	*require_driver;	/* as given ("R535"), NULL unset */
	int		 deployable;
};

/* 0, or -1 when --require-driver's text is no driver version. */
int	launch_gates_check(const struct launch_gates *, char *err, size_t size);
/* True when a rule of these is asked for. */
int	launch_gates_given(const struct launch_gates *);
/* Every rule of these that is asked for, in the order above. */
void	judge_launch(const struct launch_gates *, const struct allow_table *,
	    const struct vendored_rule *, const struct model *, struct verdict *);
/* Each rule alone (rules.c's rows). */
void	judge_launchable(const struct allow_table *, const struct vendored_rule *,
	    const struct model *, struct verdict *);
void	judge_local_reserve(const struct launch_gates *, const struct vendored_rule *,
	    const struct model *, struct verdict *);
void	judge_require_driver(const struct launch_gates *, const struct model *, struct verdict *);
void	judge_deployable(const struct model *, struct verdict *);

/*
 * --max-growth=occupancy:N: per (collapsed name, sm), the lowest theoretical
 * occupancy over the instantiations (occupancy_best at the launch bound, or
 * the best block size) fell by more than N percentage points against the
 * baseline: "sm_86: 50 % → 37.5 %".
 */
void	judge_occupancy_growth(const struct model *now, const struct model *base,
	    long long limit, struct verdict *);

#endif
