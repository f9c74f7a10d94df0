/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "gitrev.h"
#include "occupancy.h"
#include "options.h"
#include "optiontable.h"
#include "poolfile.h"
#include "report.h"
#include "xalloc.h"

/* The values of the options that take one of a few words. */
static const struct option_word list_whats[] = {
	{ "functions", MODE_LIST },
	{ "images", MODE_LIST_IMAGES },
	{ "sizes", MODE_LIST_SIZES },
	{ NULL, 0 },
};
static const struct option_word formats[] = {
	{ "csv", FORMAT_CSV },
	{ "json", FORMAT_JSON },
	{ NULL, 0 },
};
static const struct option_word colors[] = {
	{ "auto", COLOR_AUTO },
	{ "always", COLOR_ALWAYS },
	{ "never", COLOR_NEVER },
	{ NULL, 0 },
};

static const char *list_what(size_t i) { return list_whats[i].word; }
static const char *format_name(size_t i) { return formats[i].word; }
static const char *color_name(size_t i) { return colors[i].word; }

/* --arch, --require-sass: the SASS arches data/arches.csv knows. */
static const char *
arch_name(size_t i)
{
	return i < arch_limits_count ? arch_limits_table[i].arch : NULL;
}

static const char *
section_name(size_t i)
{
	return i < report_nsections ? report_sections[i].name : NULL;
}

static const char *
vendored_word(size_t i)
{
	return i == 0 ? "no-namespace" : NULL;
}

/* The message for a value the option does not take, naming those it does. */
static void
say_values(const char *option, const char *(*value)(size_t), const char *got)
{
	fprintf(stderr, "spillway: --%s takes ", option);
	for (size_t i = 0; value(i) != NULL; i++)
		fprintf(stderr, "%s'%s'", i == 0 ? "" : value(i + 1) == NULL ? " or " : ", ", value(i));
	fprintf(stderr, ", not '%s'\n", got);
}

/* --arch=LIST and --require-sass=LIST: every item an arch a user may
 * name (arch_valid: --require-sass's SASS only).  Returns -1 with the
 * message printed. */
static int
parse_arches(struct strlist *l, const char *list, const char *option, int sass_only)
{
	size_t from = l->n;

	strlist_add_csv(l, list);
	for (size_t i = from; i < l->n; i++)
		if (!arch_valid(l->v[i], sass_only)) {
			fprintf(stderr, "spillway: --%s takes %sarches like %s, not '%s'\n",
			    option, sass_only ? "SASS " : "",
			    sass_only ? "86 or sm_90a" : "86, sm_90a or compute_75", l->v[i]);
			return -1;
		}
	return 0;
}

/* --require-target=LIST: every item an AMDGPU target. */
static int
parse_targets(struct strlist *l, const char *list, const char *option)
{
	size_t from = l->n;

	strlist_add_csv(l, list);
	for (size_t k = from; k < l->n; k++)
		if (!arch_is_amdgpu(l->v[k])) {
			fprintf(stderr, "spillway: --%s: '%s' is no AMDGPU target "
			    "(gfx906, gfx90a, gfx90a:xnack+, gfx1100)\n", option, l->v[k]);
			return -1;
		}
	return 0;
}

static int
parse_vendored(struct options *o, const char *arg)
{
	if (strcmp(arg, "no-namespace") == 0)
		o->vendored_no_namespace = 1;
	else
		strlist_add(&o->vendored, arg);
	return 0;
}

static int
parse_jobs(struct options *o, const char *arg)
{
	char *end;
	long v;

	if (strcmp(arg, "auto") == 0) {
		o->jobs_auto = 1;
		return 0;
	}
	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || errno != 0 || v < 1 || v > 4096) {
		fprintf(stderr, "spillway: --jobs takes a whole number from 1 to 4096, or auto, not '%s'\n",
		    arg);
		return -1;
	}
	o->jobs = (int)v;
	return 0;
}

