/*
 * Peak RSS and wall time per compile: spillway record logs ("# build-rss
 * log v1", log-formats.md §3.4, documented in spillway(1)) and GNU time -v
 * blocks (§3.1).  Each record becomes, or updates, the module it names;
 * a target recorded twice keeps its last record (a rerun).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "logs.h"
#include "nvccargs.h"
#include "record.h"
#include "xalloc.h"

/* A non-negative decimal with an optional fraction, the whole field. */
static int
parse_decimal(const char *s, size_t n, double *out)
{
	char buf[64], *end;
	size_t dots = 0;

	if (n == 0 || n >= sizeof buf)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.')
			dots++;
		else if (!isdigit((unsigned char)s[i]))
			return -1;
	}
	if (dots > 1 || s[0] == '.')
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	*out = strtod(buf, &end);
	return errno == 0 && *end == '\0' && isfinite(*out) ? 0 : -1;
}

static int
parse_int(const char *s, size_t n, int64_t max, int64_t *out)
{
	int64_t v = 0;

	if (n == 0 || n > 19)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > max)
			return -1;
	}
	*out = v;
	return 0;
}

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

/* start \t wall_s \t peak_kib \t status \t archs \t target [\t more] */
static void
read_record_line(struct logctx *c, struct logs_modules *mods, const struct logline *l)
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
			logs_bad(c, l->no, "record with %d fields, expected 6 "
			    "(start, wall_s, peak_kib, status, archs, target) separated by TABs", i + 1);
			return;
		}
		if (i == 5)
			t = memchr(p, '\t', (size_t)(end - p));	/* fields after the 6th are ignored */
		f[i] = p;
		n[i] = t ? (size_t)(t - p) : (size_t)(end - p);
		p = f[i] + n[i] + 1;
	}
	if (parse_decimal(f[0], n[0], &start) < 0 || start > RECORD_SECONDS_MAX) {
		logs_bad(c, l->no, "record: start '%.*s' is not Unix seconds", (int)(n[0] > 40 ? 40 : n[0]), f[0]);
		return;
	}
	if (parse_decimal(f[1], n[1], &wall) < 0 || wall > RECORD_SECONDS_MAX) {
		logs_bad(c, l->no, "record: wall_s '%.*s' is not seconds", (int)(n[1] > 40 ? 40 : n[1]), f[1]);
		return;
	}
	if (parse_int(f[2], n[2], INT64_C(1) << 40, &kib) < 0) {
		logs_bad(c, l->no, "record: peak_kib '%.*s' is not a whole number of KiB", (int)(n[2] > 40 ? 40 : n[2]), f[2]);
		return;
	}
	if (parse_int(f[3], n[3], 255, &status) < 0) {
		logs_bad(c, l->no, "record: status '%.*s' is not an exit status (0-255)", (int)(n[3] > 40 ? 40 : n[3]), f[3]);
		return;
	}
	if (!valid_arches(f[4], n[4]) || n[4] > RECORD_ARCHES_MAX) {
		logs_bad(c, l->no, "record: archs '%.*s' is not a comma list of sm_NN/compute_NN or -", (int)(n[4] > 40 ? 40 : n[4]), f[4]);
		return;
	}
	if (n[5] == 0) {
		logs_bad(c, l->no, "record: no target");
		return;
	}
	if (n[5] > RECORD_TARGET_MAX) {
		logs_bad(c, l->no, "record: target of %zu bytes, past the %d a record holds", n[5], RECORD_TARGET_MAX);
		return;
	}
	b = logs_module(mods, m, strpool_intern(&m->pool, f[5], n[5]));
	b->peak_rss = kib * 1024;
	b->wall = wall;
	if (b->timebase != TIME_NINJA) {	/* the build's own clock wins */
		b->start = start;
		b->end = start + wall;
		b->timebase = TIME_EPOCH;
	}
	b->exit_status = (int)status;
	b->arches = n[4] == 1 && f[4][0] == '-' ? strpool_intern_str(&m->pool, "") :
	    strpool_intern(&m->pool, f[4], n[4]);
	b->source = c->file;
}

void
logs_read_record(const uint8_t *data, size_t size, struct logctx *c)
{
	struct logline l = { 0 };
	struct logs_modules mods;
	size_t pos = 0;

	logs_modules_init(&mods);
	while (logs_next_line(data, size, &pos, &l)) {
		if (l.len == 0 || l.s[0] == '#')
			continue;	/* the header, comments; headers of concurrent first writers */
		if (l.len > LOG_LINE_MAX) {
			logs_bad(c, l.no, "line longer than %u bytes, skipped", LOG_LINE_MAX);
			continue;
		}
		read_record_line(c, &mods, &l);
	}
	logs_modules_free(&mods);
}

/* GNU time -v: one block per command, ended by its "Exit status:" line. */
struct tv_block {
	char		*command;
	int64_t		 kib;
	double		 wall;
	int		 status;	/* from "Command exited with..." / "terminated by signal" */
	int		 exit_line;	/* -1 until "Exit status:" */
	int		 any;
};

