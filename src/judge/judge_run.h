/* SPDX-License-Identifier: MIT */
/*
 * One run of the judge, as the rules' functions (rules.h) see it: the
 * configuration, the model, the verdict they add to, and what the entry
 * rules could not judge, for the notices that count it.  judge.c makes it
 * and runs the rules' rows over it.
 */
#ifndef SPILLWAY_JUDGE_RUN_H
#define SPILLWAY_JUDGE_RUN_H

#include <stddef.h>

#include "judge.h"
#include "judge_libs.h"
#include "kgroup.h"
#include "rules.h"

struct judge_run {
	const struct rule	*rules;		/* rules.h's table, by id */
	const struct judge_config *c;
	const struct model	*m;
	struct verdict		*v;
	struct judge_libs	 libs;		/* per library: arches carried, counts */
	struct kcount_set	 counts;
	/* What the entry rules could not judge. */
	size_t			 at_link;	/* relocatable entries whose calls leave their object */
	size_t			 spill_unknown;	/* --max-spill: no ptxas -v figures */
	size_t			 spill_amd;	/* --max-spill: AMDGPU rows count VGPRs, not bytes */
	size_t			 vgpr_unknown;	/* --max-vgpr-spill: no .vgpr_spill_count */
	size_t			 occupancy_unknown;	/* --min-occupancy: no registers, or no limits */
	/* The allowance rows the total line counts. */
	size_t			 stale, unmatched;
};

/* The value the command line gave rule id; -1 for none. */
static inline int64_t
judge_limit(const struct judge_run *r, int id)
{
	return r->c->rules != NULL ? r->c->rules->v[id].n : -1;
}

/* An entry's stack as the allowance rows count it: unknown is unbounded. */
int32_t	judge_allowance_stack(const struct func_rec *);

/* The rules judged per entry (judge_entries.c), named by rules.c's rows. */
void	rule_allowance_each(struct judge_run *, const struct rule *, const struct rule_entry *);
void	rule_allowance_whole(struct judge_run *, const struct rule *);
void	rule_max_regs_each(struct judge_run *, const struct rule *, const struct rule_entry *);
void	rule_max_spill_each(struct judge_run *, const struct rule *, const struct rule_entry *);
void	rule_max_spill_whole(struct judge_run *, const struct rule *);
void	rule_max_vgpr_spill_each(struct judge_run *, const struct rule *, const struct rule_entry *);
void	rule_max_vgpr_spill_whole(struct judge_run *, const struct rule *);
void	rule_min_occupancy_each(struct judge_run *, const struct rule *, const struct rule_entry *);
void	rule_min_occupancy_whole(struct judge_run *, const struct rule *);
/* --max-file-bytes (judge_bytes.c). */
void	rule_max_file_bytes_whole(struct judge_run *, const struct rule *);

#endif
