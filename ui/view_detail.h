/* SPDX-License-Identifier: MIT */
/*
 * The detail view's text: one kernel, every instantiation with its full
 * name, every arch, every resource column, the launch bounds and the
 * object it came from.  Plain C: the lines are tested without a terminal.
 */
#ifndef SPILLWAY_VIEW_DETAIL_H
#define SPILLWAY_VIEW_DETAIL_H

#include "textbuf.h"
#include "viewmodel.h"

/* Fills tb for vm's kernel g, names wrapped at width; returns the line
 * where instantiation focus starts (0 when focus is -1). */
size_t	view_detail_text(struct textbuf *tb, const struct viewmodel *vm, uint32_t g,
	    int32_t focus, int width);

#endif
