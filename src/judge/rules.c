/* SPDX-License-Identifier: MIT */
/*
 * The gate's rules, one row each (rules.h).  A rule judged in a module of
 * its own (the libraries, the build, growth, launches) has here the few
 * lines that hand it the run's configuration.
 */
#include "config.h"

#include <string.h>

#include "judge_build.h"
#include "judge_growth.h"
#include "judge_launch.h"
#include "judge_linkwall.h"
#include "judge_run.h"

static void
require_sass(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	if (r->c->rules != NULL)
		judge_libs_require_sass(&r->libs, &r->c->rules->v[RULE_REQUIRE_SASS].list, r->v);
}

static void
require_target(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	if (r->c->rules != NULL)
		judge_libs_require_target(&r->libs, &r->c->rules->v[RULE_REQUIRE_TARGET].list, r->v);
}

/* Marks the findings from `from` on that no rule claimed as rule id's. */
static void
claim(struct verdict *v, size_t from, int id)
{
	for (size_t i = from; i < v->n; i++)
		if (v->v[i].level == FINDING_VIOLATION && v->v[i].rule == RULE_NONE)
			v->v[i].rule = id;
}

/* --mem-budget and --mem-host over the recorded compiles, judged whenever
 * build records were read. */
static void
build(struct judge_run *r, const struct rule *rule)
{
	const struct build_gates *g = r->c->build;
	size_t from = r->v->n;

	(void)rule;
	if (g != NULL && (r->m->nmodules > 0 || g->mem_budget >= 0 || g->mem_host >= 0))
		judge_build(r->m, r->c->sched, g, r->v);
	claim(r->v, from, RULE_BUILD);
}

static void
growth(struct judge_run *r, const struct rule *rule)
{
	size_t from = r->v->n;

	(void)rule;
	if (r->c->growth != NULL && r->c->base != NULL)
		judge_growth(r->m, r->c->base, r->c->growth, r->v);
	claim(r->v, from, RULE_GROWTH);
}

static void
launchable(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	if (r->c->launch != NULL && r->c->launch->launchable)
		judge_launchable(r->c->allow, r->c->vendored, r->m, r->v);
}

static void
local_reserve(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	if (r->c->launch != NULL && r->c->launch->max_local_reserve >= 0)
		judge_local_reserve(r->c->launch, r->c->vendored, r->m, r->v);
}

static void
require_driver(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	if (r->c->launch != NULL && r->c->launch->require_driver != NULL)
		judge_require_driver(r->c->launch, r->m, r->v);
}

static void
deployable(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	if (r->c->launch != NULL && r->c->launch->deployable)
		judge_deployable(r->m, r->v);
}

/* On every run: a notice without the option, a violation with it. */
static void
link_wall(struct judge_run *r, const struct rule *rule)
{
	(void)rule;
	judge_link_wall(r->m, judge_limit(r, RULE_LINK_WALL), r->v);
}

#define COUNT(lo, hi)	.arg = RULE_ARG_COUNT, .min = (lo), .max = (hi)
#define SIZE(plain)	.arg = RULE_ARG_SIZE, .plain_unit = (plain)

/*
 * Every rule, once, in the order the judge runs them: each gated entry
 * through every .each, then every .whole in turn.  A rule's findings say
 * its name; the total line counts them by .says.
 */
