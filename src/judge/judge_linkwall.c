/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "judge_libs.h"
#include "judge_linkwall.h"
#include "rules.h"

/* The sections whose bytes lie between a host object's code and the data
 * it reaches (judge_linkwall.h); a fatbin file ("") is linked by no one. */
static const char *const wall_sections[] = { ".nv_fatbin", "__nv_relfatbin" };

static int
counts_toward_wall(const struct fatbin_rec *fb)
{
	for (size_t i = 0; i < sizeof wall_sections / sizeof wall_sections[0]; i++)
		if (strcmp(fb->section, wall_sections[i]) == 0)
			return 1;
	return 0;
}

static void
wall_finding(struct verdict *v, const struct fatbin_rec *fb, uint64_t bytes, const char *which,
    int64_t pct, int fails)
{
	double share = 100.0 * (double)bytes / (double)LINK_WALL_BYTES;

	judge_add(v, fails ? FINDING_VIOLATION : FINDING_NOTICE,
	    "%s%s%s%s: %s holds %llu bytes of device code, %.1f %% of the 2 GiB (%llu bytes) that "
	    "x86-64's 32-bit relocations reach from its code to its data past them: a link that "
	    "grows it past that fails with \"relocation truncated to fit\" (%s%lld %%)",
	    fails ? "VIOLATION " : "--link-wall: ", fb->library, fb->member[0] != '\0' ? ":" : "",
	    fb->member, which, (unsigned long long)bytes, share,
	    (unsigned long long)LINK_WALL_BYTES, fails ? "--link-wall=" : "warned at ",
	    (long long)pct);
	judge_about(v, RULE_LINK_WALL, FINDING_NO_ENTRY, fb->library);
	judge_figures(v, (double)bytes, (double)LINK_WALL_BYTES * (double)pct / 100.0, "bytes");
}

void
judge_link_wall(const struct model *m, int64_t pct, struct verdict *v)
{
	int fails = pct >= 0;
	uint64_t limit;

	if (!fails)
		pct = LINK_WALL_NOTICE_PCT;
	/* pct % of the wall, rounded up: pct is at most 100 (rules.c) */
	limit = (LINK_WALL_BYTES * (uint64_t)pct + 99) / 100;
	/* A file's (or member's) sections are recorded one after another,
	 * as its section headers list them. */
	for (size_t i = 0; i < m->nfatbins;) {
		const struct fatbin_rec *fb = &m->fatbins[i];
		uint64_t bytes = 0;
		int has[2] = { 0, 0 };
		size_t j = i;

		for (; j < m->nfatbins && m->fatbins[j].library == fb->library &&
		    m->fatbins[j].member == fb->member; j++) {
			if (!counts_toward_wall(&m->fatbins[j]))
				continue;
			bytes += m->fatbins[j].size;
			has[strcmp(m->fatbins[j].section, ".nv_fatbin") != 0] = 1;
		}
		if (bytes > 0 && bytes >= limit)
			wall_finding(v, fb, bytes, has[0] && has[1] ? ".nv_fatbin with __nv_relfatbin" :
			    has[0] ? ".nv_fatbin" : "__nv_relfatbin", pct, fails);
		i = j;
	}
}
