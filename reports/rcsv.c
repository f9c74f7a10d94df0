/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <string.h>

#include "listcsv.h"
#include "rcsv.h"

void
rcsv_write(FILE *f, const struct rdoc *d)
{
	int tables = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct rblock *b = &d->v[i];
		const struct rtable *t = b->table;
		size_t last = 0;

		if (b->kind != RB_TABLE || t->ncols == 0)
			continue;
		if (tables++ > 0)
			putc('\n', f);
		for (size_t c = 0; c < t->ncols; c++)
			if (!(t->flags[c] & RC_MD_ONLY))
				last = c;
		listcsv_field(f, "section", 0);
		for (size_t c = 0; c < t->ncols; c++)
			if (!(t->flags[c] & RC_MD_ONLY))
				listcsv_field(f, t->cols[c][0] ? t->cols[c] : "row", c == last);
		for (size_t r = 0; r < t->nrows; r++) {
			listcsv_field(f, b->section, 0);
			for (size_t c = 0; c < t->ncols; c++)
				if (!(t->flags[c] & RC_MD_ONLY))
					listcsv_field(f, rtable_at(t, r, c), c == last);
		}
	}
}
