/* SPDX-License-Identifier: MIT */
/*
 * The kernel table's view-model: what the browser shows, with no curses in
 * it (ncdu's dirlist, tmux's mode-tree data).  Built once from the model:
 * functions grouped into kernels (one per collapsed name, library and kind)
 * and their instantiations (one per mangled name), with each resource's
 * value precomputed for every arch and for "all arches" (the maximum).
 * Sorting and filtering then only compare integers and names: no allocation
 * once built, so a tree of tens of thousands of kernels answers at once.
 */
#ifndef SPILLWAY_VIEWMODEL_H
#define SPILLWAY_VIEWMODEL_H

#include <stddef.h>
#include <stdint.h>

#include "columns.h"
#include "model.h"

/* The resource columns of the table: those columns[] gives a .tui
 * place, in that order (enum column_browser).
 * A kernel's value is the maximum over its instantiations, and "every
 * arch" the maximum over the arches; a summed resource (vm_res_summed:
 * code_bytes) adds them up instead. */
#define VM_NRES		COLUMNS_BROWSER

#define VM_ABSENT	(-2)	/* not compiled for this arch */

/* Sort fields: VM_FIELD_NAME, VM_FIELD_LIBRARY, then per side, per
 * resource; when comparing, last, the difference of the delta resource. */
#define VM_FIELD_NAME		0
#define VM_FIELD_LIBRARY	1
#define VM_FIELD_RES(side, res)	(2 + (side) * VM_NRES + (res))
#define VM_FIELD_DELTA		VM_FIELD_RES(2, 0)

/* vm_row_delta's *only: where a compared row is compiled. */
enum vm_only { VM_BOTH, VM_ONLY_A, VM_ONLY_B };

struct vm_inst {
	const char	*name;		/* demangled, with parameters */
	const char	*mangled;
	uint32_t	 group;
	uint32_t	 rank;		/* position of name in name order */
};

struct vm_group {
	const char	*collapsed;
	const char	*ns;
	const char	*library;
	uint32_t	 inst0, ninst;	/* range of vm.insts */
	uint32_t	 rank;		/* position in (name, library) order */
	uint32_t	 librank;
	uint8_t		 kind;		/* enum func_kind */
	uint8_t		 expanded;
	int		 width;		/* display width of collapsed */
	uint64_t	 diff;		/* template argument positions that differ
					 * between the instantiations (vm_label.h) */
	const char	*libshort;	/* library: its shortest tail unique among
					 * the libraries, a suffix of library */
	uint32_t	 nalso;		/* other files holding the same kernel
					 * (copies.h): the most of any of its
					 * functions; the table shows "+N" */
};

struct vm_sortkey {
	int64_t		 key;
	uint32_t	 idx;
};

struct vm_row {
	uint32_t	 group;
	int32_t		 inst;		/* -1: the kernel's own row */
};

struct viewmodel {
	const struct model *m;

	/* Built once. */
	const char	**arches;	/* SASS arches, by number */
	size_t		  narches;
	struct vm_group	 *groups;
	size_t		  ngroups;
	struct vm_inst	 *insts;	/* each group's range is contiguous */
	size_t		  ninsts;
	int32_t		 *funcs;	/* ninsts * narches: index into m->funcs, -1 */
	int32_t		 *gval;		/* ngroups * (narches + 1) * VM_NRES */
	int32_t		 *ival;		/* ninsts * (narches + 1) * VM_NRES */
	const char	**namespaces;	/* distinct, sorted; "" is the global one */
	size_t		  nnamespaces;
	size_t		  nentries;	/* kernel functions (entries) */
	int		  name_width;	/* widest collapsed name */
	int		  inst_width;	/* widest instantiation name */
	int		  lib_width;	/* widest libshort */
	size_t		  nlibraries;	/* distinct libraries */
	int		  res_known[VM_NRES];	/* some kernel has a value: worth a column */

