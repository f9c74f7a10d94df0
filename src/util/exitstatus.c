/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "exitstatus.h"

const struct exit_status_doc exit_statuses[EXIT_STATUSES] = {
	{ EXIT_CLEAN, "clean" },
	{ EXIT_VIOLATION, "a gate violation" },
	{ EXIT_TROUBLE, "usage error or unreadable input" },
	{ EXIT_NOTHING, "nothing to judge" },
	{ EXIT_INTERNAL, "internal error" },
};
