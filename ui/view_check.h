/* SPDX-License-Identifier: MIT */
/*
 * The check view's text: the verdict's findings, violations first, then
 * the count lines --check prints.
 */
#ifndef SPILLWAY_VIEW_CHECK_H
#define SPILLWAY_VIEW_CHECK_H

#include "model.h"
#include "textbuf.h"
#include "verdict.h"

/* A finding about an entry is a line of what a narrow screen must keep
 * first: the sm, the reason, the object, then the kernel's name; its ref
 * is the entry (Enter opens the kernel). */
void	view_check_text(struct textbuf *, const struct verdict *, const struct model *);

#endif
