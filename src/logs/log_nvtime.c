/* SPDX-License-Identifier: MIT */
/*
 * nvcc --time FILE: one CSV row per sub-tool run (spillway-record(1), BUILD LOGS):
 * source, phase, inputs, output, arch, tool, metric, unit.  Rows of one
 * nvcc run share the tmpxft_<pid>_ token of their temp files; the run ends
 * with its "nvcc (driver)" row, whose output is the module (the -o name).
 * A row without a temp name (gcc (compiling) writing the -o file, the
 * driver row) belongs to the open run that wrote that output, else to the
 * one of that source file, else to the run read last: nvcc runs sharing
 * one file under make -j interleave their rows.
 */
#include "config.h"

#include <csv.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buildphase.h"
#include "logindex.h"
#include "loglines.h"
#include "logreader.h"
#include "xalloc.h"

#define NT_FIELDS 8
#define NT_FIELD_MAX 65536

/* nvcc's own tools; the host compiler's steps ("g++ (compiling)",
 * "gcc (preprocessing 1)", "cl.exe (compiling)") are buildphase_host_step's. */
static const char *const known_phases[] = {
	"cudafe++", "cicc", "ptxas", "fatbinary", "nvlink", "nvcc (driver)", "ar",
	"nvvm", "cudafe", "link.exe",
};

struct nt_run {
	const char		*pid;		/* "tmpxft_00001aef_", "" when none seen; interned */
	struct build_phase	*phases;
	size_t			 n, cap;
	const char		*source;	/* interned, NULL until a row names it */
	const char		*output;	/* a final output named by a row; interned */
	int			 open;
};

struct nt_state {
	struct logctx	*c;
	char		*f[NT_FIELDS];
	size_t		 nf;
	uint32_t	 row;		/* line number of this row */
	struct nt_run	*runs;
	size_t		 nruns, capruns;
	size_t		 last;		/* run read last, nruns when none */
	/* The open runs by temp-file token, by output and by source file. */
	struct logindex_open by_pid, by_output, by_source;
	struct logindex_modules modules;
};

static void
on_field(void *s, size_t len, void *data)
{
	struct nt_state *st = data;

	if (st->nf < NT_FIELDS)
		st->f[st->nf] = xstrndup(s, len < NT_FIELD_MAX ? len : NT_FIELD_MAX);
	st->nf++;
}

static void
pid_token(const char *s, char *out, size_t outsz)
{
	const char *p = strstr(s, "tmpxft_");
	size_t n;

	out[0] = '\0';
	if (p == NULL)
		return;
	n = strspn(p + 7, "0123456789abcdefABCDEF");
	if (n == 0 || 7 + n + 1 >= outsz || p[7 + n] != '_')
		return;
	memcpy(out, p, 7 + n + 1);
	out[7 + n + 1] = '\0';
}

static int
run_open(void *ctx, size_t i)
{
	const struct nt_state *st = ctx;
	return st->runs[i].open;
}

/* The latest open run under key in one of the indexes, or NULL. */
static struct nt_run *
open_run(struct nt_state *st, struct logindex_open *by, const char *key)
{
	size_t i = logindex_open_latest(by, key, run_open, st);
	return i == SIZE_MAX ? NULL : &st->runs[i];
}

static const char *
intern(struct nt_state *st, const char *s)
{
	return strpool_intern_str(&st->c->m->pool, s);
}

/* The last path component of s. */
static const char *
base_name(const char *s)
{
	const char *b = strrchr(s, '/');

	return b != NULL ? b + 1 : s;
}

/*
 * Whether object is what a build names the compile of source: CMake and
 * Meson write DIR/clamp.cu.o (or .obj) for src/clamp.cu, make rules
 * clamp.o; compared by last path component.
 */
