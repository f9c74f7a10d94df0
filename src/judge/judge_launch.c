/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "copies.h"
#include "deploy.h"
#include "judge_launch.h"
#include "rules.h"
#include "judge_libs.h"
#include "launch.h"
#include "occupancy.h"
#include "xalloc.h"

/* One finding before it is added: the rules add theirs worst first. */
struct hit {
	int64_t		 weight;	/* larger is worse */
	size_t		 order;		/* ties keep the model's order */
	int		 rule;
	size_t		 entry;
	const char	*library;
	char		*text;
	/* The finding's figures and place (judge_figures, judge_row). */
	double		 measured, limit;
	const char	*unit;
	const char	*file;
	size_t		 line;
};

struct hits {
	struct hit	*v;
	size_t		 n, cap;
};

static void
hit_add(struct hits *h, int rule, int64_t weight, size_t entry, const char *library, char *text)
{
	xgrow((void **)&h->v, &h->cap, h->n + 1, sizeof *h->v);
	h->v[h->n] = (struct hit){ weight, h->n, rule, entry, library, text, NAN, NAN, NULL, NULL, 0 };
	h->n++;
}

/* The figures of the hit just added, in unit; its allowance row. */
static void
hit_figures(struct hits *h, double measured, double limit, const char *unit)
{
	h->v[h->n - 1].measured = measured;
	h->v[h->n - 1].limit = limit;
	h->v[h->n - 1].unit = unit;
}

static void
hit_row(struct hits *h, const struct allow_table *t, const struct allow_row *row)
{
	h->v[h->n - 1].file = t->file;
	h->v[h->n - 1].line = row->line;
}

