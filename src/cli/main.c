/* SPDX-License-Identifier: MIT */
/*
 * spillway: the command line.  Parse options, build each layer's
 * configuration from them, scan, judge once, then run the mode asked for
 * (one table, modes[]); everything a run holds is freed in one place
 * (run_free).  Only this file decides the exit status.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <time.h>

#include "allow.h"
#include "buildsum.h"
#include "jobsadvice.h"
#include "clock.h"
#include "copies.h"
#include "diag.h"
#include "exitstatus.h"
#include "fatal.h"
#include "github.h"
#include "judge.h"
#include "judge_build.h"
#include "judge_growth.h"
#include "judge_launch.h"
#include "jsontext.h"
#include "junit.h"
#include "listcsv.h"
#include "listjson.h"
#include "model.h"
#include "options.h"
#include "outfile.h"
#include "poolfile.h"
#include "host.h"
#include "parallel.h"
#include "record.h"
#include "report.h"
#include "rjson.h"
#include "scan.h"
#include "schedule.h"
#include "size.h"
#include "summary.h"
#include "whatifsum.h"
#include "tui.h"
#include "trace.h"
#include "update.h"
#include "verdict.h"
#include "xalloc.h"

/* The allowance table --allow names; NULL: none. */
#define ALLOW_FILE(o)	((o)->rules.v[RULE_ALLOWANCE].text)

/* What a mode needs before it runs. */
enum {
	RUN_SCANS	= 1 << 0,	/* reads the paths (record runs a command instead) */
	RUN_OUTPUT	= 1 << 1,	/* writes to -o FILE or stdout; without, -o is left alone */
	RUN_ALLOW	= 1 << 2,	/* reads --allow when given */
	RUN_ALLOW_GIVEN	= 1 << 3,	/* needs --allow: the table it writes */
	RUN_ALLOW_EXISTS = 1 << 4,	/* --allow's table must exist */
	RUN_BASELINE	= 1 << 5,	/* reads --baseline when given */
	RUN_JUDGES	= 1 << 6,	/* runs the judge */
	RUN_JUDGES_IF_RULE = 1 << 7,	/* runs the judge when a rule is given */
	RUN_GROWTH	= 1 << 8,	/* takes --max-growth (with --baseline) */
	RUN_GATES	= 1 << 9,	/* its status is the verdict's (gate_status) */
};

/* Everything one run holds; run_free frees it, whatever was reached. */
struct run {
	struct options		 o;
	const struct mode_ops	*mode;
	double			 start;
	double			 scanned, judged_at, ran;	/* when each step after the start ended (--stats) */
	struct model		 m, base;
	int			 have_base;
	size_t			 base_missing;	/* the baseline named does not exist */
	struct diag_list	 diags;
	struct scan_stats	 stats;
	struct scan_config	 scan;
	struct schedule		 sched;
	const struct schedule	*sp;		/* &sched, or NULL: nothing to schedule */
	struct allow_table	 allow;
	struct growth_rules	 growth;
	struct launch_gates	 launch;	/* whether a kernel launches, and where */
	struct vendored_rule	 vendored;
	struct build_gates	 gates;
	struct judge_config	 jc;
	struct verdict		 judged;
	struct report_config	 report;
	struct outfile		 of;
	int			 of_open;
	struct tui		*tui;		/* the browser's terminal, open from before the scan */
	FILE			*out;
};

/*
 * A mode: what it needs (RUN_*), a check of its options before anything
 * is read (returns 0, or the status to leave with, the message printed),
 * what it sets up before the scan, and what it does with the model.  run
 * returns 0, 77 (nothing to do: a problem with the input outranks it) or
 * a failure, which outranks everything; for a mode that gates, the
 * verdict's status.
 */
struct mode_ops {
	enum mode	 mode;
	unsigned	 needs;
	int		 (*check)(struct run *);
	void		 (*before_scan)(struct run *);
	int		 (*run)(struct run *);
};

/* --list writes rows while the scan goes on. */
static void
emit_text(void *ctx, const char *text, size_t len)
{
	fwrite(text, 1, len, ctx);
}

#define MIB (1024.0 * 1024.0)

