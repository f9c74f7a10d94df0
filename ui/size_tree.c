/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imagecols.h"
#include "size.h"
#include "size_tree.h"
#include "xalloc.h"

/* The SASS functions, by library, arch, kernel and mangled name. */
struct stree_fn {
	const char	*library, *arch, *kernel, *mangled, *name;
	uint64_t	 bytes;
};

static int
stree_fn_cmp(const void *a, const void *b)
{
	const struct stree_fn *x = a, *y = b;
	int c = strcmp(x->library, y->library);

	if (c == 0)
		c = strcmp(x->arch, y->arch);
	if (c == 0)
		c = strcmp(x->kernel, y->kernel);
	if (c == 0)
		c = strcmp(x->mangled, y->mangled);
	return c;
}

static struct stree_fn *
stree_fns(const struct model *m, size_t *np)
{
	struct stree_fn *v = xcalloc(m->nfuncs + 1, sizeof *v);
	size_t n = 0;

	for (size_t i = 0; i < m->nfuncs; i++) {
		const struct func_rec *f = &m->funcs[i];
		const struct image_rec *img = &m->images[f->image];

		if (img->kind != IMAGE_SASS)
			continue;
		v[n].library = img->library;
		v[n].arch = img->arch;
		v[n].mangled = f->mangled ? f->mangled : "";
		v[n].kernel = f->collapsed ? f->collapsed : v[n].mangled;
		v[n].name = f->name ? f->name : v[n].mangled;
		v[n].bytes = f->code_bytes > 0 ? (uint64_t)f->code_bytes : 0;
		n++;
	}
	qsort(v, n, sizeof *v, stree_fn_cmp);
	*np = n;
	return v;
}

/* A node to be, with the functions under it (f[lo, hi)). */
struct stree_kid {
	struct size_node node;
	size_t		 lo, hi;
};

/* Largest first; equal bytes by name. */
static int
stree_kid_cmp(const void *a, const void *b)
{
	const struct size_node *x = &((const struct stree_kid *)a)->node;
	const struct size_node *y = &((const struct stree_kid *)b)->node;

	if (x->bytes != y->bytes)
		return x->bytes > y->bytes ? -1 : 1;
	return strcmp(x->name, y->name);
}

struct stree_build {
	struct size_tree *t;
	size_t		  cap;
	size_t		 *range;	/* lo, hi per node */
	struct stree_kid *kids;		/* scratch: one parent's */
	size_t		  nkids, kcap;
};

static struct stree_kid *
stree_kid(struct stree_build *b)
{
	if (b->nkids == b->kcap) {
		b->kcap = b->kcap ? 2 * b->kcap : 64;
		b->kids = xreallocarray(b->kids, b->kcap, sizeof *b->kids);
	}
	memset(&b->kids[b->nkids], 0, sizeof b->kids[b->nkids]);
	return &b->kids[b->nkids++];
}

/* Sorts the kids gathered and appends them as parent's (TREE_NONE: the
 * libraries), each with its share of their sum. */
static void
stree_adopt(struct stree_build *b, uint32_t parent)
{
	struct size_tree *t = b->t;
	uint64_t sum = 0;

	qsort(b->kids, b->nkids, sizeof *b->kids, stree_kid_cmp);
	for (size_t k = 0; k < b->nkids; k++)
		sum += b->kids[k].node.bytes;
	if (t->n + b->nkids > b->cap) {
		while (t->n + b->nkids > b->cap)
			b->cap = b->cap ? 2 * b->cap : 64;
		t->nodes = xreallocarray(t->nodes, b->cap, sizeof *t->nodes);
		b->range = xreallocarray(b->range, 2 * b->cap, sizeof *b->range);
	}
	for (size_t k = 0; k < b->nkids; k++) {
		struct size_node *n = &t->nodes[tree_add(&t->tree, parent)];

		*n = b->kids[k].node;
		n->whole = sum;
		b->range[2 * t->n] = b->kids[k].lo;
		b->range[2 * t->n + 1] = b->kids[k].hi;
		t->n++;
	}
	b->nkids = 0;
}

/* Where (library, arch) starts in the sorted functions. */
static size_t
stree_lower(const struct stree_fn *f, size_t n, const char *library, const char *arch)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(f[mid].library, library);

		if (c == 0)
			c = strcmp(f[mid].arch, arch);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Node p's functions grouped by kernel (its kids are kernels) or by
 * mangled name (instantiations). */