static int
object_of(const char *object, const char *source)
{
	const char *o = base_name(object), *b = base_name(source), *dot = strrchr(b, '.');
	size_t n = strlen(b), stem = dot != NULL ? (size_t)(dot - b) : n;

	if (*b == '\0')
		return 0;
	if (strncmp(o, b, n) == 0 && (strcmp(o + n, ".o") == 0 || strcmp(o + n, ".obj") == 0))
		return 1;
	return strncmp(o, b, stem) == 0 && (strcmp(o + stem, ".o") == 0 || strcmp(o + stem, ".obj") == 0);
}

/*
 * The one open run whose source the row's output (a driver row, which
 * names neither source nor temp file) is the object of; NULL when none,
 * or when several are (the same file name in two folders).  O(runs).
 */
static struct nt_run *
run_of_object(struct nt_state *st, const char *output)
{
	struct nt_run *found = NULL;

	for (size_t i = 0; i < st->nruns; i++) {
		struct nt_run *r = &st->runs[i];

		if (!r->open || r->source == NULL || !object_of(output, r->source))
			continue;
		if (found != NULL)
			return NULL;
		found = r;
	}
	return found;
}

static struct nt_run *
run_for(struct nt_state *st, const char *pid, const char *source, const char *output)
{
	struct nt_run *r;

	if (pid[0] != '\0') {
		if ((r = open_run(st, &st->by_pid, intern(st, pid))) != NULL) {
			st->last = (size_t)(r - st->runs);
			return r;
		}
	} else {
		if (*output && (r = open_run(st, &st->by_output, intern(st, output))) != NULL)
			return r;
		if (*source && (r = open_run(st, &st->by_source, intern(st, source))) != NULL) {
			if (*output && r->output == NULL) {
				r->output = intern(st, output);
				logindex_open_push(&st->by_output, r->output, (size_t)(r - st->runs));
			}
			return r;
		}
		if (*output && (r = run_of_object(st, output)) != NULL)
			return r;
		if (st->last < st->nruns && st->runs[st->last].open)
			return &st->runs[st->last];
	}
	xgrow((void **)&st->runs, &st->capruns, st->nruns + 1, sizeof *st->runs);
	r = &st->runs[st->nruns];
	memset(r, 0, sizeof *r);
	r->pid = intern(st, pid);
	r->open = 1;
	if (pid[0] != '\0')
		logindex_open_push(&st->by_pid, r->pid, st->nruns);
	st->last = st->nruns++;
	return r;
}

static void
close_run(struct nt_state *st, struct nt_run *r, const char *module)
{
	struct model *m = st->c->m;
	struct build_module *b;

	if (module == NULL || *module == '\0')
		module = r->source && *r->source ? r->source : "(nvcc --time run)";
	b = logindex_module(&st->modules, strpool_intern_str(&m->pool, module));
	/* The run's phases become the module's: a later run of the same
	 * module (a rebuild appending to the same file) replaces an earlier
	 * one's, as a rerun's record does (never added across runs). */
	free(b->phases);
	b->phases = r->phases;
	b->nphases = r->n;
	b->capphases = r->cap;
	r->phases = NULL;
	b->source = st->c->file;
	free(r->phases);
	r->phases = NULL;
	r->n = r->cap = 0;
	r->open = 0;
}

