/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <libxml/xmlwriter.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "copies.h"
#include "junit.h"
#include "rules.h"
#include "xalloc.h"
#include "xmltext.h"

#define NONE	SIZE_MAX

/* The findings of each entry, as chains: first[entry], next[finding]. */
struct by_entry {
	size_t	*first, *next;
};

static void
by_entry_build(struct by_entry *b, const struct model *m, const struct verdict *v)
{
	size_t *last = xmalloc((m->nfuncs + 1) * sizeof *last);

	b->first = xmalloc((m->nfuncs + 1) * sizeof *b->first);
	b->next = xmalloc((v->n + 1) * sizeof *b->next);
	for (size_t i = 0; i < m->nfuncs; i++)
		b->first[i] = last[i] = NONE;
	for (size_t k = 0; k < v->n; k++) {
		size_t e = v->v[k].entry;

		b->next[k] = NONE;
		if (v->v[k].level != FINDING_VIOLATION || e == FINDING_NO_ENTRY || e >= m->nfuncs)
			continue;
		if (last[e] == NONE)
			b->first[e] = k;
		else
			b->next[last[e]] = k;
		last[e] = k;
	}
	free(last);
}

/* Names and texts as XML 1.0 holds them (xmltext.h). */
static void
attr(xmlTextWriterPtr w, const char *name, const char *value)
{
	char *safe = xmltext(value);

	xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST safe);
	free(safe);
}

static void
attr_count(xmlTextWriterPtr w, const char *name, size_t n)
{
	xmlTextWriterWriteFormatAttribute(w, BAD_CAST name, "%zu", n);
}

/* A testcase's file= and line= (as JUnit readers such as GitLab's and
 * pytest's take them): where its finding points (finding_source), else
 * its entry's own source line; nothing where neither is known. */
static void
attr_source(xmlTextWriterPtr w, const struct finding *f, const struct func_rec *fn)
{
	const char *file = NULL;
	size_t line = 0;

	if (f != NULL)
		finding_source(f, fn, &file, &line);
	else if (fn != NULL && fn->src_file != NULL && fn->src_line > 0) {
		file = fn->src_file;
		line = (size_t)fn->src_line;
	}
	if (file == NULL)
		return;
	attr(w, "file", file);
	if (line > 0)
		attr_count(w, "line", line);
}

/* One <failure> per violation: its rule, its first line, its text. */
static void
failure(xmlTextWriterPtr w, const struct finding *f)
{
	char *safe = xmltext(f->text);

	xmlTextWriterStartElement(w, BAD_CAST "failure");
	xmlTextWriterWriteAttribute(w, BAD_CAST "message", BAD_CAST safe);
	xmlTextWriterWriteAttribute(w, BAD_CAST "type", BAD_CAST rule_name(f->rule));
	xmlTextWriterWriteString(w, BAD_CAST safe);
	xmlTextWriterEndElement(w);
	free(safe);
}

static int
judged(const struct verdict *v, const struct model *m, size_t i)
{
	const struct func_rec *fn = &m->funcs[i];
	const struct image_rec *img = &m->images[fn->image];

	return fn->kind == FUNC_ENTRY && img->kind == IMAGE_SASS &&
	    !vendored_match(v->vendored, img, fn) &&
	    !func_is_copy(m, i);	/* a testcase where it is judged (copies.h) */
}

/* The testcases of one library: its entries, in model order. */
static void
library_cases(xmlTextWriterPtr w, const struct model *m, const struct verdict *v,
    const struct by_entry *b, const char *library)
{
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *fn = &m->funcs[i];
		const struct image_rec *img = &m->images[fn->image];
		char *name;

		if (strcmp(img->library, library) != 0 || !judged(v, m, i))
			continue;
		name = xasprintf("%s %s", fn->name, img->arch);
		xmlTextWriterStartElement(w, BAD_CAST "testcase");
		attr(w, "name", name);
		attr(w, "classname", img->member[0] != '\0' ? img->member : library);
		attr_source(w, b->first[i] != NONE ? &v->v[b->first[i]] : NULL, fn);
		for (size_t k = b->first[i]; k != NONE; k = b->next[k])
			failure(w, &v->v[k]);
		xmlTextWriterEndElement(w);
		free(name);
	}
}

