/* SPDX-License-Identifier: MIT */
/*
 * .ninja_log v5, v6, v7 (spillway-record(1), BUILD LOGS): start_ms, end_ms, mtime,
 * output, command hash, one line per output of each successful command.
 * The log accumulates runs, told apart by src/logs/ninja_runs.c: where
 * end times fall back in a log as ninja wrote it, by the outputs' mtimes
 * in one it rewrote (recompacted, restat), with a notice.  Each output is
 * read from the last run that built it (an incremental build leaves the
 * others' times in earlier runs), with the run's number, so that times of
 * two runs are never laid on one clock.  The outputs of one edge (same
 * times and hash) are one module, named by its first output.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "logindex.h"
#include "loglines.h"
#include "logreader.h"
#include "ninja_runs.h"
#include "xalloc.h"

#define NINJA_HEADER "# ninja log v"

#define nj_line ninja_entry

static int
nj_int(const char *s, size_t n, int64_t *out)
{
	int64_t v = 0;
	size_t i = 0;
	int neg = 0;

	if (n > 0 && s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (n == i || n - i > 19)
		return -1;
	for (; i < n; i++) {
		if (!isdigit((unsigned char)s[i]) || v > (INT64_MAX - (s[i] - '0')) / 10)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	*out = neg ? -v : v;
	return 0;
}

static int
nj_parse(const struct logline *l, struct nj_line *out)
{
	const char *f[5], *end = l->s + l->len, *p = l->s;
	size_t n[5];

	for (int i = 0; i < 5; i++) {
		const char *t = memchr(p, '\t', (size_t)(end - p));

		if ((i < 4) != (t != NULL))
			return -1;
		f[i] = p;
		n[i] = t ? (size_t)(t - p) : (size_t)(end - p);
		p = f[i] + n[i] + 1;
	}
	if (nj_int(f[0], n[0], &out->start) < 0 || nj_int(f[1], n[1], &out->end) < 0 ||
	    nj_int(f[2], n[2], &out->mtime) < 0 || out->start < 0 || out->end < out->start ||
	    n[3] == 0 || n[4] == 0 || n[4] > 16)
		return -1;
	for (size_t i = 0; i < n[4]; i++)
		if (!isxdigit((unsigned char)f[4][i]))
			return -1;
	out->output = f[3];
	out->outlen = n[3];
	out->hash = f[4];
	out->hashlen = n[4];
	return 0;
}

static int
ninja_sniff(const struct logline *first)
{
	return loglines_starts(first, NINJA_HEADER);
}

static void
ninja_read(const uint8_t *data, size_t size, struct logctx *c)
{
	struct logline l = { 0 };
	struct nj_line *v = NULL, x;
	size_t n = 0, cap = 0, pos = 0, unplaced = 0;
	int run;
	struct model *m = c->m;
	struct logindex_modules mods;
	long version;

	if (!loglines_next(data, size, &pos, &l))
		return;
	/* The line is not NUL-terminated (it may end the mapped file): the
	 * version digits are copied before strtol reads them. */
	if (!loglines_starts(&l, NINJA_HEADER)) {
		loglines_bad(c, l.no, "ninja log: expected '# ninja log v5' (to v7) on the first line");
		return;
	}
	{
		char digits[16];
		size_t skip = strlen(NINJA_HEADER);
		size_t nd = l.len - skip < sizeof digits - 1 ? l.len - skip : sizeof digits - 1;

		memcpy(digits, l.s + skip, nd);
		digits[nd] = '\0';
		version = strtol(digits, NULL, 10);
	}
	if (version < 5 || version > 7) {
		loglines_bad(c, l.no, "ninja log v%ld: spillway reads v5 (ninja 1.0-1.11), v6 (1.12) and v7 (1.13)", version);
		return;
	}
	while (loglines_next(data, size, &pos, &l)) {
		if (l.len == 0 || l.s[0] == '#')
			continue;
		if (l.len > LOG_LINE_MAX || nj_parse(&l, &x) < 0) {
			loglines_bad(c, l.no, "ninja log: expected start_ms, end_ms, mtime, output, hash separated by TABs");
			continue;
		}
		x.line = n;
		xgrow((void **)&v, &cap, n + 1, sizeof *v);
		v[n++] = x;
	}
	if (ninja_runs_reordered(v, n)) {
		run = ninja_runs_by_mtime(v, n, &unplaced);
		if (m->notes.ninja_rewritten++ == 0) {
			m->notes.ninja_rewritten_first = c->file;
			m->notes.ninja_rewritten_runs = run;
			m->notes.ninja_unplaced = unplaced;
		}
	} else {
		run = ninja_runs_appended(v, n);
	}
	logindex_modules_init(&mods, c);
	if (run > m->notes.ninja_runs)
		m->notes.ninja_runs = run;
	for (size_t i = 0; i < n; i++) {
		struct build_module *b;
		int same_edge = i > 0 && v[i].run == v[i - 1].run && v[i].start == v[i - 1].start &&
		    v[i].end == v[i - 1].end &&
		    v[i].hashlen == v[i - 1].hashlen && memcmp(v[i].hash, v[i - 1].hash, v[i].hashlen) == 0;

		if (same_edge || v[i].run == 0)
			continue;	/* an edge's other output; an entry no run holds */
		b = logindex_module(&mods, strpool_intern(&m->pool, v[i].output, v[i].outlen));
		/* A later run's line replaces an earlier run's: its own times,
		 * its own wall (unless a record of the same compile gave one). */
		if (b->timebase == TIME_NINJA && b->run > 0 && b->run < v[i].run && b->source == c->file)
			b->wall = -1;
		b->start = (double)v[i].start / 1000.0;
		b->end = (double)v[i].end / 1000.0;
		b->timebase = TIME_NINJA;
		b->run = v[i].run;
		if (b->wall < 0)
			b->wall = b->end - b->start;
		if (b->exit_status < 0)
			b->exit_status = 0;	/* ninja logs successful commands only */
		b->source = c->file;
	}
	logindex_modules_free(&mods);
	free(v);
}

const struct log_reader log_ninja = {
	.name	= "ninja",
	.kind	= LOG_NINJA,
	.header	= 1,
	.sniff	= ninja_sniff,
	.read	= ninja_read,
};
