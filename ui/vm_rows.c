/* SPDX-License-Identifier: MIT */
/*
 * The view-model's state: sort, filter, expansion, selection, search.
 * Everything here works on precomputed integers and the rows array that
 * vm_build allocated (viewmodel.c); nothing allocates.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "vm_rows.h"

static int
vm_key_cmp(const void *x, const void *y)
{
	const struct vm_sortkey *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

/* Unknown and absent values sort last whatever the direction; ties go by
 * name, so the order is the same on every run. */
static int64_t
vm_value_key(int32_t v, int desc, uint32_t rank)
{
	int64_t sv = v < 0 ? INT32_MAX : desc ? -(int64_t)v : v;

	return sv * 4294967296LL + rank;
}

/* By the size of the difference; rows of one side, then unknown, last. */
static int64_t
vm_delta_key(const struct viewmodel *vm, const struct vm_row *r, uint32_t rank)
{
	int only;
	int32_t d = vm_row_delta(vm, r, &only);

	if (only != VM_BOTH)
		return (int64_t)INT32_MAX * 4294967296LL + rank;
	if (d == INT32_MIN)
		return ((int64_t)INT32_MAX - 1) * 4294967296LL + rank;
	return vm_value_key(d < 0 ? -d : d, vm->sort_desc, rank);
}

static int64_t
vm_group_key(const struct viewmodel *vm, uint32_t g)
{
	const struct vm_group *gr = &vm->groups[g];
	int f = vm->sort_field;

	if (f == VM_FIELD_NAME)
		return vm->sort_desc ? -(int64_t)gr->rank : gr->rank;
	if (f == VM_FIELD_LIBRARY)
		return vm->sort_desc ? -(int64_t)gr->librank : gr->librank;
	if (f == VM_FIELD_DELTA)
		return vm_delta_key(vm, &(struct vm_row){ g, -1 }, gr->rank);
	f -= 2;
	return vm_value_key(vm_group_value(vm, g, vm_side_slot(vm, f / VM_NRES), f % VM_NRES),
	    vm->sort_desc, gr->rank);
}

static int64_t
vm_inst_key(const struct viewmodel *vm, uint32_t i)
{
	const struct vm_inst *in = &vm->insts[i];
	int f = vm->sort_field;

	if (f == VM_FIELD_NAME || f == VM_FIELD_LIBRARY)
		return vm->sort_desc && f == VM_FIELD_NAME ? -(int64_t)in->rank : in->rank;
	if (f == VM_FIELD_DELTA)
		return vm_delta_key(vm, &(struct vm_row){ in->group, (int32_t)i }, in->rank);
	f -= 2;
	return vm_value_key(vm_inst_value(vm, i, vm_side_slot(vm, f / VM_NRES), f % VM_NRES),
	    vm->sort_desc, in->rank);
}

void
vm_sort(struct viewmodel *vm)
{
	struct vm_sortkey *k = vm->scratch;

	if (vm->sort_field >= vm_nfields(vm))	/* the compared side went away */
		vm->sort_field = vm->sort_field == VM_FIELD_DELTA ? VM_FIELD_RES(0, vm->delta_res) :
		    vm->sort_field - VM_NRES;
	for (size_t g = 0; g < vm->ngroups; g++) {
		k[g].key = vm_group_key(vm, (uint32_t)g);
		k[g].idx = (uint32_t)g;
	}
	qsort(k, vm->ngroups, sizeof *k, vm_key_cmp);
	for (size_t g = 0; g < vm->ngroups; g++)
		vm->order[g] = k[g].idx;
	for (size_t g = 0; g < vm->ngroups; g++) {
		const struct vm_group *gr = &vm->groups[g];

		for (uint32_t j = 0; j < gr->ninst; j++) {
			k[j].key = vm_inst_key(vm, gr->inst0 + j);
			k[j].idx = gr->inst0 + j;
		}
		qsort(k, gr->ninst, sizeof *k, vm_key_cmp);
		for (uint32_t j = 0; j < gr->ninst; j++)
			vm->iorder[gr->inst0 + j] = k[j].idx;
	}
	vm_rows(vm);
}

void
vm_init(struct viewmodel *vm, const struct model *m)
{
	vm_build(vm, m);
	vm_sort(vm);
}

static int
vm_ns_match(const char *ns, const char *filter)
{
	size_t n;

	if (filter[0] == '\0')
		return 1;
	if (strcmp(filter, "::") == 0)
		return ns[0] == '\0';
	n = strlen(filter);
	return strncmp(ns, filter, n) == 0 &&
	    (ns[n] == '\0' || (ns[n] == ':' && ns[n + 1] == ':'));
}

/* Present on a side shown (in "all arches", present somewhere). */
static int
vm_present(const struct viewmodel *vm, int32_t (*get)(const struct viewmodel *, uint32_t, size_t, int),
    uint32_t idx)
{
	for (int s = 0; s < vm_nsides(vm); s++)
		if (get(vm, idx, vm_side_slot(vm, s), 0) != VM_ABSENT)
			return 1;
	return 0;
}