/* --what-if=CHANGES: checked now, composed with the others given. */
static int
parse_whatif(struct options *o, const char *arg)
{
	char err[256];

	if (whatif_parse(&o->whatif, arg, err, sizeof err) < 0) {
		fprintf(stderr, "spillway: %s\n", err);
		return -1;
	}
	return 0;
}

static const struct option_table *options_table(void);

static int
print_help(struct options *o, const char *arg)
{
	(void)o;
	(void)arg;
	help_write(stdout, options_table());
	return 0;
}

/* --version, in the GNU form: name and version, then copyright, licence
 * and warranty (LICENSE holds the licence's text). */
static const char *const version_notice[] = {
	"Copyright (C) 2026 the spillway authors.",
	"License MIT: <https://opensource.org/licenses/MIT>.",
	"This is free software: you are free to change and redistribute it.",
	"There is NO WARRANTY, to the extent permitted by law.",
};

static int
print_version(struct options *o, const char *arg)
{
	(void)o;
	(void)arg;
	if (SPILLWAY_GIT_REV[0] != '\0')
		printf("%s (git %s)\n", PACKAGE_STRING, SPILLWAY_GIT_REV);
	else
		printf("%s\n", PACKAGE_STRING);
	for (size_t i = 0; i < sizeof version_notice / sizeof version_notice[0]; i++)
		printf("%s\n", version_notice[i]);
	return 0;
}

static int
print_completion(struct options *o, const char *arg)
{
	(void)o;
	if (completion_write(stdout, arg, options_table()) < 0) {
		say_values("completion", completion_shell, arg);
		return -1;
	}
	return 0;
}

#define FIELD(f)	.field = offsetof(struct options, f), \
			.field_size = sizeof ((struct options *)0)->f
