/* SPDX-License-Identifier: MIT */
/*
 * Building the view-model from the model: group, rank, precompute.
 * The sort, the filter and the selection are in vm_rows.c (vm_rows.h),
 * which calls vm_build and reads a value in vm_values.c; calls go that
 * way only: nothing here calls or includes vm_rows.c's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "copies.h"
#include "keyhash.h"
#include "text.h"
#include "viewmodel.h"
#include "vm_label.h"
#include "xalloc.h"

/* An open-addressing map from (pointer, pointer, small int) to an index. */
struct vm_map {
	struct vm_mslot {
		const void	*a, *b;
		uint32_t	 c, val;
	}		*slots;
	size_t		 cap;
};

static void
vm_map_init(struct vm_map *h, size_t n)
{
	h->cap = 16;
	while (h->cap < 2 * n + 1)
		h->cap *= 2;
	h->slots = xcalloc(h->cap, sizeof *h->slots);
}

/* The index stored for the key, or (storing val) val when it is new. */
static uint32_t
vm_map_get(struct vm_map *h, const void *a, const void *b, uint32_t c, uint32_t val)
{
	const uint64_t k[] = { (uintptr_t)a, (uintptr_t)b, c };
	uint64_t x = keyhash_bytes(k, sizeof k);
	size_t i;

	for (i = x & (h->cap - 1);; i = (i + 1) & (h->cap - 1)) {
		struct vm_mslot *s = &h->slots[i];

		if (s->a == NULL) {
			s->a = a;
			s->b = b;
			s->c = c;
			s->val = val;
			return val;
		}
		if (s->a == a && s->b == b && s->c == c)
			return s->val;
	}
}

static int
vm_group_cmp(const void *x, const void *y)
{
	const struct vm_group *a = *(const struct vm_group *const *)x;
	const struct vm_group *b = *(const struct vm_group *const *)y;
	int c = strcmp(a->collapsed, b->collapsed);

	if (c == 0)
		c = strcmp(a->library, b->library);
	return c ? c : a->kind - b->kind;
}

static int
vm_group_lib_cmp(const void *x, const void *y)
{
	const struct vm_group *a = *(const struct vm_group *const *)x;
	const struct vm_group *b = *(const struct vm_group *const *)y;
	int c = strcmp(a->library, b->library);

	return c ? c : (a->rank > b->rank) - (a->rank < b->rank);
}

static int
vm_inst_cmp(const void *x, const void *y)
{
	const struct vm_inst *a = *(const struct vm_inst *const *)x;
	const struct vm_inst *b = *(const struct vm_inst *const *)y;
	int c = strcmp(a->name, b->name);

	return c ? c : strcmp(a->mangled, b->mangled);
}

