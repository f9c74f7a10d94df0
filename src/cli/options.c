#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "gitrev.h"
#include "occupancy.h"
#include "options.h"
#include "optiontable.h"
#include "report.h"
#include "xalloc.h"

enum {
	OPT_TUI = 256, OPT_LIST, OPT_SUMMARY, OPT_REPORT, OPT_CHECK,
	OPT_UPDATE_ALLOW, OPT_ARCH, OPT_INCLUDE, OPT_EXCLUDE, OPT_VENDORED,
	OPT_LOG, OPT_ALLOW, OPT_MEM_BUDGET, OPT_MEM_HOST, OPT_JOBS,
	OPT_REQUIRE_SASS, OPT_MAX_SPILL, OPT_MAX_REGS, OPT_MAX_GROWTH,
	OPT_STALE_FAILS, OPT_EMPTY_OK, OPT_SECTIONS, OPT_TOP, OPT_GPUS,
	OPT_BASELINE, OPT_MAX_BYTES, OPT_COLOR, OPT_STATS,
	OPT_FORMAT, OPT_JUNIT,
	/* launch (issue 27) */
	OPT_LAUNCHABLE, OPT_MAX_LOCAL_RESERVE, OPT_REQUIRE_DRIVER, OPT_DEPLOYABLE,
	OPT_REQUIRE_TARGET,
	/* AMD spills (issue 28) */
	OPT_MAX_VGPR_SPILL,
	/* build (issue 25) */
	OPT_CORES,
	OPT_COMPLETION,
};

/* The values of the options that take one of a few words. */
struct word_value {
	const char	*word;
	int		 value;
};

static const struct word_value list_whats[] = {
	{ "functions", MODE_LIST },
	{ "images", MODE_LIST_IMAGES },
	{ "sizes", MODE_LIST_SIZES },
};
static const struct word_value formats[] = {
	{ "csv", 0 },
	{ "json", 0 },
};
static const struct word_value colors[] = {
	{ "auto", COLOR_AUTO },
	{ "always", COLOR_ALWAYS },
	{ "never", COLOR_NEVER },
};
#define WORDS(t)	(t), sizeof (t) / sizeof (t)[0]

static const char *
word_at(const struct word_value *t, size_t n, size_t i)
{
	return i < n ? t[i].word : NULL;
}

static const char *list_what(size_t i) { return word_at(WORDS(list_whats), i); }
static const char *format_name(size_t i) { return word_at(WORDS(formats), i); }
static const char *color_name(size_t i) { return word_at(WORDS(colors), i); }

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

/* The word w among t's, its value in *value; else the message and -1. */
static int
word_parse(const char *option, const struct word_value *t, size_t n,
    const char *(*value)(size_t), const char *w, int *out)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(w, t[i].word) == 0) {
			*out = t[i].value;
			return 0;
		}
	say_values(option, value, w);
	return -1;
}

/*
 * Every long option, once.  An entry whose help is NULL is parsed but not
 * yet offered: --help lists only what works, and the man page documents
 * exactly the entries that have help text (tests/man.sh); the completion
 * scripts offer the same (tests/completion.sh).
 */