/* The violations about no entry, each its own testcase. */
static void
other_cases(xmlTextWriterPtr w, const struct model *m, const struct verdict *v,
    const char *library)
{
	for (size_t k = 0; k < v->n; k++) {
		const struct finding *f = &v->v[k];

		if (f->level != FINDING_VIOLATION ||
		    (f->entry != FINDING_NO_ENTRY && f->entry < m->nfuncs))
			continue;
		if ((f->library == NULL) != (library == NULL) ||
		    (library != NULL && strcmp(f->library, library) != 0))
			continue;
		xmlTextWriterStartElement(w, BAD_CAST "testcase");
		attr(w, "name", rule_name(f->rule));
		attr(w, "classname", library != NULL ? library : PACKAGE_NAME);
		attr_source(w, f, NULL);
		failure(w, f);
		xmlTextWriterEndElement(w);
	}
}

/* Testcases and failures of one suite (library NULL: the findings of no
 * library), counted before it is written, as its attributes come first. */
static void
suite_counts(const struct model *m, const struct verdict *v, const struct by_entry *b,
    const char *library, size_t *tests, size_t *failures)
{
	*tests = *failures = 0;
	for (size_t i = 0; library != NULL && i < m->nfuncs; i++)
		if (strcmp(m->images[m->funcs[i].image].library, library) == 0 && judged(v, m, i)) {
			(*tests)++;
			*failures += b->first[i] != NONE;
		}
	for (size_t k = 0; k < v->n; k++) {
		const struct finding *f = &v->v[k];

		if (f->level != FINDING_VIOLATION ||
		    (f->entry != FINDING_NO_ENTRY && f->entry < m->nfuncs))
			continue;
		if ((f->library == NULL) == (library == NULL) &&
		    (library == NULL || strcmp(f->library, library) == 0)) {
			(*tests)++;
			(*failures)++;
		}
	}
}

static void
suite(xmlTextWriterPtr w, const struct model *m, const struct verdict *v,
    const struct by_entry *b, const char *library, size_t *all_tests, size_t *all_failures)
{
	size_t tests, failures;

	suite_counts(m, v, b, library, &tests, &failures);
	if (tests == 0)
		return;
	xmlTextWriterStartElement(w, BAD_CAST "testsuite");
	attr(w, "name", library != NULL ? library : PACKAGE_NAME);
	attr_count(w, "tests", tests);
	attr_count(w, "failures", failures);
	attr_count(w, "errors", 0);
	attr_count(w, "skipped", 0);
	library_cases(w, m, v, b, library != NULL ? library : "");
	other_cases(w, m, v, library);
	xmlTextWriterEndElement(w);
	*all_tests += tests;
	*all_failures += failures;
}

/* Whether image i is the first of its library (libraries in first-seen
 * order); seen holds the libraries met so far, a few per scan. */
static int
first_of_library(const struct model *m, size_t i, const char ***seen, size_t *n, size_t *cap)
{
	const char *lib = m->images[i].library;

	if (i > 0 && strcmp(m->images[i - 1].library, lib) == 0)
		return 0;
	for (size_t k = 0; k < *n; k++)
		if (strcmp((*seen)[k], lib) == 0)
			return 0;
	xgrow((void **)seen, cap, *n + 1, sizeof **seen);
	(*seen)[(*n)++] = lib;
	return 1;
}

int
junit_write(FILE *f, const struct model *m, const struct verdict *v)
{
	xmlOutputBufferPtr out = xmlOutputBufferCreateFile(f, NULL);
	xmlTextWriterPtr w = out != NULL ? xmlNewTextWriter(out) : NULL;
	struct by_entry b;
	const char **seen = NULL;
	size_t tests = 0, failures = 0, nseen = 0, capseen = 0;
	int rc = 0;

	if (w == NULL)
		return -1;
	by_entry_build(&b, m, v);
	xmlTextWriterSetIndent(w, 1);
	xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL);
	xmlTextWriterStartElement(w, BAD_CAST "testsuites");
	attr(w, "name", "spillway --check");
	for (size_t i = 0; i < m->nimages; i++)
		if (first_of_library(m, i, &seen, &nseen, &capseen))
			suite(w, m, v, &b, m->images[i].library, &tests, &failures);
	suite(w, m, v, &b, NULL, &tests, &failures);
	xmlTextWriterEndElement(w);
	if (xmlTextWriterEndDocument(w) < 0)
		rc = -1;
	xmlFreeTextWriter(w);
	free(seen);
	free(b.first);
	free(b.next);
	return rc;
}
