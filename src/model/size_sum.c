/* Totals over the tree: per collapsed name, per library and arch. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "size.h"
#include "xalloc.h"

static const struct model *sort_model;

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

static int
func_by_name(const void *a, const void *b)
{
	const struct func_rec *x = &sort_model->funcs[*(const size_t *)a];
	const struct func_rec *y = &sort_model->funcs[*(const size_t *)b];
	int c = strcmp(or_empty(x->collapsed), or_empty(y->collapsed));

	if (c == 0)
		c = strcmp(x->mangled, y->mangled);
	if (c == 0)
		c = strcmp(sort_model->images[x->image].arch, sort_model->images[y->image].arch);
	if (c == 0)
		c = strcmp(sort_model->images[x->image].library, sort_model->images[y->image].library);
	return c;
}

static int
kernel_by_bytes(const void *a, const void *b)
{
	const struct size_kernel *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	return strcmp(x->kernel, y->kernel);
}

/* The library of the kernel's largest function (a hint of where it is). */
static const char *
largest_library(const struct model *m, const size_t *f, size_t n)
{
	size_t best = 0;

	for (size_t i = 1; i < n; i++)
		if (m->funcs[f[i]].code_bytes > m->funcs[f[best]].code_bytes)
			best = i;
	return n > 0 ? place_of(&m->images[m->funcs[f[best]].image]) : "";
}

struct size_kernel *
size_kernels(const struct model *m, size_t *np)
{
	size_t *f = xmalloc((m->nfuncs ? m->nfuncs : 1) * sizeof *f), n = 0;
	struct size_kernel *k = xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *k);

	for (size_t i = 0; i < m->nfuncs; i++)
		f[i] = i;
	sort_model = m;
	qsort(f, m->nfuncs, sizeof *f, func_by_name);
	for (size_t i = 0; i < m->nfuncs;) {
		const struct func_rec *head = &m->funcs[f[i]];
		const char *kernel = or_empty(head->collapsed);
		size_t j = i;
		const char *arches[64];
		size_t narch = 0;

		k[n].kernel = kernel;
		for (; j < m->nfuncs && strcmp(or_empty(m->funcs[f[j]].collapsed), kernel) == 0; j++) {
			const struct func_rec *fn = &m->funcs[f[j]];
			const char *arch = m->images[fn->image].arch;
			size_t a = 0;

			k[n].bytes += fn->code_bytes > 0 ? (uint64_t)fn->code_bytes : 0;
			k[n].functions++;
			if (j == i || strcmp(fn->mangled, m->funcs[f[j - 1]].mangled) != 0)
				k[n].instantiations++;
			while (a < narch && strcmp(arches[a], arch) != 0)
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

static int
image_by_arch(const void *a, const void *b)
{
	const struct image_rec *x = &sort_model->images[*(const size_t *)a];
	const struct image_rec *y = &sort_model->images[*(const size_t *)b];
	int c = strcmp(x->library, y->library);

	if (c == 0)
		c = strcmp(x->arch, y->arch);
	if (c == 0 && x->kind != y->kind)
		c = x->kind < y->kind ? -1 : 1;
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
	size_t *o = xmalloc((m->nimages ? m->nimages : 1) * sizeof *o), n = 0;
	struct size_arch *v = xcalloc(m->nimages ? m->nimages : 1, sizeof *v);

	for (size_t i = 0; i < m->nimages; i++)
		o[i] = i;
	sort_model = m;
	qsort(o, m->nimages, sizeof *o, image_by_arch);
	for (size_t i = 0; i < m->nimages; i++) {
		const struct image_rec *r = &m->images[o[i]];

		if (n == 0 || image_by_arch(&o[i], &o[i - 1]) != 0) {
			v[n].library = r->library;
			v[n].arch = r->arch;
			v[n].kind = r->kind;
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
				    v[k].kind == r->kind) {
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
