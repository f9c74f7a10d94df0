/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "verdict.h"
#include "xalloc.h"

const char *const finding_level_names[] = {
	[FINDING_VIOLATION] = "violation", [FINDING_NOTICE] = "notice",
	[FINDING_NOTHING] = "nothing", [FINDING_SUMMARY] = "summary",
};

const char *const finding_rule_names[RULE_COUNT] = {
	[RULE_NONE] = "none", [RULE_ALLOWANCE] = "allowance", [RULE_MAX_REGS] = "max-regs",
	[RULE_MAX_SPILL] = "max-spill", [RULE_REQUIRE_SASS] = "require-sass",
	[RULE_STALE] = "stale", [RULE_BUILD] = "build", [RULE_GROWTH] = "max-growth",
	/* whether a kernel launches, and where */
	[RULE_LAUNCHABLE] = "launchable", [RULE_LOCAL_RESERVE] = "max-local-reserve",
	[RULE_DRIVER] = "require-driver", [RULE_DEPLOYABLE] = "deployable",
	[RULE_OCCUPANCY] = "occupancy",
	[RULE_REQUIRE_TARGET] = "require-target",
	[RULE_MAX_VGPR_SPILL] = "max-vgpr-spill",
};

void
verdict_add(struct verdict *v, int level, const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		text = xstrdup(fmt);
	va_end(ap);
	xgrow((void **)&v->v, &v->cap, v->n + 1, sizeof *v->v);
	v->v[v->n].level = level;
	v->v[v->n].rule = RULE_NONE;
	v->v[v->n].entry = FINDING_NO_ENTRY;
	v->v[v->n].library = NULL;
	v->v[v->n].text = text;
	v->n++;
}

size_t
verdict_count(const struct verdict *v, int level)
{
	size_t n = 0;

	for (size_t i = 0; i < v->n; i++)
		n += v->v[i].level == level;
	return n;
}

struct finding *
verdict_last(struct verdict *v)
{
	return v->n > 0 ? &v->v[v->n - 1] : NULL;
}

size_t
verdict_count_rule(const struct verdict *v, int rule)
{
	size_t n = 0;

	for (size_t i = 0; i < v->n; i++)
		n += v->v[i].level == FINDING_VIOLATION && v->v[i].rule == rule;
	return n;
}

void
verdict_free(struct verdict *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i].text);
	free(v->v);
	v->v = NULL;
	v->n = v->cap = 0;
}
