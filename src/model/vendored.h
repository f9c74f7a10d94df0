/* SPDX-License-Identifier: MIT */
/*
 * The vendored rule of --vendored: which entries are vendored code,
 * counted and skipped, never gated.  Built once from the options (main)
 * and read by the judge, the report's sections and the browser's Check
 * view alike, so that every face skips the same entries.
 *   --vendored=no-namespace   an entry in the global namespace
 *   --vendored=GLOB           an entry whose collapsed name, library path
 *                             or archive member GLOB matches (fnmatch)
 */
#ifndef SPILLWAY_VENDORED_H
#define SPILLWAY_VENDORED_H

#include <stddef.h>

#include "model.h"

struct vendored_rule {
	char *const	*globs;
	size_t		 nglobs;
	int		 no_namespace;
};

/* True when the rule selects something at all. */
int	vendored_any(const struct vendored_rule *);
/* True when fn (of image img) is vendored; a NULL rule selects nothing. */
int	vendored_match(const struct vendored_rule *, const struct image_rec *,
	    const struct func_rec *);

#endif
