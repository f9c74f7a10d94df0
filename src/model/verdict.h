/* SPDX-License-Identifier: MIT */
/*
 * The judge's output: findings, each one line of text with the rule that
 * made it and the entry or library it is about, and what was counted.
 * Rules (allowances, budgets, required arches) add findings; they print
 * nothing themselves.  The judge runs once; every face (--check, the
 * report, the browser's Check view) renders this one verdict and counts
 * nothing again.  main turns the verdict into an exit status: any
 * violation 1, else nothing counted 77, else 0.
 */
#ifndef SPILLWAY_VERDICT_H
#define SPILLWAY_VERDICT_H

#include <stddef.h>
#include <stdint.h>

#include "vendored.h"
#include "kgroup.h"

enum finding_level {
	FINDING_VIOLATION,	/* fails the gate */
	FINDING_NOTICE,		/* stale allowance, skipped vendored code... */
	FINDING_NOTHING,	/* a reason there was nothing to judge (exit 77) */
	FINDING_SUMMARY,	/* a count line (one per library, a total): always shown */
};

/* The rule a finding comes from, for the counts of the total line. */
enum finding_rule {
	RULE_NONE,		/* a count line, a notice of no rule */
	RULE_ALLOWANCE,		/* --allow: not in the table, or over its row */
	RULE_MAX_REGS,
	RULE_MAX_SPILL,
	RULE_REQUIRE_SASS,
	RULE_STALE,		/* a row looser than measured */
	RULE_BUILD,		/* --mem-budget, --mem-host */
	RULE_GROWTH,		/* --max-growth */
	/* whether a kernel launches, and where */
	RULE_LAUNCHABLE,	/* --launchable */
	RULE_LOCAL_RESERVE,	/* --max-local-reserve */
	RULE_DRIVER,		/* --require-driver */
	RULE_DEPLOYABLE,	/* --deployable */
	RULE_OCCUPANCY,		/* --max-growth=occupancy:N */
	RULE_REQUIRE_TARGET,	/* --require-target: AMDGPU */
	RULE_MAX_VGPR_SPILL,	/* --max-vgpr-spill: AMDGPU */
	RULE_COUNT
};

#define FINDING_NO_ENTRY SIZE_MAX

struct finding {
	int		 level;
	int		 rule;		/* enum finding_rule */
	size_t		 entry;		/* index in model.funcs, FINDING_NO_ENTRY */
	const char	*library;	/* the library it is about, NULL none */
	char		*text;
};

struct verdict {
	struct finding	*v;
	size_t		 n, cap;
	size_t		 counted;	/* entries and modules judged */
	/* The entries judged, in the count vocabulary (kgroup.h). */
	struct kcount	 gated, skipped;
	struct kcount	 copies;	/* entries judged as the entry they copy (copies.h) */
	/* The rule the skipped entries were chosen by, for the faces that
	 * mark vendored kernels (the report's sections). */
	const struct vendored_rule *vendored;
};

/* The levels and rules as the machine-read faces (JSON, JUnit, GitHub)
 * spell them, by enum. */
extern const char *const finding_level_names[];
extern const char *const finding_rule_names[RULE_COUNT];

void	verdict_add(struct verdict *, int level, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* The finding verdict_add added last, to say what it is about. */
struct finding *verdict_last(struct verdict *);
size_t	verdict_count(const struct verdict *, int level);
/* Violations of one rule. */
size_t	verdict_count_rule(const struct verdict *, int rule);
void	verdict_free(struct verdict *);

#endif