static const struct option_doc option_docs[] = {
	{ .opt = { "tui", no_argument, NULL, OPT_TUI },
	  .help = "browse the kernels in the terminal",
	  .group = "Modes (default: --tui when stdin and stdout are terminals, else --summary)" },
	{ .opt = { "list", optional_argument, NULL, OPT_LIST },
	  .arg = "WHAT",
	  .help = "rows as CSV: every (function, sm), the images, or where the bytes go",
	  .complete = COMPLETE_VALUE, .value = list_what, .help_values = 1 },
	{ .opt = { "summary", no_argument, NULL, OPT_SUMMARY },
	  .help = "one line per library" },
	{ .opt = { "report", optional_argument, NULL, OPT_REPORT },
	  .arg = "FORMAT",
	  .help = "pull-request tables, the verdict as JSON, or the build as a trace",
	  .complete = COMPLETE_VALUE, .value = report_format_name, .help_values = 1 },
	{ .opt = { "format", required_argument, NULL, OPT_FORMAT },
	  .arg = "FORMAT",
	  .help = "--list: CSV or JSON Lines; --check: the verdict as JSON",
	  .complete = COMPLETE_VALUE, .value = format_name, .help_values = 1 },
	{ .opt = { "check", no_argument, NULL, OPT_CHECK },
	  .help = "gate: exit 1 on a violation (one VIOLATION line each)" },
	{ .opt = { "junit", required_argument, NULL, OPT_JUNIT },
	  .arg = "FILE",
	  .help = "--check: also JUnit XML, a test case per (kernel, sm)",
	  .complete = COMPLETE_FILE },
	{ .opt = { "update-allow", no_argument, NULL, OPT_UPDATE_ALLOW },
	  .help = "write the measured maxima into the --allow table" },
	{ .opt = { "completion", required_argument, NULL, OPT_COMPLETION },
	  .arg = "SHELL",
	  .help = "print the shell's completion script for spillway",
	  .complete = COMPLETE_VALUE, .value = completion_shell, .help_values = 1 },
	{ .opt = { "arch", required_argument, NULL, OPT_ARCH },
	  .arg = "LIST",
	  .help = "only these arches (86,sm_90a,...)",
	  .group = "What to read",
	  .complete = COMPLETE_VALUES, .value = arch_name },
	{ .opt = { "include", required_argument, NULL, OPT_INCLUDE },
	  .arg = "GLOB",
	  .help = "only files whose path matches (repeatable)" },
	{ .opt = { "exclude", required_argument, NULL, OPT_EXCLUDE },
	  .arg = "GLOB",
	  .help = "skip files whose path matches (repeatable)" },
	{ .opt = { "vendored", required_argument, NULL, OPT_VENDORED },
	  .arg = "GLOB",
	  .help = "count and skip, never gate, these kernels (repeatable; no-namespace: " "the kernels outside every namespace)",
	  .complete = COMPLETE_VALUE, .value = vendored_word },
	{ .opt = { "log", required_argument, NULL, OPT_LOG },
	  .arg = "FILE",
	  .help = "read FILE as a build log (ptxas -v, .ninja_log, ...)",
	  .complete = COMPLETE_FILE },
	{ .opt = { "allow", required_argument, NULL, OPT_ALLOW },
	  .arg = "FILE",
	  .help = "allowance table: kernel,sm,stack,local,note",
	  .group = "Gates of --check",
	  .complete = COMPLETE_FILE },
	{ .opt = { "mem-budget", required_argument, NULL, OPT_MEM_BUDGET },
	  .arg = "SIZE",
	  .help = "a compile's peak RSS over SIZE fails (plain: KiB)" },
	{ .opt = { "mem-host", required_argument, NULL, OPT_MEM_HOST },
	  .arg = "SIZE",
	  .help = "compiles at once whose peaks sum past SIZE fail" },
	{ .opt = { "jobs", required_argument, NULL, OPT_JOBS },
	  .arg = "N|auto",
	  .help = "simulate make -jN; auto: the largest -j that fits --mem-host" },
	{ .opt = { "cores", required_argument, NULL, OPT_CORES },
	  .arg = "N",
	  .help = "simulate on N cores (default: the recording machine's)" },
	{ .opt = { "require-sass", required_argument, NULL, OPT_REQUIRE_SASS },
	  .arg = "LIST",
	  .help = "every library carries SASS for these (86,sm_90a)",
	  .complete = COMPLETE_VALUES, .value = arch_name },
	{ .opt = { "require-target", required_argument, NULL, OPT_REQUIRE_TARGET },
	  .arg = "LIST",
	  .help = "AMDGPU code runs on these GPUs (gfx90a,gfx1100)" },
	{ .opt = { "max-spill", required_argument, NULL, OPT_MAX_SPILL },
	  .arg = "BYTES",
	  .help = "no kernel may spill (store or load) more than BYTES" },
	{ .opt = { "max-vgpr-spill", required_argument, NULL, OPT_MAX_VGPR_SPILL },
	  .arg = "N",
	  .help = "no AMD GPU kernel may spill more than N VGPRs" },
	{ .opt = { "max-regs", required_argument, NULL, OPT_MAX_REGS },
	  .arg = "N",
	  .help = "no kernel may use more than N registers" },
	{ .opt = { "max-growth", required_argument, NULL, OPT_MAX_GROWTH },
	  .arg = "RULE",
	  .help = "growth past --baseline allowed: stack:0,reg:8; bytes:2%, bytes:8MiB" },
	{ .opt = { "launchable", no_argument, NULL, OPT_LAUNCHABLE },
	  .help = "every kernel launches at its bound (or 1024)" },
	{ .opt = { "max-local-reserve", required_argument, NULL, OPT_MAX_LOCAL_RESERVE },
	  .arg = "SIZE",
	  .help = "no stack frame reserves more local memory on a GPU" },
	{ .opt = { "require-driver", required_argument, NULL, OPT_REQUIRE_DRIVER },
	  .arg = "R535",
	  .help = "every image loads (SASS) or JITs (PTX) on this driver" },
	{ .opt = { "deployable", no_argument, NULL, OPT_DEPLOYABLE },
	  .help = "no default-arch-only library, PTX for the newest" },
	{ .opt = { "stale-fails", no_argument, NULL, OPT_STALE_FAILS },
	  .help = "allowances looser than measured fail the check" },
	{ .opt = { "empty-ok", no_argument, NULL, OPT_EMPTY_OK },
	  .help = "nothing to judge exits 0, not 77" },
	{ .opt = { "sections", required_argument, NULL, OPT_SECTIONS },
	  .arg = "LIST",
	  .help = "the report's sections, in its order",
	  .group = "Reports",
	  .complete = COMPLETE_VALUES, .value = section_name, .help_values = 1 },
	{ .opt = { "top", required_argument, NULL, OPT_TOP },
	  .arg = "N",
	  .help = "show N rows per table, fold the rest into <details>" },
	{ .opt = { "gpus", required_argument, NULL, OPT_GPUS },
	  .arg = "LIST",
	  .help = "GPUs for arch coverage (default: data/arches.csv)" },
	{ .opt = { "baseline", required_argument, NULL, OPT_BASELINE },
	  .arg = "OLD",
	  .help = "report changes against an old --list CSV or build tree",
	  .complete = COMPLETE_FILE },
	{ .opt = { "max-bytes", required_argument, NULL, OPT_MAX_BYTES },
	  .arg = "N",
	  .help = "keep the Markdown under N bytes (default 65536)" },
	{ .opt = { "threads", required_argument, NULL, 'T' },
	  .arg = "N",
	  .help = "scan with N workers (default: the cores available)",
	  .group = "Output and the rest" },
	{ .opt = { "output", required_argument, NULL, 'o' },
	  .arg = "FILE",
	  .help = "write to FILE (whole, or not at all), not stdout",
	  .complete = COMPLETE_FILE },
	{ .opt = { "color", required_argument, NULL, OPT_COLOR },
	  .arg = "WHEN",
	  .help = "colour on a terminal and in the browser; NO_COLOR",
	  .complete = COMPLETE_VALUE, .value = color_name, .help_values = 1 },
	{ .opt = { "stats", no_argument, NULL, OPT_STATS },
	  .help = "the scan's counts, the run's timings and peak memory, on stderr" },
	{ .opt = { "quiet", no_argument, NULL, 'q' },
	  .help = "print no notices or library lines, only results" },
	{ .opt = { "help", no_argument, NULL, 'h' },
	  .help = "show this help and exit" },
	{ .opt = { "version", no_argument, NULL, 'V' },
	  .help = "show the version and exit" },
};