#define COUNT(f, lo, hi)	.type = OPTION_COUNT, FIELD(f), .min = (lo), .max = (hi)
#define SIZE(f, plain)	.type = OPTION_SIZE, FIELD(f), \
			.unit_field = offsetof(struct options, f##_unit), .plain_unit = (plain)
#define FLAG(f)		.type = OPTION_FLAG, FIELD(f)
#define STRING(f)	.type = OPTION_STRING, FIELD(f)
#define STRINGS(f)	.type = OPTION_STRINGS, FIELD(f)
#define LIST(f)		.type = OPTION_LIST, FIELD(f)
#define MODE(m)		.type = OPTION_MODE, .mode = (m)
#define PARSE(fn)	.type = OPTION_PARSE, .parse = (fn)
#define EXIT(fn, rc)	.type = OPTION_EXIT, .parse = (fn), .exit_status = (rc)

/*
 * Every long option, once: what it sets and how, its help, and what the
 * shells offer for it.  An entry whose help is NULL is parsed but not yet
 * offered: --help lists only what works, and the man page documents
 * exactly the entries that have help text (tests/structure/man.sh); the completion
 * scripts offer the same (tests/e2e/completion.sh).  Short options are the
 * entries whose val is a letter.
 */
static const struct option_doc option_docs[] = {
	{ .opt = { "tui", no_argument, NULL, 0 }, MODE(MODE_TUI),
	  .help = "browse the kernels in the terminal",
	  .group = "Modes (default: --tui when stdin and stdout are terminals, else --summary)" },
	{ .opt = { "list", optional_argument, NULL, 0 }, MODE(MODE_LIST), .words = list_whats,
	  .arg = "WHAT",
	  .help = "rows as CSV: every (function, sm), the images, or where the bytes go",
	  .complete = COMPLETE_VALUE, .value = list_what, .help_values = 1 },
	{ .opt = { "summary", no_argument, NULL, 0 }, MODE(MODE_SUMMARY),
	  .help = "one line per library" },
	{ .opt = { "report", optional_argument, NULL, 0 }, MODE(MODE_REPORT), FIELD(report_format),
	  .arg = "FORMAT",
	  .help = "pull-request tables, the verdict as JSON, or the build as a trace",
	  .complete = COMPLETE_VALUE, .value = report_format_name, .help_values = 1 },
	{ .opt = { "format", required_argument, NULL, 0 }, .type = OPTION_WORD, .words = formats,
	  FIELD(format),
	  .arg = "FORMAT",
	  .help = "--list: CSV or JSON Lines; --check: the verdict as JSON",
	  .complete = COMPLETE_VALUE, .value = format_name, .help_values = 1 },
	{ .opt = { "check", no_argument, NULL, 0 }, MODE(MODE_CHECK),
	  .help = "gate: exit 1 on a violation (one VIOLATION line each)" },
	{ .opt = { "junit", required_argument, NULL, 0 }, STRING(junit),
	  .arg = "FILE",
	  .help = "--check: also JUnit XML, a test case per (kernel, sm)",
	  .complete = COMPLETE_FILE },
	{ .opt = { "update-allow", no_argument, NULL, 0 }, MODE(MODE_UPDATE_ALLOW),
	  .help = "write the measured maxima into the --allow table" },
	{ .opt = { "prune", no_argument, NULL, 0 }, FLAG(prune),
	  .help = "--update-allow: also remove the rows that match no gated kernel" },
	{ .opt = { "completion", required_argument, NULL, 0 }, EXIT(print_completion, 0),
	  .arg = "SHELL",
	  .help = "print the shell's completion script for spillway",
	  .complete = COMPLETE_VALUE, .value = completion_shell, .help_values = 1 },
	{ .opt = { "arch", required_argument, NULL, 0 }, .type = OPTION_ARCHES, FIELD(arches),
	  .arg = "LIST",
	  .help = "only these arches (86,sm_90a,...)",
	  .group = "What to read",
	  .complete = COMPLETE_VALUES, .value = arch_name },
	{ .opt = { "include", required_argument, NULL, 0 }, STRINGS(includes),
	  .arg = "GLOB",
	  .help = "only files whose path matches (repeatable)" },
	{ .opt = { "exclude", required_argument, NULL, 0 }, STRINGS(excludes),
	  .arg = "GLOB",
	  .help = "skip files whose path matches (repeatable)" },
	{ .opt = { "vendored", required_argument, NULL, 0 }, PARSE(parse_vendored),
	  .arg = "GLOB",
	  .help = "count and skip, never gate, these kernels (repeatable; no-namespace: the kernels outside every namespace)",
	  .complete = COMPLETE_VALUE, .value = vendored_word },
	{ .opt = { "log", required_argument, NULL, 0 }, STRINGS(logs),
	  .arg = "FILE",
	  .help = "read FILE as a build log (ptxas -v, .ninja_log, ...)",
	  .complete = COMPLETE_FILE },
	/* Each rule's option, in the rules' order (rules.h); then the
	 * options the build rule reads besides. */
	{ .type = OPTION_RULES, .group = "Gates of --check" },
	{ .opt = { "mem-host", required_argument, NULL, 0 }, SIZE(mem_host, BYTES_KIB),
	  .arg = "SIZE",
	  .help = "compiles at once whose peaks sum past SIZE fail" },
	{ .opt = { "jobs", required_argument, NULL, 0 }, PARSE(parse_jobs),
	  .arg = "N|auto",
	  .help = "simulate make -jN; auto: the -j for this machine's cores and memory (or --cores, --mem-host)" },
	{ .opt = { "cores", required_argument, NULL, 0 }, COUNT(cores, 1, 4096),
	  .arg = "N",
	  .help = "simulate on N cores (default: the recording machine's; --jobs=auto: this machine's)" },
	{ .opt = { "pool-file", required_argument, NULL, 0 }, STRINGS(pool_files),
	  .arg = "FORMAT:FILE",
	  .help = "--jobs=auto: write its -j and pool for a build system to FILE (repeatable)",
	  .value = poolfile_format_name, .help_values = 1 },
	{ .opt = { "empty-ok", no_argument, NULL, 0 }, FLAG(empty_ok),
	  .help = "nothing to judge exits 0, not 77" },
	{ .opt = { "sections", required_argument, NULL, 0 }, LIST(sections),
	  .arg = "LIST",
	  .help = "the report's sections, in its order",
	  .group = "Reports",
	  .complete = COMPLETE_VALUES, .value = section_name, .help_values = 1 },
	{ .opt = { "top", required_argument, NULL, 0 }, COUNT(top, 0, 1L << 30),
	  .arg = "N",
	  .help = "show N rows per table, fold the rest into <details>" },
	{ .opt = { "gpus", required_argument, NULL, 0 }, LIST(gpus),
	  .arg = "LIST",
	  .help = "GPUs for arch coverage (default: data/arches.csv)" },
	{ .opt = { "baseline", required_argument, NULL, 0 }, STRING(baseline),
	  .arg = "OLD",
	  .help = "report changes against an old --list CSV or build tree",
	  .complete = COMPLETE_FILE },
	{ .opt = { "what-if", required_argument, NULL, 0 }, PARSE(parse_whatif),
	  .arg = "CHANGES",
	  .help = "the files' bytes and GPUs after drop:sm_80,sm_86; drop-ptx:compute_80; ptx:none; compress=none|speed|balanced|size; compress-all (repeatable)" },
	{ .opt = { "max-bytes", required_argument, NULL, 0 }, COUNT(max_bytes, 1024, 1L << 40),
	  .arg = "N",
	  .help = "keep the Markdown under N bytes (default 65536)" },
	{ .opt = { "threads", required_argument, NULL, 'T' }, COUNT(threads, 1, 1024),
	  .arg = "N",
	  .help = "scan with N workers (default: the cores available)",
	  .group = "Output and the rest" },
	{ .opt = { "output", required_argument, NULL, 'o' }, STRING(output),
	  .arg = "FILE",
	  .help = "write to FILE (whole, or not at all), not stdout",
	  .complete = COMPLETE_FILE },
	{ .opt = { "color", required_argument, NULL, 0 }, .type = OPTION_WORD, .words = colors,
	  FIELD(color),
	  .arg = "WHEN",
	  .help = "colour on a terminal and in the browser; NO_COLOR",
	  .complete = COMPLETE_VALUE, .value = color_name, .help_values = 1 },
	{ .opt = { "stats", no_argument, NULL, 0 }, FLAG(stats),
	  .help = "the scan's counts, the run's timings and peak memory, on stderr" },
	{ .opt = { "quiet", no_argument, NULL, 'q' }, FLAG(quiet),
	  .help = "print no notices or library lines, only results" },
	{ .opt = { "help", no_argument, NULL, 'h' }, EXIT(print_help, 0),
	  .help = "show this help and exit" },
	{ .opt = { "version", no_argument, NULL, 'V' }, EXIT(print_version, 0),
	  .help = "show the version and exit" },
};

#define NDOCS (sizeof option_docs / sizeof option_docs[0])
/* The table with the rules' options in: at most one an entry of rules[]. */
#define NOPTIONS (NDOCS - 1 + RULE_COUNT)

/* spillway record's options, read before the command. */
static const struct option_doc record_option_docs[] = {
	{ .opt = { "log", required_argument, NULL, 0 }, STRING(record_log),
	  .arg = "FILE",
	  .help = "append the compile's line to FILE (default: $SPILLWAY_LOG)",
	  .complete = COMPLETE_FILE },
	{ .opt = { "module", required_argument, NULL, 0 }, STRING(record_module),
	  .arg = "NAME",
	  .help = "the module's name (default: the compile's -o argument)" },
};
static const size_t record_option_doc_count =
    sizeof record_option_docs / sizeof record_option_docs[0];

/* The option that asks for rule id, made from its row of rules[]. */
static struct option_doc
rule_option(int id)
{
	static const enum option_type types[] = {
		[RULE_ARG_FLAG] = OPTION_FLAG, [RULE_ARG_COUNT] = OPTION_COUNT,
		[RULE_ARG_SIZE] = OPTION_SIZE, [RULE_ARG_SASS_ARCHES] = OPTION_SASS_ARCHES,
		[RULE_ARG_AMD_TARGETS] = OPTION_AMD_TARGETS, [RULE_ARG_TEXT] = OPTION_STRING,
		[RULE_ARG_FILE] = OPTION_STRING,
	};
	const struct rule *r = &rules[id];
	size_t at = offsetof(struct options, rules) + offsetof(struct rule_values, v) +
	    (size_t)id * sizeof (struct rule_value);
	struct option_doc d = {
		.opt = { r->option, r->arg == RULE_ARG_FLAG ? no_argument : required_argument,
		    NULL, 0 },
		.arg = r->argname, .help = r->help, .type = types[r->arg],
		.field = at + offsetof(struct rule_value, n), .field_size = sizeof (int64_t),
		.unit_field = at + offsetof(struct rule_value, unit), .plain_unit = (int)r->plain_unit,
		.min = (long)r->min, .max = (long)r->max,
	};

	switch (r->arg) {
	case RULE_ARG_SASS_ARCHES:
	case RULE_ARG_AMD_TARGETS:
		d.field = at + offsetof(struct rule_value, list);
		d.field_size = sizeof (struct strlist);
		if (r->arg == RULE_ARG_SASS_ARCHES) {
			d.complete = COMPLETE_VALUES;
			d.value = arch_name;
		}
		break;
	case RULE_ARG_TEXT:
	case RULE_ARG_FILE:
		d.field = at + offsetof(struct rule_value, text);
		d.field_size = sizeof (const char *);
		d.complete = r->arg == RULE_ARG_FILE ? COMPLETE_FILE : COMPLETE_NONE;
		break;
	default:
		break;
	}
	return d;
}

/* option_docs with each rule's option where OPTION_RULES stands, made once. */
static const struct option_table *
options_table(void)
{
	static struct option_doc v[NOPTIONS];
	static struct option_table t;

	if (t.v != NULL)
		return &t;
	for (size_t i = 0; i < NDOCS; i++) {
		const char *group = option_docs[i].group;

		if (option_docs[i].type != OPTION_RULES) {
			v[t.n++] = option_docs[i];
			continue;
		}
		for (int id = 0; id < RULE_COUNT; id++)
			if (rules[id].option != NULL) {
				v[t.n] = rule_option(id);
				v[t.n++].group = group;
				group = NULL;	/* the heading opens the first */
			}
	}
	t.v = v;
	t.record = record_option_docs;
	t.nrecord = sizeof record_option_docs / sizeof record_option_docs[0];
	return &t;
}

/* The field of o an entry sets. */
#define AT(o, d, type)	((type *)(void *)((char *)(o) + (d)->field))

static void
set_int(struct options *o, const struct option_doc *d, int64_t v)
{
	if (d->field_size == sizeof (int64_t))
		*AT(o, d, int64_t) = v;
	else
		*AT(o, d, int) = (int)v;
}

/* The word arg among d's words: its value, or -1 with the message. */
static int
word_value(const struct option_doc *d, const char *arg, int *value)
{
	for (const struct option_word *w = d->words; w->word != NULL; w++)
		if (strcmp(arg, w->word) == 0) {
			*value = w->value;
			return 0;
		}
	say_values(d->opt.name, d->value, arg);
	return -1;
}

static int
set_count(struct options *o, const struct option_doc *d, const char *arg)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || errno != 0 || v < d->min || v > d->max) {
		fprintf(stderr, "spillway: --%s takes a whole number from %ld to %ld, not '%s'\n",
		    d->opt.name, d->min, d->max, arg);
		return -1;
	}
	set_int(o, d, v);
	return 0;
}