/* --stats: what the scan found and what it cost. */
static void
print_stats(const struct run *r, double now)
{
	const struct scan_stats *st = &r->stats;
	const struct model *m = &r->m;
	double total = now - r->start;
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, "spillway: stats: %zu files, %zu images, %zu read, %zu functions; "
	    "walk %.3f s, read %.3f s on %d workers (gathering %.3f s of CPU), total %.3f s; "
	    "CPU %.3f s user %.3f s system; peak RSS %ld MiB "
	    "(decompression buffers %.1f MiB at most, %.0f MiB taken anew, %.0f MiB handed on; "
	    "AMDGPU metadata objects %.1f MiB at most; names %.1f MiB, rows %.1f MiB)\n",
	    st->files_read, st->images, st->jobs, st->functions,
	    st->walk_seconds, st->read_seconds, st->workers, st->gather_cpu_seconds, total,
	    (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6,
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6,
	    ru.ru_maxrss / 1024, (double)st->buffer_peak / MIB,
	    (double)st->buffer_fresh / MIB, (double)st->buffer_handed / MIB,
	    (double)st->zones_peak / MIB,
	    (double)strpool_bytes(&m->pool) / MIB,
	    (double)(m->capfuncs * sizeof *m->funcs + m->capimages * sizeof *m->images) / MIB);
	{
		double busy = st->decompress_seconds + st->parse_seconds + st->names_seconds +
		    st->format_seconds + st->walk_wait_seconds + st->gather_wait_seconds;

		fprintf(stderr, "spillway: stats: the workers' %.3f s: decompressing %.3f s "
		    "(%.3f s of it waiting for buffer room), reading ELF %.3f s, names %.3f s, "
		    "formatting %.3f s, waiting for the walk %.3f s, waiting for the gathering %.3f s, "
		    "the rest %.3f s\n",
		    st->worker_seconds, st->decompress_seconds, st->buffer_wait_seconds,
		    st->parse_seconds, st->names_seconds, st->format_seconds,
		    st->walk_wait_seconds, st->gather_wait_seconds,
		    st->worker_seconds > busy ? st->worker_seconds - busy : 0.0);
	}
	fprintf(stderr, "spillway: stats: the run's %.3f s: scanning %.3f s (the baseline's too), "
	    "judging %.3f s, the mode's own work and output %.3f s, putting the output in place %.3f s\n",
	    total, r->scanned - r->start, r->judged_at - r->scanned, r->ran - r->judged_at, now - r->ran);
}

/* $GITHUB_STEP_SUMMARY when --check is to append the report to it: under
 * GitHub Actions, and named; else NULL. */
static const char *
github_step_summary(void)
{
	const char *ga = getenv("GITHUB_ACTIONS"), *summary = getenv("GITHUB_STEP_SUMMARY");

	if (ga == NULL || strcmp(ga, "true") != 0 || summary == NULL || summary[0] == '\0')
		return NULL;
	return summary;
}

/* The scanner's configuration: the selection and the logs named. */
static void
scan_config_from(struct scan_config *c, const struct options *o)
{
	memset(c, 0, sizeof *c);
	c->threads = o->threads;
	c->arches = &o->arches;
	c->includes = &o->includes;
	c->excludes = &o->excludes;
	c->logs = &o->logs;
	/* The duplicates of the size section (in --report, and in the report
	 * --check appends to GitHub's step summary), --list=images' hashes. */
	c->hashes = o->mode == MODE_REPORT || o->mode == MODE_LIST_IMAGES ||
	    (o->mode == MODE_CHECK && github_step_summary() != NULL);
	c->whatif = &o->whatif;
}

/* The build gates: the judge's, echoed by the report and the Build view. */
static void
build_gates_from(struct build_gates *g, const struct options *o)
{
	const struct rule_value *budget = &o->rules.v[RULE_BUILD];

	*g = (struct build_gates){ budget->n, o->mem_host, o->jobs, budget->unit,
	    o->mem_host_unit, o->cores, o->jobs_auto, o->machine };
}

/* The report's configuration, for format f. */
static int gate_given(const struct options *o);

static void
report_config_from(struct report_config *c, const struct options *o, enum report_format f)
{
	memset(c, 0, sizeof *c);
	c->format = f;
	c->sections = &o->sections;
	c->top = o->top;
	c->max_bytes = o->max_bytes;
	c->gpus = &o->gpus;
	c->baseline = o->baseline;
	build_gates_from(&c->gates, o);
	c->gated = gate_given(o);
	c->whatif = &o->whatif;
}

/*
 * The judge's configuration, built once from the options: the vendored
 * rule, the allowances and limits, the build gates and --max-growth.
 * --check, --update-allow, the report and the browser share it.
 */
static void
judge_config_from(struct judge_config *c, struct run *r)
{
	const struct options *o = &r->o;

	r->vendored = (struct vendored_rule){ o->vendored.v, o->vendored.n, o->vendored_no_namespace };
	build_gates_from(&r->gates, o);
	memset(c, 0, sizeof *c);
	c->allow = ALLOW_FILE(o) != NULL ? &r->allow : NULL;
	c->vendored = &r->vendored;
	c->rules = &o->rules;
	c->stats = &r->stats;
	c->build = &r->gates;
	c->sched = r->sp;
	c->base = r->have_base ? &r->base : NULL;
	c->growth = o->rules.v[RULE_GROWTH].text != NULL ? &r->growth : NULL;
	/* whether a kernel launches, and where */
	r->launch = (struct launch_gates){ (int)o->rules.v[RULE_LAUNCHABLE].n,
	    o->rules.v[RULE_LOCAL_RESERVE].n, o->rules.v[RULE_LOCAL_RESERVE].unit,
	    o->rules.v[RULE_DRIVER].text, (int)o->rules.v[RULE_DEPLOYABLE].n };
	c->launch = &r->launch;
	c->whatif = &o->whatif;
}

/* True when a rule is given, so that the browser offers its Check view. */
static int
gate_given(const struct options *o)
{
	return rule_any_given(&o->rules) || (o->mem_host >= 0 && !(o->machine & JOBSADVICE_MACHINE_MEM));
}

/* --format=json: JSON Lines for --list, the findings for --check. */
static int
format_json(const struct options *o)
{
	return o->format == FORMAT_JSON;
}

/* The colour of a word that fails or passes; "" when colour is off. */
#define COLOR_FAIL	"\033[1;31m"
#define COLOR_PASS	"\033[1;32m"
#define COLOR_OFF	"\033[0m"

