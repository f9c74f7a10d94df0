/* SPDX-License-Identifier: MIT */
/*
 * The library -> kernel tree of the Libraries view.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_tree.h"
#include "xalloc.h"

#define RES_REG		0	/* the view-model's resource columns shown here */
#define RES_STACK	1

/* The kernels' sort's argument (qsort_r): the figures of the side shown. */
struct kernel_sort {
	const struct viewmodel	*vm;
	size_t			 slot;
};

static int32_t
group_value(const struct viewmodel *vm, uint32_t g, size_t slot, int res)
{
	int32_t v = vm_group_value(vm, g, slot, res);

	return v < 0 ? -1 : v;
}

/* By library, then the worst STACK, REG first, then the name order. */
static int
kernel_cmp(const void *x, const void *y, void *arg)
{
	const struct kernel_sort *ks = arg;
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	const struct vm_group *ga = &ks->vm->groups[a], *gb = &ks->vm->groups[b];

	if (ga->library != gb->library)
		return strcmp(ga->library, gb->library);
	for (int res = RES_STACK; res >= RES_REG; res--) {
		int32_t va = group_value(ks->vm, a, ks->slot, res);
		int32_t vb = group_value(ks->vm, b, ks->slot, res);

		if (va != vb)
			return va < vb ? 1 : -1;
	}
	return ga->rank < gb->rank ? -1 : ga->rank > gb->rank;
}

/* The most kernels first, then by path. */
static int
lib_cmp(const void *x, const void *y)
{
	const struct lib_tree_lib *a = x, *b = y;

	if (a->n != b->n)
		return a->n < b->n ? 1 : -1;
	return strcmp(a->library, b->library);
}

static int
was_expanded(const struct lib_tree *old, const char *library)
{
	if (old == NULL)
		return 0;
	for (size_t i = 0; i < old->nlibs; i++)
		if (old->libs[i].library == library)
			return old->tree.nodes[i].expanded;
	return 0;
}

/* The nodes: the libraries at the top, then each one's kernels, which
 * are put in the libraries' order for their nodes to follow them. */
static void
lib_tree_nodes(struct lib_tree *lt, const struct lib_tree *old)
{
	uint32_t *by_lib = xcalloc(lt->nkernels + 1, sizeof *by_lib);
	size_t nk = 0;

	for (size_t l = 0; l < lt->nlibs; l++) {
		tree_add(&lt->tree, TREE_NONE);
		lt->tree.nodes[l].expanded = (uint8_t)was_expanded(old, lt->libs[l].library);
	}
	for (size_t l = 0; l < lt->nlibs; l++) {
		struct lib_tree_lib *lib = &lt->libs[l];

		for (uint32_t k = 0; k < lib->n; k++) {
			by_lib[nk + k] = lt->kernels[lib->first + k];
			tree_add(&lt->tree, (uint32_t)l);
		}
		lib->first = (uint32_t)nk;
		nk += lib->n;
	}
	free(lt->kernels);
	lt->kernels = by_lib;
	tree_rows(&lt->tree);
}

uint32_t
lib_tree_lib(const struct lib_tree *lt, uint32_t node)
{
	return node < lt->nlibs ? node : lt->tree.nodes[node].parent;
}

int64_t
lib_tree_group(const struct lib_tree *lt, uint32_t node)
{
	return node < lt->nlibs ? -1 : (int64_t)lt->kernels[node - lt->nlibs];
}

