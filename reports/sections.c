/* The table of the report's sections, and what they share. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sections.h"

/* In the order they are written. */
const struct report_section report_sections[] = {
	{ .name = "summary", .title = "Summary",
	  .build = section_summary, .formats = REPORT_DOCUMENTS },
	{ .name = "spills", .title = "Kernels that spill",
	  .build = section_spills, .formats = REPORT_DOCUMENTS },
	{ .name = "arrays", .title = "Spill-free per-thread arrays",
	  .build = section_arrays, .formats = REPORT_DOCUMENTS },
	{ .name = "arches", .title = "Arch comparison",
	  .build = section_arches, .formats = REPORT_DOCUMENTS },
	{ .name = "coverage", .title = "Arch coverage",
	  .build = section_coverage, .formats = REPORT_DOCUMENTS },
	{ .name = "builds", .title = "Build costs",
	  .build = section_builds, .formats = REPORT_DOCUMENTS },
	{ .name = "occupancy", .title = "Occupancy",
	  .build = section_occupancy, .formats = REPORT_DOCUMENTS },
	{ .name = "diff", .title = "Changes against the baseline",
	  .build = section_diff, .formats = REPORT_DOCUMENTS | REPORT_FORMAT_BIT(REPORT_TEXT),
	  .needs_baseline = 1 },
};
const size_t report_nsections = sizeof report_sections / sizeof report_sections[0];

void
section_heading(struct rdoc *d, const struct section_input *in)
{
	rdoc_heading(d, in->section->name, in->section->title);
}

size_t
section_uniq_sorted(const char **v, size_t n, int (*cmp)(const void *, const void *))
{
	size_t k = 0;

	qsort(v, n, sizeof *v, cmp);
	for (size_t i = 0; i < n; i++)
		if (k == 0 || strcmp(v[k - 1], v[i]) != 0)
			v[k++] = v[i];
	return k;
}

void
section_kernel_cols(struct rtable *t)
{
	rtable_col(t, "kernel", RC_CODE);
	rtable_col(t, "library", RC_CODE);
	rtable_col(t, "sm", RC_TEXT);
}

void
section_kernel_cells(struct rtable *t, const struct kgroup *g)
{
	rtable_cell(t, "%s", g->collapsed);
	rtable_cell(t, "%s", g->library);
	rtable_cell(t, "%s", g->arch);
}