/* Colour on the output: --color=always, or auto when it is stdout on a terminal (NO_COLOR made
 * it never unless --color says otherwise). */
static int
color_on(const struct options *o)
{
	if (o->color == COLOR_ALWAYS)
		return 1;
	return o->color == COLOR_AUTO && o->output == NULL && isatty(STDOUT_FILENO);
}

/* One word, coloured when asked. */
static void
print_word(FILE *out, const char *word, const char *color, int colored)
{
	if (colored)
		fprintf(out, "%s%s%s", color, word, COLOR_OFF);
	else
		fputs(word, out);
}

/* A reason for "nothing to judge": a diagnostic, on stderr with the
 * program's name.  Results (violations, notices, counts) go to out
 * without it. */
static void
print_nothing(const struct finding *f)
{
	fprintf(stderr, "spillway: %s\n", f->text);
}

/* Prints the findings: violations, notices and counts to out (-q keeps
 * the violations and the total only), the reasons for "nothing to judge"
 * to stderr. */
static void
print_verdict(FILE *out, const struct verdict *v, int quiet, int colored)
{
	static const char lead[] = "VIOLATION";

	for (size_t i = 0; i < v->n; i++) {
		const struct finding *f = &v->v[i];
		const char *text = f->text;

		if (quiet && (f->level == FINDING_NOTICE ||
		    (f->level == FINDING_SUMMARY && f->library != NULL)))
			continue;
		if (f->level == FINDING_NOTHING) {
			print_nothing(f);
			continue;
		}
		if (strncmp(text, lead, sizeof lead - 1) == 0) {
			print_word(out, lead, COLOR_FAIL, colored);
			text += sizeof lead - 1;
		}
		fprintf(out, "%s\n", text);
	}
}

/*
 * --empty-ok passes an empty tree, not a missing one: a path named that
 * does not exist (a mistyped path, a library never built) is input the
 * gate could not read.  Says so; true when it applies.
 */
static int
empty_ok_refused(const struct scan_stats *stats, int empty_ok)
{
	if (!empty_ok || stats->named_missing == 0)
		return 0;
	fprintf(stderr, "spillway: --empty-ok passes an empty tree, not a missing one: %zu path%s named "
	    "%s not exist\n", stats->named_missing, stats->named_missing == 1 ? "" : "s",
	    stats->named_missing == 1 ? "does" : "do");
	return 1;
}

/* The exit status of a judged run: unreadable input first, then
 * violations, then nothing to judge. */
static int
verdict_status(const struct verdict *v, const struct scan_stats *stats, int empty_ok)
{
	if (stats->unreadable > 0)
		return EXIT_TROUBLE;
	if (empty_ok_refused(stats, empty_ok))
		return EXIT_TROUBLE;
	if (verdict_count(v, FINDING_VIOLATION) > 0)
		return EXIT_VIOLATION;
	if (verdict_count(v, FINDING_NOTHING) > 0 || v->counted == 0)
		return empty_ok ? EXIT_CLEAN : EXIT_NOTHING;
	return EXIT_CLEAN;
}

static int gate_status(int judged, const struct diag_list *diags, const struct scan_stats *stats);

/* The last line of --check: the gate's answer, PASS, FAIL or SKIP
 * (nothing to judge, 77), with the counts behind it. */
static const char *
outcome_word(int status)
{
	return status == EXIT_CLEAN ? "PASS" : status == EXIT_NOTHING ? "SKIP" : "FAIL";
}

/* What follows the word: ": 3 violations; ..." (malloc'd). */
static char *
outcome_rest(const struct verdict *v, size_t modules, int status)
{
	size_t nv = verdict_count(v, FINDING_VIOLATION);

	if (status == EXIT_NOTHING)
		return xstrdup(": nothing to judge (--empty-ok passes it)");
	if (status == EXIT_TROUBLE)
		return xasprintf(": input not all read (%zu %s among what was)", nv,
		    nv == 1 ? "violation" : "violations");
	return xasprintf(": %zu %s; %zu %s gated, %zu build %s judged", nv,
	    nv == 1 ? "violation" : "violations", v->gated.entries,
	    v->gated.entries == 1 ? "entry" : "entries", modules,
	    modules == 1 ? "module" : "modules");
}

static void
print_outcome(FILE *out, const struct verdict *v, size_t modules, int status, int colored)
{
	char *rest = outcome_rest(v, modules, status);

	print_word(out, outcome_word(status), status == EXIT_CLEAN ? COLOR_PASS : COLOR_FAIL,
	    colored && status != EXIT_NOTHING);
	fprintf(out, "%s\n", rest);
	free(rest);
}

/* --junit=FILE: the verdict as JUnit XML, whole or not at all; returns
 * -1 with the message printed. */
