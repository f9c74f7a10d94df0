/* SPDX-License-Identifier: MIT */
/*
 * Reading the built view-model: the sides compared, the fields, a group's
 * or an instantiation's value.  The bottom of the view-model: it calls
 * neither viewmodel.c nor vm_rows.c.
 */
#include "config.h"

#include <stdio.h>

#include "viewmodel.h"
#include "vm_label.h"

int
vm_nsides(const struct viewmodel *vm)
{
	return vm->arch_b >= 0 ? 2 : 1;
}

size_t
vm_side_slot(const struct viewmodel *vm, int side)
{
	int a = side == 0 ? vm->arch_a : vm->arch_b;

	return a < 0 ? vm->narches : (size_t)a;
}

const char *
vm_side_label(const struct viewmodel *vm, int side)
{
	size_t slot = vm_side_slot(vm, side);

	return slot == vm->narches ? "all arches" : vm->arches[slot];
}

int
vm_nfields(const struct viewmodel *vm)
{
	return vm_nsides(vm) == 2 ? VM_FIELD_DELTA + 1 : 2 + VM_NRES;
}

int32_t
vm_group_value(const struct viewmodel *vm, uint32_t g, size_t slot, int res)
{
	return vm->gval[(g * (vm->narches + 1) + slot) * VM_NRES + res];
}

int32_t
vm_inst_value(const struct viewmodel *vm, uint32_t i, size_t slot, int res)
{
	return vm->ival[(i * (vm->narches + 1) + slot) * VM_NRES + res];
}

int32_t
vm_row_value(const struct viewmodel *vm, const struct vm_row *r, int side, int res)
{
	size_t slot = vm_side_slot(vm, side);

	if (r->inst >= 0)
		return vm_inst_value(vm, (uint32_t)r->inst, slot, res);
	return vm_group_value(vm, r->group, slot, res);
}

int
vm_row_differs(const struct viewmodel *vm, const struct vm_row *r, int res)
{
	int32_t a, b;

	if (vm_nsides(vm) < 2)
		return 0;
	a = vm_row_value(vm, r, 0, res);
	b = vm_row_value(vm, r, 1, res);
	return a != VM_ABSENT && b != VM_ABSENT && a != b;
}

int32_t
vm_row_delta(const struct viewmodel *vm, const struct vm_row *r, int *only)
{
	int32_t a, b;

	*only = VM_BOTH;
	if (vm_nsides(vm) < 2)
		return 0;
	a = vm_row_value(vm, r, 0, vm->delta_res);
	b = vm_row_value(vm, r, 1, vm->delta_res);
	if (a == VM_ABSENT || b == VM_ABSENT) {
		*only = a == VM_ABSENT ? VM_ONLY_B : VM_ONLY_A;
		return 0;
	}
	if (a < 0 || b < 0)
		return INT32_MIN;
	return b - a;
}

const struct column *
vm_res_column(int res)
{
	return column_tui(res + 1);
}

/* The resources whose kernel value is a sum: bytes that add up in the
 * file, where a maximum would hide what the other instantiations cost. */
static const enum column_id vm_summed[] = { COL_CODE_BYTES };

int
vm_res_summed(int res)
{
	const struct column *c = vm_res_column(res);

	for (size_t i = 0; i < sizeof vm_summed / sizeof vm_summed[0]; i++)
		if (c == &columns[vm_summed[i]])
			return 1;
	return 0;
}

int32_t
vm_res_combine(int res, int32_t x, int32_t y)
{
	if (!vm_res_summed(res))
		return x > y ? x : y;	/* unknown (-1) loses to a number, absent to all */
	if (x == VM_ABSENT || y == VM_ABSENT)
		return x == VM_ABSENT ? y : x;
	if (x < 0 || y < 0)
		return UNKNOWN;
	return x > INT32_MAX - y ? INT32_MAX : x + y;
}

void
vm_side_heading(const struct viewmodel *vm, int side, char *buf, size_t size)
{
	const char *summed = "";

	for (int r = 0; r < VM_NRES; r++)
		if (vm_res_summed(r) && vm->res_known[r])
			summed = vm_res_column(r)->title;
	if (vm_side_slot(vm, side) != vm->narches)
		snprintf(buf, size, " %s ", vm_side_label(vm, side));
	else
		snprintf(buf, size, summed[0] ? " all arches: max; %s: sum " : " max over all arches ",
		    summed);
}

void
vm_field_label(const struct viewmodel *vm, int field, char *buf, size_t size)
{
	if (field == VM_FIELD_NAME)
		snprintf(buf, size, "name");
	else if (field == VM_FIELD_LIBRARY)
		snprintf(buf, size, "library");
	else if (field == VM_FIELD_DELTA)
		snprintf(buf, size, "difference in %s", vm_res_column(vm->delta_res)->title);
	else {
		int side = (field - 2) / VM_NRES, res = (field - 2) % VM_NRES;

		snprintf(buf, size, "%s %s", vm_res_column(res)->title, vm_side_label(vm, side));
	}
}

const char *
vm_row_name(const struct viewmodel *vm, const struct vm_row *r)
{
	if (r->inst >= 0)
		return vm->insts[r->inst].name;
	return vm->groups[r->group].collapsed;
}

void
vm_inst_label(const struct viewmodel *vm, uint32_t i, char *buf, size_t size)
{
	vm_label_format(vm->insts[i].name, vm->groups[vm->insts[i].group].diff, buf, size);
}
