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

#include "model.h"
#include "options.h"

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
	/* Maxima over the spill-free framed ones (per-thread arrays). */
	int32_t		 ar_reg, ar_stack, ar_local;
	size_t		 first;		/* index of its first entry in model.funcs */
};

struct kgroup_set {
	struct kgroup	*v;
	size_t		 n;
	size_t		 prefix;	/* bytes cut from every library path */
};

/* Selection of vendored kernels: --vendored=no-namespace, --vendored=GLOB
 * (matched against the collapsed name and the library path). */
int	kgroup_is_vendored(const struct options *, const struct func_rec *,
	    const struct image_rec *);
void	kgroup_build(struct kgroup_set *, const struct model *, const struct options *);
void	kgroup_free(struct kgroup_set *);
/* Length of the folder part shared by every library path (0 if none). */
size_t	kgroup_common_prefix(const struct model *);
int	kgroup_key_cmp(const struct kgroup *, const struct kgroup *);

/* Seed 000's summary row for gated or vendored entries. */
struct kgroup_summary {
	size_t	kernels;	/* distinct demangled names */
	size_t	collapsed;	/* distinct collapsed names */
	size_t	entries;	/* (kernel, sm) entries */
	size_t	framed, spilling, arrays, unknown;
};

void	kgroup_summarize(const struct model *, const struct options *, int vendored,
	    struct kgroup_summary *);

#endif
