/*
 * spillway record -- COMMAND: runs a compile, passes its output and exit
 * status through, and appends one line to a build-rss log (v1): start,
 * wall seconds, peak RSS in KiB, exit status, targets, module.
 */
#ifndef SPILLWAY_RECORD_H
#define SPILLWAY_RECORD_H

#include <stddef.h>

#define RECORD_HEADER "# build-rss log v1\n"

struct record_result {
	double		 start;		/* Unix seconds */
	double		 wall;		/* seconds */
	long		 peak_kib;	/* ru_maxrss of wait4 */
	int		 status;	/* shell style: code, 128+signal, 126/127 exec failure */
};

/*
 * Runs argv (searched in PATH) and waits for it.  Returns the exit status
 * to leave with (the command's, 128+N for signal N).
 */
int	record_run(char *const argv[], struct record_result *);

/* The record line for a result: "start\twall\tkib\tstatus\tarchs\tmodule\n"
 * (TAB and newline in module become blanks).  Allocated. */
char	*record_line(const struct record_result *, const char *arches, const char *module);

/* Appends line to path with one write(2) on an O_APPEND descriptor, the
 * header first when the file is empty.  0, or -1 with errno set. */
int	record_append(const char *path, const char *line);

/* The whole subcommand: returns the exit status. */
int	record_main(const char *log, const char *module, char *const argv[]);

#endif
