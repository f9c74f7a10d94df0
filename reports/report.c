/* SPDX-License-Identifier: MIT */
/* The report: --report's formats, the sections chosen, built and written. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "html.h"
#include "kgroup.h"
#include "md.h"
#include "rcsv.h"
#include "rjson.h"
#include "report.h"
#include "sections.h"

/* A section of the documents (markdown, csv, html), built by section_<name>. */
#define DOCUMENT_SECTION(id, words) \
	{ .name = #id, .title = (words), .build = section_##id, .formats = REPORT_DOCUMENTS }
#define VERDICT_SECTION(id, words) \
	{ .name = #id, .title = (words), .build = section_##id, .formats = REPORT_DOCUMENTS, \
	  .uses_verdict = 1 }

/* The sections, in the order they are written: the changes first, what a
 * reviewer of a pull request came for (there only with --baseline). */
const struct report_section report_sections[] = {
	{ .name = "diff", .title = "Changes against the baseline",
	  .build = section_diff, .formats = REPORT_DOCUMENTS | REPORT_FORMAT_BIT(REPORT_TEXT),
	  .needs_baseline = 1 },
	VERDICT_SECTION(summary, "Summary"),
	DOCUMENT_SECTION(spills, "Kernels that spill"),
	DOCUMENT_SECTION(arrays, "Spill-free per-thread arrays"),
	DOCUMENT_SECTION(arches, "Arch comparison"),
	DOCUMENT_SECTION(coverage, "Arch coverage"),
	/* AMDGPU */
	DOCUMENT_SECTION(amd, "AMD GPU coverage"),
	DOCUMENT_SECTION(builds, "Build costs"),
	DOCUMENT_SECTION(occupancy, "Occupancy"),
	/* whether a kernel launches, and where */
	VERDICT_SECTION(launch, "Will it launch"),
	DOCUMENT_SECTION(size, "Where the bytes go"),
	DOCUMENT_SECTION(whatif, "What if"),
};
const size_t report_nsections = sizeof report_sections / sizeof report_sections[0];

static int
write_markdown(FILE *f, const struct rdoc *d, const struct report_config *c)
{
	md_write(f, d, c->top, (int64_t)d->keep_bytes);
	return 0;
}

static int
write_csv(FILE *f, const struct rdoc *d, const struct report_config *c)
{
	(void)c;
	rcsv_write(f, d);
	return 0;
}

static int
write_html(FILE *f, const struct rdoc *d, const struct report_config *c)
{
	return html_write(f, d, c->top, (int64_t)d->keep_bytes);
}

/* The formats of --report=FORMAT, their writers, and the Markdown they
 * keep under unless --max-bytes says otherwise (-1: every row). */
static const struct report_writer {
	const char		*name;
	enum report_format	 format;
	int			 (*write)(FILE *, const struct rdoc *, const struct report_config *);
	int64_t			 max_bytes;
} report_writers[] = {
	{ "markdown", REPORT_MARKDOWN, write_markdown, MD_DEFAULT_MAX_BYTES },
	{ "csv", REPORT_CSV, write_csv, -1 },	/* never shortened */
	{ "html", REPORT_HTML, write_html, HTML_DEFAULT_MAX_BYTES },
	{ "json", REPORT_JSON, NULL, -1 },	/* the verdict: report_write */
	{ "trace", REPORT_TRACE, NULL, -1 },	/* the build laid out: trace.h */
};
#define NWRITERS (sizeof report_writers / sizeof report_writers[0])

const char *
report_format_name(size_t i)
{
	return i < NWRITERS ? report_writers[i].name : NULL;
}

int
report_format_parse(const char *name, enum report_format *f, char *err, size_t size)
{
	size_t at = 0;

	if (name == NULL)
		name = report_writers[0].name;
	for (size_t i = 0; i < NWRITERS; i++)
		if (strcmp(name, report_writers[i].name) == 0) {
			*f = report_writers[i].format;
			return 0;
		}
	at += snprintf(err, size, "--report takes ");
	for (size_t i = 0; i < NWRITERS && at < size; i++)
		at += snprintf(err + at, size - at, "%s%s", i == 0 ? "" :
		    i + 1 == NWRITERS ? " or " : ", ", report_writers[i].name);
	if (at < size)
		snprintf(err + at, size - at, ", not '%s'", name);
	return -1;
}

static int
in_format(const struct report_section *s, enum report_format f)
{
	return (s->formats & REPORT_FORMAT_BIT(f)) != 0;
}

/* The section of that name the format shows, or NULL. */
static const struct report_section *
section_find(const char *name, enum report_format f)
{
	for (size_t i = 0; i < report_nsections; i++)
		if (in_format(&report_sections[i], f) && strcmp(report_sections[i].name, name) == 0)
			return &report_sections[i];
	return NULL;
}

int
report_config_check(const struct report_config *c, char *err, size_t size)
{
	const struct report_section *one = NULL;
	size_t nsections = c->sections != NULL ? c->sections->n : 0;

	for (size_t i = 0; i < nsections; i++) {
		const char *name = c->sections->v[i];
		size_t at;

		if ((one = section_find(name, c->format)) != NULL)
			continue;
		at = snprintf(err, size, "--sections: no section '%s' (", name);
		for (size_t k = 0, n = 0; k < report_nsections && at < size; k++)
			if (in_format(&report_sections[k], c->format))
				at += snprintf(err + at, size - at, "%s%s", n++ ? ", " : "",
				    report_sections[k].name);
		if (at < size)
			snprintf(err + at, size - at, ")");
		return -1;
	}
	for (size_t i = 0; c->gpus != NULL && i < c->gpus->n; i++) {
		struct arch_id a;

		if (arch_is_amdgpu(c->gpus->v[i]))
			continue;	/* an AMD GPU: the AMD GPU coverage's column */
		if (arch_parse(c->gpus->v[i], &a) < 0 || a.ptx) {
			snprintf(err, size, "--gpus takes arches like sm_86 or 90, not '%s'",
			    c->gpus->v[i]);
			return -1;
		}
	}
	if (nsections == 1 && one->needs_baseline && c->baseline == NULL) {
		snprintf(err, size, "--sections=%s needs --baseline=OLD", one->name);
		return -1;
	}
	return 0;
}

static int
wanted(const struct report_config *c, const struct report_section *s)
{
	if (!in_format(s, c->format))
		return 0;
	if (c->sections == NULL || c->sections->n == 0)
		return 1;
	for (size_t i = 0; i < c->sections->n; i++)
		if (strcmp(c->sections->v[i], s->name) == 0)
			return 1;
	return 0;
}

/* The verdict and provenance frame a document of every section. */
static int
whole_report(const struct report_config *c)
{
	return (REPORT_DOCUMENTS & REPORT_FORMAT_BIT(c->format)) != 0 &&
	    (c->sections == NULL || c->sections->n == 0);
}

int
report_uses_verdict(const struct report_config *c)
{
	if (c->format == REPORT_JSON || whole_report(c))
		return 1;
	for (size_t i = 0; i < report_nsections; i++)
		if (report_sections[i].uses_verdict && wanted(c, &report_sections[i]))
			return 1;
	return 0;
}

void
report_build(struct rdoc *d, const struct report_config *c, const struct model *m,
    const struct model *baseline, const struct verdict *judged)
{
	const struct vendored_rule *vendored = judged != NULL ? judged->vendored : NULL;
	struct section_groups g = { .built = 0 };
	struct kgroup_set old;
	struct section_input in = { .config = c, .model = m, .judged = judged, .groups = &g,
	    .baseline = baseline };

	int whole = whole_report(c);

	for (size_t i = 0; i < report_nsections && baseline != NULL && in.old == NULL; i++)
		if ((report_sections[i].needs_baseline && wanted(c, &report_sections[i])) || whole) {
			kgroup_build_files(&old, baseline, vendored);
			in.old = &old;
		}
	if (whole)
		section_verdict(d, &in);
	for (size_t i = 0; i < report_nsections; i++)
		if (wanted(c, &report_sections[i])) {
			in.section = &report_sections[i];
			report_sections[i].build(d, &in);
		}
	if (whole)
		section_provenance(d, &in);
	if (in.old != NULL)
		kgroup_free(&old);
	if (g.built)
		kgroup_free(&g.set);
	if (g.files_built)
		kgroup_free(&g.files);
}

int
report_write(FILE *f, const struct report_config *c, const struct model *m,
    const struct model *baseline, const struct verdict *judged)
{
	struct rdoc d = { 0 };
	int rc = -1;

	if (c->format == REPORT_JSON) {
		struct verdict none = { 0 };

		return rjson_write_verdict(f, m, judged != NULL ? judged : &none);
	}
	/* The tables keep only the rows the writer's budget can show. */
	for (size_t i = 0; i < NWRITERS; i++)
		if (report_writers[i].format == c->format && report_writers[i].max_bytes >= 0)
			d.keep_bytes = (size_t)(c->max_bytes >= 0 ? c->max_bytes : report_writers[i].max_bytes);
	report_build(&d, c, m, baseline, judged);
	for (size_t i = 0; i < NWRITERS; i++)
		if (report_writers[i].format == c->format)
			rc = report_writers[i].write(f, &d, c);
	rdoc_free(&d);
	return rc;
}
