/* SPDX-License-Identifier: MIT */
/*
 * The gate's rules, one row each (rules.c): its name in the machine-read
 * faces, the word the total line counts it by, the option that asks for
 * it and what that option takes, its help, and the functions that judge
 * it.  Everything else reads this table: the option parser, --help and
 * the completion scripts make each rule's option from its row
 * (src/cli/options.c); the JSON verdict, JUnit and GitHub annotations
 * name findings by it; the judge runs the rows in order; tests/unit/test_rules.c
 * holds the JSON schema and the man page to it.  HACKING.md says how to
 * add one.
 */
#ifndef SPILLWAY_RULES_H
#define SPILLWAY_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "model.h"
#include "strlist.h"
#include "verdict.h"

/* A finding's rule (struct finding's rule): the rows of rules[], in the
 * order the judge runs them and the total line counts them. */
enum rule_id {
	RULE_NONE,		/* a count line, a notice of no rule */
	RULE_ALLOWANCE,		/* --allow: not in the table, or over its row */
	RULE_MAX_REGS,
	RULE_MAX_SPILL,
	RULE_REQUIRE_SASS,
	RULE_STALE,		/* a row looser than measured */
	RULE_BUILD,		/* --mem-budget, --mem-host */
	RULE_GROWTH,		/* --max-growth */
	RULE_LAUNCHABLE,	/* --launchable */
	RULE_LOCAL_RESERVE,	/* --max-local-reserve */
	RULE_DRIVER,		/* --require-driver */
	RULE_DEPLOYABLE,	/* --deployable */
	RULE_OCCUPANCY,		/* --max-growth=occupancy:N */
	RULE_REQUIRE_TARGET,	/* --require-target: AMDGPU */
	RULE_MAX_VGPR_SPILL,	/* --max-vgpr-spill: AMDGPU */
	RULE_MIN_OCCUPANCY,	/* --min-occupancy */
	RULE_LINK_WALL,		/* --link-wall: device code near x86-64's 2 GiB reach */
	RULE_MAX_FILE_BYTES,	/* --max-file-bytes, after --what-if */
	RULE_COUNT
};

/* What a rule's option takes. */
enum rule_arg {
	RULE_ARG_NONE,		/* no option of its own */
	RULE_ARG_FLAG,		/* none: given or not */
	RULE_ARG_COUNT,		/* a whole number from .min to .max */
	RULE_ARG_SIZE,		/* a size; a plain number counts .plain_unit */
	RULE_ARG_SASS_ARCHES,	/* a list of SASS arches (86,sm_90a) */
	RULE_ARG_AMD_TARGETS,	/* a list of AMDGPU targets (gfx90a:xnack+) */
	RULE_ARG_TEXT,		/* words its rule reads (R535, reg:8) */
	RULE_ARG_FILE,		/* a file */
};

/* What the command line gave one rule. */
struct rule_value {
	int64_t		 n;	/* COUNT, SIZE: -1 unset; FLAG: 1 given */
	enum bytes_unit	 unit;	/* SIZE: as given, to echo it */
	struct strlist	 list;	/* SASS_ARCHES, AMD_TARGETS */
	const char	*text;	/* TEXT, FILE: as given; NULL unset */
};

struct rule_values {
	struct rule_value v[RULE_COUNT];
};

/* One gated SASS entry, as an entry rule sees it. */
struct rule_entry {
	size_t			 i;	/* in model.funcs */
	const struct func_rec	*fn;
	const struct image_rec	*img;
	const char		*at;	/* where it is, for the finding: "libx.so; also in ..." */
};

struct judge_run;	/* judge.c's: the configuration, the model, the verdict */
struct rule;

struct rule {
	const char	*name;		/* JSON, JUnit, GitHub: "max-regs" */
	const char	*says;		/* the total line's word: "--max-regs" */
	const char	*option;	/* the option that asks for it; NULL: none */
	enum rule_arg	 arg;
	const char	*argname;	/* in --help: "N", "SIZE" */
	int64_t		 min, max;	/* RULE_ARG_COUNT */
	enum bytes_unit	 plain_unit;	/* RULE_ARG_SIZE */
	const char	*help;		/* --help's line; spillway(1) says more */
	/* Each gated SASS entry, then once over the whole scan; NULL: none.
	 * Each adds findings to the run's verdict and prints nothing. */
	void		(*each)(struct judge_run *, const struct rule *, const struct rule_entry *);
	void		(*whole)(struct judge_run *, const struct rule *);
};

extern const struct rule rules[RULE_COUNT];

/* A finding's rule by name, "none" for RULE_NONE. */
const char *rule_name(int id);
/* Every rule unset: -1 for counts and sizes. */
void	rule_values_init(struct rule_values *);
void	rule_values_free(struct rule_values *);
/* Whether the command line asked for rule id; for any rule. */
int	rule_given(const struct rule_values *, int id);
int	rule_any_given(const struct rule_values *);

#endif