static int
hit_cmp(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Adds the hits worst first, as violations of their rules. */
static void
hits_flush(struct hits *h, struct verdict *v)
{
	if (h->n > 0)	/* h->v is NULL when there is none */
		qsort(h->v, h->n, sizeof *h->v, hit_cmp);
	for (size_t i = 0; i < h->n; i++) {
		struct finding *f;

		judge_add(v, FINDING_VIOLATION, "%s", h->v[i].text);
		f = verdict_last(v);
		f->rule = h->v[i].rule;
		f->entry = h->v[i].entry;
		f->library = h->v[i].library;
		if (h->v[i].unit != NULL)
			judge_figures(v, h->v[i].measured, h->v[i].limit, h->v[i].unit);
		if (h->v[i].file != NULL)
			judge_row(v, NULL, NULL, h->v[i].file, h->v[i].line);
		free(h->v[i].text);
	}
	free(h->v);
	memset(h, 0, sizeof *h);
}

static const char *
origin(const struct image_rec *img)
{
	return img->member[0] != '\0' ? img->member : img->library;
}

/* "(member.o)" after a library, for the rules about images. */
static const char *
member(const struct image_rec *img)
{
	static __thread char buf[512];

	if (img->member[0] == '\0')
		return "";
	snprintf(buf, sizeof buf, "(%s)", img->member);
	return buf;
}

int
launch_gates_given(const struct launch_gates *g)
{
	return g != NULL && (g->launchable || g->max_local_reserve >= 0 ||
	    g->require_driver != NULL || g->deployable);
}

int
launch_gates_check(const struct launch_gates *g, char *err, size_t size)
{
	long v[3];

	if (g->require_driver != NULL && deploy_driver_parse(g->require_driver, v) < 0) {
		snprintf(err, size, "--require-driver: '%s' is no driver version (R535, 535, 535.104.05)",
		    g->require_driver);
		return -1;
	}
	return 0;
}

/*
 * --launchable on one entry: its block, its bound, its static shared
 * memory.  Worst first: nothing launches (5 x the arch's block), a launch
 * at the bound or the allowance's block fails (3 x, then by how far), the
 * launch fails without the opt-in (2 x), the block is capped (by how far).
 */
static void
launchable(const struct model *m, size_t i, const struct allow_table *t, struct hits *h)
{
	const struct func_rec *fn = &m->funcs[i];
	const struct image_rec *img = &m->images[fn->image];
	const struct arch_limits *l = occupancy_limits(img->arch);
	const struct allow_row *row;
	int32_t mb, arch_max, st;

	if (l == NULL || fn->reg < 0) {
		hit_add(h, RULE_LAUNCHABLE, INT64_MAX, i, img->library, xasprintf(
		    "VIOLATION %s %s: the largest block is unknown (%s) [%s]", fn->name, img->arch,
		    l == NULL ? "data/arches.csv has no limits for this arch" : "REG unknown",
		    origin(img)));
		return;
	}
	mb = fn->max_block >= 0 ? fn->max_block : launch_func_max_block(img->arch, fn);
	arch_max = l->max_threads_block < l->max_threads_sm ? l->max_threads_block : l->max_threads_sm;
	row = t != NULL ? allow_find(t, fn->collapsed, img->arch) : NULL;
	if (row != NULL && row->block > 0 && mb > 0) {
		/* Its allowance says the block it is launched with. */
		if (row->block > mb) {
			hit_add(h, RULE_LAUNCHABLE, (int64_t)arch_max * 3 + row->block - mb, i,
			    img->library, xasprintf(
			    "VIOLATION %s %s: launched with %d threads (%s:%zu), but REG %d caps a block at %d [%s]",
			    fn->name, img->arch, row->block, t->file, row->line, fn->reg, mb, origin(img)));
			hit_figures(h, row->block, mb, "threads");
			hit_row(h, t, row);
		}
	} else if (mb == 0) {
		hit_add(h, RULE_LAUNCHABLE, (int64_t)arch_max * 5, i, img->library, xasprintf(
		    "VIOLATION %s %s: REG %d: no block launches (%s allows %d registers a thread) [%s]",
		    fn->name, img->arch, fn->reg, img->arch, l->max_regs_thread, origin(img)));
		hit_figures(h, fn->reg, l->max_regs_thread, "registers");
	} else if (fn->max_threads > mb) {
		hit_add(h, RULE_LAUNCHABLE, (int64_t)arch_max * 3 + fn->max_threads - mb, i,
		    img->library, xasprintf(
		    "VIOLATION %s %s: launch bound %d threads, but REG %d caps a block at %d [%s]",
		    fn->name, img->arch, fn->max_threads, fn->reg, mb, origin(img)));
		hit_figures(h, fn->max_threads, mb, "threads");
	} else if (fn->max_threads <= 0 && mb < arch_max)
		hit_add(h, RULE_LAUNCHABLE, arch_max - mb, i, img->library, xasprintf(
		    "VIOLATION %s %s: REG %d caps a block at %d threads, and no launch bound says so "
		    "(a launch of more fails: too many resources requested) [%s]",
		    fn->name, img->arch, fn->reg, mb, origin(img)));
	st = launch_static_shared(l, fn->shared);
	if (row != NULL && row->dynamic > 0 && st >= 0) {
		/* The dynamic shared memory its allowance declares, beside the
		 * static: past the arch's most a block, nothing launches (under
		 * it, the opt-in is the launcher's call, which no binary shows). */
		int64_t all = (int64_t)st + row->dynamic;

		if (all > l->max_shared_block) {
			hit_add(h, RULE_LAUNCHABLE, (int64_t)arch_max * 5 + all / 1024, i, img->library,
			    xasprintf("VIOLATION %s %s: static shared %d B and %d B dynamic (%s:%zu), "
			    "over the %d B a block may have: no block launches [%s]", fn->name, img->arch,
			    st, row->dynamic, t->file, row->line, l->max_shared_block, origin(img)));
			hit_figures(h, (double)all, l->max_shared_block, "bytes");
			hit_row(h, t, row);
		}
		return;
	}
	if (st > l->max_shared_block) {
		hit_add(h, RULE_LAUNCHABLE, (int64_t)arch_max * 5 + st / 1024, i, img->library, xasprintf(
		    "VIOLATION %s %s: static shared %d B, over the %d B a block may have: no block launches [%s]",
		    fn->name, img->arch, st, l->max_shared_block, origin(img)));
		hit_figures(h, st, l->max_shared_block, "bytes");
	} else if (st > l->default_shared_block) {
		hit_add(h, RULE_LAUNCHABLE, (int64_t)arch_max * 2 + (st - l->default_shared_block) / 1024, i,
		    img->library, xasprintf(
		    "VIOLATION %s %s: static shared %d B, over the %d B a block has without "
		    "cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize) [%s]",
		    fn->name, img->arch, st, l->default_shared_block, origin(img)));
		hit_figures(h, st, l->default_shared_block, "bytes");
	}
}

/* --max-local-reserve on one entry: the GPU model that reserves the most. */
static void
local_reserve(const struct launch_gates *g, const struct model *m, size_t i, struct hits *h)
{
	const struct func_rec *fn = &m->funcs[i];
	const struct image_rec *img = &m->images[fn->image];
	const struct gpu_model *worst = NULL;
	int64_t most = -1;
	int32_t bytes;
	struct arch_id a, b;
	char got[BYTES_TEXT_MAX], lim[BYTES_TEXT_MAX];

	if (fn->stack == UNKNOWN) {
		hit_add(h, RULE_LOCAL_RESERVE, INT64_MAX, i, img->library, xasprintf(
		    "VIOLATION %s %s: STACK unknown (recursion): its local-memory reservation is unknown [%s]",
		    fn->name, img->arch, origin(img)));
		return;
	}
	bytes = fn->stack + (fn->local > 0 ? fn->local : 0);
	if (bytes <= 0 || arch_parse(img->arch, &a) < 0)
		return;
	for (size_t k = 0; k < gpu_model_count; k++) {
		int64_t r;

		if (arch_parse(gpu_models[k].arch, &b) < 0 || !arch_sass_runs(&a, &b))
			continue;
		if ((r = launch_local_reserve(&gpu_models[k], bytes)) > most) {
			most = r;
			worst = &gpu_models[k];
		}
	}
	if (worst == NULL || most <= g->max_local_reserve)
		return;
	hit_add(h, RULE_LOCAL_RESERVE, most, i, img->library, xasprintf(
	    "VIOLATION %s %s: %d B of local memory a thread reserves %s on %s "
	    "(%d SMs x %d threads; over --max-local-reserve=%s) [%s]",
	    fn->name, img->arch, bytes, bytes_format_as(most, BYTES_MIB, got, sizeof got), worst->name,
	    worst->sms, occupancy_limits(worst->arch)->max_threads_sm,
	    bytes_format_as(g->max_local_reserve, g->reserve_unit, lim, sizeof lim), origin(img)));
	hit_figures(h, (double)most, (double)g->max_local_reserve, "bytes");
}

/* Whether entry i is gated: an entry of SASS, neither vendored nor a copy
 * (a copy is judged where it is linked: copies.h). */
static int
gated(const struct vendored_rule *vr, const struct model *m, size_t i)
{
	const struct func_rec *fn = &m->funcs[i];
	const struct image_rec *img = &m->images[fn->image];

	return fn->kind == FUNC_ENTRY && img->kind == IMAGE_SASS && !vendored_match(vr, img, fn) &&
	    !func_is_copy(m, i);
}

void
judge_launchable(const struct allow_table *t, const struct vendored_rule *vr,
    const struct model *m, struct verdict *v)
{
	struct hits h = { 0 };

	for (size_t i = 0; i < m->nfuncs; i++)
		if (gated(vr, m, i))
			launchable(m, i, t, &h);
	hits_flush(&h, v);
}

void
judge_local_reserve(const struct launch_gates *g, const struct vendored_rule *vr,
    const struct model *m, struct verdict *v)
{
	struct hits h = { 0 };

	for (size_t i = 0; i < m->nfuncs; i++)
		if (gated(vr, m, i))
			local_reserve(g, m, i, &h);
	hits_flush(&h, v);
}

/* The image before this one of the same file, member and arch: judged once. */
static int
seen_image(const struct model *m, size_t i)
{
	const struct image_rec *img = &m->images[i];

	for (size_t k = i; k-- > 0;) {
		const struct image_rec *o = &m->images[k];

		if (o->library != img->library)
			return 0;
		if (o->member == img->member && o->kind == img->kind && strcmp(o->arch, img->arch) == 0)
			return 1;
	}
	return 0;
}

/* --require-driver: every image loads on the driver given. */
void
judge_require_driver(const struct launch_gates *g, const struct model *m, struct verdict *v)
{
	struct hits h = { 0 };
	long want[3], need[3];
	int n = deploy_driver_parse(g->require_driver, want);

	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *img = &m->images[i];
		const char *why, *drv;

		if ((img->kind != IMAGE_SASS && img->kind != IMAGE_PTX) || seen_image(m, i))
			continue;
		drv = deploy_min_driver(img, &why);
		if (drv == NULL) {
			hit_add(&h, RULE_DRIVER, INT64_MAX, FINDING_NO_ENTRY, img->library, img->kind == IMAGE_SASS
			    ? xasprintf("VIOLATION %s%s %s: the oldest driver that loads it is unknown (%s)",
			    img->library, member(img), img->arch,
			    img->toolkit == NULL || img->toolkit[0] == '\0'
			    ? "no toolkit note" : "a CUDA major data/toolkits.csv does not know")
			    : xasprintf("VIOLATION %s%s %s: the oldest driver that JITs it is unknown "
			    "(PTX ISA %d.%d is not in data/toolkits.csv)", img->library, member(img),
			    img->arch, img->version_major, img->version_minor));
			continue;
		}
		deploy_driver_parse(drv, need);
		if (deploy_driver_cmp(need, want, n) <= 0)
			continue;
		hit_add(&h, RULE_DRIVER, need[0] * 1000000 + need[1] * 1000 + need[2], FINDING_NO_ENTRY,
		    img->library, img->kind == IMAGE_SASS
		    ? xasprintf("VIOLATION %s%s %s: needs driver %s or newer (SASS built by CUDA %s: "
		    "CUDA %.*s.x's minimum under minor-version compatibility; over --require-driver=%s)",
		    img->library, member(img), img->arch, drv, img->toolkit,
		    (int)strcspn(why, "."), why, g->require_driver)
		    : xasprintf("VIOLATION %s%s %s: needs driver %s or newer to JIT it (PTX ISA %d.%d: "
		    "CUDA %s's driver; over --require-driver=%s)", img->library, member(img), img->arch,
		    drv, img->version_major, img->version_minor, why, g->require_driver));
	}
	hits_flush(&h, v);
}

