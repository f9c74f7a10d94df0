/*
 * The browser's Size view (issue 26): where the bytes go, ncdu's way —
 * library, then arch, then kernel, each sorted by bytes with a bar of its
 * share of the line above.  A pager view (tui_pager.c scrolls and searches).
 */
#ifndef SPILLWAY_VIEW_SIZE_H
#define SPILLWAY_VIEW_SIZE_H

struct tui;

int	view_size_available(const struct tui *);
void	view_size_fill(struct tui *);

#endif