static void
tv_reset(struct tv_block *t)
{
	free(t->command);
	memset(t, 0, sizeof *t);
	t->kib = -1;
	t->wall = -1;
	t->status = -1;
	t->exit_line = -1;
}

static void
tv_flush(struct logctx *c, struct logs_modules *mods, struct tv_block *t)
{
	struct model *m = c->m;
	struct build_module *b;
	const char *name = NULL;
	char **argv = NULL, *arches = NULL;
	int argc = 0;

	if (!t->any) {
		tv_reset(t);
		return;
	}
	if (t->command != NULL) {
		argv = nvccargs_split(t->command, &argc, 4096);
		name = nvccargs_output(argc, argv);
		if (name == NULL)
			name = nvccargs_guess_module(argc, argv);
		arches = nvccargs_arches(argc, argv);
	}
	if (name == NULL || *name == '\0')
		name = c->file;		/* a block without its command: the log names it */
	b = logs_module(mods, m, strpool_intern_str(&m->pool, name));
	if (t->kib >= 0)
		b->peak_rss = t->kib * 1024;
	if (t->wall >= 0)
		b->wall = t->wall;
	if (t->status >= 0)
		b->exit_status = t->status;
	else if (t->exit_line >= 0)
		b->exit_status = t->exit_line;
	if (arches != NULL && *arches != '\0')
		b->arches = strpool_intern_str(&m->pool, arches);
	b->source = c->file;
	free(arches);
	if (argv != NULL)
		nvccargs_free(argv, argc);
	tv_reset(t);
}

/* The text after "key" up to the end of the line, or NULL. */
static const char *
tv_value(const struct logline *l, const char *key, size_t *n)
{
	const char *p = logs_find(l, key);

	if (p == NULL)
		return NULL;
	p += strlen(key);
	*n = (size_t)(l->s + l->len - p);
	return p;
}

/* "0:10.52", "1:02:03.4" */
static int
tv_elapsed(const char *s, size_t n, double *out)
{
	double parts[3], v;
	size_t k = 0, i = 0;

	while (i <= n && k < 3) {
		size_t j = i;
		while (j < n && s[j] != ':')
			j++;
		if (parse_decimal(s + i, j - i, &v) < 0)
			return -1;
		parts[k++] = v;
		i = j + 1;
	}
	if (i <= n || k < 2)
		return -1;
	*out = k == 2 ? parts[0] * 60 + parts[1] : parts[0] * 3600 + parts[1] * 60 + parts[2];
	return 0;
}

void
logs_read_timev(const uint8_t *data, size_t size, struct logctx *c)
{
	struct logline l = { 0 };
	struct tv_block t;
	struct logs_modules mods;
	size_t pos = 0, n;
	const char *v;
	int64_t x;

	logs_modules_init(&mods);
	memset(&t, 0, sizeof t);
	tv_reset(&t);
	while (logs_next_line(data, size, &pos, &l)) {
		if (l.len > LOG_LINE_MAX)
			continue;
		if ((v = tv_value(&l, "Command exited with non-zero status ", &n)) != NULL) {
			if (t.any)
				tv_flush(c, &mods, &t);	/* the previous block lost its end */
			if (parse_int(v, n, 255, &x) < 0)
				logs_bad(c, l.no, "time -v: expected an exit status");
			else
				t.status = (int)x;
			t.any = 1;
		} else if ((v = tv_value(&l, "Command terminated by signal ", &n)) != NULL) {
			if (t.any)
				tv_flush(c, &mods, &t);
			if (parse_int(v, n, 127, &x) < 0)
				logs_bad(c, l.no, "time -v: expected a signal number");
			else
				t.status = 128 + (int)x;
			t.any = 1;
		} else if ((v = tv_value(&l, "Command being timed: \"", &n)) != NULL) {
			if (t.command != NULL)
				tv_flush(c, &mods, &t);
			if (n == 0 || v[n - 1] != '"') {
				logs_bad(c, l.no, "time -v: command line without its closing quote (cut line?)");
				n += 1;
			}
			t.command = xstrndup(v, n - 1);
			t.any = 1;
		} else if ((v = tv_value(&l, "Elapsed (wall clock) time (h:mm:ss or m:ss): ", &n)) != NULL) {
			if (tv_elapsed(v, n, &t.wall) < 0)
				logs_bad(c, l.no, "time -v: expected an elapsed time as [h:]m:ss");
			t.any = 1;
		} else if ((v = tv_value(&l, "Maximum resident set size (kbytes): ", &n)) != NULL) {
			if (parse_int(v, n, INT64_C(1) << 40, &x) < 0)
				logs_bad(c, l.no, "time -v: expected a size in KiB");
			else
				t.kib = x;
			t.any = 1;
		} else if ((v = tv_value(&l, "Exit status: ", &n)) != NULL && t.any) {
			if (parse_int(v, n, 255, &x) < 0)
				logs_bad(c, l.no, "time -v: expected an exit status");
			else
				t.exit_line = (int)x;
			tv_flush(c, &mods, &t);
		}
	}
	tv_flush(c, &mods, &t);
	tv_reset(&t);
	logs_modules_free(&mods);
}
