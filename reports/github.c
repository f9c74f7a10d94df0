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
	if (f->kernel != NULL && f->sm != NULL)
		return xasprintf("spillway %s: %s %s", rule, f->kernel, f->sm);
	if (f->library != NULL)
		return xasprintf("spillway %s: %s", rule, f->library);
	return xasprintf("spillway %s", rule);
}

/*
 * file= for a path: relative to the checkout, as GitHub places annotations
 * on a pull request's files, so a path under $GITHUB_WORKSPACE loses it;
 * any other is written as it is (GitHub then shows the annotation on the
 * run alone).
 */
static const char *
in_workspace(const char *path)
{
	const char *ws = getenv("GITHUB_WORKSPACE");
	size_t n = ws != NULL ? strlen(ws) : 0;

	while (n > 1 && ws[n - 1] == '/')
		n--;
	if (n > 0 && strncmp(path, ws, n) == 0 && path[n] == '/' && path[n + 1] != '\0')
		return path + n + 1;
	return path;
}

/* "file=F,line=N," or "file=F," or nothing, escaped as properties. */
static char *
place_of(const struct model *m, const struct finding *f)
{
	const struct func_rec *fn = f->entry != FINDING_NO_ENTRY && f->entry < m->nfuncs ?
	    &m->funcs[f->entry] : NULL;
	const char *file;
	size_t line;
	char *efile, *out;

	finding_source(f, fn, &file, &line);
	if (file == NULL || file[0] == '\0')
		return xstrdup("");
	efile = github_escape_property(in_workspace(file));
	out = line > 0 ? xasprintf("file=%s,line=%zu,", efile, line) : xasprintf("file=%s,", efile);
	free(efile);
	return out;
}

static void
write_command(FILE *out, const char *command, const char *place, const char *title,
    const char *text)
{
	char *etitle = github_escape_property(title), *emsg = github_escape_data(text);

	fprintf(out, "::%s %stitle=%s::%s\n", command, place, etitle, emsg);
	free(etitle);
	free(emsg);
}

/* "26 more violations: see the step summary", "3 more violations, 1 more
 * notice: ...": what the cap left out, by level. */
static char *
more_text(size_t violations, size_t notices)
{
	char v[64] = "", n[64] = "";

	if (violations > 0)
		snprintf(v, sizeof v, "%zu more %s", violations,
		    violations == 1 ? "violation" : "violations");
	if (notices > 0)
		snprintf(n, sizeof n, "%zu more %s", notices, notices == 1 ? "notice" : "notices");
	return xasprintf("%s%s%s: see the step summary", v, v[0] && n[0] ? ", " : "", n);
}

void
github_write_commands(FILE *out, const struct model *m, const struct verdict *v,
    const char *outcome)
{
	size_t written[NLEVELS] = { 0 }, left[NLEVELS] = { 0 };

	for (size_t i = 0; i < v->n; i++) {
		const struct finding *f = &v->v[i];
		char *title, *place;

		if (f->level < 0 || (size_t)f->level >= NLEVELS || command_of[f->level] == NULL)
			continue;
		if (written[f->level] == GITHUB_ANNOTATIONS_STEP) {
			left[f->level]++;
			continue;
		}
		written[f->level]++;
		title = title_of(m, f);
		place = place_of(m, f);
		write_command(out, command_of[f->level], place, title, f->text);
		free(title);
		free(place);
	}
	if (left[FINDING_VIOLATION] + left[FINDING_NOTICE] > 0) {
		char *text = more_text(left[FINDING_VIOLATION], left[FINDING_NOTICE]);

		write_command(out, "notice", "", "spillway: more findings", text);
		free(text);
	}
	if (outcome != NULL)
		write_command(out, "notice", "", "spillway", outcome);
}