static int
vm_group_shown(const struct viewmodel *vm, uint32_t g)
{
	const struct vm_group *gr = &vm->groups[g];

	if (gr->kind != FUNC_ENTRY && !vm->show_device)
		return 0;
	if (!vm_ns_match(gr->ns, vm->ns_filter))
		return 0;
	if (vm->lib_filter[0] && !text_find(gr->library, vm->lib_filter))
		return 0;
	if (!vm_present(vm, vm_group_value, g))
		return 0;
	if (vm->filter[0] == '\0' || text_find(gr->collapsed, vm->filter))
		return 1;
	for (uint32_t j = 0; j < gr->ninst; j++)
		if (text_find(vm->insts[gr->inst0 + j].name, vm->filter))
			return 1;
	return 0;
}

static void
vm_clamp(struct viewmodel *vm)
{
	size_t h = vm->height > 0 ? (size_t)vm->height : 1;

	if (vm->nrows == 0) {
		vm->sel = vm->top = 0;
		return;
	}
	if (vm->sel >= vm->nrows)
		vm->sel = vm->nrows - 1;
	if (vm->top > vm->sel)
		vm->top = vm->sel;
	if (vm->sel >= vm->top + h)
		vm->top = vm->sel - h + 1;
	if (vm->top + h > vm->nrows)
		vm->top = vm->nrows > h ? vm->nrows - h : 0;
}

void
vm_rows(struct viewmodel *vm)
{
	struct vm_row keep = { 0, -2 };
	size_t n = 0, shown = 0, found = SIZE_MAX, parent = SIZE_MAX;

	if (vm->sel < vm->nrows)
		keep = vm->rows[vm->sel];
	for (size_t k = 0; k < vm->ngroups; k++) {
		uint32_t g = vm->order[k];
		const struct vm_group *gr = &vm->groups[g];

		if (!vm_group_shown(vm, g))
			continue;
		if (g == keep.group && keep.inst != -2)
			parent = n;
		if (g == keep.group && keep.inst == -1)
			found = n;
		vm->rows[n].group = g;
		vm->rows[n++].inst = -1;
		shown++;
		if (!gr->expanded)
			continue;
		for (uint32_t j = 0; j < gr->ninst; j++) {
			uint32_t i = vm->iorder[gr->inst0 + j];

			if (!vm_present(vm, vm_inst_value, i))
				continue;
			if (keep.inst == (int32_t)i)
				found = n;
			vm->rows[n].group = g;
			vm->rows[n++].inst = (int32_t)i;
		}
	}
	vm->nrows = n;
	vm->nshown = shown;
	if (found != SIZE_MAX)
		vm->sel = found;
	else if (parent != SIZE_MAX)
		vm->sel = parent;
	vm_clamp(vm);
}

void
vm_set_sort(struct viewmodel *vm, int field)
{
	if (field < 0 || field >= vm_nfields(vm))
		return;
	vm->sort_field = field;
	if (field >= 2 && field < VM_FIELD_DELTA)
		vm->delta_res = (field - 2) % VM_NRES;
	vm->sort_desc = field == VM_FIELD_DELTA ? 1 :
	    field >= 2 ? vm_res_column((field - 2) % VM_NRES)->sort_desc : 0;
	vm_sort(vm);
	vm->sel = vm->top = 0;
}

void
vm_sort_step(struct viewmodel *vm, int delta)
{
	int n = vm_nfields(vm), f = vm->sort_field;

	for (int k = 0; k < n; k++) {
		f = ((f + delta) % n + n) % n;
		if (f < 2 || f == VM_FIELD_DELTA || vm->res_known[(f - 2) % VM_NRES])
			break;
	}
	vm_set_sort(vm, f);
}

void
vm_sort_reverse(struct viewmodel *vm)
{
	vm->sort_desc = !vm->sort_desc;
	vm_sort(vm);
	vm->sel = vm->top = 0;
}

void
vm_set_arches(struct viewmodel *vm, int a, int b)
{
	int na = (int)vm->narches;

	if (a < -1 || a >= na)
		a = -1;
	if (b < -1 || b >= na || a < 0 || b == a)
		b = -1;
	vm->arch_a = a;
	vm->arch_b = b;
	vm_sort(vm);
}

void
vm_arch_step(struct viewmodel *vm, int delta)
{
	int na = (int)vm->narches, a = vm->arch_a;

	if (na == 0 || (vm->arch_b >= 0 && na < 2))
		return;
	/* Positions: -1 (every arch), then each arch; comparing needs an
	 * arch other than the compared one. */
	do {
		a += delta;
		if (a >= na)
			a = -1;
		else if (a < -1)
			a = na - 1;
	} while (vm->arch_b >= 0 && (a < 0 || a == vm->arch_b));
	vm_set_arches(vm, a, vm->arch_b);
}

void
vm_compare_step(struct viewmodel *vm, int delta)
{
	int na = (int)vm->narches, a = vm->arch_a, b = vm->arch_b;
	int pos;

	if (na < 2)
		return;
	if (a < 0)
		a = 0;
	/* Positions 0..na-2: the arches after a, wrapping; na-1: off. */
	pos = b < 0 ? na - 1 : ((b - a) % na + na) % na - 1;
	pos = ((pos + delta) % na + na) % na;
	vm_set_arches(vm, a, pos == na - 1 ? -1 : (a + 1 + pos) % na);
}

