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

#define FINDING_NO_ENTRY SIZE_MAX

struct func_rec;

struct finding {
	int		 level;
	int		 rule;		/* its rule: src/judge/rules.h, 0 none */
	size_t		 entry;		/* index in model.funcs, FINDING_NO_ENTRY */
	const char	*library;	/* the library it is about, NULL none */
	char		*text;
	/* The figure the rule measured and the limit it judged it against,
	 * in the unit the rule judges in ("registers", "bytes", "percent"...);
	 * NAN: none (a notice, a missing row, a figure not known). */
	double		 measured, limit;
	const char	*unit;		/* static text; NULL: no figures */
	/* What a finding of no entry is about: an allowance row's kernel
	 * and sm, as the row writes them; NULL: none. */
	const char	*kernel, *sm;
	/* Where it points: the allowance table, and the row's line (0: the
	 * file alone); NULL: nowhere of its own (an entry's own source
	 * line, where the binary carries line tables, is its func_rec's). */
	const char	*file;
	size_t		 line;
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

/* The levels as the machine-read faces (JSON, JUnit, GitHub) spell them,
 * by enum; the rules' names are rules.h's. */
extern const char *const finding_level_names[];

void	verdict_add(struct verdict *, int level, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* The finding verdict_add added last, to say what it is about. */
struct finding *verdict_last(struct verdict *);
size_t	verdict_count(const struct verdict *, int level);
/* Where f points, for the faces that locate findings (GitHub's file=
 * and line=, the JSON's file and line): the allowance row it is about,
 * else its entry's own source line (fn: its entry, NULL none), else the
 * allowance table alone; *file NULL and *line 0 where nothing is known. */
void	finding_source(const struct finding *f, const struct func_rec *fn,
	    const char **file, size_t *line);
/* Violations of one rule. */
size_t	verdict_count_rule(const struct verdict *, int rule);
void	verdict_free(struct verdict *);

#endif
