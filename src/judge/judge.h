/* SPDX-License-Identifier: MIT */
/*
 * The judge: the model against the rules of --check (rules.h, one row
 * each).  Every rule adds findings to a verdict and prints nothing.
 * Vendored entries (--vendored, vendored.h) are counted and skipped,
 * never gated; a copy of a kernel (copies.h) is judged where it is
 * linked.  judge_all runs every rule once and ends with the count lines;
 * --check prints its verdict, the report and the browser render it.
 */
#ifndef SPILLWAY_JUDGE_H
#define SPILLWAY_JUDGE_H

#include <stdint.h>

#include "allow.h"
#include "judge_build.h"
#include "judge_growth.h"
#include "judge_launch.h"
#include "vendored.h"
#include "model.h"
#include "rules.h"
#include "scan.h"
#include "strlist.h"
#include "verdict.h"
#include "whatif.h"

struct judge_config {
	struct allow_table	*allow;		/* NULL: an empty table */
	const struct vendored_rule *vendored;	/* NULL: none vendored */
	/* What the command line gave each rule (rules.h); NULL: nothing. */
	const struct rule_values *rules;
	const struct scan_stats	*stats;		/* the paths given; NULL: none */
	/* The build gates: judged when given or when build records were read. */
	const struct build_gates *build;	/* NULL: none */
	const struct schedule	*sched;		/* NULL: nothing scheduled */
	/* --max-growth against a baseline; both NULL: not asked. */
	const struct model	*base;
	const struct growth_rules *growth;
	/* --launchable and the rest; NULL: none. */
	const struct launch_gates *launch;
	/* --what-if: --max-file-bytes judges the files after it; NULL: as they are. */
	const struct whatif	*whatif;
};

/* The maxima over the gated instantiations of one (collapsed name, sm). */
struct judge_measure {
	const char	*kernel;
	const char	*sm;
	int32_t		 stack, local;
	size_t		 entries;
};

/* Runs every rule, once, and adds the count lines (one per library, then
 * the total, whose violations are the findings').  Fills the allowance
 * rows' seen and max_* fields. */
void	judge_all(const struct judge_config *, const struct model *, struct verdict *);
/* The measured maxima, sorted by kernel then sm; free() the array. */
struct judge_measure *judge_measure(const struct judge_config *, const struct model *, size_t *n);
/* The reasons there is nothing to judge: paths missing, or without a SASS entry. */
void	judge_nothing(const struct judge_config *, const struct model *, struct verdict *);

#endif
