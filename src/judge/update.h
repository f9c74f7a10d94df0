/* SPDX-License-Identifier: MIT */
/*
 * --update-allow: the measured maxima written into the allowance table.
 * Rows whose numbers change are rewritten, rows that measure STACK 0 LOCAL 0
 * are dropped, kernels that need a row get one with an empty note, and rows
 * that match nothing scanned are kept, or with prune (--prune) removed,
 * unless their arch was not built at all (those are named and kept: --arch
 * or the files given left it out).  Every change is a notice; rows that
 * were looser than measured (stale) are listed as such.
 */
#ifndef SPILLWAY_UPDATE_H
#define SPILLWAY_UPDATE_H

#include <stddef.h>

#include "allow.h"
#include "judge.h"
#include "verdict.h"

struct update_counts {
	size_t	added, tightened, raised, removed, unseen, kept;
	size_t	pruned;		/* unseen rows removed by --prune */
	size_t	unbuilt;	/* unseen rows for an arch the scan built nothing for */
	size_t	unbounded;	/* kernels no bounded row holds: named, left to the author */
};

void	update_apply(struct allow_table *, const struct judge_measure *, size_t n, int prune,
	    struct verdict *, struct update_counts *);
/*
 * Writes the table to its file: to a temporary beside the file (beside
 * the target when the file is a symlink, which stays one), with the old
 * file's permissions and, where it may, owner, then renamed over it.  The
 * text is read back first: a table the reader would refuse is not
 * written.  Returns 0, or -1 with a message in err and the old file as it
 * was.
 */
int	update_write(const struct allow_table *, char *err, size_t errlen);

#endif
