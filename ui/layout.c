/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "layout.h"

/* Width the visible columns need at their minimum (the flex one at min). */
static int
layout_need(const struct layout_col *cols, size_t n, int gap)
{
	int need = 0, shown = 0;

	for (size_t i = 0; i < n; i++) {
		if (cols[i].hidden)
			continue;
		need += cols[i].flex ? cols[i].min : cols[i].natural;
		shown++;
	}
	return need + (shown > 0 ? (shown - 1) * gap : 0);
}

/* Hides the visible column with the lowest non-zero drop rank; 0 if none. */
static int
layout_drop_one(struct layout_col *cols, size_t n)
{
	size_t best = n;

	for (size_t i = 0; i < n; i++)
		if (!cols[i].hidden && cols[i].drop > 0 &&
		    (best == n || cols[i].drop < cols[best].drop))
			best = i;
	if (best == n)
		return 0;
	cols[best].hidden = 1;
	return 1;
}

void
layout_columns(struct layout_col *cols, size_t n, int width, int gap)
{
	int left, x;
	size_t flex = n;

	for (size_t i = 0; i < n; i++) {
		cols[i].hidden = cols[i].off;
		cols[i].w = cols[i].natural;
		if (cols[i].flex && flex == n)
			flex = i;
	}
	while (layout_need(cols, n, gap) > width && layout_drop_one(cols, n))
		;
	left = width - layout_need(cols, n, gap);
	if (flex < n) {
		struct layout_col *f = &cols[flex];

		f->w = f->min + (left > 0 ? left : 0);
		if (f->w > f->natural && f->natural >= f->min)
			f->w = f->natural;
		if (left < 0)
			f->w = f->min + left > 1 ? f->min + left : 1;
		left -= f->w - f->min;
	}
	/* Space the flex column does not want widens nothing: the table stays
	 * compact on the left, like htop's. */
	x = 0;
	for (size_t i = 0; i < n; i++) {
		if (cols[i].hidden) {
			cols[i].x = cols[i].w = 0;
			continue;
		}
		cols[i].x = x;
		x += cols[i].w + gap;
	}
}
