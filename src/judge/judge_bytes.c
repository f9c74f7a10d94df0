/* SPDX-License-Identifier: MIT */
/*
 * --max-file-bytes: the bytes of the files that carry device code,
 * summed, against a budget; after --what-if's changes when it was given
 * (whatif.h), else as they are.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "bytes.h"
#include "judge_libs.h"
#include "judge_run.h"
#include "whatif.h"

/* The largest file after: the one to look at first. */
static const struct whatif_file *
largest(const struct whatif_result *res)
{
	const struct whatif_file *big = NULL;

	for (size_t i = 0; i < res->n; i++)
		if (big == NULL || res->v[i].after > big->after)
			big = &res->v[i];
	return big;
}

void
rule_max_file_bytes_whole(struct judge_run *r, const struct rule *rule)
{
	const struct rule_value *rv;
	const struct whatif *w = r->c->whatif;
	const struct whatif_file *big;
	struct whatif_result res;
	int64_t budget = judge_limit(r, RULE_MAX_FILE_BYTES);

	(void)rule;
	if (budget < 0)
		return;
	rv = &r->c->rules->v[RULE_MAX_FILE_BYTES];
	whatif_apply(r->m, w, &res);
	if (res.after > (uint64_t)budget && (big = largest(&res)) != NULL) {
		char have[BYTES_TEXT_MAX], limit[BYTES_TEXT_MAX], bigs[BYTES_TEXT_MAX];

		bytes_format_as((int64_t)res.after, rv->unit, have, sizeof have);
		bytes_format_as(budget, rv->unit, limit, sizeof limit);
		bytes_format_as((int64_t)big->after, rv->unit, bigs, sizeof bigs);
		judge_add(r->v, FINDING_VIOLATION, "VIOLATION the %zu %s carrying device code "
		    "weigh %s%s, over --max-file-bytes=%s; the largest: %s%s%s (%s)",
		    res.n, judge_plural(res.n, "file", "files"), have,
		    w != NULL && w->given ? " after --what-if" : "", limit,
		    big->library, big->member[0] ? ":" : "", big->member, bigs);
		judge_about(r->v, RULE_MAX_FILE_BYTES, FINDING_NO_ENTRY, NULL);
		judge_figures(r->v, (double)res.after, (double)budget, "bytes");
	}
	if (res.unknown > 0 || res.damaged)
		judge_add(r->v, FINDING_NOTICE, "--max-file-bytes: %s",
		    res.damaged ? "a fatbin is damaged: its file's bytes after are not all accounted"
		    : "some images' compressed sizes were not predicted: their stored bytes are kept");
	whatif_result_free(&res);
}
