/*
 * The check view's text: the verdict's findings, violations first, then
 * the count lines --check prints.
 */
#ifndef SPILLWAY_CHECKVIEW_H
#define SPILLWAY_CHECKVIEW_H

#include "textbuf.h"
#include "verdict.h"

void	checkview_build(struct textbuf *, const struct verdict *);

#endif