/* What one library carries, for --deployable. */
struct carried {
	const char	*library;
	int		 newest_sass, newest_ptx;	/* arch numbers, -1 none */
	const char	*newest_sass_name, *newest_ptx_name;
	int		 any_ptx;	/* PTX of any kind, a and f too */
	int		 only[4];	/* per deploy_default_arches: nothing else carried */
	int		 sass[4];	/* its SASS is there */
};

/* True when img is the default arch d's SASS or PTX ("sm_75", "compute_75"). */
static int
is_default(const struct image_rec *img, const char *d)
{
	return strcmp(img->arch, d) == 0 ||
	    (strncmp(img->arch, "compute_", 8) == 0 && strcmp(img->arch + 8, d + 3) == 0);
}

static void
carry(struct carried *c, const struct image_rec *img)
{
	struct arch_id a;

	for (size_t d = 0; d < deploy_default_arch_count && d < 4; d++) {
		if (!is_default(img, deploy_default_arches[d]))
			c->only[d] = 0;
		else if (img->kind == IMAGE_SASS)
			c->sass[d] = 1;
	}
	c->any_ptx |= img->kind == IMAGE_PTX;
	if (arch_parse(img->arch, &a) < 0)
		return;
	if (img->kind == IMAGE_SASS && a.number > c->newest_sass) {
		c->newest_sass = a.number;
		c->newest_sass_name = img->arch;
	}
	/* Only plain PTX reaches GPUs to come: compute_90a JITs for sm_90
	 * alone, compute_100f within its family. */
	if (img->kind == IMAGE_PTX && a.suffix == '\0' && a.number > c->newest_ptx) {
		c->newest_ptx = a.number;
		c->newest_ptx_name = img->arch;
	}
}

