/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "allow.h"
#include "arch.h"
#include "escape.h"
#include "judge.h"
#include "judge_libs.h"
#include "xalloc.h"

static void
push(const char ***v, size_t *n, size_t *cap, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if ((*v)[i] == s)
			return;
	xgrow((void **)v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = s;
}

void
judge_libs_init(struct judge_libs *l, const struct model *m, const struct kcount_set *counts)
{
	memset(l, 0, sizeof *l);
	strpool_init(&l->pool);
	l->counts = counts;
	l->n = counts->n;
	l->v = xcalloc(l->n + 1, sizeof *l->v);
	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *img = &m->images[i];
		struct judge_lib *lib = &l->v[counts->image_lib[i]];
		const char *arch = strpool_intern_str(&l->pool, img->arch);

		if (img->kind == IMAGE_SASS)
			push(&lib->sass, &lib->nsass, &lib->capsass, arch);
		else if (img->kind == IMAGE_PTX)
			push(&lib->ptx, &lib->nptx, &lib->capptx, arch);
	}
}

void
judge_libs_arch(struct judge_libs *l, size_t image, const struct image_rec *img)
{
	struct judge_lib *lib = &l->v[l->counts->image_lib[image]];

	push(&lib->arches, &lib->narches, &lib->caparches, strpool_intern_str(&l->pool, img->arch));
}

/* "sm_86, sm_90" into buf, in arch order (arch.h); "none" when empty. */
static const char *
join(const char **v, size_t n, char *buf, size_t len)
{
	size_t off = 0;

	if (n > 1)
		qsort(v, n, sizeof *v, arch_qsort_cmp);
	snprintf(buf, len, "none");
	for (size_t i = 0; i < n && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s", i ? ", " : "", v[i]);
	return buf;
}

/* Whether a library carries code of the vendor: AMDGPU (amd) or NVIDIA. */
static int
carries(const struct judge_lib *lib, int amd)
{
	for (size_t j = 0; j < lib->nsass; j++)
		if (arch_is_amdgpu(lib->sass[j]) == amd)
			return 1;
	return !amd && lib->nptx > 0;
}

/* Whether a library's SASS arch answers --require-sass's sm, by arch.h's
 * rule: the coverage table's "runs natively" for a GPU, the very variant
 * for sm_90a; a name that is no arch, by its text. */
static int
answers(const char *sass, const char *sm)
{
	struct arch_id img, want;

	if (arch_parse(sass, &img) < 0 || arch_parse(sm, &want) < 0)
		return strcmp(sass, sm) == 0;
	return !img.ptx && arch_sass_answers(&img, &want);
}

void
judge_libs_require_sass(struct judge_libs *l, const struct strlist *want, struct verdict *v)
{
	char sm[16], sass[1024], ptx[1024];

	if (want == NULL)
		return;
	for (size_t i = 0; i < l->n; i++) {
		struct judge_lib *lib = &l->v[i];
		const char *library = l->counts->v[i].library;
		struct finding *f;

		if (!carries(lib, 0))
			continue;

		for (size_t k = 0; k < want->n; k++) {
			int found = 0;

			if (allow_sm_normalize(want->v[k], sm, sizeof sm) < 0)
				snprintf(sm, sizeof sm, "%s", want->v[k]);
			for (size_t j = 0; j < lib->nsass && !found; j++)
				found = answers(lib->sass[j], sm);
			if (found)
				continue;
			judge_add(v, FINDING_VIOLATION,
			    "VIOLATION %s: no SASS for %s (it carries SASS for %s; PTX for %s)",
			    library, sm, join(lib->sass, lib->nsass, sass, sizeof sass),
			    join(lib->ptx, lib->nptx, ptx, sizeof ptx));
			f = verdict_last(v);
			f->rule = RULE_REQUIRE_SASS;
			f->library = library;
		}
	}
}

void
judge_libs_require_target(struct judge_libs *l, const struct strlist *want, struct verdict *v)
{
	char targets[1024];

	if (want == NULL)
		return;
	for (size_t i = 0; i < l->n; i++) {
		struct judge_lib *lib = &l->v[i];
		const char *library = l->counts->v[i].library;

		if (!carries(lib, 1))
			continue;
		for (size_t k = 0; k < want->n; k++) {
			struct amdgpu_target gpu, img;
			int found = 0;

			if (arch_amdgpu_parse(want->v[k], &gpu) < 0)
				continue;	/* refused by the options */
			for (size_t j = 0; j < lib->nsass && !found; j++)
				found = arch_amdgpu_parse(lib->sass[j], &img) == 0 &&
				    arch_amdgpu_runs(&img, &gpu);
			if (found)
				continue;
			judge_add(v, FINDING_VIOLATION,
			    "VIOLATION %s: no code object for %s (it carries %s): a %s GPU runs none of its kernels",
			    library, want->v[k], join(lib->sass, lib->nsass, targets, sizeof targets),
			    gpu.processor);
			verdict_last(v)->rule = RULE_REQUIRE_TARGET;
			verdict_last(v)->library = library;
		}
	}
}

/* The entries with a violation, in all (returned) and per library of
 * counts (into bad, when not NULL). */
static size_t
not_allowed(const struct verdict *v, const struct model *m, const struct kcount_set *counts,
    size_t *bad)
{
	uint8_t *seen = xcalloc(m->nfuncs + 1, 1);
	size_t n = 0;

	for (size_t i = 0; i < v->n; i++) {
		size_t e = v->v[i].entry;

		if (v->v[i].level != FINDING_VIOLATION || e >= m->nfuncs || seen[e])
			continue;
		seen[e] = 1;
		n++;
		if (bad != NULL)
			bad[counts->image_lib[m->funcs[e].image]]++;
	}
	free(seen);
	return n;
}

size_t
judge_not_allowed(const struct verdict *v, const struct model *m)
{
	return not_allowed(v, m, NULL, NULL);
}

void
judge_libs_summary(struct judge_libs *l, const struct model *m, struct verdict *v)
{
	char arches[2048];
	size_t *bad = xcalloc(l->n + 1, sizeof *bad);

	not_allowed(v, m, l->counts, bad);
	for (size_t i = 0; i < l->n; i++) {
		struct judge_lib *lib = &l->v[i];
		const struct kcount_lib *c = &l->counts->v[i];
		char copies[1024];

		join(lib->arches, lib->narches, arches, sizeof arches);
		kcount_copies_words(c, copies, sizeof copies);
		if (kcount_all_copies(c)) {
			/* Every entry the same kernel as one judged elsewhere. */
			judge_add(v, FINDING_SUMMARY, "%s: %zu %s (%zu %s) on %s: %s", c->library,
			    c->copies.kernels, judge_plural(c->copies.kernels, "kernel", "kernels"),
			    c->copies.instantiations,
			    judge_plural(c->copies.instantiations, "instantiation", "instantiations"),
			    arches, copies);
			verdict_last(v)->library = c->library;
			continue;
		}
		judge_add(v, FINDING_SUMMARY,
		    "%s: %zu %s (%zu %s) on %s (%zu %s gated, %zu vendored %s skipped), %zu %s stack / local memory, %zu not allowed%s%s",
		    c->library, c->gated.kernels, judge_plural(c->gated.kernels, "kernel", "kernels"),
		    c->gated.instantiations,
		    judge_plural(c->gated.instantiations, "instantiation", "instantiations"),
		    lib->narches ? arches : "no SASS arch",
		    c->gated.entries, judge_plural(c->gated.entries, "entry", "entries"),
		    c->skipped.entries, judge_plural(c->skipped.entries, "entry", "entries"),
		    c->gated.framed, judge_plural(c->gated.framed, "uses", "use"), bad[i],
		    copies[0] != '\0' ? "; " : "", copies);
		verdict_last(v)->library = c->library;
	}
	free(bad);
}

void
judge_libs_free(struct judge_libs *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].sass);
		free(l->v[i].ptx);
		free(l->v[i].arches);
	}
	free(l->v);
	strpool_free(&l->pool);
	memset(l, 0, sizeof *l);
}