static int
set_size(struct options *o, const struct option_doc *d, const char *arg)
{
	enum bytes_unit unit = BYTES_AUTO;
	int64_t v = bytes_parse(arg, (enum bytes_unit)d->plain_unit, &unit);

	if (v < 0) {
		fprintf(stderr, "spillway: --%s takes a size (14GiB, 512M%s), not '%s'\n", d->opt.name,
		    d->plain_unit == BYTES_KIB ? ", or KiB as a plain number" : ", 2GB", arg);
		return -1;
	}
	set_int(o, d, v);
	*(enum bytes_unit *)(void *)((char *)o + d->unit_field) = unit;
	return 0;
}

static int
set_mode(struct options *o, enum mode m, const char *name)
{
	const struct option_table *t = options_table();

	if (o->mode != MODE_DEFAULT && o->mode != m) {
		size_t k = 0;

		/* The modes as the table lists them. */
		fprintf(stderr, "spillway: --%s: only one of ", name);
		for (size_t i = 0; i < t->n; i++)
			if (t->v[i].type == OPTION_MODE)
				fprintf(stderr, "%s--%s", k++ == 0 ? "" : ", ", t->v[i].opt.name);
		fprintf(stderr, "\n");
		return -1;
	}
	o->mode = m;
	return 0;
}

