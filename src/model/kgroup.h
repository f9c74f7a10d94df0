/* SPDX-License-Identifier: MIT */
/*
 * Kernels grouped as the reports show them: one group per (library,
 * collapsed name, sm) over the entry functions, with maxima over the
 * instantiations.  Groups come sorted by library, collapsed name, then sm
 * (by number), so equal keys of two models line up for a merge.
 */
#ifndef SPILLWAY_KGROUP_H
#define SPILLWAY_KGROUP_H

#include <stddef.h>
#include <stdint.h>

#include "vendored.h"
#include "model.h"

struct kgroup {
	const char	*library;	/* shortened: the tree's common folder removed */
	const char	*collapsed;
	const char	*arch;		/* the image's arch, "sm_86" */
	int		 vendored;
	int32_t		 n;		/* instantiations (entries) */
	int32_t		 nframed;	/* with stack or local > 0 */
	int32_t		 nspill;	/* spilling: spill stores or loads > 0 */
	int32_t		 nunknown;	/* framed, spill figures unknown */
	int32_t		 narray;	/* framed, known not to spill */
	/* Maxima over every instantiation (-1 unknown). */
	int32_t		 reg, stack, local, shared, spill_stores, spill_loads;
	/* Maxima over the spilling instantiations only. */
	int32_t		 sp_reg, sp_stack, sp_stores, sp_loads;
	int32_t		 sp_vgpr_spill, sp_sgpr_spill;	/* AMDGPU: registers spilled */
	/* Maxima over the spill-free framed ones (per-thread arrays). */
	int32_t		 ar_reg, ar_stack, ar_local;
	size_t		 first;		/* index of its first entry in model.funcs */
	/* Copies (copies.h): of its entries, in other files; the first entry
	 * with copies, for copies_where (SIZE_MAX none). */
	int32_t		 ncopies;
	size_t		 also;
};

struct kgroup_set {
	struct kgroup	*v;
	size_t		 n;
	size_t		 prefix;	/* bytes cut from every library path */
};

/* Groups of the entries; those the rule selects are marked vendored.  A
 * copy (copies.h) is left to the entry it copies: each kernel once. */
void	kgroup_build(struct kgroup_set *, const struct model *, const struct vendored_rule *);
/* Likewise with every copy in its own file's group: what a file held, for
 * the baseline diff (a saved --list CSV tells no copy apart). */
void	kgroup_build_files(struct kgroup_set *, const struct model *,
	    const struct vendored_rule *);
void	kgroup_free(struct kgroup_set *);
/* Length of the folder part shared by every library path (0 if none). */
size_t	kgroup_common_prefix(const struct model *);
int	kgroup_key_cmp(const struct kgroup *, const struct kgroup *);

/*
 * The count vocabulary, one for --summary, --check, the report and the
 * browser (man page, COUNTS):
 *   kernel         a collapsed name (no template arguments, no parameters)
 *                  in one library: one row of the browser's table
 *   instantiation  one of its distinct mangled names in that library
 *   entry          one instantiation on one sm in one image: a --list row
 *                  of an entry function, what the rules of --check gate
 *   copy           an entry that is another's copy (copies.h: the same
 *                  kernel in a relocatable object, its archive, the
 *                  device-link object and the executable), counted apart
 *                  and judged as the entry it copies
 * Totals over libraries are the sums of the libraries' counts.
 */
struct kcount {
	size_t	kernels, instantiations, entries;
	size_t	framed;			/* entries with a frame (func_framed) */
	size_t	spilling, arrays, unknown;	/* the framed: spill, not, not known */
};

struct kcount_lib {
	const char	*library;	/* as in the model */
	struct kcount	 gated, skipped;	/* skipped: vendored */
	struct kcount	 copies;	/* copies of entries judged elsewhere */
	const char	*copies_in;	/* the library the first copy's entry is in, NULL none */
	int		 copies_spread;	/* some copy's entry is in another library too */
};

struct kcount_set {
	struct kcount_lib *v;		/* every library, in first-seen image order */
	size_t		  n;
	struct kcount	  gated, skipped, copies;	/* the sums */
	size_t		 *image_lib;	/* per model image: its library's index in v */
};

/* A library's copies in the words of every face: "8 entries judged as the
 * same kernels in sepapp" (" and other files" when spread); "" none.
 * Returns buf. */
const char *kcount_copies_words(const struct kcount_lib *, char *buf, size_t len);
/* Whether every entry of the library is a copy: its line is that alone. */
int	kcount_all_copies(const struct kcount_lib *);

/* Counts the SASS entry functions of m; rule may be NULL (none vendored). */
void	kgroup_count(struct kcount_set *, const struct model *, const struct vendored_rule *);
void	kgroup_count_free(struct kcount_set *);
/* sum += k, field by field. */
void	kcount_add(struct kcount *sum, const struct kcount *k);

#endif
