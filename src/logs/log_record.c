/* SPDX-License-Identifier: MIT */
/*
 * Peak RSS and wall time per compile from spillway record logs ("# build-rss
 * log v1" and v2, spillway-record-log(5)).  Each record becomes, or updates,
 * the module it names; a target recorded twice keeps its last record (a
 * rerun), and starts the log's next run: the start times of two runs are
 * not laid on one timeline.  A v2 record adds the peak of the whole process tree (the
 * module's peak; the largest process stays beside it), how it was
 * measured, the cores and the load.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/hashtab.h>

#include "keyhash.h"
#include "logindex.h"
#include "loglines.h"
#include "logreader.h"
#include "nvccargs.h"
#include "record.h"
#include "xalloc.h"

static int
valid_arches(const char *s, size_t n)
{
	if (n == 1 && s[0] == '-')
		return 1;
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_' || s[i] == ','))
			return 0;
	return n > 0;
}

/* The run each target was last recorded in, by its interned name. */
struct target_run {
	/* cppcheck-suppress unusedStructMember ; read through the table's void pointers */
	const char	*name;
	int		 run;
};

static hashval_t
target_hash(const void *e)
{
	return (hashval_t)keyhash_ptr(((const struct target_run *)e)->name);
}

static int
target_eq(const void *a, const void *b)
{
	return ((const struct target_run *)a)->name == ((const struct target_run *)b)->name;
}

static int
runs_seen(htab_t runs, const char *name, int run)
{
	struct target_run key = { name, 0 }, *e = htab_find(runs, &key);

	return e != NULL && e->run == run;
}

static void
runs_mark(htab_t runs, const char *name, int run)
{
	struct target_run key = { name, run };
	void **slot = htab_find_slot(runs, &key, INSERT);

	if (*slot == NULL)
		*slot = xmalloc(sizeof key);
	*(struct target_run *)*slot = key;
}

/* The peak of the whole tree, how, cores, load, cache, threads (v2):
 * fields after the target.  A field that does not read leaves its figure
 * unknown. */
static void
read_v2_fields(struct logctx *c, struct build_module *b, const char *p, const char *end, int64_t kib)
{
	const char *f[6];
	size_t n[6];
	int nf = 0;
	int64_t tree = -1, cores, threads;
	double load;

	while (nf < 6 && p < end) {
		const char *t = memchr(p, '\t', (size_t)(end - p));

		f[nf] = p;
		n[nf] = t ? (size_t)(t - p) : (size_t)(end - p);
		nf++;
		p = t ? t + 1 : end;
	}
	b->peak_proc = kib * 1024;
	b->peak_how = strpool_intern_str(&c->m->pool, "");
	if (nf < 2 || (n[1] == 1 && f[1][0] == '-') || n[1] > 16 ||
	    loglines_integer(f[0], n[0], INT64_C(1) << 40, &tree) < 0)
		tree = -1;
	if (tree >= 0) {
		b->peak_rss = tree * 1024;
		b->peak_how = strpool_intern(&c->m->pool, f[1], n[1]);
	}
	if (nf >= 3 && loglines_integer(f[2], n[2], 1 << 20, &cores) == 0 && cores > 0)
		b->cores = (int)cores;
	if (nf >= 4 && loglines_decimal(f[3], n[3], &load) == 0 && load >= 0 && load < 1e9)
		b->load = load;
	b->cache_hit = nf >= 5 && n[4] == 3 && memcmp(f[4], "hit", 3) == 0;
	if (nf >= 6 && loglines_integer(f[5], n[5], NVCCARGS_THREADS_MAX, &threads) == 0 && threads >= 0)
		b->threads = (int)threads;
}

