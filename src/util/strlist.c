/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "strlist.h"
#include "xalloc.h"

void
strlist_add(struct strlist *l, const char *s)
{
	xgrow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = xstrdup(s);
}

void
strlist_add_csv(struct strlist *l, const char *s)
{
	const char *p = s;

	while (*p) {
		size_t n = strcspn(p, ",");
		if (n > 0) {
			char *item = xstrndup(p, n);
			strlist_add(l, item);
			free(item);
		}
		p += n;
		if (*p == ',')
			p++;
	}
}

void
strlist_free(struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	XFREE_OWNER(l, v);
}