#define NOPTIONS (sizeof option_docs / sizeof option_docs[0])

size_t
option_doc_count(void)
{
	return NOPTIONS;
}

const struct option_doc *
option_doc_at(size_t i)
{
	return i < NOPTIONS ? &option_docs[i] : NULL;
}

/* spillway record's options, read before the command. */
enum { RECORD_LOG, RECORD_MODULE };
const struct option_doc record_option_docs[] = {
	[RECORD_LOG] = { .opt = { "log", required_argument, NULL, RECORD_LOG }, .arg = "FILE",
	  .help = "append the compile's line to FILE (default: $SPILLWAY_LOG)",
	  .complete = COMPLETE_FILE },
	[RECORD_MODULE] = { .opt = { "module", required_argument, NULL, RECORD_MODULE },
	  .arg = "NAME", .help = "the module's name (default: the compile's -o argument)" },
};
const size_t record_option_doc_count = sizeof record_option_docs / sizeof record_option_docs[0];

static int
parse_count(const char *opt, const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || errno != 0 || v < min || v > max) {
		fprintf(stderr, "spillway: --%s takes a whole number from %ld to %ld, not '%s'\n",
		    opt, min, max, s);
		return -1;
	}
	*out = v;
	return 0;
}

/*
 * --arch=LIST and --require-sass=LIST: every item an arch as arch_parse
 * reads it (86, sm_90a, compute_75) and of a generation data/arches.csv
 * knows (its newest major at most: sm_999 is no GPU); for --require-sass
 * a SASS arch (compute_75 is PTX).  Returns -1 with the message printed.
 */
