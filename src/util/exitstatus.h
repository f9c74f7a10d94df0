/* SPDX-License-Identifier: MIT */
/*
 * How a spillway run ends, the same in every mode (spillway(1), EXIT
 * STATUS; tests/unit/test_exitstatus.c holds the page to exit_statuses[]).
 * 77 and 99 are the automake test harness's skip and hard error, so that
 * --check drops into make check and ctest unchanged.  spillway record
 * leaves with its command's status instead (record.h).
 */
#ifndef SPILLWAY_EXITSTATUS_H
#define SPILLWAY_EXITSTATUS_H

#include <stddef.h>

enum exit_status {
	EXIT_CLEAN	= 0,	/* everything named read, no gate failed */
	EXIT_VIOLATION	= 1,	/* a gate failed */
	EXIT_TROUBLE	= 2,	/* usage, unreadable input, an output not written */
	EXIT_NOTHING	= 77,	/* nothing to judge */
	EXIT_INTERNAL	= 99,	/* spillway's own error */
};

/* Each status and what it means, in a few words (--help's list). */
struct exit_status_doc {
	enum exit_status	 status;
	const char		*meaning;
};

#define EXIT_STATUSES	5
extern const struct exit_status_doc exit_statuses[EXIT_STATUSES];

#endif
