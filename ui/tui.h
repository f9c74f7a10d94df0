/* SPDX-License-Identifier: MIT */
/*
 * The terminal browser.  tui_open takes the terminal before the scan,
 * whose progress tui_progress shows on the status line; tui_run takes the
 * scanned model (and the verdict, when a check ran, and the report's diff
 * section against --baseline) and returns when the user quits; tui_close
 * gives the terminal back.
 */
#ifndef SPILLWAY_TUI_H
#define SPILLWAY_TUI_H

#include "diag.h"
#include "judge_build.h"
#include "model.h"
#include "rdoc.h"
#include "scan.h"
#include "verdict.h"

/* What the browser takes from the command line. */
struct tui_config {
	struct build_gates	 gates;	/* --mem-budget, --mem-host, --jobs: the Build view's */
	int			 color;	/* 0: no colour (--color=never, NO_COLOR) */
	const struct diag_list	*diags;	/* what the scan met: the Messages view's, or NULL */
};

struct tui;

/* The terminal in curses' hands; NULL, with a message on stderr, when
 * there is none that moves the cursor.  color: 0 for none. */
struct tui *tui_open(int color);
/* A scan_config's progress (ctx: the tui): the status line says how far
 * the scan is. */
void	tui_progress(void *ctx, const struct scan_progress *);
/* problems: files that could not be read (main prints them on exit; the
 * status line says how many at first).  Returns 0. */
int	tui_run(struct tui *, const struct model *, const struct tui_config *,
	    const struct verdict *, const struct rdoc *diff, size_t problems);
/* Gives the terminal back and frees the browser; NULL: nothing. */
void	tui_close(struct tui *);

#endif
