/* SPDX-License-Identifier: MIT */
/*
 * The command line, parsed once into one struct that main.c reads: it
 * fills each layer's own configuration from it (the scanner's, the
 * judge's, the report's, the browser's), and no other module includes
 * this header (tests/structure/layers.sh).
 * The option table in options.c is the single list of long options;
 * --help is printed from it and man/spillway.1 documents each entry.
 */
#ifndef SPILLWAY_OPTIONS_H
#define SPILLWAY_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "rules.h"
#include "strlist.h"
#include "whatif.h"

enum mode {
	MODE_DEFAULT,		/* TUI on a terminal, else summary */
	MODE_TUI,
	MODE_LIST,		/* --list: functions */
	MODE_LIST_IMAGES,	/* --list=images */
	MODE_LIST_SIZES,	/* --list=sizes: where the bytes go */
	MODE_SUMMARY,
	MODE_REPORT,
	MODE_CHECK,
	MODE_UPDATE_ALLOW,
	MODE_RECORD,		/* spillway record -- COMMAND */
};

enum color { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };
enum format { FORMAT_UNSET, FORMAT_CSV, FORMAT_JSON };

struct options {
	enum mode	 mode;
	const char	*report_format;	/* markdown, csv, html, trace */
	enum format	 format;	/* --format; unset: CSV */
	const char	*junit;		/* --junit=FILE, NULL none */
	const char	*output;	/* -o FILE, NULL for stdout */
	int		 threads;	/* 0: the cores available */
	enum color	 color;
	int		 quiet;
	int		 stats;		/* --stats: timings and counts on stderr */

	/* Selection. */
	struct strlist	 arches;	/* --arch: "86", "sm_90a", ... */
	struct strlist	 includes, excludes, vendored;
	int		 vendored_no_namespace;
	struct strlist	 logs;		/* --log=FILE: read as a build log */

	/* Gates: each rule's value (rules.h), and what the build rule reads besides. */
	struct rule_values rules;
	int64_t		 mem_host;	/* bytes, -1 unset */
	enum bytes_unit	 mem_host_unit;	/* as given, to echo */
	int		 jobs;		/* 0 unset */
	/* the build model: recorded cores, -j auto */
	int		 jobs_auto;	/* --jobs=auto: the largest -j that fits --mem-host */
	int		 cores;		/* --cores=N, 0: the recording machine's (--jobs=auto: this one's) */
	int		 machine;	/* --jobs=auto: JOBSADVICE_MACHINE_* bits, this machine's cores or memory
					 * taken where --cores or --mem-host named none (main.c) */
	struct strlist	 pool_files;	/* --pool-file=FORMAT:FILE, as given */
	int		 empty_ok;
	int		 prune;		/* --update-allow --prune: drop rows that match nothing */

	/* Reports. */
	struct strlist	 sections;
	int		 top;		/* 0: all */
	int		 top_given;	/* --top was given (--jobs=auto caps the sets' table else) */
	struct strlist	 gpus;
	const char	*baseline;
	int64_t		 max_bytes;	/* -1: the default for the format */
	struct whatif	 whatif;	/* --what-if, every one given composed */

	/* record. */
	const char	*record_log;
	const char	*record_module;
	char	       **record_argv;

	/* Paths to scan, in the order given. */
	char	       **paths;
	int		 npaths;
};

/* Parses argv; returns 0, or the exit status to leave with (help, version, usage error). */
int	options_parse(struct options *, int argc, char **argv, int *exit_now);
void	options_free(struct options *);

#endif