void
lib_tree_build(struct lib_tree *lt, const struct viewmodel *vm, struct lib_tree *old)
{
	size_t slot = vm_side_slot(vm, 0);
	size_t nk = 0;

	memset(lt, 0, sizeof *lt);
	lt->kernels = xcalloc(vm->ngroups + 1, sizeof *lt->kernels);
	for (size_t g = 0; g < vm->ngroups; g++)
		if (vm->groups[g].kind == FUNC_ENTRY)
			lt->kernels[nk++] = (uint32_t)g;
	lt->nkernels = nk;
	qsort_r(lt->kernels, nk, sizeof *lt->kernels, kernel_cmp, &(struct kernel_sort){ vm, slot });
	lt->libs = xcalloc(vm->nlibraries + nk + 1, sizeof *lt->libs);
	for (size_t k = 0; k < nk; k++) {
		uint32_t g = lt->kernels[k];
		const struct vm_group *gr = &vm->groups[g];
		struct lib_tree_lib *lib = &lt->libs[lt->nlibs > 0 ? lt->nlibs - 1 : 0];

		if (lt->nlibs == 0 || lib->library != gr->library) {
			lib = &lt->libs[lt->nlibs++];
			lib->library = gr->library;
			lib->first = (uint32_t)k;
			lib->reg = lib->stack = -1;
		}
		lib->n++;
		lib->insts += gr->ninst;
		if (group_value(vm, g, slot, RES_REG) > lib->reg)
			lib->reg = group_value(vm, g, slot, RES_REG);
		if (group_value(vm, g, slot, RES_STACK) > lib->stack)
			lib->stack = group_value(vm, g, slot, RES_STACK);
	}
	qsort(lt->libs, lt->nlibs, sizeof *lt->libs, lib_cmp);
	lib_tree_nodes(lt, old);
	lib_tree_free(old);
}

static void
value(char *buf, size_t size, int32_t v)
{
	if (v < 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%ld", (long)v);
}

/* What the lines are drawn from. */
struct lib_tree_draw {
	const struct lib_tree	*lt;
	const struct viewmodel	*vm;
	size_t			 slot;
	int			 utf8;
};

static void
lib_tree_line(void *ctx, struct textbuf *tb, uint32_t node)
{
	const struct lib_tree_draw *d = ctx;
	const struct lib_tree *lt = d->lt;
	int64_t group = lib_tree_group(lt, node);
	char reg[16], stack[16];

	if (group < 0) {
		const struct lib_tree_lib *lib = &lt->libs[node];

		value(reg, sizeof reg, lib->reg);
		value(stack, sizeof stack, lib->stack);
		tb_add(tb, lib->stack > 0 ? TB_WARN : TB_NORMAL, "%s %8u %8zu %6s %7s  %s",
		    tree_mark(&lt->tree, node, d->utf8), lib->n, lib->insts, reg, stack, lib->library);
	} else {
		uint32_t g = (uint32_t)group;
		int32_t s = group_value(d->vm, g, d->slot, RES_STACK);

		value(reg, sizeof reg, group_value(d->vm, g, d->slot, RES_REG));
		value(stack, sizeof stack, s);
		tb_add(tb, s > 0 ? TB_WARN : TB_NORMAL, "  %8s %8u %6s %7s    %s %s", "",
		    d->vm->groups[g].ninst, reg, stack, tree_branch(&lt->tree, node, d->utf8),
		    d->vm->groups[g].collapsed);
	}
}

void
lib_tree_fill(const struct lib_tree *lt, struct textbuf *tb, const struct viewmodel *vm, int utf8)
{
	struct lib_tree_draw d = { lt, vm, vm_side_slot(vm, 0), utf8 };

	tb_add(tb, TB_HEADING, "%zu libraries, the most kernels first (Enter: open, %s: close, L: in the table)",
	    lt->nlibs, utf8 ? "\xe2\x86\x90" : "Left");
	tb_add(tb, TB_DIM, "  %8s %8s %6s %7s  %s", "kernels", "instant.", "REG", "STACK",
	    "library / kernel");
	tree_fill(&lt->tree, tb, lib_tree_line, &d);
}

size_t
lib_tree_set(struct lib_tree *lt, size_t row, int open)
{
	uint32_t l;

	if (row >= lt->tree.nrows)
		return row;
	l = lib_tree_lib(lt, lt->tree.rows[row]);
	tree_expand(&lt->tree, l, open);
	return (size_t)tree_row(&lt->tree, l);
}

void
lib_tree_free(struct lib_tree *lt)
{
	if (lt == NULL)
		return;
	free(lt->libs);
	free(lt->kernels);
	tree_free(&lt->tree);
	memset(lt, 0, sizeof *lt);
}
