/* SPDX-License-Identifier: MIT */
/*
 * GitHub Actions (GITHUB_ACTIONS=true): --check's violations and notices
 * as workflow commands, "::error title=TITLE::MESSAGE" and "::warning
 * title=TITLE::MESSAGE", one line each, escaped as
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
/* One ::error line per violation, one ::warning line per notice. */
void	github_write_commands(FILE *, const struct model *, const struct verdict *);

#endif
