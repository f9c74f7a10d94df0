/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "github.h"
#include "rules.h"
#include "xalloc.h"

/* The bytes a command escapes, and what each becomes. */
static const struct escape {
	char		 c;
	const char	*as;
} escapes[] = {
	{ '%', "%25" }, { '\r', "%0D" }, { '\n', "%0A" }, { ':', "%3A" }, { ',', "%2C" },
};
#define DATA_ESCAPES		3	/* the first three: a message's */
#define PROPERTY_ESCAPES	(sizeof escapes / sizeof escapes[0])

/*
 * GitHub's escapes first; every other character as escape.h shows it to
 * people, since GitHub's log draws what a terminal would: ESC, BEL, C1
 * controls and bytes that are not UTF-8 become "\x1b", "\u009b", "\xff".
 * None of escape.h's escapes holds %, :, a comma or a line break.
 */
static char *
escape_first(const char *s, size_t nescapes)
{
	size_t n = strlen(s), i = 0;
	char *out = xmalloc(n * ESCAPE_PER_BYTE + 1), *p = out;

	while (i < n) {
		size_t k = 0, used;

		while (k < nescapes && escapes[k].c != s[i])
			k++;
		if (k < nescapes) {
			memcpy(p, escapes[k].as, 3);
			p += 3;
			i++;
			continue;
		}
		p += escape_char(s + i, n - i, p, &used);
		i += used;
	}
	*p = '\0';
	return out;
}

char *
github_escape_data(const char *s)
{
	return escape_first(s, DATA_ESCAPES);
}

char *
github_escape_property(const char *s)
{
	return escape_first(s, PROPERTY_ESCAPES);
}

/* The workflow command of each level of finding; NULL: none written. */
static const char *const command_of[] = {
	[FINDING_VIOLATION] = "error",
	[FINDING_NOTICE] = "warning",	/* allowances matching no kernel, stale rows... */
	[FINDING_NOTHING] = NULL,
	[FINDING_SUMMARY] = NULL,
};
#define NLEVELS	(sizeof command_of / sizeof command_of[0])

/* "spillway max-regs: blas::map_kernel sm_86", or the rule alone; a
 * finding of no rule is named by its level ("spillway notice"). */
static char *
title_of(const struct model *m, const struct finding *f)
{
	const char *rule = f->rule != RULE_NONE ? rule_name(f->rule) :
	    finding_level_names[f->level];

	if (f->entry != FINDING_NO_ENTRY && f->entry < m->nfuncs) {
		const struct func_rec *fn = &m->funcs[f->entry];

		return xasprintf("spillway %s: %s %s", rule, fn->collapsed,
		    m->images[fn->image].arch);
	}
	if (f->library != NULL)
		return xasprintf("spillway %s: %s", rule, f->library);
	return xasprintf("spillway %s", rule);
}

void
github_write_commands(FILE *out, const struct model *m, const struct verdict *v)
{
	for (size_t i = 0; i < v->n; i++) {
		const struct finding *f = &v->v[i];
		char *title, *etitle, *emsg;

		if (f->level < 0 || (size_t)f->level >= NLEVELS || command_of[f->level] == NULL)
			continue;
		title = title_of(m, f);
		etitle = github_escape_property(title);
		emsg = github_escape_data(f->text);
		fprintf(out, "::%s title=%s::%s\n", command_of[f->level], etitle, emsg);
		free(title);
		free(etitle);
		free(emsg);
	}
}
