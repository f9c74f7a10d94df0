/*
 * The judge's output: findings, each one line of text, and what was
 * counted.  Rules (allowances, budgets, required arches) add findings;
 * they print nothing themselves.  main turns the verdict into an exit
 * status: any violation 1, else nothing counted 77, else 0.
 */
#ifndef SPILLWAY_VERDICT_H
#define SPILLWAY_VERDICT_H

#include <stddef.h>

enum finding_level {
	FINDING_VIOLATION,	/* fails the gate */
	FINDING_NOTICE,		/* stale allowance, skipped vendored code... */
	FINDING_NOTHING,	/* a reason there was nothing to judge (exit 77) */
	FINDING_SUMMARY,	/* a count line (one per library, a total): always shown */
};

struct finding {
	int	 level;
	char	*text;
};

struct verdict {
	struct finding	*v;
	size_t		 n, cap;
	size_t		 counted;	/* entries and modules judged */
};

void	verdict_add(struct verdict *, int level, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
size_t	verdict_count(const struct verdict *, int level);
void	verdict_free(struct verdict *);

#endif