void
vm_set_filter(struct viewmodel *vm, const char *text)
{
	snprintf(vm->filter, sizeof vm->filter, "%s", text);
	vm_rows(vm);
}

void
vm_set_lib_filter(struct viewmodel *vm, const char *text)
{
	snprintf(vm->lib_filter, sizeof vm->lib_filter, "%s", text);
	vm_rows(vm);
}

size_t
vm_set_namespace(struct viewmodel *vm, const char *ns)
{
	snprintf(vm->ns_filter, sizeof vm->ns_filter, "%s", ns);
	vm->ns_index = -1;
	for (size_t i = 0; i < vm->nnamespaces && ns[0]; i++)
		if (strcmp(vm->namespaces[i], ns) == 0 ||
		    (strcmp(ns, "::") == 0 && vm->namespaces[i][0] == '\0'))
			vm->ns_index = (int)i;
	vm_rows(vm);
	return vm->nshown;
}

void
vm_namespace_step(struct viewmodel *vm, int delta)
{
	int n = (int)vm->nnamespaces + 1;	/* position 0: no filter */
	int pos = ((vm->ns_index + 1 + delta) % n + n) % n;
	const char *ns;

	if (pos == 0) {
		vm_set_namespace(vm, "");
		return;
	}
	ns = vm->namespaces[pos - 1];
	vm_set_namespace(vm, ns[0] ? ns : "::");
}

void
vm_toggle_device(struct viewmodel *vm)
{
	vm->show_device = !vm->show_device;
	vm_rows(vm);
}

void
vm_set_height(struct viewmodel *vm, int height)
{
	vm->height = height > 0 ? height : 1;
	vm_clamp(vm);
}

void
vm_select(struct viewmodel *vm, size_t row)
{
	vm->sel = row;
	vm_clamp(vm);
}

void
vm_move(struct viewmodel *vm, long delta)
{
	long s = (long)vm->sel + delta;

	if (s < 0)
		s = 0;
	vm_select(vm, (size_t)s);
}

void
vm_scroll(struct viewmodel *vm, long delta)
{
	long t = (long)vm->top + delta, h = vm->height;

	if (t < 0)
		t = 0;
	if (vm->nrows > (size_t)h && t > (long)vm->nrows - h)
		t = (long)vm->nrows - h;
	if (vm->nrows <= (size_t)h)
		t = 0;
	vm->top = (size_t)t;
	if (vm->sel < vm->top)
		vm->sel = vm->top;
	if (vm->sel >= vm->top + (size_t)h)
		vm->sel = vm->top + (size_t)h - 1;
	vm_clamp(vm);
}

void
vm_expand(struct viewmodel *vm, int open)
{
	const struct vm_row *r = vm_selected(vm);

	if (r == NULL)
		return;
	if (r->inst >= 0 && !open) {
		uint32_t g = r->group;

		vm->groups[g].expanded = 0;
		vm->rows[vm->sel].inst = -1;	/* select the kernel itself */
	} else
		vm->groups[r->group].expanded = (uint8_t)(open < 0 ? !vm->groups[r->group].expanded : open);
	vm_rows(vm);
}

void
vm_expand_all(struct viewmodel *vm, int open)
{
	for (size_t g = 0; g < vm->ngroups; g++)
		vm->groups[g].expanded = (uint8_t)open;
	if (vm->sel < vm->nrows)
		vm->rows[vm->sel].inst = -1;
	vm_rows(vm);
}

const struct vm_row *
vm_selected(const struct viewmodel *vm)
{
	return vm->sel < vm->nrows ? &vm->rows[vm->sel] : NULL;
}

/* A row holds text: in its name, or a kernel's row in its library. */
int
vm_row_matches(const struct viewmodel *vm, const struct vm_row *r, const char *text)
{
	if (text_find(vm_row_name(vm, r), text))
		return 1;
	return r->inst < 0 && text_find(vm->groups[r->group].library, text) != NULL;
}

long
vm_search(const struct viewmodel *vm, const char *text, size_t start, int dir, int inclusive)
{
	size_t n = vm->nrows;

	if (n == 0 || text[0] == '\0')
		return -1;
	if (start >= n)
		start = 0;
	for (size_t k = inclusive ? 0 : 1; k <= n; k++) {
		size_t r = dir > 0 ? (start + k) % n : (start + n * 2 - k) % n;

		if (vm_row_matches(vm, &vm->rows[r], text))
			return (long)r;
	}
	return -1;
}

size_t
vm_search_count(const struct viewmodel *vm, const char *text, size_t row, size_t *index)
{
	size_t total = 0;

	*index = 0;
	if (text[0] == '\0')
		return 0;
	for (size_t r = 0; r < vm->nrows; r++)
		if (vm_row_matches(vm, &vm->rows[r], text)) {
			total++;
			if (r <= row)
				*index = total;
		}
	return total;
}
