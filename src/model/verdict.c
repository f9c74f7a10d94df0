/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "model.h"
#include "verdict.h"
#include "xalloc.h"

const char *const finding_level_names[] = {
	[FINDING_VIOLATION] = "violation", [FINDING_NOTICE] = "notice",
	[FINDING_NOTHING] = "nothing", [FINDING_SUMMARY] = "summary",
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
	v->v[v->n].rule = 0;	/* none */
	v->v[v->n].entry = FINDING_NO_ENTRY;
	v->v[v->n].library = NULL;
	v->v[v->n].text = text;
	v->v[v->n].measured = v->v[v->n].limit = NAN;
	v->v[v->n].unit = NULL;
	v->v[v->n].kernel = v->v[v->n].sm = NULL;
	v->v[v->n].file = NULL;
	v->v[v->n].line = 0;
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

void
finding_source(const struct finding *f, const struct func_rec *fn, const char **file,
    size_t *line)
{
	if (f->file != NULL && f->line > 0) {
		*file = f->file;
		*line = f->line;
	} else if (fn != NULL && fn->src_file != NULL && fn->src_line > 0) {
		*file = fn->src_file;
		*line = (size_t)fn->src_line;
	} else {
		*file = f->file;
		*line = 0;
	}
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