static int
vm_str_cmp(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Collects the SASS arches, sorted by number; imgarch maps image to arch. */
static void
vm_build_arches(struct viewmodel *vm, int32_t *imgarch)
{
	const struct model *m = vm->m;

	vm->arches = xcalloc(m->nimages + 1, sizeof *vm->arches);
	for (size_t i = 0; i < m->nimages; i++) {
		size_t k;

		if (m->images[i].kind != IMAGE_SASS)
			continue;
		for (k = 0; k < vm->narches; k++)
			if (strcmp(vm->arches[k], m->images[i].arch) == 0)
				break;
		if (k == vm->narches)
			vm->arches[vm->narches++] = m->images[i].arch;
	}
	qsort(vm->arches, vm->narches, sizeof *vm->arches, arch_qsort_cmp);
	for (size_t i = 0; i < m->nimages; i++) {
		imgarch[i] = -1;
		if (m->images[i].kind != IMAGE_SASS)
			continue;
		for (size_t k = 0; k < vm->narches; k++)
			if (strcmp(vm->arches[k], m->images[i].arch) == 0)
				imgarch[i] = (int32_t)k;
	}
}

/* Groups the functions: fgroup/finst get each function's group and
 * instantiation in first-seen order; the instantiations are then laid out
 * contiguously by group. */
static void
vm_build_groups(struct viewmodel *vm, const int32_t *imgarch)
{
	const struct model *m = vm->m;
	struct vm_map gmap, imap;
	uint32_t *finst = xcalloc(m->nfuncs + 1, sizeof *finst);
	uint32_t *igroup = xcalloc(m->nfuncs + 1, sizeof *igroup);
	const struct func_rec **ifirst = xcalloc(m->nfuncs + 1, sizeof *ifirst);
	uint32_t *pos, *newidx;
	size_t ni = 0;

	vm->groups = xcalloc(m->nfuncs + 1, sizeof *vm->groups);
	vm_map_init(&gmap, m->nfuncs);
	vm_map_init(&imap, m->nfuncs);
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *img = &m->images[f->image];
		uint32_t g, in;

		if (imgarch[f->image] < 0 || func_is_copy(m, i))
			continue;	/* a copy: shown as the function it copies (copies.h) */
		if (f->kind == FUNC_ENTRY)
			vm->nentries++;
		g = vm_map_get(&gmap, f->collapsed, img->library, f->kind, (uint32_t)vm->ngroups);
		if (g == vm->ngroups) {
			struct vm_group *gr = &vm->groups[vm->ngroups++];

			gr->collapsed = f->collapsed;
			gr->ns = f->ns;
			gr->library = img->library;
			gr->kind = f->kind;
		}
		in = vm_map_get(&imap, f->mangled, img->library, g, (uint32_t)ni);
		if (in == ni) {
			igroup[ni] = g;
			ifirst[ni] = f;
			vm->groups[g].ninst++;
			ni++;
		}
		finst[i] = in;
	}
	/* Lay the instantiations out by group. */
	pos = xcalloc(vm->ngroups + 1, sizeof *pos);
	for (size_t g = 0, at = 0; g < vm->ngroups; g++) {
		vm->groups[g].inst0 = (uint32_t)at;
		pos[g] = (uint32_t)at;
		at += vm->groups[g].ninst;
	}
	newidx = xcalloc(ni + 1, sizeof *newidx);
	vm->insts = xcalloc(ni + 1, sizeof *vm->insts);
	vm->ninsts = ni;
	for (size_t i = 0; i < ni; i++) {
		uint32_t at = pos[igroup[i]]++;

		newidx[i] = at;
		vm->insts[at].name = ifirst[i]->name;
		vm->insts[at].mangled = ifirst[i]->mangled;
		vm->insts[at].group = igroup[i];
	}
	vm->funcs = xmalloc((ni * vm->narches + 1) * sizeof *vm->funcs);
	for (size_t i = 0; i < ni * vm->narches; i++)
		vm->funcs[i] = -1;
	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		int32_t *slot;

		if (imgarch[f->image] < 0 || func_is_copy(m, i))
			continue;
		slot = &vm->funcs[newidx[finst[i]] * vm->narches + (size_t)imgarch[f->image]];
		/* The same function twice on one arch (two archive members):
		 * keep the larger frame, the one a spill hunter must see. */
		if (*slot < 0 || m->funcs[*slot].stack < f->stack)
			*slot = (int32_t)i;
	}
	free(gmap.slots);
	free(imap.slots);
	free(finst);
	free(igroup);
	free(ifirst);
	free(pos);
	free(newidx);
}

const char *
vm_library_label(const struct vm_group *g, char *buf, size_t size)
{
	if (g->nalso > 0)
		snprintf(buf, size, "%s +%u", g->libshort, g->nalso);
	else
		snprintf(buf, size, "%s", g->libshort);
	return buf;
}

int
vm_also_width(const struct vm_group *g)
{
	char n[16];

	return g->nalso > 0 ? snprintf(n, sizeof n, " +%u", g->nalso) : 0;
}

/* Each group's count of other files holding its functions (copies.h). */
static void
vm_build_also(struct viewmodel *vm)
{
	size_t na = vm->narches;

	for (size_t i = 0; i < vm->ninsts * na; i++) {
		struct vm_group *g = &vm->groups[vm->insts[i / na].group];
		uint32_t n = 0;

		if (vm->funcs[i] < 0)
			continue;
		for (uint32_t c = copies_first(vm->m, (size_t)vm->funcs[i]); c != COPY_NONE;
		    c = copies_next(vm->m, c))
			n++;
		if (n > g->nalso)
			g->nalso = n;
	}
}

