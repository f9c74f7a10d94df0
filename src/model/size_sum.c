/* SPDX-License-Identifier: MIT */
/* Totals over the tree: per collapsed name, per library and arch. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "parallel.h"
#include "size.h"
#include "xalloc.h"

static const char *
or_empty(const char *s)
{
	return s != NULL ? s : "";
}

static const char *
place_of(const struct image_rec *img)
{
	return img->library;
}

/*
 * A function's kernel and instantiation as keys: the model's names are
 * interned, so that equal names are one pointer and a million functions
 * group by address; strcmp on names a kilobyte long (libtorch's) was most
 * of the section's time.  The keys are sorted by value, what the totals
 * read with them: an index into the model's rows missed the cache at
 * every comparison.  No name and "" are one key.
 */
struct fkey {
	const char	*kernel, *mangled;
	const char	*arch;
	uint32_t	 func;
	int32_t		 code_bytes;
};

static const char no_name[] = "";

static int
fkey_cmp(const void *a, const void *b)
{
	const struct fkey *x = a, *y = b;

	return order_then(order_ptr(x->kernel, y->kernel), order_ptr(x->mangled, y->mangled));
}

static int
kernel_by_bytes(const void *a, const void *b)
{
	const struct size_kernel *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	return strcmp(x->kernel, y->kernel);
}

/* Whether f goes before g among a kernel's functions of equal code bytes:
 * by mangled name, arch, library (the order a hint is chosen in). */
static int
named_before(const struct model *m, const struct func_rec *f, const struct func_rec *g)
{
	const struct image_rec *a = &m->images[f->image], *b = &m->images[g->image];
	int c = f->mangled != g->mangled ? strcmp(f->mangled, g->mangled) : 0;

	if (c == 0)
		c = strcmp(a->arch, b->arch);
	if (c == 0 && a->library != b->library)
		c = strcmp(a->library, b->library);
	return c < 0;
}

/* The library of the kernel's largest function (a hint of where it is). */
static const char *
largest_library(const struct model *m, const struct fkey *k, size_t n)
{
	const struct func_rec *best = NULL;

	for (size_t i = 0; i < n; i++) {
		const struct func_rec *f;

		if (best != NULL && k[i].code_bytes < best->code_bytes)
			continue;
		f = &m->funcs[k[i].func];
		if (best == NULL || f->code_bytes > best->code_bytes || named_before(m, f, best))
			best = f;
	}
	return best != NULL ? place_of(&m->images[best->image]) : "";
}

struct size_kernel *
size_kernels(const struct model *m, size_t *np)
{
	struct fkey *f = xmalloc((m->nfuncs ? m->nfuncs : 1) * sizeof *f);
	struct size_kernel *k = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *k);
	size_t n = 0;

	for (size_t i = 0; i < m->nfuncs; i++) {
		const char *c = m->funcs[i].collapsed;

		f[i] = (struct fkey){ c != NULL && c[0] != '\0' ? c : no_name, m->funcs[i].mangled,
		    m->images[m->funcs[i].image].arch, (uint32_t)i, m->funcs[i].code_bytes };
	}
	parallel_sort(f, m->nfuncs, sizeof *f, fkey_cmp, 0);
	for (size_t i = 0; i < m->nfuncs;) {
		size_t j = i;
		const char *arches[64];
		size_t narch = 0;

		k[n].kernel = or_empty(f[i].kernel);
		for (; j < m->nfuncs && f[j].kernel == f[i].kernel; j++) {
			const char *arch = f[j].arch;
			size_t a = 0;

			k[n].bytes += f[j].code_bytes > 0 ? (uint64_t)f[j].code_bytes : 0;
			k[n].functions++;
			if (j == i || f[j].mangled != f[j - 1].mangled)
				k[n].instantiations++;
			while (a < narch && arches[a] != arch && strcmp(arches[a], arch) != 0)
				a++;
			if (a == narch && narch < sizeof arches / sizeof arches[0])
				arches[narch++] = arch;
		}
		k[n].arches = (uint32_t)narch;
		k[n].library = largest_library(m, f + i, j - i);
		n++;
		i = j;
	}
	free(f);
	qsort(k, n, sizeof *k, kernel_by_bytes);
	*np = n;
	return k;
}

/* An image of model.images (i < nimages) or of model.inputs (after). */
static const struct image_rec *
image_or_input(const struct model *m, size_t i)
{
	return i < m->nimages ? &m->images[i] : &m->inputs[i - m->nimages];
}

static int
image_by_arch(const void *a, const void *b, void *arg)
{
	const struct model *m = arg;
	const struct image_rec *x = image_or_input(m, *(const size_t *)a);
	const struct image_rec *y = image_or_input(m, *(const size_t *)b);
	int c = strcmp(x->library, y->library);

	if (c == 0)
		c = strcmp(x->arch, y->arch);
	if (c == 0 && x->kind != y->kind)
		c = x->kind < y->kind ? -1 : 1;
	if (c == 0 && x->nvlink_input != y->nvlink_input)
		c = x->nvlink_input < y->nvlink_input ? -1 : 1;
	return c;
}

static int
arch_by_bytes(const void *a, const void *b)
{
	const struct size_arch *x = a, *y = b;

	if (x->stored != y->stored)
		return x->stored > y->stored ? -1 : 1;
	if (x->code != y->code)
		return x->code > y->code ? -1 : 1;
	return strcmp(x->arch, y->arch);
}

struct size_arch *
size_arches(const struct model *m, size_t *np)
{
	size_t all = m->nimages + m->ninputs;
	size_t *o = xmalloc((all ? all : 1) * sizeof *o), n = 0;
	struct size_arch *v = xcalloc(all ? all : 1, sizeof *v);

	for (size_t i = 0; i < all; i++)
		o[i] = i;
	qsort_r(o, all, sizeof *o, image_by_arch, (void *)m);
	for (size_t i = 0; i < all; i++) {
		const struct image_rec *r = image_or_input(m, o[i]);

		if (n == 0 || image_by_arch(&o[i], &o[i - 1], (void *)m) != 0) {
			v[n].library = r->library;
			v[n].arch = r->arch;
			v[n].kind = r->kind;
			v[n].input = r->nvlink_input;
			n++;
		}
		v[n - 1].images++;
		v[n - 1].stored += r->stored_size;
		v[n - 1].size += r->size;
		v[n - 1].code += r->text_bytes;
	}
	/* A list read back has no image sizes: its code is its rows'. */
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct image_rec *r = &m->images[m->funcs[i].image];

		if (!r->sized && r->stored_size == 0 && m->funcs[i].code_bytes > 0) {
			for (size_t k = 0; k < n; k++)
				if (v[k].library == r->library && strcmp(v[k].arch, r->arch) == 0 &&
				    v[k].kind == r->kind && !v[k].input) {
					v[k].code += (uint64_t)m->funcs[i].code_bytes;
					break;
				}
		}
	}
	free(o);
	qsort(v, n, sizeof *v, arch_by_bytes);
	*np = n;
	return v;
}