struct arch_list_rule {
	const char	*option;
	int		 sass_only;
	const char	*examples;
};

static const struct arch_list_rule arch_rule = { "--arch", 0, "86, sm_90a or compute_75" };
static const struct arch_list_rule require_sass_rule = { "--require-sass", 1, "86 or sm_90a" };

static int
parse_arches(struct strlist *l, const char *list, const struct arch_list_rule *rule)
{
	int newest = 0;
	size_t from = l->n;

	for (size_t i = 0; i < arch_limits_count; i++) {
		struct arch_id a;

		if (arch_parse(arch_limits_table[i].arch, &a) == 0 && a.major > newest)
			newest = a.major;
	}
	strlist_add_csv(l, list);
	for (size_t i = from; i < l->n; i++) {
		struct arch_id a;

		if (!rule->sass_only && arch_is_amdgpu(l->v[i]))
			continue;	/* an AMDGPU target: gfx906, gfx90a:xnack+ */
		if (arch_parse(l->v[i], &a) < 0 || a.major > newest || (rule->sass_only && a.ptx)) {
			fprintf(stderr, "spillway: %s takes %sarches like %s, not '%s'\n",
			    rule->option, rule->sass_only ? "SASS " : "", rule->examples, l->v[i]);
			return -1;
		}
	}
	return 0;
}

static int
set_mode(struct options *o, enum mode m, const char *name)
{
	if (o->mode != MODE_DEFAULT && o->mode != m) {
		fprintf(stderr, "spillway: --%s cannot be combined with another mode\n", name);
		return -1;
	}
	o->mode = m;
	return 0;
}

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
		if (k == RECORD_LOG)
			o->record_log = value;
		else
			o->record_module = value;
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

