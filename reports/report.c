#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "html.h"
#include "kgroup.h"
#include "md.h"
#include "rcsv.h"
#include "report.h"
#include "sections.h"

const char *const report_sections[] = {
	"summary", "spills", "arrays", "arches", "coverage", "builds", "occupancy", "diff",
};
const size_t report_nsections = sizeof report_sections / sizeof report_sections[0];

int
report_check_options(const struct options *o)
{
	const char *fmt = o->report_format ? o->report_format : "markdown";

	if (strcmp(fmt, "markdown") != 0 && strcmp(fmt, "csv") != 0 && strcmp(fmt, "html") != 0) {
		fprintf(stderr, "spillway: --report takes markdown, csv or html, not '%s'\n", fmt);
		return -1;
	}
	for (size_t i = 0; i < o->sections.n; i++) {
		size_t k;

		for (k = 0; k < report_nsections; k++)
			if (strcmp(o->sections.v[i], report_sections[k]) == 0)
				break;
		if (k == report_nsections) {
			fprintf(stderr, "spillway: --sections: no section '%s' (summary, spills, "
			    "arrays, arches, coverage, builds, occupancy, diff)\n", o->sections.v[i]);
			return -1;
		}
	}
	for (size_t i = 0; i < o->gpus.n; i++) {
		struct arch_id a;

		if (arch_parse(o->gpus.v[i], &a) < 0 || a.ptx) {
			fprintf(stderr, "spillway: --gpus takes arches like sm_86 or 90, not '%s'\n",
			    o->gpus.v[i]);
			return -1;
		}
	}
	if (o->sections.n == 1 && strcmp(o->sections.v[0], "diff") == 0 && o->baseline == NULL) {
		fprintf(stderr, "spillway: --sections=diff needs --baseline=OLD\n");
		return -1;
	}
	return 0;
}

static int
wanted(const struct options *o, const char *section)
{
	if (o->sections.n == 0)
		return 1;
	for (size_t i = 0; i < o->sections.n; i++)
		if (strcmp(o->sections.v[i], section) == 0)
			return 1;
	return 0;
}

void
report_build(struct rdoc *d, const struct options *o, const struct model *m,
    const struct model *baseline, const struct verdict *judged)
{
	const struct vendored_rule *vendored = judged != NULL ? judged->vendored : NULL;
	struct kgroup_set g, old;

	kgroup_build(&g, m, vendored);
	if (wanted(o, "summary"))
		section_summary(d, m, judged);
	if (wanted(o, "spills"))
		section_spills(d, &g);
	if (wanted(o, "arrays"))
		section_arrays(d, &g);
	if (wanted(o, "arches"))
		section_arches(d, &g);
	if (wanted(o, "coverage"))
		section_coverage(d, o, m);
	if (wanted(o, "builds"))
		section_builds(d, o, m);
	if (wanted(o, "occupancy"))
		section_occupancy(d, m, &g);
	if (wanted(o, "diff") && baseline != NULL) {
		kgroup_build(&old, baseline, vendored);
		section_diff(d, o, &old, &g);
		kgroup_free(&old);
	}
	kgroup_free(&g);
}

int
report_write(FILE *f, const struct options *o, const struct model *m,
    const struct model *baseline, const struct verdict *judged)
{
	const char *fmt = o->report_format ? o->report_format : "markdown";
	struct rdoc d = { 0 };
	int rc = 0;

	report_build(&d, o, m, baseline, judged);
	if (strcmp(fmt, "csv") == 0)
		rcsv_write(f, &d);
	else if (strcmp(fmt, "html") == 0)
		rc = html_write(f, &d, o->top, o->max_bytes);
	else
		md_write(f, &d, o->top, o->max_bytes >= 0 ? o->max_bytes : MD_DEFAULT_MAX_BYTES);
	rdoc_free(&d);
	return rc;
}
