/* SPDX-License-Identifier: MIT */
/*
 * The judge, per library: what each library carries and what was gated in
 * it (the summary lines of --check), and the rules that look at libraries
 * rather than entries: --require-sass, and "nothing to judge".
 */
#ifndef SPILLWAY_JUDGE_LIBS_H
#define SPILLWAY_JUDGE_LIBS_H

#include "kgroup.h"
#include "model.h"
#include "strlist.h"
#include "verdict.h"

/* What each library carries, beside its counts (kgroup_count). */
struct judge_lib {
	const char	**sass, **ptx;	/* arches carried (interned) */
	size_t		 nsass, capsass, nptx, capptx;
	const char	**arches;	/* arches with an entry */
	size_t		 narches, caparches;
};

struct judge_libs {
	struct judge_lib	*v;	/* parallel to counts->v */
	size_t			 n;
	const struct kcount_set	*counts;
	struct strpool		 pool;
};

/* One library per library of counts, in its order. */
void	judge_libs_init(struct judge_libs *, const struct model *, const struct kcount_set *);
/* An entry of image `image` was seen (gated or vendored). */
void	judge_libs_arch(struct judge_libs *, size_t image, const struct image_rec *);
/* --require-sass: a violation per library of CUDA device code lacking
 * SASS for an arch listed (a library of AMDGPU code alone is not judged). */
void	judge_libs_require_sass(struct judge_libs *, const struct strlist *, struct verdict *);
/* --require-target: a violation per library of AMDGPU code with no code
 * object that runs on a GPU listed (arch_amdgpu_runs): no JIT, no
 * fallback, that GPU runs none of its kernels. */
void	judge_libs_require_target(struct judge_libs *, const struct strlist *, struct verdict *);
/* One count line per library: its counts, and its entries not allowed
 * (those with a violation among the findings). */
void	judge_libs_summary(struct judge_libs *, const struct model *, struct verdict *);
void	judge_libs_free(struct judge_libs *);
/* Entries with at least one violation among the findings. */
size_t	judge_not_allowed(const struct verdict *, const struct model *);

/*
 * verdict_add for a finding that holds names or paths: the line is
 * escaped (escape.h), so that a kernel name holding a newline or a
 * terminal escape stays on its one line and shows as written.
 */
void	judge_add(struct verdict *, int level, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/* one when n is 1, else many: every count line's noun. */
const char *judge_plural(size_t n, const char *one, const char *many);
/* Says what the finding just added is about: its rule (rules.h), its
 * entry (FINDING_NO_ENTRY: none), its library (NULL: none). */
void	judge_about(struct verdict *, int rule, size_t entry, const char *library);
/* The figures of the finding just added: what was measured and the limit
 * it was judged against, in unit (static text: "registers", "bytes"...);
 * NAN for one not known. */
void	judge_figures(struct verdict *, double measured, double limit, const char *unit);
/* The allowance row the finding just added is about: its kernel and sm
 * as the row writes them, the table's file and the row's line (0: the
 * table alone). */
void	judge_row(struct verdict *, const char *kernel, const char *sm, const char *file,
	    size_t line);

#endif
