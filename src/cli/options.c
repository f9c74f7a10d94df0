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
#include "xalloc.h"

enum {
	OPT_TUI = 256, OPT_LIST, OPT_SUMMARY, OPT_REPORT, OPT_CHECK,
	OPT_UPDATE_ALLOW, OPT_ARCH, OPT_INCLUDE, OPT_EXCLUDE, OPT_VENDORED,
	OPT_LOG, OPT_ALLOW, OPT_MEM_BUDGET, OPT_MEM_HOST, OPT_JOBS,
	OPT_REQUIRE_SASS, OPT_MAX_SPILL, OPT_MAX_REGS, OPT_MAX_GROWTH,
	OPT_STALE_FAILS, OPT_EMPTY_OK, OPT_SECTIONS, OPT_TOP, OPT_GPUS,
	OPT_BASELINE, OPT_MAX_BYTES, OPT_COLOR, OPT_MODULE, OPT_STATS,
	OPT_FORMAT, OPT_JUNIT,
	/* launch (issue 27) */
	OPT_LAUNCHABLE, OPT_MAX_LOCAL_RESERVE, OPT_REQUIRE_DRIVER, OPT_DEPLOYABLE,
	OPT_REQUIRE_TARGET,
	/* AMD spills (issue 28) */
	OPT_MAX_VGPR_SPILL,
	/* build (issue 25) */
	OPT_CORES,
};

/*
 * Every long option, once.  An entry whose help is NULL is parsed but not
 * yet offered: --help lists only what works, and the man page documents
 * exactly the entries that have help text.
 */
struct option_doc {
	struct option	 opt;
	const char	*arg;	/* shown in --help after '=' */
	const char	*help;
	const char	*group;	/* the --help heading this entry opens, NULL: none */
};

