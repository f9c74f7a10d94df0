/* SPDX-License-Identifier: MIT */
/*
 * The browser's Size view: where the bytes go, ncdu's way —
 * library, then arch, then kernel, then instantiation (size_tree.h), each
 * sorted by bytes with a bar of its share of the line above, rows that
 * expand and collapse.  A pager view otherwise (tui_pager.c scrolls and
 * searches).
 */
#ifndef SPILLWAY_VIEW_SIZE_H
#define SPILLWAY_VIEW_SIZE_H

#include <stddef.h>

struct tui;

int	view_size_available(const struct tui *);
void	view_size_fill(struct tui *);
/* Enter and Right expand the row lit, Left collapses it; the rest is the
 * pager's. */
int	view_size_key(struct tui *, int act, int key);
/* Its state (tui_int.h: view_ops state_size and done). */
extern const size_t view_size_state_size;
void	view_size_done(struct tui *);

#endif
