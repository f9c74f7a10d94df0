/* SPDX-License-Identifier: MIT */
/*
 * Peak RSS, wall time and exit status per command from GNU time -v blocks
 * (spillway-record(1), BUILD LOGS); the module is the -o argument of the timed
 * command.  Each block becomes, or updates, the module it names; a block
 * whose command is not a compile (time -v ninja: the whole build) is
 * counted in the model's notes and left out.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "logindex.h"
#include "loglines.h"
#include "logreader.h"
#include "nvccargs.h"
#include "xalloc.h"

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
	XFREE_OWNER(t, command);
	t->kib = -1;
	t->wall = -1;
	t->status = -1;
	t->exit_line = -1;
}

static void
tv_flush(struct logctx *c, struct logindex_modules *mods, struct tv_block *t)
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
		if (argc > 0 && nvccargs_compiler(argc, argv) == NULL) {
			/* time -v of ninja, make, a script: the build, not a compile */
			const char *base = strrchr(argv[0], '/');

			if (m->notes.timev_other++ == 0)
				m->notes.timev_other_first = strpool_intern_str(&m->pool, base ? base + 1 : argv[0]);
			nvccargs_free(argv, argc);
			tv_reset(t);
			return;
		}
		name = nvccargs_output(argc, argv);
		if (name == NULL)
			name = nvccargs_guess_module(argc, argv);
		arches = nvccargs_arches(argc, argv);
	}
	if (name == NULL || *name == '\0')
		name = c->file;		/* a block without its command: the log names it */
	b = logindex_module(mods, strpool_intern_str(&m->pool, name));
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
	const char *p = loglines_find(l, key);

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
		if (loglines_decimal(s + i, j - i, &v) < 0)
			return -1;
		parts[k++] = v;
		i = j + 1;
	}
	if (i <= n || k < 2)
		return -1;
	*out = k == 2 ? parts[0] * 60 + parts[1] : parts[0] * 3600 + parts[1] * 60 + parts[2];
	return 0;
}

/* Lines only time -v writes: a block is recognised by TIMEV_AGREE of
 * them (it writes 23), not by one quoted in a document. */
static const char *const timev_lines[] = {
	"Command being timed: \"", "User time (seconds): ", "System time (seconds): ",
	"Elapsed (wall clock) time (h:mm:ss or m:ss): ", "Maximum resident set size (kbytes): ",
	"Exit status: ", NULL
};
#define TIMEV_AGREE	3

static int
timev_sniff(const struct logline *l)
{
	for (size_t i = 0; timev_lines[i] != NULL; i++)
		if (loglines_find(l, timev_lines[i]) != NULL)
			return 1;
	return 0;
}

static void
timev_read(const uint8_t *data, size_t size, struct logctx *c)
{
	struct logline l = { 0 };
	struct tv_block t;
	struct logindex_modules mods;
	size_t pos = 0, n;
	const char *v;
	int64_t x;

	logindex_modules_init(&mods, c);
	memset(&t, 0, sizeof t);
	tv_reset(&t);
	while (loglines_next(data, size, &pos, &l)) {
		if (l.len > LOG_LINE_MAX)
			continue;
		if ((v = tv_value(&l, "Command exited with non-zero status ", &n)) != NULL) {
			if (t.any)
				tv_flush(c, &mods, &t);	/* the previous block lost its end */
			if (loglines_integer(v, n, 255, &x) < 0)
				loglines_bad(c, l.no, "time -v: expected an exit status");
			else
				t.status = (int)x;
			t.any = 1;
		} else if ((v = tv_value(&l, "Command terminated by signal ", &n)) != NULL) {
			if (t.any)
				tv_flush(c, &mods, &t);
			if (loglines_integer(v, n, 127, &x) < 0)
				loglines_bad(c, l.no, "time -v: expected a signal number");
			else
				t.status = 128 + (int)x;
			t.any = 1;
		} else if ((v = tv_value(&l, "Command being timed: \"", &n)) != NULL) {
			if (t.command != NULL)
				tv_flush(c, &mods, &t);
			if (n == 0 || v[n - 1] != '"') {
				loglines_bad(c, l.no, "time -v: command line without its closing quote (cut line?)");
				n += 1;
			}
			t.command = xstrndup(v, n - 1);
			t.any = 1;
		} else if ((v = tv_value(&l, "Elapsed (wall clock) time (h:mm:ss or m:ss): ", &n)) != NULL) {
			if (tv_elapsed(v, n, &t.wall) < 0)
				loglines_bad(c, l.no, "time -v: expected an elapsed time as [h:]m:ss");
			t.any = 1;
		} else if ((v = tv_value(&l, "Maximum resident set size (kbytes): ", &n)) != NULL) {
			if (loglines_integer(v, n, INT64_C(1) << 40, &x) < 0)
				loglines_bad(c, l.no, "time -v: expected a size in KiB");
			else
				t.kib = x;
			t.any = 1;
		} else if ((v = tv_value(&l, "Exit status: ", &n)) != NULL && t.any) {
			if (loglines_integer(v, n, 255, &x) < 0)
				loglines_bad(c, l.no, "time -v: expected an exit status");
			else
				t.exit_line = (int)x;
			tv_flush(c, &mods, &t);
		}
	}
	tv_flush(c, &mods, &t);
	tv_reset(&t);
	logindex_modules_free(&mods);
}

const struct log_reader log_timev = {
	.name	= "timev",
	.kind	= LOG_TIMEV,
	.agree	= TIMEV_AGREE,
	.anchors = timev_lines,
	.sniff	= timev_sniff,
	.read	= timev_read,
};
