/*
 * The build view's text: one line per compile (model.modules) with its
 * peak RSS, wall time and a bar on the timeline of the build, drawn with
 * block characters.  Compiles that overlap are marked; one whose peak, or
 * whose peak plus those of the compiles running beside it, exceeds the
 * memory budget is a breach.
 */
#ifndef SPILLWAY_BUILDVIEW_H
#define SPILLWAY_BUILDVIEW_H

#include <stdint.h>

#include "model.h"
#include "textbuf.h"

/* budget: bytes, -1 none; utf8: draw with block characters, else '#'. */
void	buildview_build(struct textbuf *, const struct model *, int width,
	    int64_t budget, int utf8);

#endif