static void
stree_group(struct stree_build *b, uint32_t p, const struct stree_fn *f, int level)
{
	size_t lo = b->range[2 * p], hi = b->range[2 * p + 1];

	for (size_t i = lo; i < hi;) {
		struct stree_kid *k = stree_kid(b);
		size_t j = i;

		while (j < hi && strcmp(f[j].kernel, f[i].kernel) == 0 &&
		    (level == SNODE_KERNEL || strcmp(f[j].mangled, f[i].mangled) == 0)) {
			k->node.bytes += f[j].bytes;
			j++;
		}
		k->node.level = (uint8_t)level;
		k->node.name = level == SNODE_KERNEL ? f[i].kernel : f[i].name;
		k->node.count = (uint32_t)(j - i);
		k->lo = i;
		k->hi = j;
		i = j;
	}
	stree_adopt(b, p);
}

void
size_tree_init(struct size_tree *t, const struct model *m)
{
	size_t na, nf;
	struct size_arch *a = size_arches(m, &na);
	struct stree_fn *f = stree_fns(m, &nf);
	struct stree_build b = { .t = t };

	memset(t, 0, sizeof *t);
	/* The libraries, by their images' stored bytes. */
	for (size_t i = 0; i < na; i++) {
		size_t k = 0;

		while (k < b.nkids && b.kids[k].node.name != a[i].library)
			k++;
		if (k == b.nkids) {
			stree_kid(&b)->node.name = a[i].library;
			b.kids[k].node.level = SNODE_LIBRARY;
		}
		b.kids[k].node.bytes += a[i].stored ? a[i].stored : a[i].code;
		t->all += a[i].stored ? a[i].stored : a[i].code;
	}
	stree_adopt(&b, TREE_NONE);
	t->nlibs = t->n;
	/* Breadth first: each node's kids are appended after every node
	 * before them, contiguous. */
	for (size_t p = 0; p < t->n; p++) {
		const struct size_node *n = &t->nodes[p];

		switch (n->level) {
		case SNODE_LIBRARY:
			for (size_t i = 0; i < na; i++) {
				struct stree_kid *k;

				if (a[i].library != n->name)
					continue;
				k = stree_kid(&b);
				k->node.name = a[i].arch;
				k->node.level = SNODE_ARCH;
				k->node.kind = a[i].kind;
				k->node.input = a[i].input;
				/* A list read back has no image sizes: its code. */
				k->node.bytes = a[i].stored ? a[i].stored : a[i].code;
				k->node.count = a[i].images;
				if (a[i].kind == IMAGE_SASS && !a[i].input) {
					k->lo = k->hi = stree_lower(f, nf, a[i].library, a[i].arch);
					while (k->hi < nf && f[k->hi].library == a[i].library &&
					    strcmp(f[k->hi].arch, a[i].arch) == 0)
						k->hi++;
				}
			}
			stree_adopt(&b, (uint32_t)p);
			break;
		case SNODE_ARCH:
			stree_group(&b, (uint32_t)p, f, SNODE_KERNEL);
			break;
		case SNODE_KERNEL:
			if (n->count > 1)
				stree_group(&b, (uint32_t)p, f, SNODE_INST);
			break;
		default:
			break;
		}
	}
	/* At first the largest library shows its arches: the first
	 * question (which arch is heavy) answered, the others one line each. */
	if (t->nlibs > 0)
		t->tree.nodes[0].expanded = t->tree.nodes[0].nkids > 0;
	tree_rows(&t->tree);
	free(b.range);
	free(b.kids);
	free(a);
	free(f);
}

void
size_tree_free(struct size_tree *t)
{
	free(t->nodes);
	tree_free(&t->tree);
	memset(t, 0, sizeof *t);
}

void
size_tree_label(const struct size_tree *t, uint32_t node, char *buf, size_t size)
{
	const struct size_node *n = &t->nodes[node];

	switch (n->level) {
	case SNODE_ARCH:
		snprintf(buf, size, "%s %s%s (%u image%s)", n->name,
		    image_kind_titles[n->kind], n->input ? ", " NVLINK_INPUT_WORDS : "",
		    n->count, n->count == 1 ? "" : "s");
		break;
	case SNODE_KERNEL:
		if (t->tree.nodes[node].nkids > 1)
			snprintf(buf, size, "%s [%u]", n->name, t->tree.nodes[node].nkids);
		else
			snprintf(buf, size, "%s", n->name);
		break;
	case SNODE_INST:
		if (n->count > 1)
			snprintf(buf, size, "%s (%u copies)", n->name, n->count);
		else
			snprintf(buf, size, "%s", n->name);
		break;
	default:
		snprintf(buf, size, "%s", n->name);
		break;
	}
}