static void
deployable_library(const struct carried *c, struct hits *h)
{
	for (size_t d = 0; d < deploy_default_arch_count && d < 4; d++)
		if (c->sass[d] && c->only[d])
			hit_add(h, RULE_DEPLOYABLE, 2, FINDING_NO_ENTRY, c->library, xasprintf(
			    "VIOLATION %s: carries only %s%s, an arch nvcc builds for when given none"
			    ": native on %s alone, %s, older ones not at all "
			    "(build with -arch, -gencode or CMAKE_CUDA_ARCHITECTURES)",
			    c->library, deploy_default_arches[d], c->newest_ptx >= 0 ? " and its PTX" : "",
			    deploy_default_arches[d], c->newest_ptx >= 0
			    ? "newer GPUs only through PTX JIT at first launch" : "no newer GPU"));
	/* By major: compute_120 beside sm_121 reaches the GPUs to come. */
	if (c->newest_sass < 0 || (c->newest_ptx >= 0 && c->newest_ptx / 10 >= c->newest_sass / 10))
		return;
	hit_add(h, RULE_DEPLOYABLE, 1, FINDING_NO_ENTRY, c->library, c->newest_ptx < 0
	    ? xasprintf("VIOLATION %s: %s: a GPU past %s's family runs none of it "
	    "(no forward compatibility)", c->library, c->any_ptx ? "only arch-specific PTX" : "no PTX",
	    c->newest_sass_name)
	    : xasprintf("VIOLATION %s: PTX only for %s, older than its newest SASS %s: a GPU "
	    "past %s's family JITs %s code", c->library, c->newest_ptx_name, c->newest_sass_name,
	    c->newest_sass_name, c->newest_ptx_name));
}

