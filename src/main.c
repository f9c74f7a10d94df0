/*
 * spillway: the command line.  Parse options, scan, then hand the model to
 * the mode asked for.  Only this file decides the exit status.
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
#include "clock.h"
#include "diag.h"
#include "judge.h"
#include "judge_build.h"
#include "judge_growth.h"
#include "listcsv.h"
#include "model.h"
#include "options.h"
#include "outfile.h"
#include "record.h"
#include "report.h"
#include "scan.h"
#include "schedule.h"
#include "summary.h"
#include "tui.h"
#include "trace.h"
#include "update.h"
#include "verdict.h"

#define EXIT_CLEAN	0
#define EXIT_VIOLATION	1
#define EXIT_TROUBLE	2
#define EXIT_NOTHING	77
#define EXIT_INTERNAL	99

/* --list writes rows while the scan goes on. */
static void
emit_text(void *ctx, const char *text, size_t len)
{
	fwrite(text, 1, len, ctx);
}

#define MIB (1024.0 * 1024.0)

/* --stats: what the scan found and what it cost. */
static void
print_stats(const struct scan_stats *st, const struct model *m, double total)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, "spillway: stats: %zu files, %zu images, %zu read, %zu functions; "
	    "walk %.3f s, read %.3f s on %d workers (gathering %.3f s of CPU), total %.3f s; "
	    "CPU %.3f s user %.3f s system; peak RSS %ld MiB "
	    "(decompression buffers %.1f MiB at most, %.0f MiB taken anew, %.0f MiB handed on; "
	    "names %.1f MiB, rows %.1f MiB)\n",
	    st->files_read, st->images, st->jobs, st->functions,
	    st->walk_seconds, st->read_seconds, st->workers, st->gather_cpu_seconds, total,
	    (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
	    ru.ru_maxrss / 1024, (double)st->buffer_peak / MIB,
	    (double)st->buffer_fresh / MIB, (double)st->buffer_handed / MIB,
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
}

/* The report's diff section, for the browser's Diff view. */
static void
diff_doc(struct rdoc *d, const struct options *o, const struct model *m, const struct model *base)
{
	struct options ro = *o;

	memset(&ro.sections, 0, sizeof ro.sections);
	strlist_add(&ro.sections, "diff");
	ro.max_bytes = -1;
	ro.top = 0;
	report_build(d, &ro, m, base, NULL);
	for (size_t i = 0; i < ro.sections.n; i++)
		free(ro.sections.v[i]);
	free(ro.sections.v);
}

/*
 * The judge's configuration, built once from the options: the vendored
 * rule, the allowances and limits, the build gates and --max-growth.
 * --check, --update-allow, the report and the browser share it.
 */
static void
judge_config_from(struct judge_config *c, const struct options *o, struct allow_table *allow,
    const struct vendored_rule *vendored, const struct scan_stats *stats,
    const struct build_gates *build, const struct schedule *sched,
    const struct model *base, const struct growth_rules *growth)
{
	memset(c, 0, sizeof *c);
	c->allow = allow;
	c->vendored = vendored;
	c->max_regs = o->max_regs;
	c->max_spill = o->max_spill;
	c->require_sass = &o->require_sass;
	c->stale_fails = o->stale_fails;
	c->stats = stats;
	c->build = build;
	c->sched = sched;
	c->base = base;
	c->growth = growth;
}

/* True when a rule is given, so that the browser offers its Check view. */
static int
rule_given(const struct options *o)
{
	return o->allow != NULL || o->mem_budget >= 0 || o->mem_host >= 0 || o->max_regs >= 0 ||
	    o->max_spill >= 0 || o->require_sass.n > 0;
}

/* Prints the findings: violations, notices and counts to out, the reasons
 * for "nothing to judge" to stderr. */
static void
print_verdict(FILE *out, const struct verdict *v, int quiet)
{
	for (size_t i = 0; i < v->n; i++) {
		const struct finding *f = &v->v[i];

		if (f->level == FINDING_NOTICE && quiet)
			continue;
		fprintf(f->level == FINDING_NOTHING ? stderr : out, "%s\n", f->text);
	}
}

/* The exit status of a judged run: unreadable input first, then
 * violations, then nothing to judge. */
static int
verdict_status(const struct verdict *v, const struct scan_stats *stats, int empty_ok)
{
	if (stats->unreadable > 0)
		return EXIT_TROUBLE;
	if (verdict_count(v, FINDING_VIOLATION) > 0)
		return EXIT_VIOLATION;
	if (verdict_count(v, FINDING_NOTHING) > 0 || v->counted == 0)
		return empty_ok ? EXIT_CLEAN : EXIT_NOTHING;
	return EXIT_CLEAN;
}

/*
 * --check: prints the verdict judge_all made (the kernel rules and the
 * build gates in one) and returns its status.
 */
static int
run_check(FILE *out, const struct options *o, const struct verdict *v,
    const struct scan_stats *stats)
{
	print_verdict(out, v, o->quiet);
	if (v->counted == 0 && verdict_count(v, FINDING_NOTHING) == 0)
		fprintf(stderr, "spillway: no entry function counted: nothing to judge\n");
	return verdict_status(v, stats, o->empty_ok);
}