/* What d says to do with arg (NULL: none given): 0, or -1 with the message. */
static int
option_set(struct options *o, const struct option_doc *d, const char *arg)
{
	int value = 0;

	switch (d->type) {
	case OPTION_MODE:
		value = d->mode;
		if (d->words != NULL && arg != NULL && word_value(d, arg, &value) < 0)
			return -1;
		if (d->field_size != 0)	/* --report: the format, read when the mode runs */
			*AT(o, d, const char *) = arg;
		return set_mode(o, (enum mode)value, d->opt.name);
	case OPTION_FLAG:
		set_int(o, d, 1);
		return 0;
	case OPTION_COUNT:
		return set_count(o, d, arg);
	case OPTION_SIZE:
		return set_size(o, d, arg);
	case OPTION_STRING:
		*AT(o, d, const char *) = arg;
		return 0;
	case OPTION_STRINGS:
		strlist_add(AT(o, d, struct strlist), arg);
		return 0;
	case OPTION_LIST:
		strlist_add_csv(AT(o, d, struct strlist), arg);
		return 0;
	case OPTION_ARCHES:
	case OPTION_SASS_ARCHES:
		return parse_arches(AT(o, d, struct strlist), arg, d->opt.name,
		    d->type == OPTION_SASS_ARCHES);
	case OPTION_AMD_TARGETS:
		return parse_targets(AT(o, d, struct strlist), arg, d->opt.name);
	case OPTION_RULES:
		return -1;	/* replaced by the rules' options: never parsed */
	case OPTION_WORD:
		if (word_value(d, arg, &value) < 0)
			return -1;
		set_int(o, d, value);
		return 0;
	case OPTION_PARSE:
	case OPTION_EXIT:
		return d->parse(o, arg);
	}
	return -1;
}

