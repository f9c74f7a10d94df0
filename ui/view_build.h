/* SPDX-License-Identifier: MIT */
/*
 * The build view's text: one line per compile (model.modules) with its
 * peak RSS, wall time and a bar on the timeline of the build, drawn with
 * block characters.  The timeline is src/model/schedule.c's, the one --summary,
 * --check and the report use: make -jN simulated under --jobs=N, else as
 * recorded.  Compiles that run beside another are marked; one over the
 * build gates as --check judges them (judge_build.h: its peak over
 * --mem-budget, or in a set running at once whose peaks sum over
 * --mem-host) is a breach.  Under the timeline, the compiles'
 * compile-time traces.
 */
#ifndef SPILLWAY_VIEW_BUILD_H
#define SPILLWAY_VIEW_BUILD_H

#include "judge_build.h"
#include "model.h"
#include "textbuf.h"

/* utf8: draw with block characters, else '#'. */
void	view_build_text(struct textbuf *, const struct model *, const struct build_gates *,
	    int width, int utf8);
/* Under it: each compile-time trace's unit (model.traces), its longest
 * instantiations and functions (view_build_traces.c). */
void	view_build_traces(struct textbuf *, const struct model *, int width, int utf8);

#endif