static int
write_junit(const struct run *r)
{
	struct outfile of;
	char err[512];

	if (outfile_open(&of, r->o.junit, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: --junit: %s\n", err);
		return -1;
	}
	if (junit_write(of.stream, &r->m, &r->judged) < 0) {
		int e = of.error;	/* the write that failed under libxml2, if one did */

		outfile_discard(&of);
		if (e != 0)
			fprintf(stderr, "spillway: --junit: %s: cannot write: %s; left as it was\n",
			    r->o.junit, strerror(e));
		else
			fprintf(stderr, "spillway: --junit: libxml2 could not write %s\n", r->o.junit);
		return -1;
	}
	if (outfile_commit(&of, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: --junit: %s\n", err);
		return -1;
	}
	return 0;
}

/* The Markdown report appended to $GITHUB_STEP_SUMMARY, under GitHub's
 * limit, after the verdict line (the word in bold), so that the summary
 * opens with the answer whatever the report holds; a failure is said and
 * leaves the verdict as it is. */
static void
github_summary(const struct run *r, const char *path, const char *word, const char *rest)
{
	struct report_config c;
	char *text = NULL, *head = xasprintf("**%s**%s\n\n", word, rest), err[512];
	size_t len = 0, hlen = strlen(head);
	FILE *mem = open_memstream(&text, &len);
	int failed;

	if (mem == NULL)
		fatal("out of memory (the step summary's report)");
	report_config_from(&c, &r->o, REPORT_MARKDOWN);
	if (c.max_bytes < 0 || c.max_bytes > GITHUB_SUMMARY_MAX)
		c.max_bytes = c.max_bytes < 0 ? -1 : GITHUB_SUMMARY_MAX;
	if (c.max_bytes > (int64_t)hlen)
		c.max_bytes -= (int64_t)hlen;	/* the verdict line's room */
	c.sections = NULL;
	fputs(head, mem);
	report_write(mem, &c, &r->m, r->have_base ? &r->base : NULL, &r->judged);
	failed = ferror(mem);
	if (fclose(mem) != 0 || failed)
		fatal("out of memory (the step summary's report)");
	if (len > GITHUB_SUMMARY_MAX) {
		/* The verdict line still opens the summary; the report does not fit. */
		fprintf(stderr, "spillway: GITHUB_STEP_SUMMARY: the report has %zu bytes, over GitHub's %d: not written\n",
		    len - hlen, GITHUB_SUMMARY_MAX);
		free(text);
		text = xasprintf("%sThe report (%zu bytes) is over GitHub's %d for a step summary: "
		    "not written here.\n", head, len - hlen, GITHUB_SUMMARY_MAX);
		len = strlen(text);
	}
	if (outfile_append(path, text, len, err, sizeof err) < 0)
		fprintf(stderr, "spillway: GITHUB_STEP_SUMMARY: %s\n", err);
	free(text);
	free(head);
}

/* In a GitHub Actions job: the violations as workflow commands on
 * standard output, the verdict line as a ::notice, and the verdict line
 * and the report into the step summary. */
static void
github_faces(const struct run *r, int status)
{
	const char *ga = getenv("GITHUB_ACTIONS"), *summary = github_step_summary();
	const char *word = outcome_word(status);
	char *rest, *line;

	if (ga == NULL || strcmp(ga, "true") != 0)
		return;
	rest = outcome_rest(&r->judged, r->m.nmodules, status);
	line = xasprintf("%s%s", word, rest);
	github_write_commands(r->of.kind == OUTFILE_STDOUT ? r->out : stdout, &r->m, &r->judged,
	    line);
	if (summary != NULL)
		github_summary(r, summary, word, rest);
	free(line);
	free(rest);
}

/* --check: prints the verdict judge_all made (the kernel rules and the
 * build gates in one), ends with PASS or FAIL and returns its status;
 * with --format=json, the findings object alone. */
static int
run_check(struct run *r)
{
	int colored = color_on(&r->o), rc;

	if (format_json(&r->o)) {
		/* One object for a script, the reasons for nothing to judge on stderr. */
		for (size_t i = 0; i < r->judged.n; i++)
			if (r->judged.v[i].level == FINDING_NOTHING)
				print_nothing(&r->judged.v[i]);
		if (rjson_write_verdict(r->out, &r->m, &r->judged) < 0)
			return EXIT_INTERNAL;
	} else
		print_verdict(r->out, &r->judged, r->o.quiet, colored);
	rc = verdict_status(&r->judged, &r->stats, r->o.empty_ok);
	github_faces(r, gate_status(rc, &r->diags, &r->stats));
	if (r->o.junit != NULL && write_junit(r) < 0)
		return EXIT_TROUBLE;
	if (r->judged.counted == 0 && verdict_count(&r->judged, FINDING_NOTHING) == 0)
		fprintf(stderr, "spillway: no entry function counted: nothing to judge\n");
	if (!format_json(&r->o))
		print_outcome(r->out, &r->judged, r->m.nmodules, gate_status(rc, &r->diags, &r->stats),
		    colored);
	return rc;
}

/* --update-allow: the measured maxima into the table, unless the input
 * could not be judged. */
static int
run_update(struct run *r)
{
	struct judge_config c = r->jc;
	struct allow_table *allow = &r->allow;
	struct verdict v = { 0 };
	struct update_counts n;
	struct judge_measure *ms;
	size_t nms;
	char err[512];
	int rc;

	c.allow = allow;
	judge_nothing(&c, &r->m, &v);
	ms = judge_measure(&c, &r->m, &nms);
	for (size_t i = 0; i < nms; i++)
		v.counted += ms[i].entries;
	rc = verdict_status(&v, &r->stats, 0);
	if (rc != EXIT_CLEAN) {
		print_verdict(r->out, &v, r->o.quiet, color_on(&r->o));
		fprintf(stderr, "spillway: %s left as it was\n", allow->file);
		if (rc == EXIT_NOTHING && r->o.empty_ok)
			rc = empty_ok_refused(&r->stats, 1) ? EXIT_TROUBLE : EXIT_CLEAN;
		goto done;
	}
	update_apply(allow, ms, nms, r->o.prune, &v, &n);
	print_verdict(r->out, &v, r->o.quiet, color_on(&r->o));
	if (update_write(allow, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		rc = EXIT_TROUBLE;
		goto done;
	}
	fprintf(r->out, "%s: written: %zu added, %zu tightened (stale), %zu raised, %zu removed, %zu unchanged, %zu kept unseen",
	    allow->file, n.added, n.tightened, n.raised, n.removed, n.kept, n.unseen);
	if (r->o.prune)
		fprintf(r->out, ", %zu pruned", n.pruned);
	if (n.unbuilt > 0)
		fprintf(r->out, ", %zu kept for arches not built", n.unbuilt);
	fputs(n.unbounded > 0 ? "" : "\n", r->out);
	if (n.unbounded > 0)
		fprintf(r->out, "; %zu unbounded, held by no row (named above)\n", n.unbounded);
done:
	free(ms);
	verdict_free(&v);
	return rc;
}

static int
check_report(struct run *r)
{
	enum report_format f;
	char err[512];

	if (report_format_parse(r->o.report_format, &f, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		return EXIT_TROUBLE;
	}
	report_config_from(&r->report, &r->o, f);
	if (report_config_check(&r->report, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		return EXIT_TROUBLE;
	}
	return EXIT_CLEAN;
}

static int
run_report(struct run *r)
{
	if (report_write(r->out, &r->report, &r->m, r->have_base ? &r->base : NULL,
	    &r->judged) < 0) {
		fprintf(stderr, "spillway: libcmark-gfm could not render the report\n");
		return EXIT_INTERNAL;
	}
	return EXIT_CLEAN;
}

/* --report=trace: the build laid out for a trace viewer. */
static int
run_trace(struct run *r)
{
	if (r->sp == NULL) {
		fprintf(stderr, "spillway: --report=trace: no module with %s to lay out\n",
		    r->o.jobs > 0 ? "a wall time" : "a recorded start time (or give --jobs=N)");
		return EXIT_NOTHING;
	}
	trace_write(r->out, &r->m, r->sp);
	return EXIT_CLEAN;
}

static void
list_before_scan(struct run *r)
{
	if (format_json(&r->o))
		r->scan.format = listjson_format_rows;
	else {
		listcsv_write_header(r->out);
		r->scan.format = listcsv_format_rows;
	}
	r->scan.emit = emit_text;
	r->scan.ctx = r->out;
	r->scan.emit_only = 1;
}

/* --list: the rows went out during the scan. */
static int
run_list(struct run *r)
{
	(void)r;
	return EXIT_CLEAN;
}

static int
run_list_images(struct run *r)
{
	listcsv_write_images(r->out, &r->m);
	return EXIT_CLEAN;
}

static int
run_list_sizes(struct run *r)
{
	if (format_json(&r->o))
		size_list_write_json(r->out, &r->m);
	else
		size_list_write(r->out, &r->m);
	return EXIT_CLEAN;
}

/*
 * --pool-file=FORMAT:FILE: --jobs=auto's answer for a build system, each
 * file whole or not at all.  Returns -1 with the message printed when a
 * file could not be written, or the advice has no -j to write (no module
 * with a wall time and a peak, or one compile alone is over the memory).
 */
static int
write_pool_files(const struct run *r)
{
	const struct options *o = &r->o;
	struct poolfile_host h = { o->mem_host, o->mem_host_unit, o->machine };
	struct jobsadvice a;
	int rc = 0;

	if (o->pool_files.n == 0)
		return 0;
	if (jobsadvice_compute(&r->m, o->cores, o->mem_host, &a) != 0 || a.jobs == 0) {
		fprintf(stderr, "spillway: --pool-file: %s: no file written\n", r->m.nmodules == 0 ?
		    "no build log read" : a.jobs == 0 && a.fit > 0 ? "no -j fits: one compile alone is over the memory" :
		    "no module with a wall time and a peak");
		jobsadvice_free(&a);
		return -1;
	}
	for (size_t i = 0; i < o->pool_files.n && rc == 0; i++) {
		const char *v = o->pool_files.v[i], *path = strchr(v, ':') + 1;	/* options_agree: FORMAT:FILE */
		int format = poolfile_format_of(v, (size_t)(path - 1 - v));
		struct outfile of;
		char err[512];

		if (outfile_open(&of, path, err, sizeof err) < 0) {
			fprintf(stderr, "spillway: --pool-file: %s\n", err);
			rc = -1;
			break;
		}
		poolfile_write(of.stream, (enum poolfile_format)format, &r->m, &a, &h);
		if (outfile_commit(&of, err, sizeof err) < 0) {
			fprintf(stderr, "spillway: --pool-file: %s\n", err);
			rc = -1;
		}
	}
	jobsadvice_free(&a);
	return rc;
}

static int
run_summary(struct run *r)
{
	summary_write(r->out, &r->m);
	whatifsum_write(r->out, &r->m, &r->o.whatif);
	/* The build tables line up on a terminal; down a pipe or into -o's
	 * file, TABs keep them for awk and cut. */
	buildsum_write(r->out, &r->m, r->sp, &(struct buildsum_config){ r->o.top, r->o.top_given,
	    r->o.output == NULL && isatty(STDOUT_FILENO), r->o.jobs_auto, r->o.cores, r->o.mem_host,
	    r->o.mem_host_unit, r->o.machine });
	return EXIT_CLEAN;
}

/* The browser; the report's sections shown as text (the diff) are its
 * Diff view. */
static int
run_tui(struct run *r)
{
	struct tui_config tc = { .color = r->o.color != COLOR_NEVER, .diags = &r->diags };
	struct report_config text;
	struct rdoc diff = { 0 };
	int rc = EXIT_CLEAN;

	build_gates_from(&tc.gates, &r->o);
	if (r->have_base) {
		report_config_from(&text, &r->o, REPORT_TEXT);
		text.sections = NULL;
		report_build(&diff, &text, &r->m, &r->base, NULL);
	}
	if (tui_run(r->tui, &r->m, &tc, gate_given(&r->o) ? &r->judged : NULL,
	    r->have_base ? &diff : NULL, r->diags.n + r->stats.named_missing) < 0)
		rc = EXIT_TROUBLE;
	tui_close(r->tui);	/* before the messages go to stderr */
	r->tui = NULL;
	rdoc_free(&diff);
	return rc;
}

/* The browser takes the terminal before the scan, so that its progress
 * shows there; no terminal: nothing is scanned. */
static int
check_tui(struct run *r)
{
	r->tui = tui_open(r->o.color != COLOR_NEVER);
	return r->tui != NULL ? EXIT_CLEAN : EXIT_TROUBLE;
}

static void
tui_before_scan(struct run *r)
{
	r->scan.progress = tui_progress;
	r->scan.progress_ctx = r->tui;
}

static int
run_record(struct run *r)
{
	return record_main(r->o.record_log, r->o.record_module, r->o.record_argv);
}

static const struct mode_ops modes[] = {
	{ MODE_RECORD, 0, NULL, NULL, run_record },
	{ MODE_LIST, RUN_SCANS | RUN_OUTPUT, NULL, list_before_scan, run_list },
	{ MODE_LIST_IMAGES, RUN_SCANS | RUN_OUTPUT, NULL, NULL, run_list_images },
	{ MODE_LIST_SIZES, RUN_SCANS | RUN_OUTPUT, NULL, NULL, run_list_sizes },
	{ MODE_SUMMARY, RUN_SCANS | RUN_OUTPUT, NULL, NULL, run_summary },
	{ MODE_REPORT, RUN_SCANS | RUN_OUTPUT | RUN_ALLOW | RUN_BASELINE | RUN_JUDGES | RUN_GROWTH, check_report, NULL,
	  run_report },
	{ MODE_CHECK, RUN_SCANS | RUN_OUTPUT | RUN_ALLOW | RUN_ALLOW_EXISTS | RUN_BASELINE |
	  RUN_JUDGES | RUN_GROWTH | RUN_GATES, NULL, NULL, run_check },
	{ MODE_UPDATE_ALLOW, RUN_SCANS | RUN_OUTPUT | RUN_ALLOW | RUN_ALLOW_GIVEN | RUN_GATES,
	  NULL, NULL, run_update },
	{ MODE_TUI, RUN_SCANS | RUN_ALLOW | RUN_BASELINE | RUN_JUDGES_IF_RULE, check_tui,
	  tui_before_scan, run_tui },
};
/* --report=trace lays the build out: no sections, no judge. */
static const struct mode_ops trace_mode = {
	MODE_REPORT, RUN_SCANS | RUN_OUTPUT | RUN_BASELINE, NULL, NULL, run_trace,
};

/* The mode asked for; the default is the browser on a terminal, else the summary. */
static const struct mode_ops *
mode_of(struct options *o)
{
	if (o->mode == MODE_DEFAULT)
		o->mode = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) ? MODE_TUI : MODE_SUMMARY;
	if (o->mode == MODE_REPORT && o->report_format != NULL &&
	    strcmp(o->report_format, "trace") == 0)
		return &trace_mode;
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (modes[i].mode == o->mode)
			return &modes[i];
	return NULL;
}

/* The options' checks that need no input, then the allowance table;
 * returns 0 or the status to leave with. */
static int
run_check_options(struct run *r)
{
	const struct options *o = &r->o;
	unsigned needs = r->mode->needs;
	char err[512];

	if (o->rules.v[RULE_GROWTH].text != NULL) {
		if (!(needs & RUN_GROWTH) || o->baseline == NULL) {
			fprintf(stderr, "spillway: --max-growth goes with --check or --report, and --baseline=OLD\n");
			return EXIT_TROUBLE;
		}
		if (growth_parse(o->rules.v[RULE_GROWTH].text, &r->growth, err, sizeof err) < 0) {
			fprintf(stderr, "spillway: %s\n", err);
			return EXIT_TROUBLE;
		}
	}
	/* whether a kernel launches, and where */
	r->launch.require_driver = o->rules.v[RULE_DRIVER].text;
	if (launch_gates_check(&r->launch, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		return EXIT_TROUBLE;
	}
	if (o->format != FORMAT_UNSET && r->mode->run != run_check && r->mode->run != run_list &&
	    r->mode->run != run_list_sizes) {
		fprintf(stderr, "spillway: --format goes with --list or --check\n");
		return EXIT_TROUBLE;
	}
	if (o->junit != NULL && r->mode->run != run_check) {
		fprintf(stderr, "spillway: --junit=FILE goes with --check\n");
		return EXIT_TROUBLE;
	}
	if ((needs & RUN_ALLOW_GIVEN) && ALLOW_FILE(o) == NULL) {
		fprintf(stderr, "spillway: --update-allow needs --allow=FILE, the table to write\n");
		return EXIT_TROUBLE;
	}
	if (ALLOW_FILE(o) != NULL && (needs & RUN_ALLOW)) {
		int rc;

		allow_free(&r->allow);
		fatal_doing("reading", ALLOW_FILE(o));
		rc = allow_read(&r->allow, ALLOW_FILE(o), err, sizeof err);
		fatal_doing(NULL, NULL);
		if (rc < 0) {
			fprintf(stderr, "spillway: %s\n", err);
			return EXIT_TROUBLE;
		}
		if (rc == ALLOW_MISSING && (needs & RUN_ALLOW_EXISTS)) {
			fprintf(stderr, "spillway: %s: no such allowance table (--update-allow creates it)\n", ALLOW_FILE(o));
			return EXIT_TROUBLE;
		}
	}
	return r->mode->check != NULL ? r->mode->check(r) : EXIT_CLEAN;
}

/*
 * The output goes into place when its writer ran to the end, whatever the
 * verdict (a report of a scan with one damaged file is still wanted);
 * not when the scan could not run as asked (a path named that does not
 * exist, a usage or internal error), nor when a write failed: then the
 * old file stays.  Returns -1, with the message printed, when a write
 * failed.
 */
static int
finish_output(struct outfile *of, int keep)
{
	char err[512];

	if (!keep) {
		outfile_discard(of);
		return 0;
	}
	if (outfile_commit(of, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		return -1;
	}
	return 0;
}

/*
 * A gate's status: any message about the input, from the paths, the logs
 * or the baseline, makes it 2, as a verdict on input partly read is no
 * verdict.  Only a path named that does not exist (one message each) is
 * left to the judgement, which calls it nothing to judge (77): the
 * library of a CI job that did not build it.
 */
static int
gate_status(int judged, const struct diag_list *diags, const struct scan_stats *stats)
{
	if (stats->unreadable > 0 || diags->n > stats->named_missing)
		return EXIT_TROUBLE;
	return judged;
}

/* The paths, then the old build of --baseline, and the schedule. */
static void
run_scan(struct run *r)
{
	const struct options *o = &r->o;

	scan_config_from(&r->scan, o);
	/* The work after the scan (sorts, attribution) on as many threads. */
	parallel_set_default(r->scan.threads > 0 ? r->scan.threads : scan_default_threads());
	if (r->mode->before_scan != NULL)
		r->mode->before_scan(r);
	scan_paths(o->paths, o->npaths, &r->scan, &r->m, &r->diags, &r->stats);
	if (o->jobs_auto && r->m.nmodules > 0)
		r->o.jobs = jobsadvice_jobs(&r->m, o->cores, o->mem_host);	/* the advised -j */
	if (r->m.nmodules > 0 && schedule_build_cores(&r->m, o->jobs, o->cores, &r->sched) == 0)
		r->sp = &r->sched;
	if ((r->mode->needs & RUN_BASELINE) && o->baseline != NULL) {
		/* The old build: a saved --list CSV or another tree, read alike. */
		struct scan_stats bstats;
		char *bpath[1];

		bpath[0] = (char *)o->baseline;
		scan_paths(bpath, 1, &r->scan, &r->base, &r->diags, &bstats);
		/* A baseline that is missing or damaged is input the gate could
		 * not read, not a library that is absent (77). */
		r->stats.unreadable += bstats.unreadable + bstats.named_missing;
		r->base_missing = bstats.named_missing;
		scan_stats_free(&bstats);
		r->have_base = 1;
	}
}

/*
 * The exit status of a run whose mode returned rc.  A gate's is the
 * verdict's, unless the input was not all read (gate_status); any other
 * mode's failure stands, then any problem with the input makes it 2.
 */
static int
run_status(const struct run *r, int rc)
{
	if (r->mode->needs & RUN_GATES)
		return gate_status(rc, &r->diags, &r->stats);
	if (rc != EXIT_CLEAN && rc != EXIT_NOTHING)
		return rc;
	if (r->diags.n > 0 || r->stats.named_missing > 0)
		return EXIT_TROUBLE;
	return rc;
}

/* Whether the mode shows a verdict: --check, the browser given a rule,
 * a report whose sections read one. */
static int
judging_wanted(const struct run *r)
{
	unsigned needs = r->mode->needs;

	if (needs & RUN_JUDGES)
		return r->mode->run != run_report || report_uses_verdict(&r->report);
	return (needs & RUN_JUDGES_IF_RULE) && gate_given(&r->o);
}

/*
 * A mode that writes an output says so when the scan found no image, no
 * row and no build log, and no message said why: an empty table is
 * otherwise no answer (a gate
 * says why there is nothing to judge, the browser shows its empty table).
 * A notice: the exit status stays.
 */
static void
nothing_found_notice(const struct run *r)
{
	const struct options *o = &r->o;

	if (!(r->mode->needs & RUN_OUTPUT) || (r->mode->needs & RUN_GATES))
		return;
	if (r->stats.images > 0 || r->stats.functions > 0 || r->m.nmodules > 0)
		return;
	if (r->diags.n > 0 || r->stats.unreadable > 0 || r->stats.named_missing > 0)
		return;		/* the messages say what was wrong instead */
	fputs("spillway: no device code under", stderr);
	for (int i = 0; i < o->npaths; i++)
		fprintf(stderr, " %s", o->paths[i]);
	fputs(o->npaths > 0 ? "\n" : " .\n", stderr);
}

/* Scans, judges once (--check prints the verdict, the report and the
 * browser's Check view render it), runs the mode and puts its output in
 * place; returns the exit status. */
static int
run_scanned(struct run *r)
{
	static char outbuf[1 << 20];
	unsigned needs = r->mode->needs;
	char err[512];
	int rc, keep, written;

	/* The browser writes no output: -o's file is left alone there. */
	if (outfile_open(&r->of, (needs & RUN_OUTPUT) ? r->o.output : NULL, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		return EXIT_TROUBLE;
	}
	r->of_open = 1;
	r->out = r->of.stream;
	setvbuf(r->out, outbuf, _IOFBF, sizeof outbuf);
	run_scan(r);
	fatal_doing((needs & RUN_OUTPUT) ? "writing" : NULL, r->of.name);
	r->scanned = clock_seconds(CLOCK_MONOTONIC);
	judge_config_from(&r->jc, r);
	/* One kernel in several files (copies.h): judged and shown once. */
	copies_find(&r->m, r->jc.vendored);
	if (r->have_base)
		copies_find(&r->base, r->jc.vendored);
	if (judging_wanted(r))
		judge_all(&r->jc, &r->m, &r->judged);
	else
		r->judged.vendored = r->jc.vendored;	/* the report's kernel groups mark them */
	r->judged_at = clock_seconds(CLOCK_MONOTONIC);
	rc = r->mode->run(r);
	if (write_pool_files(r) < 0 && rc != EXIT_INTERNAL)
		rc = EXIT_TROUBLE;
	r->ran = clock_seconds(CLOCK_MONOTONIC);

	keep = (needs & RUN_OUTPUT) && ((needs & RUN_GATES) || rc == EXIT_CLEAN) &&
	    r->stats.named_missing + r->base_missing == 0;
	written = finish_output(&r->of, keep);
	r->of_open = 0;
	for (size_t i = 0; i < r->diags.n; i++)
		diag_print(stderr, &r->diags.v[i]);
	namecache_notice(stderr, &r->stats.kept_mangled);	/* a notice: the exit status stays */
	buildsum_notices(stderr, &r->m);			/* likewise */
	nothing_found_notice(r);				/* likewise */
	if (r->o.stats)
		print_stats(r, clock_seconds(CLOCK_MONOTONIC));
	return written < 0 ? EXIT_TROUBLE : run_status(r, rc);
}

static void
run_init(struct run *r)
{
	memset(r, 0, sizeof *r);
	r->start = clock_seconds(CLOCK_MONOTONIC);
	model_init(&r->m);
	model_init(&r->base);
	allow_init(&r->allow, "");
}

/* The one clean-up path, from any point of a run. */
static void
run_free(struct run *r)
{
	if (r->of_open)
		outfile_discard(&r->of);
	tui_close(r->tui);
	diag_free(&r->diags);
	verdict_free(&r->judged);
	schedule_free(&r->sched);
	allow_free(&r->allow);
	scan_stats_free(&r->stats);
	model_free(&r->base);
	model_free(&r->m);
	options_free(&r->o);
}

/* --jobs=auto answers for this machine: its cores and memory where
 * --cores and --mem-host name none. */
static void
machine_from_host(struct options *o)
{
	if (!o->jobs_auto)
		return;
	if (o->cores == 0) {
		o->cores = host_cores();
		o->machine |= JOBSADVICE_MACHINE_CORES;
	}
	if (o->mem_host < 0 && (o->mem_host = host_memory()) >= 0) {
		o->mem_host_unit = BYTES_AUTO;
		o->machine |= JOBSADVICE_MACHINE_MEM;
	}
}

/* The mode the options ask for, from its checks to its status. */
static int
run_mode(struct run *r)
{
	int rc;

	if ((r->mode = mode_of(&r->o)) == NULL) {
		fprintf(stderr, "spillway: this mode is not implemented yet\n");
		return EXIT_TROUBLE;
	}
	machine_from_host(&r->o);	/* before the checks: the report's configuration takes it */
	if ((rc = run_check_options(r)) != EXIT_CLEAN)
		return rc;
	return (r->mode->needs & RUN_SCANS) ? run_scanned(r) : r->mode->run(r);
}

int
main(int argc, char **argv)
{
	static struct run r;
	int exit_now, rc;

	fatal_init(EXIT_TROUBLE);
	jsontext_init();
	run_init(&r);
	rc = options_parse(&r.o, argc, argv, &exit_now);
	if (!exit_now)		/* else --help, --version or a usage error: rc says which */
		rc = run_mode(&r);
	run_free(&r);
	return rc;
}
