/*
 * The judge, per library: what each library carries and what was gated in
 * it (the summary lines of --check), and the rules that look at libraries
 * rather than entries: --require-sass, and "nothing to judge".
 */
#ifndef SPILLWAY_JUDGELIB_H
#define SPILLWAY_JUDGELIB_H

#include "model.h"
#include "options.h"
#include "verdict.h"

struct judge_lib {
	const char	*library;
	const char	**kernels;	/* mangled names of gated entries */
	size_t		 nkernels, capkernels;
	const char	**sass, **ptx;	/* arches carried (interned) */
	size_t		 nsass, capsass, nptx, capptx;
	const char	**arches;	/* arches with an entry */
	size_t		 narches, caparches;
	size_t		 gated, skipped, framed, bad;
};

struct judge_libs {
	struct judge_lib	*v;
	size_t			 n, cap;
	struct strpool		 pool;
};

/* One library per distinct image library, in model order. */
void	judge_libs_init(struct judge_libs *, const struct model *);
void	judge_libs_count(struct judge_libs *, const struct func_rec *, const struct image_rec *,
	    int vendored, int violates);
/* --require-sass: a violation per library lacking SASS for an arch listed. */
void	judge_libs_require_sass(struct judge_libs *, const struct strlist *, struct verdict *);
/* One summary line per library. */
void	judge_libs_summary(struct judge_libs *, struct verdict *);
void	judge_libs_free(struct judge_libs *);

/*
 * verdict_add for a finding that holds names or paths: the line is
 * escaped (escape.h), so that a kernel name holding a newline or a
 * terminal escape stays on its one line and shows as written.
 */
void	judge_add(struct verdict *, int level, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

#endif
