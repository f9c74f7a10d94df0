/*
 * The terminal browser.  tui_run takes the scanned model (and the verdict,
 * when a check ran, and the report's diff section against --baseline)
 * and returns when the user quits.
 */
#ifndef SPILLWAY_TUI_H
#define SPILLWAY_TUI_H

#include "diag.h"
#include "judge_build.h"
#include "model.h"
#include "rdoc.h"
#include "verdict.h"

/* What the browser takes from the command line. */
struct tui_config {
	struct build_gates	 gates;	/* --mem-budget, --mem-host, --jobs: the Build view's */
	int			 color;	/* 0: no colour (--color=never, NO_COLOR) */
	const struct diag_list	*diags;	/* what the scan met: the Messages view's, or NULL */
};

/* problems: files that could not be read (main prints them on exit; the
 * status line says how many at first).  Returns 0, or -1 (with a message
 * on stderr) when there is no terminal. */
int	tui_run(const struct model *, const struct tui_config *, const struct verdict *,
	    const struct rdoc *diff, size_t problems);

#endif
