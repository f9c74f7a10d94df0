/* SPDX-License-Identifier: MIT */
/*
 * The kernel table's rows (vm_rows.c): the sort, the filters, expansion,
 * selection and search over a view-model viewmodel.h built.  Calls go one
 * way: vm_rows.c reads viewmodel.c's data and vm_values.c's values, and
 * nothing below calls up into it.
 */
#ifndef SPILLWAY_VM_ROWS_H
#define SPILLWAY_VM_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "viewmodel.h"

/* Builds the view-model of a model (vm_build) and its first rows, sorted
 * by the largest stack frame; vm_free frees it. */
void	vm_init(struct viewmodel *, const struct model *);

/* Re-sorts and rebuilds the rows (after a change of sort or arches). */
void	vm_sort(struct viewmodel *);
/* Rebuilds the rows (after a change of filter or expansion), keeping the
 * selected kernel selected when it is still shown. */
void	vm_rows(struct viewmodel *);

/* State changes; each re-sorts or rebuilds what it must.  A new sort
 * selects the first row, so that the top of the new order shows. */
void	vm_set_sort(struct viewmodel *, int field);	/* resets the direction */
/* Next/previous field, skipping resources no kernel has a value for. */
void	vm_sort_step(struct viewmodel *, int delta);
void	vm_sort_reverse(struct viewmodel *);
void	vm_arch_step(struct viewmodel *, int delta);	/* all, sm_75, sm_80... */
/* Compare with the arch after the compared one (from the one shown: with
 * sm_80 shown, sm_86 first), wrapping, then none. */
void	vm_compare_step(struct viewmodel *, int delta);
void	vm_set_arches(struct viewmodel *, int a, int b);
void	vm_set_filter(struct viewmodel *, const char *text);
/* Only the kernels of libraries whose path holds text ("" every one). */
void	vm_set_lib_filter(struct viewmodel *, const char *text);
/* Namespace filter: a namespace and those inside it, "::" for the global
 * namespace only, "" none.  Returns how many kernels it leaves. */
size_t	vm_set_namespace(struct viewmodel *, const char *ns);
void	vm_namespace_step(struct viewmodel *, int delta);
void	vm_toggle_device(struct viewmodel *);

/* Selection and scrolling, in rows; the view scrolls to keep the selection
 * inside its height rows. */
void	vm_set_height(struct viewmodel *, int height);
void	vm_move(struct viewmodel *, long delta);
void	vm_select(struct viewmodel *, size_t row);
void	vm_scroll(struct viewmodel *, long delta);
void	vm_expand(struct viewmodel *, int open);	/* the selected kernel */
void	vm_expand_all(struct viewmodel *, int open);
/* The selected row, NULL when none. */
const struct vm_row *vm_selected(const struct viewmodel *);
/* Whether a row's name holds text, or a kernel row's library does. */
int	vm_row_matches(const struct viewmodel *, const struct vm_row *, const char *text);
/* The next row (from start, going dir = 1 or -1, wrapping) that matches
 * text; -1 when none does.  start itself is tried first when inclusive. */
long	vm_search(const struct viewmodel *, const char *text, size_t start, int dir, int inclusive);
/* How many rows match text; *index: which of them (from 1) row is, or the
 * last before it (0: none before). */
size_t	vm_search_count(const struct viewmodel *, const char *text, size_t row, size_t *index);

#endif