/* spillway record [--log=FILE] [--module=NAME] [--] COMMAND...: its
 * options as --name=value or --name value, up to the command. */
static int
parse_record(struct options *o, int argc, char **argv)
{
	int i;

	o->mode = MODE_RECORD;
	for (i = 2; i < argc && strcmp(argv[i], "--") != 0 && argv[i][0] == '-'; i++) {
		const char *a = argv[i], *value = NULL;
		size_t k;

		for (k = 0; k < record_option_doc_count; k++) {
			const char *name = record_option_docs[k].opt.name;
			size_t len = strlen(name);

			if (strncmp(a, "--", 2) != 0 || strncmp(a + 2, name, len) != 0)
				continue;
			if (a[2 + len] == '=')
				value = a + 3 + len;
			else if (a[2 + len] == '\0' && i + 1 < argc)
				value = argv[++i];
			else
				continue;
			break;
		}
		if (k == record_option_doc_count) {
			fprintf(stderr, "spillway record: unknown option '%s'\n", a);
			return -1;
		}
		if (option_set(o, &record_option_docs[k], value) < 0)
			return -1;
	}
	if (i < argc && strcmp(argv[i], "--") == 0)
		i++;
	if (i >= argc) {
		fprintf(stderr, "spillway record: no command given (spillway record -- nvcc ...)\n");
		return -1;
	}
	o->record_argv = argv + i;
	return 0;
}

