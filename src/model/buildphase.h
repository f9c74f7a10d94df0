/* SPDX-License-Identifier: MIT */
/*
 * What nvcc --time's phases say, from the modules' phases alone: totals
 * by phase and arch over the build, and what one arch costs a compile (the
 * phases that run once per target: preprocessing for it, cicc, ptxas).
 */
#ifndef SPILLWAY_BUILDPHASE_H
#define SPILLWAY_BUILDPHASE_H

#include <stddef.h>

#include "model.h"

struct phase_total {
	const char	*name;		/* interned */
	const char	*arch;		/* "" none */
	size_t		 compiles;	/* modules with this phase */
	double		 ms;		/* summed */
	double		 max_ms;	/* the longest one */
	size_t		 max_module;	/* its module */
};

/* The totals, longest first; *out is allocated (NULL when none).  Returns
 * how many.  O(p log p) in the phases read. */
size_t	buildphase_totals(const struct model *, struct phase_total **out);

/* The step of a host-compiler phase, "preprocessing 1" of
 * "g++ (preprocessing 1)" (any compiler name without blanks), from a
 * static table; NULL when name is not one. */
const char *buildphase_host_step(const char *name);

/* Whether a phase runs once per target arch (cicc, ptxas, ...). */
int	buildphase_per_arch(const struct build_phase *);

/*
 * A module's time split by nvcc --time: ms of the phases run per arch
 * and how many arches they ran for; the rest ran once.  Returns the arch
 * count, 0 when the module has no per-arch phase.
 */
int	buildphase_arch_split(const struct build_module *, double *per_arch_ms, double *once_ms);

#endif
