/* SPDX-License-Identifier: MIT */
/*
 * The join of ptxas -v figures with the scanned entries, by (mangled name,
 * sm).  A figure set joins an entry only when its registers and stack frame
 * agree with the binary's (REG and FRAME_SIZE): a log of another build of
 * the same kernel (other flags, a stale log, code linked by nvlink
 * afterwards) must not lend its spills.  Joined entries get spill_stores
 * and spill_loads, their callees' added (the names the binary says their
 * calls reach: spillway-reference(7), CALLS AND RECURSION); in a whole-program image
 * a callee frame ptxas did not fold into the kernel's makes the kernel's
 * stack unknown.  Logs are read during the walk; rows are joined when
 * they are gathered, once the walk is over and every log has been read;
 * rows read back from a --list CSV, which hold neither the frame nor the
 * callees, are not given to it (src/readers/scan_pool.c).
 */
#ifndef SPILLWAY_PTXJOIN_H
#define SPILLWAY_PTXJOIN_H

#include <stddef.h>

#include "model.h"

struct ptxjoin {
	struct ptxjoin_key	*keys;
	size_t			 n;
	struct ptxjoin_key	*callees;	/* device functions' figures, by name text */
	size_t			 ncallees;
};

/* Indexes the model's ptxas figures (none: an empty index). */
void	ptxjoin_init(struct ptxjoin *, const struct model *);
/* Joins n rows of the model's images; returns how many gained figures.
 * Reads the index and the model's images and ptxas figures only. */
size_t	ptxjoin_apply(const struct ptxjoin *, const struct model *, struct func_rec *rows, size_t n);
void	ptxjoin_free(struct ptxjoin *);

/* All three over every func. */
size_t	ptxjoin_run(struct model *);

#endif