/* --deployable: per library, in the order the model holds them. */
void
judge_deployable(const struct model *m, struct verdict *v)
{
	struct hits h = { 0 };
	struct carried c;

	for (size_t i = 0; i <= m->nimages; i++) {
		const struct image_rec *img = i < m->nimages ? &m->images[i] : NULL;

		/* cppcheck-suppress uninitvar ; past image 0, which set c */
		if (i > 0 && (img == NULL || img->library != c.library))
			deployable_library(&c, &h);
		if (img == NULL)
			break;
		if (i == 0 || img->library != c.library) {
			memset(&c, 0, sizeof c);
			c.library = img->library;
			c.newest_sass = c.newest_ptx = -1;
			for (size_t d = 0; d < 4; d++)
				c.only[d] = 1;
		}
		if (img->kind == IMAGE_SASS || img->kind == IMAGE_PTX)
			carry(&c, img);
	}
	hits_flush(&h, v);
}

void
judge_launch(const struct launch_gates *g, const struct allow_table *t,
    const struct vendored_rule *vr, const struct model *m, struct verdict *v)
{
	if (!launch_gates_given(g))
		return;
	if (g->launchable)
		judge_launchable(t, vr, m, v);
	if (g->max_local_reserve >= 0)
		judge_local_reserve(g, vr, m, v);
	if (g->require_driver != NULL)
		judge_require_driver(g, m, v);
	if (g->deployable)
		judge_deployable(m, v);
}