static const struct option_doc option_docs[] = {
	{ { "tui", no_argument, NULL, OPT_TUI }, NULL,
	  "browse the kernels in the terminal",
	  "Modes (default: --tui when stdin and stdout are terminals, else --summary)" },
	{ { "list", optional_argument, NULL, OPT_LIST }, "images|sizes",
	  "every (function, sm) row as CSV; =images: the images; =sizes: where the bytes go", NULL },
	{ { "summary", no_argument, NULL, OPT_SUMMARY }, NULL,
	  "one line per library", NULL },
	{ { "report", optional_argument, NULL, OPT_REPORT }, "FORMAT",
	  "pull-request tables: markdown, csv, html; trace", NULL },
	{ { "format", required_argument, NULL, OPT_FORMAT }, "csv|json",
	  "--list: CSV or JSON Lines; --check: the verdict as JSON", NULL },
	{ { "check", no_argument, NULL, OPT_CHECK }, NULL,
	  "gate: exit 1 on a violation (one VIOLATION line each)", NULL },
	{ { "junit", required_argument, NULL, OPT_JUNIT }, "FILE",
	  "--check: also JUnit XML, a test case per (kernel, sm)", NULL },
	{ { "update-allow", no_argument, NULL, OPT_UPDATE_ALLOW }, NULL,
	  "write the measured maxima into the --allow table", NULL },
	{ { "arch", required_argument, NULL, OPT_ARCH }, "LIST",
	  "only these arches (86,sm_90a,...)",
	  "What to read" },
	{ { "include", required_argument, NULL, OPT_INCLUDE }, "GLOB",
	  "only files whose path matches (repeatable)", NULL },
	{ { "exclude", required_argument, NULL, OPT_EXCLUDE }, "GLOB",
	  "skip files whose path matches (repeatable)", NULL },
	{ { "vendored", required_argument, NULL, OPT_VENDORED }, "no-namespace|GLOB",
	  "count and skip, never gate, these kernels (repeatable)", NULL },
	{ { "log", required_argument, NULL, OPT_LOG }, "FILE",
	  "read FILE as a build log (ptxas -v, .ninja_log, ...)", NULL },
	{ { "allow", required_argument, NULL, OPT_ALLOW }, "FILE",
	  "allowance table: kernel,sm,stack,local,note",
	  "Gates of --check" },
	{ { "mem-budget", required_argument, NULL, OPT_MEM_BUDGET }, "SIZE",
	  "a compile's peak over SIZE fails (plain: KiB)", NULL },
	{ { "mem-host", required_argument, NULL, OPT_MEM_HOST }, "SIZE",
	  "compiles at once whose peaks sum past SIZE fail", NULL },
	{ { "jobs", required_argument, NULL, OPT_JOBS }, "N|auto",
	  "simulate make -jN; auto: the largest -j that fits --mem-host", NULL },
	{ { "cores", required_argument, NULL, OPT_CORES }, "N",
	  "simulate on N cores (default: the recording machine's)", NULL },
	{ { "require-sass", required_argument, NULL, OPT_REQUIRE_SASS }, "LIST",
	  "every library carries SASS for these (86,sm_90a)", NULL },
	{ { "require-target", required_argument, NULL, OPT_REQUIRE_TARGET }, "LIST",
	  "AMDGPU code runs on these GPUs (gfx90a,gfx1100)", NULL },
	{ { "max-spill", required_argument, NULL, OPT_MAX_SPILL }, "BYTES",
	  "no kernel may spill (store or load) more than BYTES", NULL },
	/* AMD spills (issue 28) */
	{ { "max-vgpr-spill", required_argument, NULL, OPT_MAX_VGPR_SPILL }, "N",
	  "no AMD GPU kernel may spill more than N VGPRs", NULL },
	{ { "max-regs", required_argument, NULL, OPT_MAX_REGS }, "N",
	  "no kernel may use more than N registers", NULL },
	{ { "max-growth", required_argument, NULL, OPT_MAX_GROWTH }, "RULE",
	  "growth past --baseline allowed: stack:0,reg:8; bytes:2%, bytes:8MiB", NULL },
	/* launch (issue 27) */
	{ { "launchable", no_argument, NULL, OPT_LAUNCHABLE }, NULL,
	  "every kernel launches at its bound (or 1024)", NULL },
	{ { "max-local-reserve", required_argument, NULL, OPT_MAX_LOCAL_RESERVE }, "SIZE",
	  "no stack frame reserves more local memory on a GPU", NULL },
	{ { "require-driver", required_argument, NULL, OPT_REQUIRE_DRIVER }, "R535",
	  "every image loads (SASS) or JITs (PTX) on this driver", NULL },
	{ { "deployable", no_argument, NULL, OPT_DEPLOYABLE }, NULL,
	  "no default-arch-only library, PTX for the newest", NULL },
	{ { "stale-fails", no_argument, NULL, OPT_STALE_FAILS }, NULL,
	  "allowances looser than measured fail the check", NULL },
	{ { "empty-ok", no_argument, NULL, OPT_EMPTY_OK }, NULL,
	  "nothing to judge exits 0, not 77", NULL },
	{ { "sections", required_argument, NULL, OPT_SECTIONS }, "LIST",
	  "diff,summary,spills,arrays,arches,coverage,amd,builds,occupancy,launch,size",
	  "Reports" },
	{ { "top", required_argument, NULL, OPT_TOP }, "N",
	  "show N rows per table, fold the rest into <details>", NULL },
	{ { "gpus", required_argument, NULL, OPT_GPUS }, "LIST",
	  "GPUs for arch coverage (default: data/arches.csv)", NULL },
	{ { "baseline", required_argument, NULL, OPT_BASELINE }, "OLD",
	  "report changes against an old --list CSV or build tree", NULL },
	{ { "max-bytes", required_argument, NULL, OPT_MAX_BYTES }, "N",
	  "keep the Markdown under N bytes (default 65536)", NULL },
	{ { "module", required_argument, NULL, OPT_MODULE }, "NAME",
	  "record: the module's name (default: the -o argument)",
	  "spillway record" },
	{ { "threads", required_argument, NULL, 'T' }, "N",
	  "scan with N workers (default: the cores available)",
	  "Output and the rest" },
	{ { "output", required_argument, NULL, 'o' }, "FILE",
	  "write to FILE (whole, or not at all), not stdout", NULL },
	{ { "color", required_argument, NULL, OPT_COLOR }, "auto|always|never",
	  "colour on a terminal and in the browser; NO_COLOR", NULL },
	{ { "stats", no_argument, NULL, OPT_STATS }, NULL,
	  "the scan's counts, the run's timings and peak memory, on stderr", NULL },
	{ { "quiet", no_argument, NULL, 'q' }, NULL,
	  "print no notices or library lines, only results", NULL },
	{ { "help", no_argument, NULL, 'h' }, NULL, "show this help and exit", NULL },
	{ { "version", no_argument, NULL, 'V' }, NULL, "show the version and exit", NULL },
};

#define NOPTIONS (sizeof option_docs / sizeof option_docs[0])

#define HELP_WIDTH	80
#define HELP_LEFT	26	/* the column the help text starts in */

