/*
 * --report: the sections of a pull-request report, built from the model
 * into a struct rdoc and written as Markdown, CSV or HTML.
 *   summary spills arrays arches coverage builds occupancy diff
 * Each section appears only when it has data.
 */
#ifndef SPILLWAY_REPORT_H
#define SPILLWAY_REPORT_H

#include <stdio.h>

#include "model.h"
#include "options.h"
#include "rdoc.h"
#include "verdict.h"

extern const char *const report_sections[];
extern const size_t report_nsections;

/* Checks --report's format and --sections; prints why and returns -1 when wrong. */
int	report_check_options(const struct options *);
/* Builds the sections chosen into doc; baseline may be NULL.  judged is
 * the judge's verdict on the model (judge_all): its counts and vendored
 * rule are the report's; NULL: nothing vendored. */
void	report_build(struct rdoc *, const struct options *, const struct model *,
	    const struct model *baseline, const struct verdict *judged);
/* Builds and writes in the format chosen; returns 0, or -1 on failure. */
int	report_write(FILE *, const struct options *, const struct model *,
	    const struct model *baseline, const struct verdict *judged);

#endif