	/* What the user chose. */
	int		  arch_a;	/* -1: every arch (the maximum) */
	int		  arch_b;	/* -1: no comparison */
	int		  sort_field;
	int		  sort_desc;
	int		  delta_res;	/* the resource of the delta column: the last sorted by */
	char		  ns_filter[128]; /* namespace and its children; "::" the global one */
	int		  ns_index;	/* namespaces[] entry the filter came from, -1 */
	char		  filter[128];	/* substring of names, "" none */
	char		  lib_filter[128]; /* substring of library paths, "" none */
	int		  show_device;	/* device functions too */

	/* Derived: sorted groups, the visible rows, the selection. */
	uint32_t	 *order;	/* ngroups, by the sort */
	uint32_t	 *iorder;	/* ninsts, each group's range by the sort */
	struct vm_row	 *rows;
	size_t		  nrows;
	size_t		  nshown;	/* kernels (group rows) among rows */
	size_t		  sel, top;
	int		  height;	/* rows the table shows, set by the drawing */
	struct vm_sortkey *scratch;
};

/* Builds what is built once (groups, ranks, values) and the arrays the
 * rows are kept in, with the user's first choices; the rows themselves
 * are vm_rows.h's (vm_init builds and sorts). */
void	vm_build(struct viewmodel *, const struct model *);
/* A kernel's library cell: its short name, and "+N" when N other files
 * hold the same kernel (copies.h; the detail names them).  Returns buf. */
const char *vm_library_label(const struct vm_group *, char *buf, size_t size);
/* The width "+N" adds to it (0 without copies). */
int	vm_also_width(const struct vm_group *);
void	vm_free(struct viewmodel *);

/* Sides shown: 1, or 2 when comparing. */
int	vm_nsides(const struct viewmodel *);
/* The value slot of a side: an arch index, or narches for "every arch". */
size_t	vm_side_slot(const struct viewmodel *, int side);
/* Label of a side: "sm_86", or "all arches". */
const char *vm_side_label(const struct viewmodel *, int side);
int	vm_nfields(const struct viewmodel *);

int32_t	vm_group_value(const struct viewmodel *, uint32_t g, size_t slot, int res);
int32_t	vm_inst_value(const struct viewmodel *, uint32_t i, size_t slot, int res);
/* A row's value on a side; VM_ABSENT when not compiled there. */
int32_t	vm_row_value(const struct viewmodel *, const struct vm_row *, int side, int res);
/* True when a compared row, compiled on both sides, differs on res (a row
 * of one side only is said once, by vm_row_delta, not in every cell). */
int	vm_row_differs(const struct viewmodel *, const struct vm_row *, int res);
/* The compared side's value less the first's, on the delta resource;
 * *only says when the row is compiled on one side only (the delta is then
 * 0); INT32_MIN when a side's value is not known. */
int32_t	vm_row_delta(const struct viewmodel *, const struct vm_row *, int *only);
/* The column of resource res (from 0): columns[] at .tui position res + 1. */
const struct column *vm_res_column(int res);
/* Whether a kernel's value of res is the sum over its instantiations (and
 * "every arch" the sum over the arches) rather than the maximum. */
int	vm_res_summed(int res);
/* How values of res add up into a kernel's or every arch's: the maximum
 * (unknown loses to a number) or, summed, the sum (unknown when a part
 * is, at most INT32_MAX); VM_ABSENT adds nothing. */
int32_t	vm_res_combine(int res, int32_t x, int32_t y);
/* The rule over a side's resource columns: "sm_86", "max over all arches"
 * or, when a summed resource is known, "all arches: max; CODE: sum". */
void	vm_side_heading(const struct viewmodel *, int side, char *buf, size_t size);
/* Name of a field for the status line: "STACK sm_86", "name". */
void	vm_field_label(const struct viewmodel *, int field, char *buf, size_t size);

/* Display name of a row: the collapsed name or the instantiation's. */
const char *vm_row_name(const struct viewmodel *, const struct vm_row *);
/* What tells an instantiation from the others of its kernel: its
 * differing template arguments first (vm_label_format). */
void	vm_inst_label(const struct viewmodel *, uint32_t i, char *buf, size_t size);

#endif
