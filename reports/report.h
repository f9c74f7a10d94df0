/* SPDX-License-Identifier: MIT */
/*
 * --report: the sections of a pull-request report, built from the model
 * into a struct rdoc and written as Markdown, CSV or HTML; the browser's
 * Diff view shows the sections written as plain text (rtext.h).  The
 * sections are one table (report_sections); each appears only when it
 * has data.
 */
#ifndef SPILLWAY_REPORT_H
#define SPILLWAY_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "judge_build.h"
#include "model.h"
#include "rdoc.h"
#include "strlist.h"
#include "verdict.h"
#include "whatif.h"

enum report_format {
	REPORT_MARKDOWN,
	REPORT_CSV,
	REPORT_HTML,
	REPORT_JSON,		/* the verdict, not the sections (rjson.h) */
	REPORT_TRACE,		/* the build laid out for a trace viewer (trace.h) */
	REPORT_TEXT,		/* the browser's Diff view: no --report=FORMAT */
};
#define REPORT_FORMAT_BIT(f)	(1u << (f))
/* The formats of --report. */
#define REPORT_DOCUMENTS	(REPORT_FORMAT_BIT(REPORT_MARKDOWN) | \
				 REPORT_FORMAT_BIT(REPORT_CSV) | REPORT_FORMAT_BIT(REPORT_HTML))

/* What the report takes from the command line. */
struct report_config {
	enum report_format	 format;
	const struct strlist	*sections;	/* --sections; NULL or empty: every one of the format */
	int			 top;		/* --top: rows shown per table, 0 all */
	int64_t			 max_bytes;	/* --max-bytes; -1: the format's default */
	const struct strlist	*gpus;		/* --gpus; NULL or empty: data/arches.csv's */
	const char		*baseline;	/* --baseline as given, named by the diff section */
	struct build_gates	 gates;		/* --jobs and the budgets the builds section echoes */
	int			 gated;		/* a gate option was given: the first line says PASS or FAIL */
	const struct whatif	*whatif;	/* --what-if; NULL or not given: no such section */
};

struct section_input;

/* One section: every fact about it is here, once. */
struct report_section {
	const char	*name;		/* --sections=NAME, and its blocks' section */
	const char	*title;		/* its heading */
	void		(*build)(struct rdoc *, const struct section_input *);
	unsigned	 formats;	/* REPORT_FORMAT_BIT of each format that shows it */
	int		 needs_baseline;	/* built only against --baseline */
	int		 uses_verdict;	/* reads the judge's findings and counts */
};

extern const struct report_section report_sections[];
extern const size_t report_nsections;

/* "markdown", "csv" or "html"; returns -1 with why in err for any other. */
/* --report's formats by index, NULL past the last. */
const char *report_format_name(size_t i);
int	report_format_parse(const char *name, enum report_format *, char *err, size_t size);
/* Checks --sections and --gpus; returns -1 with why in err. */
int	report_config_check(const struct report_config *, char *err, size_t size);
/* Builds the sections chosen into doc; baseline may be NULL.  judged is
 * the judge's verdict on the model (judge_all): its counts and vendored
 * rule are the report's; NULL: nothing vendored. */
void	report_build(struct rdoc *, const struct report_config *, const struct model *,
	    const struct model *baseline, const struct verdict *judged);
/* Whether the report asked for shows the judge's verdict (its JSON, a
 * whole document, a section that reads it): if not, nothing is judged. */
int	report_uses_verdict(const struct report_config *);
/* Builds and writes in the format chosen; returns 0, or -1 on failure. */
int	report_write(FILE *, const struct report_config *, const struct model *,
	    const struct model *baseline, const struct verdict *judged);

#endif