/* --help: the options by group, every line within HELP_WIDTH columns (an
 * option too long for its column, or text too long for its own, goes
 * on two lines). */
static void
usage(FILE *f)
{
	fprintf(f, "usage: spillway [OPTION]... [PATH]...\n"
	    "       spillway record [--log=FILE] [--module=NAME] -- COMMAND [ARG]...\n"
	    "Read every kernel's registers, stack, shared, local and constant memory\n"
	    "from the CUDA binaries under PATH (default: .), and the build logs given.\n"
	    "record runs a compile and appends its peak RSS and wall time to FILE\n"
	    "(default: $SPILLWAY_LOG).\n");
	for (size_t i = 0; i < NOPTIONS; i++) {
		const struct option_doc *d = &option_docs[i];
		char left[64];
		int n;

		if (d->group != NULL)
			fprintf(f, "\n%s:\n", d->group);
		if (d->help == NULL)
			continue;
		n = 0;
		if (isalpha(d->opt.val) && d->opt.val < 128)
			n = snprintf(left, sizeof left, "-%c, ", d->opt.val);
		else
			n = snprintf(left, sizeof left, "    ");
		if (d->arg && d->opt.has_arg == optional_argument)
			snprintf(left + n, sizeof left - n, "--%s[=%s]", d->opt.name, d->arg);
		else if (d->arg)
			snprintf(left + n, sizeof left - n, "--%s=%s", d->opt.name, d->arg);
		else
			snprintf(left + n, sizeof left - n, "--%s", d->opt.name);
		if (HELP_LEFT + strlen(d->help) > HELP_WIDTH)
			fprintf(f, "  %s\n%*s%s\n", left, HELP_WIDTH - (int)strlen(d->help), "", d->help);
		else if (2 + strlen(left) + 1 > HELP_LEFT)
			fprintf(f, "  %s\n%*s%s\n", left, HELP_LEFT, "", d->help);
		else
			fprintf(f, "  %-*s%s\n", HELP_LEFT - 2, left, d->help);
	}
	fprintf(f, "\nExit status: 0 clean, 1 a gate violation, 2 usage error or unreadable\n"
	    "input, 77 nothing to judge, 99 internal error.  See spillway(1).\n");
}

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
	for (i = 2; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0) {
			i++;
			break;
		} else if (strncmp(a, "--log=", 6) == 0)
			o->record_log = a + 6;
		else if (strncmp(a, "--module=", 9) == 0)
			o->record_module = a + 9;
		else if ((strcmp(a, "--log") == 0 || strcmp(a, "--module") == 0) && i + 1 < argc) {
			if (a[2] == 'l')
				o->record_log = argv[++i];
			else
				o->record_module = argv[++i];
		} else if (a[0] == '-') {
			fprintf(stderr, "spillway record: unknown option '%s'\n", a);
			return -1;
		} else
			break;
	}
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
		case OPT_LIST:
			if (optarg == NULL || strcmp(optarg, "functions") == 0)
				bad = set_mode(o, MODE_LIST, "list");
			else if (strcmp(optarg, "images") == 0)
				bad = set_mode(o, MODE_LIST_IMAGES, "list");
			else if (strcmp(optarg, "sizes") == 0)
				bad = set_mode(o, MODE_LIST_SIZES, "list");
			else {
				fprintf(stderr, "spillway: --list takes 'functions', 'images' or 'sizes', not '%s'\n", optarg);
				bad = -1;
			}
			break;
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
		case OPT_MODULE:	o->record_module = optarg; break;
		case OPT_JUNIT:		o->junit = optarg; break;
		case OPT_FORMAT:
			if (strcmp(optarg, "csv") != 0 && strcmp(optarg, "json") != 0) {
				fprintf(stderr, "spillway: --format takes csv or json, not '%s'\n", optarg);
				bad = -1;
			}
			o->format = optarg;
			break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") == 0)
				o->color = COLOR_AUTO;
			else if (strcmp(optarg, "always") == 0)
				o->color = COLOR_ALWAYS;
			else if (strcmp(optarg, "never") == 0)
				o->color = COLOR_NEVER;
			else {
				fprintf(stderr, "spillway: --color takes auto, always or never\n");
				bad = -1;
			}
			break;
		case 'T':
			if ((bad = parse_count("threads", optarg, 1, 1024, &n)) == 0)
				o->threads = (int)n;
			break;
		case 'o':		o->output = optarg; break;
		case 'q':		o->quiet = 1; break;
		case OPT_STATS:		o->stats = 1; break;
		case 'h':
			usage(stdout);
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
