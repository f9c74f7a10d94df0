/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "imagecols.h"
#include "parallel.h"
#include "size.h"
#include "xalloc.h"

const char *const size_level_names[SIZE_LEVELS] = {
	[SIZE_FILE] = "file",
	[SIZE_ARCH] = "arch",
	[SIZE_IMAGE] = "image",
	[SIZE_KERNEL] = "kernel",
	[SIZE_FUNCTION] = "function",
	[SIZE_PART] = "part",
	[SIZE_OVERHEAD] = "overhead",
};

void
size_table_free(struct size_table *t)
{
	free(t->v);
	memset(t, 0, sizeof *t);
}

static struct size_line *
add_line(struct size_table *t, enum size_level level, const char *library, const char *member)
{
	struct size_line *l;

	xgrow((void **)&t->v, &t->cap, t->n + 1, sizeof *t->v);
	l = &t->v[t->n++];
	memset(l, 0, sizeof *l);
	l->level = (uint8_t)level;
	l->library = library;
	l->member = member;
	l->arch = l->what = l->kernel = l->name = "";
	return l;
}

/* Indices 0..n-1 grouped by key[i] (0..nkeys-1), in order within a key:
 * order[] holds them, start[k]..start[k+1] those of key k. */
static void
group_by(const uint32_t *key, size_t n, size_t nkeys, size_t **order, size_t **start)
{
	size_t *s = xcalloc(nkeys + 1, sizeof *s), *o = xcalloc(n ? n : 1, sizeof *o);
	size_t *at = xcalloc(nkeys + 1, sizeof *at);

	for (size_t i = 0; i < n; i++)
		s[key[i] + 1]++;
	for (size_t k = 0; k < nkeys; k++)
		s[k + 1] += s[k];
	memcpy(at, s, (nkeys + 1) * sizeof *at);
	for (size_t i = 0; i < n; i++)
		o[at[key[i]]++] = i;
	free(at);
	*order = o;
	*start = s;
}

struct kgroup_span {
	size_t		 first, n;
	uint64_t	 bytes;
};

/* One image's kernels, sorted (image_sort) before the lines are laid out. */
struct image_groups {
	struct kgroup_span *g;
	size_t		 ng;
	uint64_t	 text;		/* its functions' .text, summed */
};

/* What attribution reads, indexed once. */
struct ctx {
	const struct model *m;
	struct size_table *t;
	size_t		*func_order, *func_start;	/* functions by image */
	struct image_groups *groups;	/* by image */
};

static const char *
or_empty(const char *s)
{
	return s != NULL ? s : "";
}

static uint64_t
stored_if_plain(const struct image_rec *img, uint64_t size)
{
	return img->compression == COMPRESS_NONE ? size : SIZE_UNKNOWN;
}

/* Sorting helpers (qsort_r's argument: the model): most bytes first,
 * then a stable tie break. */
static int
func_by_kernel(const void *a, const void *b, void *arg)
{
	const struct model *m = arg;
	const struct func_rec *x = &m->funcs[*(const size_t *)a];
	const struct func_rec *y = &m->funcs[*(const size_t *)b];
	int c = strcmp(or_empty(x->collapsed), or_empty(y->collapsed));

	if (c != 0)
		return c;
	if (x->code_bytes != y->code_bytes)
		return x->code_bytes > y->code_bytes ? -1 : 1;
	return strcmp(x->mangled, y->mangled);
}