static void
on_row(int term, void *data)
{
	struct nt_state *st = data;
	struct model *m = st->c->m;
	struct build_phase ph;
	struct nt_run *r;
	char pid[32], *end;
	double ms;
	int known = 0;

	(void)term;
	st->row++;
	if (st->nf != NT_FIELDS) {
		loglines_bad(st->c, st->row, "nvcc --time row with %zu fields, expected 8 (cut line, or a comma in a path?)", st->nf);
		goto done;
	}
	if (strcmp(st->f[0], "source file name") == 0)
		goto done;	/* a header */
	for (size_t i = 0; i < sizeof known_phases / sizeof known_phases[0]; i++)
		known |= strcmp(st->f[1], known_phases[i]) == 0;
	/* nvcc 13.0 leaves the phase name empty on the row that copies a PTX
	 * file for a code=compute_NN target (input and output the same .ptx). */
	known |= st->f[1][0] == '\0' && strstr(st->f[3], ".ptx") != NULL;
	known |= buildphase_host_step(st->f[1]) != NULL;
	if (!known) {
		loglines_bad(st->c, st->row, "nvcc --time row: unknown phase '%s'", st->f[1]);
		goto done;
	}
	errno = 0;
	ms = strtod(st->f[6], &end);
	if (end == st->f[6] || *end != '\0' || errno != 0 || ms < 0 || ms > 1e10 ||
	    strcmp(st->f[7], "ms") != 0) {
		loglines_bad(st->c, st->row, "nvcc --time row: expected a time in ms, found '%s %s'", st->f[6], st->f[7]);
		goto done;
	}
	pid_token(st->f[3], pid, sizeof pid);
	if (pid[0] == '\0')
		pid_token(st->f[2], pid, sizeof pid);
	r = run_for(st, pid, st->f[0], st->f[3]);
	if (r->source == NULL && st->f[0][0] != '\0') {
		r->source = intern(st, st->f[0]);
		logindex_open_push(&st->by_source, r->source, (size_t)(r - st->runs));
	}
	if (strcmp(st->f[1], "nvcc (driver)") == 0) {
		close_run(st, r, st->f[3]);
		goto done;
	}
	ph.name = strpool_intern_str(&m->pool, st->f[1][0] ? st->f[1] : "(ptx copy)");
	ph.arch = strpool_intern_str(&m->pool, st->f[4]);
	ph.ms = ms;
	/* A run has a handful of phases: grown from four, not xgrow's 16, for
	 * a log of many runs left open. */
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 4;
		r->phases = xreallocarray(r->phases, r->cap, sizeof *r->phases);
	}
	r->phases[r->n++] = ph;
done:
	for (size_t i = 0; i < NT_FIELDS; i++) {
		free(st->f[i]);
		st->f[i] = NULL;
	}
	st->nf = 0;
}

/* The header row nvcc writes first. */
static int
nvtime_sniff(const struct logline *first)
{
	return loglines_starts(first, "source file name") && loglines_find(first, "phase name") != NULL;
}

static void
nvtime_read(const uint8_t *data, size_t size, struct logctx *c)
{
	struct csv_parser p;
	struct nt_state st;
	struct logline l = { 0 };
	size_t pos = 0;

	memset(&st, 0, sizeof st);
	st.c = c;
	if (csv_init(&p, CSV_APPEND_NULL) != 0)
		return;
	logindex_open_init(&st.by_pid);
	logindex_open_init(&st.by_output);
	logindex_open_init(&st.by_source);
	logindex_modules_init(&st.modules, c);
	/* Line by line, so that a message names the line a row is on. */
	while (loglines_next(data, size, &pos, &l)) {
		if (l.len == 0)
			continue;
		st.row = l.no - 1;
		if (l.len > LOG_LINE_MAX) {
			loglines_bad(c, l.no, "line longer than %u bytes, skipped", LOG_LINE_MAX);
			continue;
		}
		if (csv_parse(&p, l.s, l.len, on_field, on_row, &st) != l.len ||
		    csv_fini(&p, on_field, on_row, &st) != 0) {
			loglines_bad(c, l.no, "malformed CSV: %s", csv_strerror(csv_error(&p)));
			csv_free(&p);
			csv_init(&p, CSV_APPEND_NULL);
			for (size_t i = 0; i < NT_FIELDS; i++) {
				free(st.f[i]);
				st.f[i] = NULL;
			}
			st.nf = 0;
		}
	}
	csv_free(&p);
	/* Runs with no driver row: a compile that failed or was cut short. */
	for (size_t i = 0; i < st.nruns; i++)
		if (st.runs[i].open)
			close_run(&st, &st.runs[i], NULL);
	free(st.runs);
	logindex_open_free(&st.by_pid);
	logindex_open_free(&st.by_output);
	logindex_open_free(&st.by_source);
	logindex_modules_free(&st.modules);
}

const struct log_reader log_nvtime = {
	.name	= "nvtime",
	.kind	= LOG_NVTIME,
	.header	= 1,
	.sniff	= nvtime_sniff,
	.read	= nvtime_read,
};
