/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <fnmatch.h>

#include "vendored.h"

int
vendored_any(const struct vendored_rule *r)
{
	return r != NULL && (r->no_namespace || r->nglobs > 0);
}

int
vendored_match(const struct vendored_rule *r, const struct image_rec *img,
    const struct func_rec *fn)
{
	if (r == NULL)
		return 0;
	if (r->no_namespace && fn->ns[0] == '\0')
		return 1;
	for (size_t i = 0; i < r->nglobs; i++) {
		const char *g = r->globs[i];

		if (fnmatch(g, fn->collapsed, 0) == 0 || fnmatch(g, img->library, 0) == 0 ||
		    (img->member[0] != '\0' && fnmatch(g, img->member, 0) == 0))
			return 1;
	}
	return 0;
}
