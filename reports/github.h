/* SPDX-License-Identifier: MIT */
/*
 * GitHub Actions (GITHUB_ACTIONS=true): --check's violations and notices
 * as workflow commands, "::error file=F,line=N,title=TITLE::MESSAGE" and
 * "::warning ...", one line each, escaped as
 * GitHub's toolkit does (actions/toolkit, command.ts): in the message
 * % \r \n become %25 %0D %0A; in a property (the title) : and , too,
 * as %3A and %2C.  Every other control character, and bytes that are not
 * UTF-8, are escaped as everywhere people read names (escape.h): GitHub's
 * log is a terminal, and a kernel's name or a path never reaches it raw.
 */
#ifndef SPILLWAY_GITHUB_H
#define SPILLWAY_GITHUB_H

#include <stdio.h>

#include "model.h"
#include "verdict.h"

/* The step summary takes at most this many bytes (GitHub's limit). */
#define GITHUB_SUMMARY_MAX	(1024 * 1024)

/* s escaped as a command's message, as a property value (malloc'd). */
char	*github_escape_data(const char *s);
char	*github_escape_property(const char *s);
/*
 * GitHub shows at most 10 error, 10 warning and 10 notice annotations a
 * step, and 50 a job (actions/toolkit, docs/problem-matchers.md,
 * "Limitations"); past them it drops the rest without a word.
 */
#define GITHUB_ANNOTATIONS_STEP	10

/*
 * One ::error line per violation, one ::warning line per notice, each
 * with file= and line= where the finding points (finding_source), at most
 * GITHUB_ANNOTATIONS_STEP of each; then one ::notice that counts those
 * left out, if any, and one ::notice with outcome, the run's summary line
 * (NULL: none).  At most 22 lines: under the job's 50.
 */
void	github_write_commands(FILE *, const struct model *, const struct verdict *,
	    const char *outcome);

#endif