static int
run_update(FILE *out, struct options *o, struct model *m, struct allow_table *allow,
    const struct judge_config *jc)
{
	struct judge_config c = *jc;
	const struct scan_stats *stats = jc->stats;
	struct verdict v = { 0 };
	struct update_counts n;
	struct judge_measure *ms;
	size_t nms;
	char err[512];
	int rc;

	c.allow = allow;
	judge_nothing(&c, m, &v);
	ms = judge_measure(&c, m, &nms);
	for (size_t i = 0; i < nms; i++)
		v.counted += ms[i].entries;
	rc = verdict_status(&v, stats, 0);
	if (rc != EXIT_CLEAN) {
		print_verdict(out, &v, o->quiet);
		fprintf(stderr, "spillway: %s left as it was\n", allow->file);
		if (rc == EXIT_NOTHING && o->empty_ok)
			rc = EXIT_CLEAN;
		goto done;
	}
	update_apply(allow, ms, nms, &v, &n);
	print_verdict(out, &v, o->quiet);
	if (update_write(allow, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		rc = EXIT_TROUBLE;
		goto done;
	}
	fprintf(out, "spillway: %s: written: %zu added, %zu tightened (stale), %zu raised, %zu removed, %zu unchanged, %zu kept unseen\n",
	    allow->file, n.added, n.tightened, n.raised, n.removed, n.kept, n.unseen);
done:
	free(ms);
	verdict_free(&v);
	return rc;
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

int
main(int argc, char **argv)
{
	struct options o;
	struct model m;
	struct diag_list diags = { 0 };
	struct scan_stats stats;
	struct scan_config cfg;
	struct schedule sched;
	const struct schedule *sp = NULL;
	struct allow_table allow;
	struct model base;
	int have_base = 0;
	size_t base_missing = 0;
	struct outfile of;
	struct growth_rules growth;
	struct vendored_rule vendored;
	struct build_gates gates;
	struct judge_config jc;
	struct verdict judged = { 0 };
	static char outbuf[1 << 20];
	char err[512];
	int exit_now, rc, check_rc = -1, judged_rc = 0, fatal_rc = -1;
	FILE *out;
	double start = clock_seconds(CLOCK_MONOTONIC);

	rc = options_parse(&o, argc, argv, &exit_now);
	if (exit_now)
		return rc;
	if (o.mode == MODE_RECORD) {
		rc = record_main(o.record_log, o.record_module, o.record_argv);
		options_free(&o);
		return rc;
	}
	if (o.mode == MODE_DEFAULT)
		o.mode = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) ? MODE_TUI : MODE_SUMMARY;

	if (o.max_growth != NULL) {
		if (o.mode != MODE_CHECK || o.baseline == NULL) {
			fprintf(stderr, "spillway: --max-growth goes with --check and --baseline=OLD\n");
			options_free(&o);
			return EXIT_TROUBLE;
		}
		if (growth_parse(o.max_growth, &growth, err, sizeof err) < 0) {
			fprintf(stderr, "spillway: %s\n", err);
			options_free(&o);
			return EXIT_TROUBLE;
		}
	}
	if (o.mode == MODE_UPDATE_ALLOW && o.allow == NULL) {
		fprintf(stderr, "spillway: --update-allow needs --allow=FILE, the table to write\n");
		options_free(&o);
		return EXIT_TROUBLE;
	}
	allow_init(&allow, "");
	if (o.allow != NULL && (o.mode == MODE_CHECK || o.mode == MODE_UPDATE_ALLOW ||
	    o.mode == MODE_TUI)) {
		allow_free(&allow);
		rc = allow_read(&allow, o.allow, err, sizeof err);
		if (rc < 0 || (rc == ALLOW_MISSING && o.mode == MODE_CHECK)) {
			if (rc < 0)
				fprintf(stderr, "spillway: %s\n", err);
			else
				fprintf(stderr, "spillway: %s: no such allowance table (--update-allow creates it)\n", o.allow);
			allow_free(&allow);
			options_free(&o);
			return EXIT_TROUBLE;
		}
	}
	if (o.mode == MODE_REPORT && strcmp(o.report_format, "trace") != 0 &&
	    report_check_options(&o) < 0) {
		allow_free(&allow);
		options_free(&o);
		return EXIT_TROUBLE;
	}

	memset(&cfg, 0, sizeof cfg);
	cfg.threads = o.threads;
	cfg.arches = &o.arches;
	cfg.includes = &o.includes;
	cfg.excludes = &o.excludes;
	cfg.logs = &o.logs;
	/* The browser writes no output: -o's file is left alone there. */
	if (outfile_open(&of, o.mode == MODE_TUI ? NULL : o.output, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		allow_free(&allow);
		options_free(&o);
		return EXIT_TROUBLE;
	}
	out = of.stream;
	setvbuf(out, outbuf, _IOFBF, sizeof outbuf);
	if (o.mode == MODE_LIST) {
		listcsv_write_header(out);
		cfg.format = listcsv_format_rows;
		cfg.emit = emit_text;
		cfg.ctx = out;
		cfg.emit_only = 1;
	}
	model_init(&m);
	scan_paths(o.paths, o.npaths, &cfg, &m, &diags, &stats);
	memset(&sched, 0, sizeof sched);
	if (m.nmodules > 0 && schedule_build(&m, o.jobs, &sched) == 0)
		sp = &sched;
	if ((o.mode == MODE_REPORT || o.mode == MODE_CHECK || o.mode == MODE_TUI) && o.baseline != NULL) {
		/* The old build: a saved --list CSV or another tree, read alike. */
		struct scan_stats bstats;
		char *bpath[1];

		bpath[0] = (char *)o.baseline;
		model_init(&base);
		scan_paths(bpath, 1, &cfg, &base, &diags, &bstats);
		/* A baseline that is missing or damaged is input the gate could
		 * not read, not a library that is absent (77). */
		stats.unreadable += bstats.unreadable + bstats.named_missing;
		base_missing = bstats.named_missing;
		scan_stats_free(&bstats);
		have_base = 1;
	}

	/* The judge, once: --check prints its verdict, the report and the
	 * browser's Check view render it. */
	vendored = (struct vendored_rule){ o.vendored.v, o.vendored.n, o.vendored_no_namespace };
	gates = (struct build_gates){ o.mem_budget, o.mem_host, o.jobs, o.mem_budget_unit, o.mem_host_unit };
	judge_config_from(&jc, &o, o.allow ? &allow : NULL, &vendored, &stats, &gates, sp,
	    have_base ? &base : NULL, o.max_growth ? &growth : NULL);
	if (o.mode == MODE_CHECK || (o.mode == MODE_TUI && rule_given(&o)) ||
	    (o.mode == MODE_REPORT && strcmp(o.report_format, "trace") != 0))
		judge_all(&jc, &m, &judged);

	if (o.mode == MODE_TUI) {
		struct rdoc diff = { 0 };

		if (have_base)
			diff_doc(&diff, &o, &m, &base);
		if (tui_run(&m, &o, rule_given(&o) ? &judged : NULL, have_base ? &diff : NULL,
		    diags.n + stats.named_missing) < 0)
			fatal_rc = EXIT_TROUBLE;
		rdoc_free(&diff);
		goto done;
	}

	switch (o.mode) {
	case MODE_LIST:
		break;
	case MODE_LIST_IMAGES:
		listcsv_write_images(out, &m);
		break;
	case MODE_SUMMARY:
		summary_write(out, &m);
		buildsum_write(out, &m, sp, o.top);
		break;
	case MODE_CHECK:
		judged_rc = run_check(out, &o, &judged, &stats);
		break;
	case MODE_UPDATE_ALLOW:
		judged_rc = run_update(out, &o, &m, &allow, &jc);
		break;
	case MODE_REPORT:
		if (strcmp(o.report_format, "trace") == 0) {
			if (sp == NULL) {
				fprintf(stderr, "spillway: --report=trace: no module with %s to lay out\n",
				    o.jobs > 0 ? "a wall time" : "a recorded start time (or give --jobs=N)");
				check_rc = EXIT_NOTHING;
				break;
			}
			trace_write(out, &m, sp);
			break;
		}
		if (report_write(out, &o, &m, have_base ? &base : NULL, &judged) < 0) {
			fprintf(stderr, "spillway: libcmark-gfm could not render the report\n");
			fatal_rc = EXIT_INTERNAL;
		}
		break;
	default:
		fprintf(stderr, "spillway: this mode is not implemented yet\n");
		fatal_rc = EXIT_TROUBLE;
		break;
	}
done:
	if (finish_output(&of, o.mode != MODE_TUI && fatal_rc < 0 && check_rc < 0 &&
	    stats.named_missing + base_missing == 0) < 0)
		fatal_rc = EXIT_TROUBLE;
	for (size_t i = 0; i < diags.n; i++)
		diag_print(stderr, &diags.v[i]);
	namecache_notice(stderr, &stats.kept_mangled);	/* a notice: the exit status stays */
	if (o.stats)
		print_stats(&stats, &m, clock_seconds(CLOCK_MONOTONIC) - start);

	rc = EXIT_CLEAN;
	if (fatal_rc >= 0)
		rc = fatal_rc;
	else if (o.mode == MODE_CHECK || o.mode == MODE_UPDATE_ALLOW)
		rc = gate_status(judged_rc, &diags, &stats);
	else if (diags.n > 0 || stats.named_missing > 0)
		rc = EXIT_TROUBLE;
	else if (check_rc >= 0)
		rc = check_rc;
	diag_free(&diags);
	verdict_free(&judged);
	schedule_free(&sched);
	allow_free(&allow);
	scan_stats_free(&stats);
	if (have_base)
		model_free(&base);
	model_free(&m);
	options_free(&o);
	return rc;
}
