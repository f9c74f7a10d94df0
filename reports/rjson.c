/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <math.h>

#include <jansson.h>

#include "jsontext.h"
#include "model.h"
#include "rjson.h"
#include "rules.h"

static json_t *
string_or_null(const char *s)
{
	json_t *j = s != NULL ? jsontext_string(s) : NULL;

	return j != NULL ? j : json_null();
}

static json_t *
kcount_json(const struct kcount *k)
{
	return json_pack("{sI sI sI sI sI sI sI}",
	    "kernels", (json_int_t)k->kernels, "instantiations", (json_int_t)k->instantiations,
	    "entries", (json_int_t)k->entries, "framed", (json_int_t)k->framed,
	    "spilling", (json_int_t)k->spilling, "arrays", (json_int_t)k->arrays,
	    "unknown", (json_int_t)k->unknown);
}

/* A figure: a whole number as an integer, else a real; NAN: null. */
static json_t *
figure_json(double x)
{
	if (isnan(x))
		return json_null();
	/* Under 2^53 a whole double converts exactly. */
	if (x > -9007199254740992.0 && x < 9007199254740992.0 && x == (double)(json_int_t)x)
		return json_integer((json_int_t)x);
	return json_real(x);
}

static json_t *
finding_json(const struct model *m, const struct finding *f)
{
	const struct func_rec *fn = f->entry != FINDING_NO_ENTRY && f->entry < m->nfuncs ?
	    &m->funcs[f->entry] : NULL;
	const struct image_rec *img = fn != NULL ? &m->images[fn->image] : NULL;
	const char *file;
	size_t line;

	finding_source(f, fn, &file, &line);
	return json_pack("{ss ss so so so so so so so so so so}",
	    "level", finding_level_names[f->level], "rule", rule_name(f->rule),
	    "text", string_or_null(f->text), "library", string_or_null(f->library),
	    "kernel", string_or_null(fn != NULL ? fn->name : f->kernel),
	    "mangled", string_or_null(fn != NULL ? fn->mangled : NULL),
	    "sm", string_or_null(img != NULL ? img->arch : f->sm),
	    "measured", figure_json(f->unit != NULL ? f->measured : NAN),
	    "limit", figure_json(f->unit != NULL ? f->limit : NAN),
	    "unit", string_or_null(f->unit),
	    "file", string_or_null(file),
	    "line", line > 0 ? json_integer((json_int_t)line) : json_null());
}

static json_t *
counts_json(const struct verdict *v)
{
	json_t *by_rule = json_object();

	for (int r = RULE_NONE + 1; r < RULE_COUNT; r++)
		json_object_set_new(by_rule, rule_name(r),
		    json_integer((json_int_t)verdict_count_rule(v, r)));
	return json_pack("{sI sI sI so so so so}",
	    "counted", (json_int_t)v->counted,
	    "violations", (json_int_t)verdict_count(v, FINDING_VIOLATION),
	    "notices", (json_int_t)verdict_count(v, FINDING_NOTICE),
	    "by_rule", by_rule, "gated", kcount_json(&v->gated), "skipped", kcount_json(&v->skipped),
	    "copies", kcount_json(&v->copies));
}

int
rjson_write_verdict(FILE *out, const struct model *m, const struct verdict *v)
{
	json_t *findings = json_array(), *doc;
	int rc;

	for (size_t i = 0; i < v->n; i++)
		json_array_append_new(findings, finding_json(m, &v->v[i]));
	doc = json_pack("{ss sb so so}", "spillway", PACKAGE_VERSION,
	    "pass", verdict_count(v, FINDING_VIOLATION) == 0,
	    "counts", counts_json(v), "findings", findings);
	if (doc == NULL)
		return -1;
	rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(doc);
	if (rc == 0)
		fputc('\n', out);
	return rc == 0 ? 0 : -1;
}
