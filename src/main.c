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

#include "diag.h"
#include "listcsv.h"
#include "model.h"
#include "options.h"
#include "report.h"
#include "scan.h"
#include "summary.h"
#include "tui.h"

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

static FILE *
open_output(const struct options *o)
{
	FILE *f;

	if (o->output == NULL || strcmp(o->output, "-") == 0)
		return stdout;
	f = fopen(o->output, "w");
	if (f == NULL)
		perror(o->output);
	return f;
}

/* --stats: what the scan found and what it cost. */
static void
print_stats(const struct scan_stats *st, const struct model *m, double total)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, "spillway: stats: %zu files, %zu images, %zu read, %zu functions; "
	    "walk %.3f s, read %.3f s on %d workers, total %.3f s; "
	    "CPU %.3f s user %.3f s system; peak RSS %ld MiB\n",
	    st->files_read, st->images, st->jobs, m->nfuncs,
	    st->walk_seconds, st->read_seconds, st->workers, total,
	    (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
	    ru.ru_maxrss / 1024);
}

static double
now_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	struct options o;
	struct model m;
	struct diag_list diags = { 0 };
	struct scan_stats stats;
	struct scan_config cfg;
	struct model base;
	int have_base = 0;
	static char outbuf[1 << 20];
	int exit_now, rc;
	FILE *out;
	double start = now_seconds();

	rc = options_parse(&o, argc, argv, &exit_now);
	if (exit_now)
		return rc;
	if (o.mode == MODE_RECORD) {
		fprintf(stderr, "spillway: record is not implemented yet\n");
		return EXIT_TROUBLE;
	}
	if (o.mode == MODE_DEFAULT)
		o.mode = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) ? MODE_TUI : MODE_SUMMARY;

	if (o.mode == MODE_REPORT && report_check_options(&o) < 0) {
		options_free(&o);
		return EXIT_TROUBLE;
	}

	memset(&cfg, 0, sizeof cfg);
	cfg.threads = o.threads;
	cfg.arches = &o.arches;
	cfg.includes = &o.includes;
	cfg.excludes = &o.excludes;
	out = open_output(&o);
	if (out == NULL)
		return EXIT_TROUBLE;
	setvbuf(out, outbuf, _IOFBF, sizeof outbuf);
	if (o.mode == MODE_LIST) {
		listcsv_write_header(out);
		cfg.format = listcsv_format_rows;
		cfg.emit = emit_text;
		cfg.ctx = out;
	}
	model_init(&m);
	scan_paths(o.paths, o.npaths, &cfg, &m, &diags, &stats);
	if (o.mode == MODE_REPORT && o.baseline != NULL) {
		/* The old build: a saved --list CSV or another tree, read alike. */
		struct scan_stats bstats;
		char *bpath[1];

		bpath[0] = (char *)o.baseline;
		model_init(&base);
		scan_paths(bpath, 1, &cfg, &base, &diags, &bstats);
		stats.named_missing += bstats.named_missing;
		have_base = 1;
	}

	if (o.mode == MODE_TUI) {
		if (tui_run(&m, &o, NULL, diags.n + stats.named_missing) < 0)
			rc = EXIT_TROUBLE;
		else
			rc = EXIT_CLEAN;
		for (size_t i = 0; i < diags.n; i++)
			diag_print(stderr, &diags.v[i]);
		if (diags.n > 0 || stats.named_missing > 0)
			rc = EXIT_TROUBLE;
		diag_free(&diags);
		model_free(&m);
		options_free(&o);
		return rc;
	}

	switch (o.mode) {
	case MODE_LIST:
		break;
	case MODE_LIST_IMAGES:
		listcsv_write_images(out, &m);
		break;
	case MODE_SUMMARY:
		summary_write(out, &m);
		break;
	case MODE_REPORT:
		if (report_write(out, &o, &m, have_base ? &base : NULL) < 0) {
			fprintf(stderr, "spillway: libcmark-gfm could not render the report\n");
			return EXIT_INTERNAL;
		}
		break;
	default:
		fprintf(stderr, "spillway: this mode is not implemented yet\n");
		return EXIT_TROUBLE;
	}
	if (fflush(out) != 0 || ferror(out)) {
		perror("spillway: writing output");
		return EXIT_TROUBLE;
	}
	for (size_t i = 0; i < diags.n; i++)
		diag_print(stderr, &diags.v[i]);
	if (o.stats)
		print_stats(&stats, &m, now_seconds() - start);

	rc = EXIT_CLEAN;
	if (diags.n > 0 || stats.named_missing > 0)
		rc = EXIT_TROUBLE;
	diag_free(&diags);
	if (have_base)
		model_free(&base);
	model_free(&m);
	options_free(&o);
	return rc;
}