static void
vm_build_values(struct viewmodel *vm)
{
	size_t na = vm->narches, stride = (na + 1) * VM_NRES;
	const struct column *cols[VM_NRES];

	for (int r = 0; r < VM_NRES; r++)
		cols[r] = vm_res_column(r);
	vm->ival = xmalloc((vm->ninsts * stride + 1) * sizeof *vm->ival);
	vm->gval = xmalloc((vm->ngroups * stride + 1) * sizeof *vm->gval);
	for (size_t i = 0; i < vm->ninsts * stride; i++)
		vm->ival[i] = VM_ABSENT;
	for (size_t i = 0; i < vm->ngroups * stride; i++)
		vm->gval[i] = VM_ABSENT;
	for (size_t i = 0; i < vm->ninsts; i++) {
		int32_t *iv = &vm->ival[i * stride];
		int32_t *gv = &vm->gval[vm->insts[i].group * stride];

		for (size_t a = 0; a < na; a++) {
			int32_t fi = vm->funcs[i * na + a];

			if (fi < 0)
				continue;
			for (int r = 0; r < VM_NRES; r++) {
				int32_t v = column_value(cols[r], &vm->m->funcs[fi]);

				iv[a * VM_NRES + r] = v;
				if (v >= 0)
					vm->res_known[r] = 1;
				iv[na * VM_NRES + r] = vm_res_combine(r, iv[na * VM_NRES + r], v);
			}
		}
		for (size_t k = 0; k < stride; k++)
			gv[k] = vm_res_combine((int)(k % VM_NRES), gv[k], iv[k]);
	}
}

/* A library's tail one path component longer: "a/b/c.so" from "c.so". */
static const char *
vm_tail_grow(const char *lib, const char *tail)
{
	const char *p = tail;

	if (p == lib)
		return p;
	p--;		/* the '/' before the tail */
	while (p > lib && p[-1] != '/')
		p--;
	return p;
}

/* By the library's address: interned, equal names are equal pointers. */
static int
vm_ptr_cmp(const void *x, const void *y)
{
	uintptr_t a = (uintptr_t)*(const char *const *)x, b = (uintptr_t)*(const char *const *)y;

	return (a > b) - (a < b);
}

static int
vm_tail_cmp(const void *x, const void *y)
{
	const char *const *a = x, *const *b = y;

	return strcmp(a[1], b[1]);
}

/* The libraries' shortest tails that no other library shares: the base
 * names, and a directory more for those that are equal, again and again
 * (equal longer tails have equal shorter ones, so only those go on). */
static void
vm_build_libshort(struct viewmodel *vm)
{
	const char **v = xcalloc(2 * vm->ngroups + 2, sizeof *v);	/* (library, tail) pairs */
	char *dup = xcalloc(vm->ngroups + 1, 1);
	size_t n = 0, todo;

	for (size_t i = 0; i < vm->ngroups; i++)
		v[2 * i] = vm->groups[i].library;
	qsort(v, vm->ngroups, 2 * sizeof *v, vm_ptr_cmp);
	for (size_t i = 0; i < vm->ngroups; i++)
		if (n == 0 || v[2 * i] != v[2 * (n - 1)]) {
			const char *lib = v[2 * i], *slash = strrchr(lib, '/');

			v[2 * n] = lib;
			v[2 * n + 1] = slash && slash[1] ? slash + 1 : lib;
			n++;
		}
	vm->nlibraries = n;
	todo = n;
	while (todo > 1) {
		size_t next = 0;

		qsort(v, todo, 2 * sizeof *v, vm_tail_cmp);
		/* Mark those sharing a tail, then move them to the front, each
		 * one component longer. */
		for (size_t i = 0; i < todo; i++)
			dup[i] = (i > 0 && strcmp(v[2 * i + 1], v[2 * i - 1]) == 0) ||
			    (i + 1 < todo && strcmp(v[2 * i + 1], v[2 * i + 3]) == 0);
		for (size_t i = 0; i < todo; i++) {
			const char *grown = vm_tail_grow(v[2 * i], v[2 * i + 1]);

			if (!dup[i] || grown == v[2 * i + 1])
				continue;
			if (next != i) {
				const char *l = v[2 * next], *t = v[2 * next + 1];

				v[2 * next] = v[2 * i];
				v[2 * next + 1] = v[2 * i + 1];
				v[2 * i] = l;
				v[2 * i + 1] = t;
			}
			v[2 * next + 1] = grown;
			next++;
		}
		todo = next;
	}
	qsort(v, n, 2 * sizeof *v, vm_ptr_cmp);
	for (size_t i = 0; i < vm->ngroups; i++) {
		const char **p = bsearch(&vm->groups[i].library, v, n, 2 * sizeof *v, vm_ptr_cmp);

		vm->groups[i].libshort = p ? p[1] : vm->groups[i].library;
	}
	free(v);
	free(dup);
}

