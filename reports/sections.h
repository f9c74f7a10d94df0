/* The report's sections, each adding its heading, notes and tables to a doc. */
#ifndef SPILLWAY_SECTIONS_H
#define SPILLWAY_SECTIONS_H

#include "kgroup.h"
#include "model.h"
#include "options.h"
#include "rdoc.h"
#include "verdict.h"

/* The counts are the verdict's (NULL: counted here, nothing vendored). */
void	section_summary(struct rdoc *, const struct model *, const struct verdict *);
void	section_spills(struct rdoc *, const struct kgroup_set *);
void	section_arrays(struct rdoc *, const struct kgroup_set *);
void	section_arches(struct rdoc *, const struct kgroup_set *);
void	section_occupancy(struct rdoc *, const struct model *, const struct kgroup_set *);
void	section_coverage(struct rdoc *, const struct options *, const struct model *);
void	section_builds(struct rdoc *, const struct options *, const struct model *);
void	section_diff(struct rdoc *, const struct options *, const struct kgroup_set *old,
	    const struct kgroup_set *cur);

#endif
