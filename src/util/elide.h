/* SPDX-License-Identifier: MIT */
/*
 * Long names shortened so that names shown together stay apart: what two
 * names share (their common start and end) is elided, what tells them
 * apart is kept.  Cutting the middle of every name alike (text_fit) makes
 * names that differ only in the middle look the same: cuBLASLt's kernels,
 * instantiations that differ in one template argument.  Plain C, for any
 * list of names: the browser's rows, a report's cells.
 */
#ifndef SPILLWAY_ELIDE_H
#define SPILLWAY_ELIDE_H

#include <stddef.h>

/* The bytes a and b share at their start (*prefix) and at their end
 * (*suffix, never overlapping the prefix in either), both cut back to
 * whole characters.  Equal strings share their length as prefix. */
void	elide_shared(const char *a, const char *b, size_t *prefix, size_t *suffix);

/*
 * src in at most width columns, into dst (dstsz bytes, always
 * terminated): whole when it fits; else the part [keep_from, keep_to)
 * (byte offsets into src: what differs from the names around it) stays
 * whole where it fits, and the text before and after it each lose their
 * middle to ellipsis (so a name's start and end still show).  When the
 * part kept is empty or does not fit either, the middle of src goes, as
 * text_fit does.  Returns the width written.
 */
int	elide_keep(char *dst, size_t dstsz, const char *src, int width, const char *ellipsis,
	    size_t keep_from, size_t keep_to);

#endif