/* start \t wall_s \t peak_kib \t status \t archs \t target [\t tree_kib \t how \t cores \t load \t cache \t threads] */
static void
read_record_line(struct logctx *c, struct logindex_modules *mods, const struct logline *l, htab_t runs,
    int *run)
{
	const char *f[6], *end = l->s + l->len, *p = l->s;
	size_t n[6];
	double start, wall;
	int64_t kib, status;
	struct build_module *b;
	struct model *m = c->m;

	for (int i = 0; i < 6; i++) {
		const char *t = i < 5 ? memchr(p, '\t', (size_t)(end - p)) : NULL;

		if (i < 5 && t == NULL) {
			loglines_bad(c, l->no, "record with %d fields, expected 6 "
			    "(start, wall_s, peak_kib, status, archs, target) separated by TABs", i + 1);
			return;
		}
		if (i == 5)
			t = memchr(p, '\t', (size_t)(end - p));	/* fields after the 6th are ignored */
		f[i] = p;
		n[i] = t ? (size_t)(t - p) : (size_t)(end - p);
		p = f[i] + n[i] + 1;
	}
	if (loglines_decimal(f[0], n[0], &start) < 0 || start > RECORD_SECONDS_MAX) {
		loglines_bad(c, l->no, "record: start '%.*s' is not Unix seconds", (int)(n[0] > 40 ? 40 : n[0]), f[0]);
		return;
	}
	if (loglines_decimal(f[1], n[1], &wall) < 0 || wall > RECORD_SECONDS_MAX) {
		loglines_bad(c, l->no, "record: wall_s '%.*s' is not seconds", (int)(n[1] > 40 ? 40 : n[1]), f[1]);
		return;
	}
	if (loglines_integer(f[2], n[2], INT64_C(1) << 40, &kib) < 0) {
		loglines_bad(c, l->no, "record: peak_kib '%.*s' is not a whole number of KiB", (int)(n[2] > 40 ? 40 : n[2]), f[2]);
		return;
	}
	if (loglines_integer(f[3], n[3], 255, &status) < 0) {
		loglines_bad(c, l->no, "record: status '%.*s' is not an exit status (0-255)", (int)(n[3] > 40 ? 40 : n[3]), f[3]);
		return;
	}
	if (!valid_arches(f[4], n[4]) || n[4] > RECORD_ARCHES_MAX) {
		loglines_bad(c, l->no, "record: archs '%.*s' is not a comma list of sm_NN/compute_NN or -", (int)(n[4] > 40 ? 40 : n[4]), f[4]);
		return;
	}
	if (n[5] == 0) {
		loglines_bad(c, l->no, "record: no target");
		return;
	}
	if (n[5] > RECORD_TARGET_MAX) {
		loglines_bad(c, l->no, "record: target of %zu bytes, past the %d a record holds", n[5], RECORD_TARGET_MAX);
		return;
	}
	b = logindex_module(mods, strpool_intern(&m->pool, f[5], n[5]));
	if (runs_seen(runs, b->name, *run) && *run < INT32_MAX)
		(*run)++;	/* a target again in this run: a rerun, the next build */
	runs_mark(runs, b->name, *run);
	b->peak_rss = kib * 1024;
	b->wall = wall;
	if (b->timebase != TIME_NINJA) {	/* the build's own clock wins */
		b->start = start;
		b->end = start + wall;
		b->timebase = TIME_EPOCH;
		b->run = *run;
	}
	if (*run > m->notes.record_runs)
		m->notes.record_runs = *run;
	b->exit_status = (int)status;
	b->arches = n[4] == 1 && f[4][0] == '-' ? strpool_intern_str(&m->pool, "") :
	    strpool_intern(&m->pool, f[4], n[4]);
	b->source = c->file;
	b->cores = UNKNOWN;
	b->load = UNKNOWN;
	read_v2_fields(c, b, f[5] + n[5] < end ? f[5] + n[5] + 1 : end, end, kib);
}

static int
record_sniff(const struct logline *first)
{
	return loglines_starts(first, "# build-rss log v");
}

static void
record_read(const uint8_t *data, size_t size, struct logctx *c)
{
	struct logline l = { 0 };
	struct logindex_modules mods;
	size_t pos = 0;
	int run = 1;
	htab_t runs = htab_create_alloc(64, target_hash, target_eq, free, xcalloc, free);

	logindex_modules_init(&mods, c);
	while (loglines_next(data, size, &pos, &l)) {
		if (l.len == 0 || l.s[0] == '#')
			continue;	/* the header, comments; headers of concurrent first writers */
		if (l.len > LOG_LINE_MAX) {
			loglines_bad(c, l.no, "line longer than %u bytes, skipped", LOG_LINE_MAX);
			continue;
		}
		read_record_line(c, &mods, &l, runs, &run);
	}
	htab_delete(runs);
	logindex_modules_free(&mods);
}

const struct log_reader log_record = {
	.name	= "record",
	.kind	= LOG_RECORD,
	.header	= 1,
	.sniff	= record_sniff,
	.read	= record_read,
};
