/* Sections about the tree: arch coverage and stale objects, build costs. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "bytes.h"
#include "judge_build.h"
#include "occupancy.h"
#include "schedule.h"
#include "sections.h"
#include "xalloc.h"

struct libcov {
	const char	*library;
	const char	**sass, **ptx;
	size_t		 nsass, nptx;
	char		*set;		/* "sm_80 sm_90 compute_90" */
};

static void
add_arch(const char ***v, size_t *n, const char *arch)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], arch) == 0)
			return;
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = arch;
}

static int
lib_cmp(const void *a, const void *b)
{
	return strcmp(((const struct libcov *)a)->library, ((const struct libcov *)b)->library);
}

static struct libcov *
collect(const struct model *m, size_t *nlibs)
{
	struct libcov *libs = NULL;
	size_t n = 0, cap = 0, prefix = kgroup_common_prefix(m);

	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *img = &m->images[i];
		struct libcov *l = NULL;

		for (size_t k = n; k > 0 && l == NULL; k--)
			if (libs[k - 1].library == img->library + prefix)
				l = &libs[k - 1];
		if (l == NULL) {
			xgrow((void **)&libs, &cap, n + 1, sizeof *libs);
			l = &libs[n++];
			memset(l, 0, sizeof *l);
			l->library = img->library + prefix;
		}
		if (img->kind == IMAGE_SASS)
			add_arch(&l->sass, &l->nsass, img->arch);
		else if (img->kind == IMAGE_PTX)
			add_arch(&l->ptx, &l->nptx, img->arch);
	}
	for (size_t i = 0; i < n; i++) {
		struct libcov *l = &libs[i];
		char *s = xstrdup(""), *t;

		if (l->nsass > 0)
			qsort(l->sass, l->nsass, sizeof *l->sass, arch_qsort_cmp);
		if (l->nptx > 0)
			qsort(l->ptx, l->nptx, sizeof *l->ptx, arch_qsort_cmp);
		for (size_t k = 0; k < l->nsass + l->nptx; k++) {
			t = xasprintf("%s%s%s", s, k ? " " : "",
			    k < l->nsass ? l->sass[k] : l->ptx[k - l->nsass]);
			free(s);
			s = t;
		}
		l->set = s;
	}
	if (n > 0)
		qsort(libs, n, sizeof *libs, lib_cmp);
	*nlibs = n;
	return libs;
}

/* "SASS sm_86", "PTX compute_80" or "no" for one library on one GPU. */
static char *
loads(const struct libcov *l, const struct arch_id *gpu)
{
	const char *best = NULL;
	struct arch_id a, b;

	for (size_t i = 0; i < l->nsass; i++)
		if (arch_parse(l->sass[i], &a) == 0 && arch_sass_runs(&a, gpu) &&
		    (best == NULL || (arch_parse(best, &b) == 0 && a.number > b.number)))
			best = l->sass[i];
	if (best)
		return xasprintf("SASS %s", best);
	for (size_t i = 0; i < l->nptx; i++)
		if (arch_parse(l->ptx[i], &a) == 0 && arch_ptx_jits(&a, gpu) &&
		    (best == NULL || (arch_parse(best, &b) == 0 && a.number > b.number)))
			best = l->ptx[i];
	if (best)
		return xasprintf("PTX JIT %s", best);
	return xstrdup("no");
}

/* The arch set most files share, when more than half of three or more do. */
static const char *
majority_set(const struct libcov *libs, size_t n, size_t *count)
{
	for (size_t i = 0; i < n && n >= 3; i++) {
		size_t c = 0;

		for (size_t k = 0; k < n; k++)
			c += strcmp(libs[k].set, libs[i].set) == 0;
		if (2 * c > n) {
			*count = c;
			return libs[i].set;
		}
	}
	return NULL;
}

