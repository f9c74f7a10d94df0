#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "github.h"
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

static char *
escape_first(const char *s, size_t nescapes)
{
	char *out = xmalloc(strlen(s) * 3 + 1), *p = out;

	for (; *s; s++) {
		size_t k = 0;

		while (k < nescapes && escapes[k].c != *s)
			k++;
		if (k < nescapes) {
			memcpy(p, escapes[k].as, 3);
			p += 3;
		} else
			*p++ = *s;
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
	const char *rule = f->rule != RULE_NONE ? finding_rule_names[f->rule] :
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