/* The lowest occupancy of one (collapsed name, sm) over its instantiations. */
struct occ_peak {
	const char	*collapsed, *arch, *name, *library;
	int32_t		 reg, warps, max_warps;
	size_t		 entry;		/* in its model's funcs */
};

static int
occ_peak_cmp(const void *a, const void *b)
{
	const struct occ_peak *x = a, *y = b;
	int c = strcmp(x->collapsed, y->collapsed);

	return c ? c : arch_cmp(x->arch, y->arch);
}

/* x's occupancy below y's. */
static int
occ_lower(const struct occ_peak *x, const struct occ_peak *y)
{
	return (int64_t)x->warps * y->max_warps < (int64_t)y->warps * x->max_warps;
}

static struct occ_peak *
occ_peaks(const struct model *m, size_t *np)
{
	struct occ_peak *v = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *v);
	size_t n = 0, out = 0;

	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *img = &m->images[f->image];
		const struct arch_limits *l = occupancy_limits(img->arch);
		struct occupancy o;

		if (f->kind != FUNC_ENTRY || img->kind != IMAGE_SASS || l == NULL || f->reg < 0 ||
		    f->shared < 0)
			continue;
		occupancy_best(l, f->reg, f->shared, f->max_threads, &o);
		v[n++] = (struct occ_peak){ f->collapsed, img->arch, f->name, origin(img), f->reg,
		    o.warps, o.max_warps, i };
	}
	if (n > 0)
		qsort(v, n, sizeof *v, occ_peak_cmp);
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && occ_peak_cmp(&v[out - 1], &v[i]) == 0) {
			if (occ_lower(&v[i], &v[out - 1]))
				v[out - 1] = v[i];
			continue;
		}
		v[out++] = v[i];
	}
	*np = out;
	return v;
}

/* Tenths of a percent, written "50 %" or "37.5 %". */
static const char *
percent(int64_t tenths, char *buf, size_t size)
{
	if (tenths % 10 == 0)
		snprintf(buf, size, "%lld %%", (long long)(tenths / 10));
	else
		snprintf(buf, size, "%lld.%lld %%", (long long)(tenths / 10), (long long)(tenths % 10));
	return buf;
}

void
judge_occupancy_growth(const struct model *now, const struct model *base, long long limit,
    struct verdict *v)
{
	size_t nn, nb, j = 0;
	struct occ_peak *pn = occ_peaks(now, &nn), *pb = occ_peaks(base, &nb);

	for (size_t i = 0; i < nn; i++) {
		int64_t was, is;
		char a[24], b[24];
		struct finding *f;
		int c = 1;

		while (j < nb && (c = occ_peak_cmp(&pb[j], &pn[i])) < 0)
			j++;
		if (j >= nb || c != 0 || pn[i].max_warps <= 0 || pb[j].max_warps <= 0)
			continue;
		/* Rounded half up to tenths of a percent. */
		was = ((int64_t)pb[j].warps * 2000 / pb[j].max_warps + 1) / 2;
		is = ((int64_t)pn[i].warps * 2000 / pn[i].max_warps + 1) / 2;
		if (was - is <= limit * 10)
			continue;
		judge_add(v, FINDING_VIOLATION,
		    "VIOLATION %s %s: %s → %s occupancy (REG %d, was %d; over --max-growth=occupancy:%lld) [%s]",
		    pn[i].name, pn[i].arch, percent(was, a, sizeof a), percent(is, b, sizeof b),
		    pn[i].reg, pb[j].reg, limit, pn[i].library);
		f = verdict_last(v);
		f->rule = RULE_OCCUPANCY;
		f->entry = pn[i].entry;
		/* The drop, in points of percent, as the text rounds them. */
		judge_figures(v, (double)(was - is) / 10.0, (double)limit, "percent");
		f->library = now->images[now->funcs[pn[i].entry].image].library;
	}
	free(pn);
	free(pb);
}
