/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>

#include "escape.h"
#include "whatifsum.h"
#include "xalloc.h"

static int64_t
change(const struct whatif_file *f)
{
	return (int64_t)f->after - (int64_t)f->now;
}

/* The largest change first (a loss is as large as a gain), then the
 * model's order. */
static int
by_change(const void *a, const void *b)
{
	const struct whatif_file *x = *(const struct whatif_file *const *)a;
	const struct whatif_file *y = *(const struct whatif_file *const *)b;
	int64_t cx = llabs(change(x)), cy = llabs(change(y));

	if (cx != cy)
		return cx > cy ? -1 : 1;
	return x < y ? -1 : x > y;
}

static void
bytes_line(FILE *out, uint64_t now, uint64_t after)
{
	int64_t d = (int64_t)after - (int64_t)now;

	fprintf(out, "%" PRIu64 " -> %" PRIu64 " bytes (%+" PRId64 ", %+.2f %%)",
	    now, after, d, now > 0 ? 100.0 * (double)d / (double)now : 0.0);
}

void
whatifsum_write(FILE *out, const struct model *m, const struct whatif *w)
{
	struct whatif_result res;
	const struct whatif_file **v;
	size_t shown;

	if (w == NULL || !w->given)
		return;
	whatif_apply(m, w, &res);
	fprintf(out, "what-if: %zu %s carrying device code: ", res.n, res.n == 1 ? "file" : "files");
	bytes_line(out, res.now, res.after);
	if (res.unknown > 0)
		fprintf(out, "; %" PRIu32 " images not predicted, kept as stored", res.unknown);
	if (res.shipped > 0)
		fprintf(out, "; %" PRIu32 " device link inputs of prebuilt libraries kept as shipped",
		    res.shipped);
	if (res.damaged)
		fputs("; a fatbin is damaged: not all accounted", out);
	fputc('\n', out);
	for (size_t i = 0; i < res.npackages; i++) {
		const struct whatif_package *p = &res.packages[i];

		fputs("  package ", out);
		escape_fputs(p->name, out);
		fputs(": ", out);
		bytes_line(out, p->now, p->after);
		if (p->unknown > 0)
			fprintf(out, "; %" PRIu32 " entries whose share of it cannot be told, counted as they are",
			    p->unknown);
		fputc('\n', out);
	}
	v = xcalloc(res.n + 1, sizeof *v);
	for (size_t i = 0; i < res.n; i++)
		v[i] = &res.v[i];
	qsort(v, res.n, sizeof *v, by_change);
	shown = res.n < WHATIFSUM_FILES ? res.n : WHATIFSUM_FILES;
	/* cppcheck-suppress knownConditionTrueFalse ; whatif_apply filled res */
	for (size_t i = 0; i < shown; i++) {
		const struct whatif_file *f = v[i];

		fputs("  ", out);
		escape_fputs(f->library, out);
		if (f->member[0] != '\0') {
			fputc(':', out);
			escape_fputs(f->member, out);
		}
		fputs(": ", out);
		bytes_line(out, f->now, f->after);
		if (f->lose_native[0] != '\0')
			fprintf(out, "; loses native SASS on %s (then by PTX JIT: %s; cannot run: %s)",
			    f->lose_native, f->to_jit[0] ? f->to_jit : "none",
			    f->cannot[0] ? f->cannot : "none");
		if (f->driver_now != NULL && f->driver_after != NULL)
			fprintf(out, "; driver floor %s -> %s", f->driver_now, f->driver_after);
		fputc('\n', out);
	}
	/* cppcheck-suppress knownConditionTrueFalse ; whatif_apply filled res */
	if (res.n > shown)
		fprintf(out, "  and %zu more files\n", res.n - shown);
	free(v);
	whatif_result_free(&res);
}