void
section_coverage(struct rdoc *d, const struct options *o, const struct model *m)
{
	size_t n, ngpus, agree = 0, stale = 0;
	struct libcov *libs = collect(m, &n);
	const char *major = majority_set(libs, n, &agree);
	struct arch_id *gpus;
	char **names;
	struct rtable *t;

	if (n == 0) {
		free(libs);
		return;
	}
	ngpus = o->gpus.n > 0 ? o->gpus.n : arch_limits_count;
	gpus = xcalloc(ngpus, sizeof *gpus);
	names = xcalloc(ngpus, sizeof *names);
	for (size_t i = 0; i < ngpus; i++) {
		const char *g = o->gpus.n > 0 ? o->gpus.v[i] : arch_limits_table[i].arch;

		(void)arch_parse(g, &gpus[i]);	/* zeroed when it is no arch */
		gpus[i].suffix = 0;
		gpus[i].ptx = 0;
		names[i] = xasprintf("sm_%d", gpus[i].number);
	}
	for (size_t i = 0; i < n; i++)
		stale += major != NULL && strcmp(libs[i].set, major) != 0;
	rdoc_heading(d, "coverage", "Arch coverage");
	rdoc_para(d, "coverage", "What each GPU runs: native SASS (same major, minor at least "
	    "the built one; " RD_CODE "a" RD_END " variants only on that arch, " RD_CODE "f"
	    RD_END " variants within the family), PTX compiled by the driver at load time "
	    "(PTX JIT: slower first launch, no arch-specific tuning), or nothing.");
	t = rdoc_table(d, "coverage");
	rtable_col(t, "library", RC_CODE);
	rtable_col(t, "SASS", RC_TEXT);
	rtable_col(t, "PTX", RC_TEXT);
	for (size_t i = 0; i < ngpus; i++)
		rtable_col(t, names[i], RC_TEXT);
	if (stale > 0)
		rtable_col(t, "note", RC_TEXT);
	for (size_t i = 0; i < n; i++) {
		const struct libcov *l = &libs[i];
		char *s = xstrdup(""), *tmp;

		rtable_cell(t, "%s", l->library);
		for (size_t k = 0; k < l->nsass; k++) {
			tmp = xasprintf("%s%s%s", s, k ? " " : "", l->sass[k]);
			free(s);
			s = tmp;
		}
		rtable_cell(t, "%s", l->nsass ? s : "none");
		free(s);
		s = xstrdup("");
		for (size_t k = 0; k < l->nptx; k++) {
			tmp = xasprintf("%s%s%s", s, k ? " " : "", l->ptx[k]);
			free(s);
			s = tmp;
		}
		rtable_cell(t, "%s", l->nptx ? s : "none");
		free(s);
		for (size_t g = 0; g < ngpus; g++) {
			s = loads(l, &gpus[g]);
			rtable_cell(t, "%s", s);
			free(s);
		}
		if (stale > 0 && strcmp(l->set, major) != 0)
			rtable_cell(t, "stale? %zu other files carry %s", agree, major);
		else if (stale > 0)
			rtable_cell(t, "%s", "as the tree");
	}
	if (stale > 0)
		rdoc_para(d, "coverage", "%zu of %zu files carry a different arch set from the "
		    "other %zu (%s): objects compiled for a previous target and linked after "
		    "the target changed look like this.", stale, n, agree, major);
	for (size_t i = 0; i < ngpus; i++)
		free(names[i]);
	for (size_t i = 0; i < n; i++) {
		free(libs[i].sass);
		free(libs[i].ptx);
		free(libs[i].set);
	}
	free(names);
	free(gpus);
	free(libs);
}

/* Seed 001's table: the modules that run at once, their overlap and the
 * sum of their peaks, under --jobs=N or as recorded; and the budget lines. */