/* Which template arguments differ within each kernel. */
static void
vm_build_diffs(struct viewmodel *vm)
{
	for (size_t g = 0; g < vm->ngroups; g++) {
		struct vm_group *gr = &vm->groups[g];

		for (uint32_t j = 1; j < gr->ninst; j++)
			gr->diff |= vm_label_diff(vm->insts[gr->inst0].name, vm->insts[gr->inst0 + j].name);
	}
}

static void
vm_build_ranks(struct viewmodel *vm)
{
	size_t n = vm->ngroups > vm->ninsts ? vm->ngroups : vm->ninsts;
	void **p = xcalloc(n + 1, sizeof *p);
	const char **libs = xcalloc(vm->ngroups + 1, sizeof *libs);

	for (size_t i = 0; i < vm->ngroups; i++)
		p[i] = &vm->groups[i];
	qsort(p, vm->ngroups, sizeof *p, vm_group_cmp);
	for (size_t i = 0; i < vm->ngroups; i++)
		((struct vm_group *)p[i])->rank = (uint32_t)i;
	qsort(p, vm->ngroups, sizeof *p, vm_group_lib_cmp);
	for (size_t i = 0; i < vm->ngroups; i++)
		((struct vm_group *)p[i])->librank = (uint32_t)i;
	for (size_t i = 0; i < vm->ninsts; i++)
		p[i] = &vm->insts[i];
	qsort(p, vm->ninsts, sizeof *p, vm_inst_cmp);
	for (size_t i = 0; i < vm->ninsts; i++)
		((struct vm_inst *)p[i])->rank = (uint32_t)i;
	free(p);

	/* Namespaces and display widths. */
	vm->namespaces = xcalloc(vm->ngroups + 1, sizeof *vm->namespaces);
	for (size_t i = 0; i < vm->ngroups; i++) {
		struct vm_group *g = &vm->groups[i];
		int w;

		vm->namespaces[i] = g->ns;
		libs[i] = g->library;
		g->width = text_width(g->collapsed);
		if (g->width > vm->name_width)
			vm->name_width = g->width;
		w = text_width(g->libshort) + vm_also_width(g);
		if (w > vm->lib_width)
			vm->lib_width = w;
	}
	qsort(vm->namespaces, vm->ngroups, sizeof *vm->namespaces, vm_str_cmp);
	for (size_t i = 0; i < vm->ngroups; i++)
		if (i == 0 || strcmp(vm->namespaces[i], vm->namespaces[vm->nnamespaces - 1]) != 0)
			vm->namespaces[vm->nnamespaces++] = vm->namespaces[i];
	for (size_t i = 0; i < vm->ninsts; i++) {
		int w = text_width(vm->insts[i].name);

		if (w > vm->inst_width)
			vm->inst_width = w;
	}
	free(libs);
}

void
vm_build(struct viewmodel *vm, const struct model *m)
{
	int32_t *imgarch = xcalloc(m->nimages + 1, sizeof *imgarch);
	size_t n;

	memset(vm, 0, sizeof *vm);
	vm->m = m;
	vm->arch_a = vm->arch_b = -1;
	vm->ns_index = -1;
	vm->height = 1;
	vm_build_arches(vm, imgarch);
	vm_build_groups(vm, imgarch);
	vm_build_values(vm);
	vm_build_libshort(vm);
	vm_build_also(vm);
	vm_build_diffs(vm);
	vm_build_ranks(vm);
	free(imgarch);

	n = vm->ngroups > vm->ninsts ? vm->ngroups : vm->ninsts;
	vm->order = xcalloc(vm->ngroups + 1, sizeof *vm->order);
	vm->iorder = xcalloc(vm->ninsts + 1, sizeof *vm->iorder);
	vm->rows = xcalloc(vm->ngroups + vm->ninsts + 1, sizeof *vm->rows);
	vm->scratch = xcalloc(n + 1, sizeof *vm->scratch);
	/* A spill hunter wants the largest stack frame first. */
	vm->sort_field = VM_FIELD_RES(0, columns[COL_STACK].tui - 1);
	vm->sort_desc = columns[COL_STACK].sort_desc;
	vm->delta_res = columns[COL_STACK].tui - 1;
}

void
vm_free(struct viewmodel *vm)
{
	free(vm->arches);
	free(vm->groups);
	free(vm->insts);
	free(vm->funcs);
	free(vm->gval);
	free(vm->ival);
	free(vm->namespaces);
	free(vm->order);
	free(vm->iorder);
	free(vm->rows);
	XFREE_OWNER(vm, scratch);
}