/* What a path that yields no entry does carry, for the message. */
static void
describe(const struct model *m, const struct scan_span *sp, char *buf, size_t len)
{
	size_t sass = 0, ptx = 0, other = 0;

	for (size_t i = sp->image_first; i < sp->image_end; i++) {
		int k = m->images[i].kind;
		sass += k == IMAGE_SASS;
		ptx += k == IMAGE_PTX;
		other += k != IMAGE_SASS && k != IMAGE_PTX;
	}
	if (sass + ptx + other == 0)
		snprintf(buf, len, "no CUDA device code");
	else
		snprintf(buf, len, "%zu SASS %s without an entry function, %zu PTX, %zu LTO-IR",
		    sass, judge_plural(sass, "image", "images"), ptx, other);
}

void
judge_nothing(const struct judge_config *c, const struct model *m, struct verdict *v)
{
	size_t *entries, all = 0;
	char what[160];

	if (c->stats == NULL)
		return;
	entries = xcalloc(m->nimages ? m->nimages : 1, sizeof *entries);
	for (size_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind == FUNC_ENTRY) {
			entries[m->funcs[i].image]++;
			all++;
		}
	for (size_t s = 0; s < c->stats->nspans; s++) {
		const struct scan_span *sp = &c->stats->spans[s];
		size_t n = 0;

		if (sp->missing) {
			judge_add(v, FINDING_NOTHING, "%s: no such file: nothing to judge", sp->path);
			continue;
		}
		if (sp->again)		/* judged under the name that read it */
			continue;
		for (size_t i = sp->image_first; i < sp->image_end; i++)
			n += entries[i];
		/* A ptxas -v log is judged through the rows it joins, when
		 * another path holds them. */
		if (n > 0 || sp->modules > 0 || (sp->ptxas > 0 && all > 0))
			continue;
		describe(m, sp, what, sizeof what);
		judge_add(v, FINDING_NOTHING, "%s%s: no SASS entry function (%s): nothing to judge",
		    sp->is_dir ? "under " : "", sp->path, what);
	}
	free(entries);
}

void
judge_about(struct verdict *v, int rule, size_t entry, const char *library)
{
	struct finding *f = verdict_last(v);

	f->rule = rule;
	f->entry = entry;
	f->library = library;
}

void
judge_figures(struct verdict *v, double measured, double limit, const char *unit)
{
	struct finding *f = verdict_last(v);

	f->measured = measured;
	f->limit = limit;
	f->unit = unit;
}

void
judge_row(struct verdict *v, const char *kernel, const char *sm, const char *file, size_t line)
{
	struct finding *f = verdict_last(v);

	f->kernel = kernel;
	f->sm = sm;
	f->file = file;
	f->line = line;
}

const char *
judge_plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

void
judge_add(struct verdict *v, int level, const char *fmt, ...)
{
	va_list ap;
	char *line, *shown;

	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	shown = escape_text(line, strlen(line));
	verdict_add(v, level, "%s", shown);
	free(shown);
	free(line);
}