static int
span_by_bytes(const void *a, const void *b)
{
	const struct kgroup_span *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

static uint64_t
code_of(const struct func_rec *f)
{
	return f->code_bytes > 0 ? (uint64_t)f->code_bytes : 0;
}

/*
 * An image's functions sorted by kernel in place (its slice of
 * func_order), and its kernels by bytes: the costly part of attribution,
 * an image at a time on every core (parallel_for).
 */
static void
image_sort(void *arg, size_t ii)
{
	struct ctx *c = arg;
	const struct model *m = c->m;
	size_t first = c->func_start[ii], n = c->func_start[ii + 1] - first;
	size_t *f = c->func_order + first;
	struct image_groups *ig = &c->groups[ii];

	if (m->images[ii].kind != IMAGE_SASS || n == 0)
		return;
	qsort_r(f, n, sizeof *f, func_by_kernel, (void *)m);
	ig->g = xmalloc(n * sizeof *ig->g);
	for (size_t i = 0; i < n; i++) {
		const struct func_rec *fn = &m->funcs[f[i]];

		if (ig->ng == 0 || strcmp(or_empty(m->funcs[f[ig->g[ig->ng - 1].first]].collapsed),
		    or_empty(fn->collapsed)) != 0)
			ig->g[ig->ng++] = (struct kgroup_span){ .first = i, .n = 0, .bytes = 0 };
		ig->g[ig->ng - 1].n++;
		ig->g[ig->ng - 1].bytes += code_of(fn);
		ig->text += code_of(fn);
	}
	qsort(ig->g, ig->ng, sizeof *ig->g, span_by_bytes);
}

/* An image's kernels, their instantiations, and the rest of its bytes. */
static void
image_kernels(struct ctx *c, size_t ii)
{
	const struct image_rec *img = &c->m->images[ii];
	const size_t *f = c->func_order + c->func_start[ii];
	const struct image_groups *ig = &c->groups[ii];
	uint64_t rest;

	for (size_t k = 0; k < ig->ng; k++) {
		const struct kgroup_span *g = &ig->g[k];
		const struct func_rec *head = &c->m->funcs[f[g->first]];
		struct size_line *l = add_line(c->t, SIZE_KERNEL, img->library, img->member);

		l->arch = img->arch;
		l->what = image_kind_words[img->kind];
		l->kernel = or_empty(head->collapsed);
		l->count = g->n;
		l->size = g->bytes;
		l->stored = stored_if_plain(img, l->size);
		for (size_t i = g->first; i < g->first + g->n; i++) {
			const struct func_rec *fn = &c->m->funcs[f[i]];

			l = add_line(c->t, SIZE_FUNCTION, img->library, img->member);
			l->arch = img->arch;
			l->what = image_kind_words[img->kind];
			l->kernel = or_empty(fn->collapsed);
			l->name = or_empty(fn->name);
			l->count = 1;
			l->size = code_of(fn);
			l->stored = stored_if_plain(img, l->size);
		}
	}
	if (img->merc_bytes > 0) {
		struct size_line *l = add_line(c->t, SIZE_PART, img->library, img->member);

		l->arch = img->arch;
		l->what = "Mercury copies";
		l->size = img->merc_bytes;
		l->stored = stored_if_plain(img, l->size);
	}
	rest = img->size > ig->text + img->merc_bytes ? img->size - ig->text - img->merc_bytes : 0;
	if (rest > 0) {
		struct size_line *l = add_line(c->t, SIZE_PART, img->library, img->member);

		l->arch = img->arch;
		l->what = "other ELF sections";
		l->size = rest;
		l->stored = stored_if_plain(img, l->size);
	}
}

/* One of the device link's inputs: its bytes on one part, no kernel read. */
static void
input_part(struct ctx *c, const struct image_rec *img)
{
	struct size_line *l = add_line(c->t, SIZE_PART, img->library, img->member);

	l->arch = img->arch;
	l->what = NVLINK_INPUT_WORDS " (not read)";
	l->size = img->size;
	l->stored = img->stored_size;
}

static int
image_by_kind_arch(const void *a, const void *b, void *arg)
{
	const struct image_rec *base = arg;
	const struct image_rec *x = &base[*(const size_t *)a];
	const struct image_rec *y = &base[*(const size_t *)b];
	int c = strcmp(x->arch, y->arch);

	if (c != 0)
		return c;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->stored_size != y->stored_size)
		return x->stored_size > y->stored_size ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

struct arch_span {
	size_t		 first, n;
	uint64_t	 stored, size;
};

static int
arch_by_bytes(const void *a, const void *b)
{
	const struct arch_span *x = a, *y = b;

	if (x->stored != y->stored)
		return x->stored > y->stored ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

/*
 * The arch lines of a set of images of base (model.images, or the device
 * link's inputs, model.inputs, which have no kernels read), each with its
 * images under it.
 */
static void
arches_of(struct ctx *c, const struct image_rec *base, size_t *img, size_t n)
{
	struct arch_span *a = xmalloc((n ? n : 1) * sizeof *a);
	size_t na = 0;
	int inputs = base != c->m->images;

	qsort_r(img, n, sizeof *img, image_by_kind_arch, (void *)base);
	for (size_t i = 0; i < n; i++) {
		const struct image_rec *r = &base[img[i]];

		if (na == 0 || strcmp(base[img[a[na - 1].first]].arch, r->arch) != 0 ||
		    base[img[a[na - 1].first]].kind != r->kind)
			a[na++] = (struct arch_span){ .first = i };
		a[na - 1].n++;
		a[na - 1].stored += r->stored_size;
		a[na - 1].size += r->size;
	}
	qsort(a, na, sizeof *a, arch_by_bytes);
	for (size_t k = 0; k < na; k++) {
		const struct image_rec *head = &base[img[a[k].first]];
		struct size_line *l = add_line(c->t, SIZE_ARCH, head->library, head->member);

		l->arch = head->arch;
		l->what = image_kind_words[head->kind];
		l->count = a[k].n;
		l->stored = a[k].stored;
		l->size = a[k].size;
		for (size_t i = a[k].first; i < a[k].first + a[k].n; i++) {
			const struct image_rec *r = &base[img[i]];

			l = add_line(c->t, SIZE_IMAGE, r->library, r->member);
			l->arch = r->arch;
			l->what = image_kind_words[r->kind];
			l->count = inputs ? 0 : c->func_start[img[i] + 1] - c->func_start[img[i]];
			l->stored = r->stored_size;
			l->size = r->size;
			if (r->kind == IMAGE_SASS && !inputs)
				image_kernels(c, img[i]);
			else if (r->kind == IMAGE_SASS)
				input_part(c, r);
		}
	}
	free(a);
}

static void
overhead(struct ctx *c, const struct fatbin_rec *fb, const char *what, uint64_t bytes, uint64_t count)
{
	struct size_line *l;

	if (bytes == 0)
		return;
	l = add_line(c->t, SIZE_OVERHEAD, fb->library, fb->member);
	l->what = what;
	l->count = count;
	l->stored = l->size = bytes;
}

/* One fatbin section or file: its line, its arches, its own bytes;
 * its images in base (model.images or model.inputs). */
static void
fatbin_lines(struct ctx *c, const struct fatbin_rec *fb, const struct image_rec *base,
    size_t *img, size_t n)
{
	size_t at = c->t->n;
	uint64_t entries = 0, headers = 0, size = 0, said;
	struct size_line *l = add_line(c->t, SIZE_FILE, fb->library, fb->member);

	l->what = fb->section;
	l->count = n;
	for (size_t i = 0; i < n; i++) {
		const struct image_rec *r = &base[img[i]];

		entries += r->entry_size;
		headers += r->entry_size - r->stored_size;
		size += r->size;
	}
	arches_of(c, base, img, n);
	overhead(c, fb, "entry headers and padding", headers, n);
	overhead(c, fb, "container headers", fb->container_headers, fb->containers);
	overhead(c, fb, "zeros between containers", fb->zeros, 0);
	overhead(c, fb, "entries not read", fb->entries_skipped, 0);
	overhead(c, fb, "entries of no bytes", fb->empty_entry_bytes, fb->empty_entries);
	said = entries + fb->container_headers + fb->zeros + fb->entries_skipped +
	    fb->empty_entry_bytes;
	if (fb->damaged && fb->size > said)
		overhead(c, fb, "not walked (damage)", fb->size - said, 0);
	l = &c->t->v[at];
	l->stored = fb->size;
	l->size = size + headers + fb->container_headers + fb->zeros + fb->entries_skipped +
	    fb->empty_entry_bytes + (fb->damaged && fb->size > said ? fb->size - said : 0);
}

/* A bare cubin: a file of one image. */
static void
bare_lines(struct ctx *c, size_t ii)
{
	const struct image_rec *r = &c->m->images[ii];
	struct size_line *l = add_line(c->t, SIZE_FILE, r->library, r->member);
	size_t one = ii;

	l->count = 1;
	l->stored = r->stored_size;
	l->size = r->size;
	arches_of(c, c->m->images, &one, 1);
}

void
size_attribute(const struct model *m, struct size_table *t)
{
	struct ctx c = { .m = m, .t = t };
	uint32_t *key = xmalloc((m->nfuncs > m->nimages ? m->nfuncs : m->nimages) * sizeof *key + 1);
	size_t *img_order, *img_start, *in_order, *in_start;

	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < m->nfuncs; i++)
		key[i] = m->funcs[i].image;
	group_by(key, m->nfuncs, m->nimages, &c.func_order, &c.func_start);
	for (size_t i = 0; i < m->nimages; i++)
		key[i] = m->images[i].fatbin;
	group_by(key, m->nimages, m->nfatbins + 1, &img_order, &img_start);
	free(key);
	key = xmalloc(m->ninputs * sizeof *key + 1);
	for (size_t i = 0; i < m->ninputs; i++)
		key[i] = m->inputs[i].fatbin;
	group_by(key, m->ninputs, m->nfatbins + 1, &in_order, &in_start);
	c.groups = xcalloc(m->nimages ? m->nimages : 1, sizeof *c.groups);
	parallel_for(m->nimages, 0, image_sort, &c);
	/* Files in the order they were read: fatbins, then the bare cubins
	 * (read by a worker: a --list CSV's images are not). */
	for (size_t k = 1; k <= m->nfatbins; k++) {
		if (in_start[k + 1] > in_start[k])	/* a __nv_relfatbin beside a .nv_fatbin */
			fatbin_lines(&c, &m->fatbins[k - 1], m->inputs, in_order + in_start[k],
			    in_start[k + 1] - in_start[k]);
		else
			fatbin_lines(&c, &m->fatbins[k - 1], m->images, img_order + img_start[k],
			    img_start[k + 1] - img_start[k]);
	}
	for (size_t i = img_start[0]; i < img_start[1]; i++) {
		const struct image_rec *r = &m->images[img_order[i]];

		if (r->kind == IMAGE_SASS && r->sized)
			bare_lines(&c, img_order[i]);
	}
	for (size_t i = 0; i < m->nimages; i++)
		free(c.groups[i].g);
	free(c.groups);
	free(key);
	free(img_order);
	free(img_start);
	free(in_order);
	free(in_start);
	free(c.func_order);
	free(c.func_start);
}