const struct rule rules[RULE_COUNT] = {
	[RULE_NONE] = { .name = "none" },
	[RULE_ALLOWANCE] = { .name = "allowance", .says = "allowance", .option = "allow",
	    .arg = RULE_ARG_FILE, .argname = "FILE",
	    .help = "allowance table: kernel,sm,stack,local,note",
	    .each = rule_allowance_each, .whole = rule_allowance_whole },
	[RULE_MAX_REGS] = { .name = "max-regs", .says = "--max-regs", .option = "max-regs",
	    COUNT(0, 255), .argname = "N",
	    .help = "no kernel may use more than N registers",
	    .each = rule_max_regs_each },
	[RULE_MAX_SPILL] = { .name = "max-spill", .says = "--max-spill", .option = "max-spill",
	    COUNT(0, 1LL << 40), .argname = "BYTES",
	    .help = "no kernel may spill (store or load) more than BYTES",
	    .each = rule_max_spill_each, .whole = rule_max_spill_whole },
	[RULE_REQUIRE_SASS] = { .name = "require-sass", .says = "--require-sass",
	    .option = "require-sass", .arg = RULE_ARG_SASS_ARCHES, .argname = "LIST",
	    .help = "every library carries SASS for these (86,sm_90a)",
	    .whole = require_sass },
	/* Stale rows are judged with the table (rule_allowance_whole): a
	 * notice each, a violation with this option. */
	[RULE_STALE] = { .name = "stale", .says = "--stale-fails", .option = "stale-fails",
	    .arg = RULE_ARG_FLAG,
	    .help = "allowances looser than measured fail the check" },
	[RULE_BUILD] = { .name = "build", .says = "build", .option = "mem-budget",
	    SIZE(BYTES_KIB), .argname = "SIZE",
	    .help = "a compile's peak over SIZE fails (plain: KiB)",
	    .whole = build },
	[RULE_GROWTH] = { .name = "max-growth", .says = "--max-growth", .option = "max-growth",
	    .arg = RULE_ARG_TEXT, .argname = "RULE",
	    .help = "growth past --baseline allowed: stack:0,reg:8; bytes:2%, bytes:8MiB",
	    .whole = growth },
	[RULE_LAUNCHABLE] = { .name = "launchable", .says = "--launchable", .option = "launchable",
	    .arg = RULE_ARG_FLAG,
	    .help = "every kernel launches at its bound (or 1024)",
	    .whole = launchable },
	[RULE_LOCAL_RESERVE] = { .name = "max-local-reserve", .says = "--max-local-reserve",
	    .option = "max-local-reserve", SIZE(BYTES_B), .argname = "SIZE",
	    .help = "no stack frame reserves more local memory on a GPU",
	    .whole = local_reserve },
	[RULE_DRIVER] = { .name = "require-driver", .says = "--require-driver",
	    .option = "require-driver", .arg = RULE_ARG_TEXT, .argname = "R535",
	    .help = "every image loads (SASS) or JITs (PTX) on this driver",
	    .whole = require_driver },
	[RULE_DEPLOYABLE] = { .name = "deployable", .says = "--deployable", .option = "deployable",
	    .arg = RULE_ARG_FLAG,
	    .help = "no default-arch-only library, PTX for the newest",
	    .whole = deployable },
	/* --max-growth's occupancy:N; its findings come from max-growth's row. */
	[RULE_OCCUPANCY] = { .name = "occupancy", .says = "--max-growth=occupancy" },
	[RULE_REQUIRE_TARGET] = { .name = "require-target", .says = "--require-target",
	    .option = "require-target", .arg = RULE_ARG_AMD_TARGETS, .argname = "LIST",
	    .help = "AMDGPU code runs on these GPUs (gfx90a,gfx1100)",
	    .whole = require_target },
	[RULE_MAX_VGPR_SPILL] = { .name = "max-vgpr-spill", .says = "--max-vgpr-spill",
	    .option = "max-vgpr-spill", COUNT(0, 1LL << 30), .argname = "N",
	    .help = "no AMD GPU kernel may spill more than N VGPRs",
	    .each = rule_max_vgpr_spill_each, .whole = rule_max_vgpr_spill_whole },
	[RULE_MIN_OCCUPANCY] = { .name = "min-occupancy", .says = "--min-occupancy",
	    .option = "min-occupancy", COUNT(1, 100), .argname = "PCT",
	    .help = "no kernel's theoretical occupancy under PCT % on its arch",
	    .each = rule_min_occupancy_each, .whole = rule_min_occupancy_whole },
	[RULE_LINK_WALL] = { .name = "link-wall", .says = "--link-wall", .option = "link-wall",
	    COUNT(1, 100), .argname = "PCT",
	    .help = "no object's device code past PCT % of the 2 GiB a link reaches",
	    .whole = link_wall },
	[RULE_MAX_FILE_BYTES] = { .name = "max-file-bytes", .says = "--max-file-bytes",
	    .option = "max-file-bytes", SIZE(BYTES_B), .argname = "SIZE",
	    .help = "the files carrying device code, summed (after --what-if), over SIZE fail",
	    .whole = rule_max_file_bytes_whole },
};

const char *
rule_name(int id)
{
	return id >= 0 && id < RULE_COUNT ? rules[id].name : rules[RULE_NONE].name;
}

void
rule_values_init(struct rule_values *rv)
{
	memset(rv, 0, sizeof *rv);
	for (int i = 0; i < RULE_COUNT; i++)
		if (rules[i].arg == RULE_ARG_COUNT || rules[i].arg == RULE_ARG_SIZE)
			rv->v[i].n = -1;
}

void
rule_values_free(struct rule_values *rv)
{
	for (int i = 0; i < RULE_COUNT; i++)
		strlist_free(&rv->v[i].list);
}

int
rule_given(const struct rule_values *rv, int id)
{
	const struct rule_value *x = &rv->v[id];

	switch (rules[id].arg) {
	case RULE_ARG_NONE:
		return 0;
	case RULE_ARG_FLAG:
		return x->n > 0;
	case RULE_ARG_COUNT:
	case RULE_ARG_SIZE:
		return x->n >= 0;
	case RULE_ARG_SASS_ARCHES:
	case RULE_ARG_AMD_TARGETS:
		return x->list.n > 0;
	case RULE_ARG_TEXT:
	case RULE_ARG_FILE:
		return x->text != NULL;
	}
	return 0;
}

int
rule_any_given(const struct rule_values *rv)
{
	for (int i = 0; i < RULE_COUNT; i++)
		if (rule_given(rv, i))
			return 1;
	return 0;
}