int
options_parse(struct options *o, int argc, char **argv, int *exit_now)
{
	struct option longopts[NOPTIONS + 1];
	const char *nc;
	long n;
	int c;

	memset(o, 0, sizeof *o);
	o->mem_budget = o->mem_host = o->max_spill = o->max_regs = o->max_bytes = -1;
	o->max_local_reserve = -1;
	o->max_vgpr_spill = -1;
	*exit_now = 0;
	nc = getenv("NO_COLOR");
	if (nc != NULL && *nc != '\0')
		o->color = COLOR_NEVER;

	if (argc > 1 && strcmp(argv[1], "record") == 0) {
		if (parse_record(o, argc, argv) < 0) {
			*exit_now = 1;
			return 2;
		}
		return 0;
	}

	for (size_t i = 0; i < NOPTIONS; i++)
		longopts[i] = option_docs[i].opt;
	memset(&longopts[NOPTIONS], 0, sizeof longopts[NOPTIONS]);

	/* getopt's messages name the program as argv[0] does: "spillway:",
	 * not "./spillway:". */
	if (argc > 0 && strrchr(argv[0], '/') != NULL)
		argv[0] = strrchr(argv[0], '/') + 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "T:o:qhV", longopts, NULL)) != -1) {
		int bad = 0;

		switch (c) {
		case OPT_TUI:		bad = set_mode(o, MODE_TUI, "tui"); break;
		case OPT_SUMMARY:	bad = set_mode(o, MODE_SUMMARY, "summary"); break;
		case OPT_CHECK:		bad = set_mode(o, MODE_CHECK, "check"); break;
		case OPT_UPDATE_ALLOW:	bad = set_mode(o, MODE_UPDATE_ALLOW, "update-allow"); break;
		case OPT_LIST: {
			int m = MODE_LIST;

			if (optarg != NULL && word_parse("list", WORDS(list_whats), list_what, optarg, &m) < 0)
				bad = -1;
			else
				bad = set_mode(o, (enum mode)m, "list");
			break;
		}
		case OPT_REPORT:
			bad = set_mode(o, MODE_REPORT, "report");
			o->report_format = optarg ? optarg : "markdown";
			break;
		case OPT_ARCH:		bad = parse_arches(&o->arches, optarg, &arch_rule); break;
		case OPT_INCLUDE:	strlist_add(&o->includes, optarg); break;
		case OPT_EXCLUDE:	strlist_add(&o->excludes, optarg); break;
		case OPT_VENDORED:
			if (strcmp(optarg, "no-namespace") == 0)
				o->vendored_no_namespace = 1;
			else
				strlist_add(&o->vendored, optarg);
			break;
		case OPT_LOG:		strlist_add(&o->logs, optarg); break;
		case OPT_ALLOW:		o->allow = optarg; break;
		case OPT_MEM_BUDGET:
		case OPT_MEM_HOST: {
			enum bytes_unit unit = BYTES_AUTO;
			int64_t v = bytes_parse(optarg, BYTES_KIB, &unit);	/* plain: KiB, as GNU time */
			if (v < 0) {
				fprintf(stderr, "spillway: --%s takes a size (14GiB, 512M, or KiB as a plain number), not '%s'\n",
				    c == OPT_MEM_BUDGET ? "mem-budget" : "mem-host", optarg);
				bad = -1;
			} else if (c == OPT_MEM_BUDGET) {
				o->mem_budget = v;
				o->mem_budget_unit = unit;
			} else {
				o->mem_host = v;
				o->mem_host_unit = unit;
			}
			break;
		}
		case OPT_JOBS:
			if (strcmp(optarg, "auto") == 0)
				o->jobs_auto = 1;
			else if ((bad = parse_count("jobs", optarg, 1, 4096, &n)) == 0)
				o->jobs = (int)n;
			break;
		case OPT_CORES:
			if ((bad = parse_count("cores", optarg, 1, 4096, &n)) == 0)
				o->cores = (int)n;
			break;
		case OPT_REQUIRE_SASS:	bad = parse_arches(&o->require_sass, optarg, &require_sass_rule); break;
		case OPT_REQUIRE_TARGET:
			strlist_add_csv(&o->require_target, optarg);
			for (size_t k = 0; k < o->require_target.n && bad == 0; k++)
				if (!arch_is_amdgpu(o->require_target.v[k])) {
					fprintf(stderr, "spillway: --require-target: '%s' is no AMDGPU target "
					    "(gfx906, gfx90a, gfx90a:xnack+, gfx1100)\n", o->require_target.v[k]);
					bad = -1;
				}
			break;
		case OPT_MAX_SPILL:
			if ((bad = parse_count("max-spill", optarg, 0, 1L << 40, &n)) == 0)
				o->max_spill = n;
			break;
		case OPT_MAX_VGPR_SPILL:
			if ((bad = parse_count("max-vgpr-spill", optarg, 0, 1L << 30, &n)) == 0)
				o->max_vgpr_spill = n;
			break;
		case OPT_MAX_REGS:
			if ((bad = parse_count("max-regs", optarg, 0, 255, &n)) == 0)
				o->max_regs = n;
			break;
		case OPT_MAX_GROWTH:	o->max_growth = optarg; break;
		/* launch (issue 27) */
		case OPT_LAUNCHABLE:	o->launchable = 1; break;
		case OPT_DEPLOYABLE:	o->deployable = 1; break;
		case OPT_REQUIRE_DRIVER: o->require_driver = optarg; break;
		case OPT_MAX_LOCAL_RESERVE:
			o->max_local_reserve = bytes_parse(optarg, BYTES_B, &o->max_local_reserve_unit);
			if (o->max_local_reserve < 0) {
				fprintf(stderr, "spillway: --max-local-reserve: '%s' is not a size (512MiB, 2GB)\n",
				    optarg);
				bad = -1;
			}
			break;
		case OPT_STALE_FAILS:	o->stale_fails = 1; break;
		case OPT_EMPTY_OK:	o->empty_ok = 1; break;
		case OPT_SECTIONS:	strlist_add_csv(&o->sections, optarg); break;
		case OPT_TOP:
			if ((bad = parse_count("top", optarg, 0, 1L << 30, &n)) == 0)
				o->top = (int)n;
			break;
		case OPT_GPUS:		strlist_add_csv(&o->gpus, optarg); break;
		case OPT_BASELINE:	o->baseline = optarg; break;
		case OPT_MAX_BYTES:
			if ((bad = parse_count("max-bytes", optarg, 1024, 1L << 40, &n)) == 0)
				o->max_bytes = n;
			break;
		case OPT_JUNIT:		o->junit = optarg; break;
		case OPT_FORMAT: {
			int unused;

			bad = word_parse("format", WORDS(formats), format_name, optarg, &unused);
			o->format = optarg;
			break;
		}
		case OPT_COLOR: {
			int color = COLOR_AUTO;

			bad = word_parse("color", WORDS(colors), color_name, optarg, &color);
			o->color = (enum color)color;
			break;
		}
		case OPT_COMPLETION:
			if (completion_write(stdout, optarg) < 0) {
				say_values("completion", completion_shell, optarg);
				*exit_now = 1;
				return 2;
			}
			*exit_now = 1;
			return 0;
		case 'T':
			if ((bad = parse_count("threads", optarg, 1, 1024, &n)) == 0)
				o->threads = (int)n;
			break;
		case 'o':		o->output = optarg; break;
		case 'q':		o->quiet = 1; break;
		case OPT_STATS:		o->stats = 1; break;
		case 'h':
			help_write(stdout);
			*exit_now = 1;
			return 0;
		case 'V':
			if (SPILLWAY_GIT_REV[0] != '\0')
				printf("%s (git %s)\n", PACKAGE_STRING, SPILLWAY_GIT_REV);
			else
				printf("%s\n", PACKAGE_STRING);
			*exit_now = 1;
			return 0;
		default:
			fprintf(stderr, "Try 'spillway --help' for more information.\n");
			*exit_now = 1;
			return 2;
		}
		if (bad) {
			*exit_now = 1;
			return 2;
		}
	}
	if (o->jobs_auto && o->mem_host < 0) {
		fprintf(stderr, "spillway: --jobs=auto needs --mem-host=SIZE: the host the -j must fit\n");
		*exit_now = 1;
		return 2;
	}
	o->paths = argv + optind;
	o->npaths = argc - optind;
	return 0;
}

void
options_free(struct options *o)
{
	strlist_free(&o->arches);
	strlist_free(&o->includes);
	strlist_free(&o->excludes);
	strlist_free(&o->vendored);
	strlist_free(&o->logs);
	strlist_free(&o->require_sass);
	strlist_free(&o->require_target);
	strlist_free(&o->sections);
	strlist_free(&o->gpus);
}
