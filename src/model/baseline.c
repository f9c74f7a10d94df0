/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "xalloc.h"

const struct column *
baseline_column(int field)
{
	return column_diff(field + 1);
}

int32_t
baseline_field(const struct kgroup *g, int field)
{
	int32_t v;

	memcpy(&v, (const char *)g + baseline_column(field)->group_offset, sizeof v);
	return v;
}

static int64_t
known(const struct kgroup *g, int field)
{
	int32_t v = g ? baseline_field(g, field) : 0;
	return v < 0 ? 0 : v;
}

static int64_t
growth(const struct kgroup *old, const struct kgroup *cur)
{
	int64_t s = 0;

	for (int k = 0; k < BASELINE_NFIELDS; k++)
		s += (known(cur, k) - known(old, k)) * baseline_column(k)->unit_bytes;
	return s;
}

static int
changed(const struct kgroup *a, const struct kgroup *b)
{
	for (int k = 0; k < BASELINE_NFIELDS; k++)
		if (baseline_field(a, k) != baseline_field(b, k))
			return 1;
	return 0;
}

static int
row_cmp(const void *pa, const void *pb)
{
	const struct diff_row *a = pa, *b = pb;
	const struct kgroup *ga = a->cur ? a->cur : a->old, *gb = b->cur ? b->cur : b->old;

	if (a->growth != b->growth)
		return a->growth > b->growth ? -1 : 1;
	if (a->status != b->status)
		return a->status - b->status;
	return kgroup_key_cmp(ga, gb);
}

/* Whether lib is a library of cur (its groups sorted by library first). */
static int
scanned(const struct kgroup_set *cur, const char *lib)
{
	size_t lo = 0, hi = cur->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(cur->v[mid].library, lib);

		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

size_t
baseline_unscanned(const struct kgroup_set *old, const struct kgroup_set *cur, const char ***libs)
{
	size_t n = 0, cap = 0;

	*libs = NULL;
	for (size_t i = 0; i < old->n; i++) {
		const char *lib = old->v[i].library;

		if (i > 0 && strcmp(old->v[i - 1].library, lib) == 0)
			continue;	/* a group sorted by library: once each */
		if (scanned(cur, lib))
			continue;
		xgrow((void **)libs, &cap, n + 1, sizeof **libs);
		(*libs)[n++] = lib;
	}
	return n;
}

size_t
baseline_diff(const struct kgroup_set *old, const struct kgroup_set *cur,
    struct diff_row **rows)
{
	size_t i = 0, j = 0, n = 0, cap = 0;

	*rows = NULL;
	while (i < old->n || j < cur->n) {
		struct diff_row r;
		int c;

		if (i == old->n)
			c = 1;
		else if (j == cur->n)
			c = -1;
		else
			c = kgroup_key_cmp(&old->v[i], &cur->v[j]);
		memset(&r, 0, sizeof r);
		if (c < 0) {
			r.old = &old->v[i++];
			r.status = scanned(cur, r.old->library) ? DIFF_REMOVED : DIFF_UNSCANNED;
		} else if (c > 0) {
			r.cur = &cur->v[j++];
			r.status = DIFF_NEW;
		} else {
			r.old = &old->v[i++];
			r.cur = &cur->v[j++];
			r.status = DIFF_CHANGED;
			if (!changed(r.old, r.cur))
				continue;
		}
		r.growth = growth(r.old, r.cur);
		xgrow((void **)rows, &cap, n + 1, sizeof **rows);
		(*rows)[n++] = r;
	}
	if (n > 0)
		qsort(*rows, n, sizeof **rows, row_cmp);
	return n;
}