static void
section_concurrent(struct rdoc *d, const struct options *o, const struct model *m)
{
	struct schedule sc;
	struct rtable *t;
	char a[BYTES_TEXT_MAX], b[BYTES_TEXT_MAX];

	if (schedule_build(m, o->jobs, &sc) != 0)
		return;
	if (sc.slots > 0 && sc.recorded >= 0)
		rdoc_para(d, "builds", "make -j%d simulated in the recorded order: %.1f s (%.1f min); "
		    "recorded: %.1f s (%.1f min).", sc.slots, sc.total, sc.total / 60,
		    sc.recorded, sc.recorded / 60);
	else if (sc.slots > 0)
		rdoc_para(d, "builds", "make -j%d simulated in the recorded order: %.1f s (%.1f min).",
		    sc.slots, sc.total, sc.total / 60);
	else
		rdoc_para(d, "builds", "As recorded: %.1f s from the first start to the last end.", sc.total);
	if (sc.nsets > 0) {
		t = rdoc_table(d, "builds");
		rtable_col(t, "running at once", RC_CODE);
		rtable_col(t, "overlap s", RC_NUM);
		rtable_col(t, "peaks sum to", RC_NUM | RC_MD_ONLY);
		rtable_col(t, "peak_sum_bytes", RC_NUM | RC_CSV_ONLY);
		for (size_t i = 0; i < sc.nsets; i++) {
			const struct sched_set *set = &sc.sets[i];
			char *names = judge_build_set_names(m, &sc, set);

			rtable_cell(t, "%s", names);
			rtable_cell(t, "%.0f", set->overlap);
			rtable_cell(t, "%s%s", set->peak_unknown ? "≥ " : "", bytes_format(set->peak_sum, a, sizeof a));
			rtable_num(t, set->peak_sum);
			free(names);
		}
	}
	if (sc.more > 0)
		rdoc_para(d, "builds", "%zu lighter sets not kept: spillway keeps the %d heaviest.",
		    sc.more, SCHED_SETS_MAX);
	if (o->mem_budget >= 0) {
		int64_t worst = -1;
		size_t at = 0;

		for (size_t i = 0; i < m->nmodules; i++)
			if (m->modules[i].peak_rss > worst) {
				worst = m->modules[i].peak_rss;
				at = i;
			}
		if (worst >= 0)
			rdoc_para(d, "builds", "Budget per compile (--mem-budget): %s; the largest peak "
			    "is %s (%s): %s.",
			    bytes_format_as(o->mem_budget, o->mem_budget_unit, a, sizeof a),
			    bytes_format(worst, b, sizeof b), m->modules[at].name,
			    worst > o->mem_budget ? "over the budget" : "within it");
	}
	if (o->mem_host >= 0 && sc.worst_set < sc.nsets)
		rdoc_para(d, "builds", "Host memory (--mem-host): %s; the most at once is %s: %s.",
		    bytes_format_as(o->mem_host, o->mem_host_unit, a, sizeof a), bytes_format(sc.worst, b, sizeof b),
		    sc.worst > o->mem_host ? "over it" : "within it");
	schedule_free(&sc);
}

void
section_builds(struct rdoc *d, const struct options *o, const struct model *m)
{
	struct rtable *t;
	char a[BYTES_TEXT_MAX];

	if (m->nmodules == 0)
		return;
	rdoc_heading(d, "builds", "Build costs");
	t = rdoc_table(d, "builds");
	rtable_col(t, "module", RC_CODE);
	rtable_col(t, "arches", RC_TEXT);
	rtable_col(t, "peak RSS", RC_NUM | RC_MD_ONLY);
	rtable_col(t, "peak_rss_bytes", RC_NUM | RC_CSV_ONLY);
	rtable_col(t, "wall s", RC_NUM);
	rtable_col(t, "exit", RC_NUM);
	for (size_t i = 0; i < m->nmodules; i++) {
		const struct build_module *b = &m->modules[i];

		rtable_cell(t, "%s", b->name);
		rtable_cell(t, "%s", b->arches);
		if (b->peak_rss >= 0)
			rtable_cell(t, "%s", bytes_format(b->peak_rss, a, sizeof a));
		else
			rtable_cell(t, NULL);
		rtable_num(t, b->peak_rss);
		if (b->wall >= 0)
			rtable_cell(t, "%.1f", b->wall);
		else
			rtable_cell(t, NULL);
		rtable_num(t, b->exit_status);
	}
	section_concurrent(d, o, m);
}