/* The unset values that are not 0: -1 for the limits no option gave. */
static void
options_defaults(struct options *o)
{
	const char *nc = getenv("NO_COLOR");

	memset(o, 0, sizeof *o);
	rule_values_init(&o->rules);
	o->mem_host = o->max_bytes = -1;
	o->top = -1;	/* unset: options_parse makes it 0 (all) and says it was not given */
	if (nc != NULL && *nc != '\0')
		o->color = COLOR_NEVER;
}

/* The checks across options, once all are read. */
static int
options_agree(const struct options *o)
{
	if (o->prune && o->mode != MODE_UPDATE_ALLOW) {
		fprintf(stderr, "spillway: --prune goes with --update-allow: the rows it removes are the table's\n");
		return -1;
	}
	for (size_t i = 0; i < o->pool_files.n; i++) {
		const char *v = o->pool_files.v[i], *colon = strchr(v, ':');

		if (colon == NULL || poolfile_format_of(v, (size_t)(colon - v)) < 0 || colon[1] == '\0') {
			fprintf(stderr, "spillway: --pool-file takes FORMAT:FILE, FORMAT ninja, cmake or env, not '%s'\n",
			    v);
			return -1;
		}
		if (!o->jobs_auto) {
			fprintf(stderr, "spillway: --pool-file goes with --jobs=auto: the -j and the pool it writes\n");
			return -1;
		}
	}
	return 0;
}

int
options_parse(struct options *o, int argc, char **argv, int *exit_now)
{
	const struct option_table *t = options_table();
	struct option longopts[NOPTIONS + 1];
	char shorts[2 * NOPTIONS + 1];
	size_t ns = 0;
	int c, at;

	options_defaults(o);
	*exit_now = 1;
	if (argc > 1 && strcmp(argv[1], "record") == 0) {
		o->top = 0;
		if (parse_record(o, argc, argv) < 0)
			return 2;
		*exit_now = 0;
		return 0;
	}

	/* getopt_long's tables from ours: val is the entry's index (past
	 * 255, so that no index reads as a short option), a letter for a
	 * short one. */
	for (size_t i = 0; i < t->n; i++) {
		const struct option_doc *d = &t->v[i];

		longopts[i] = d->opt;
		longopts[i].val = 256 + (int)i;
		if (option_short(d)) {
			shorts[ns++] = (char)d->opt.val;
			if (d->opt.has_arg == required_argument)
				shorts[ns++] = ':';
		}
	}
	shorts[ns] = '\0';
	memset(&longopts[t->n], 0, sizeof longopts[t->n]);

	/* getopt's messages name the program as argv[0] does: "spillway:",
	 * not "./spillway:". */
	if (argc > 0 && strrchr(argv[0], '/') != NULL)
		argv[0] = strrchr(argv[0], '/') + 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, shorts, longopts, &at)) != -1) {
		const struct option_doc *d = NULL;

		if (c >= 256)
			d = &t->v[c - 256];
		else
			for (size_t i = 0; i < t->n && d == NULL; i++)
				if (c != '?' && t->v[i].opt.val == c)
					d = &t->v[i];
		if (d == NULL) {
			fprintf(stderr, "Try 'spillway --help' for more information.\n");
			return 2;
		}
		if (option_set(o, d, optarg) < 0)
			return 2;
		if (d->type == OPTION_EXIT)
			return d->exit_status;
	}
	if (options_agree(o) < 0)
		return 2;
	o->top_given = o->top >= 0;
	if (!o->top_given)
		o->top = 0;
	o->paths = argv + optind;
	o->npaths = argc - optind;
	*exit_now = 0;
	return 0;
}

void
options_free(struct options *o)
{
	const struct option_table *t = options_table();

	for (size_t i = 0; i < t->n; i++) {
		const struct option_doc *d = &t->v[i];

		if (d->type == OPTION_STRINGS || d->type == OPTION_LIST || d->type == OPTION_ARCHES ||
		    d->type == OPTION_SASS_ARCHES || d->type == OPTION_AMD_TARGETS)
			strlist_free(AT(o, d, struct strlist));
	}
	strlist_free(&o->vendored);
	whatif_free(&o->whatif);
}
