/* SPDX-License-Identifier: MIT */
/*
 * spillway record -- COMMAND: runs a compile, passes its output and exit
 * status through, and appends one line to a build-rss log (v2): start,
 * wall seconds, peak RSS of its largest process in KiB, exit status,
 * targets, module (the six fields of v1), then the peak of the whole
 * process tree in KiB, how that was measured (src/logs/treepeak.h), the
 * cores it could run on, the load average when it began, and, under a
 * compiler launcher (ccache), whether the cache answered ("hit": no
 * compile tool ran), "miss" or "-".
 */
#ifndef SPILLWAY_RECORD_H
#define SPILLWAY_RECORD_H

#include <stddef.h>

#define RECORD_HEADER "# build-rss log v2\n"

/*
 * What a record may hold, the same for the writer and the reader (src/logs/log_record.c):
 * what record writes always reads back.  A target is a path as the compile
 * names it; 64 KiB is sixteen PATH_MAX and keeps a line well under
 * LOG_LINE_MAX.  The arch list is a comma list of sm_NN/compute_NN/lto_NN.
 * Longer ones are shortened by the writer, with a message.
 */
#define RECORD_TARGET_MAX	65536
#define RECORD_ARCHES_MAX	1024
/* Start (Unix seconds) and wall time past this lose their milliseconds in
 * a double (and are past the year 5000): refused by the reader. */
#define RECORD_SECONDS_MAX	1e11

struct record_result {
	double		 start;		/* Unix seconds */
	double		 wall;		/* seconds */
	long		 peak_kib;	/* ru_maxrss of wait4: the largest process */
	long		 tree_kib;	/* the whole tree, -1 unknown */
	char		 tree_how[16];	/* treepeak_how_name */
	int		 cores;		/* the CPUs it could run on */
	double		 load;		/* 1-minute load average at the start, -1 */
	int		 compiled;	/* a compile tool ran in the tree (treepeak.h) */
	int		 cache;		/* under a launcher: 1 a cache hit, 0 a miss; -1 no launcher */
	int		 status;	/* shell style: code, 128+signal, 126/127 exec failure */
	int		 threads;	/* nvcc --threads of the command, -1 none (nvccargs_threads) */
};

/*
 * Runs argv (searched in PATH) and waits for it.  Returns the exit status
 * to leave with (the command's, 128+N for signal N).
 */
int	record_run(char *const argv[], struct record_result *);

/* The record line for a result: "start\twall\tkib\tstatus\tarchs\tmodule\ttree_kib\thow\tcores\tload\n"
 * (TAB and newline in module become blanks; a module past RECORD_TARGET_MAX
 * and arches past RECORD_ARCHES_MAX are shortened, with a message on
 * stderr).  Allocated. */
char	*record_line(const struct record_result *, const char *arches, const char *module);

/*
 * How long a record waits for the log's lock.  Another record holds it for
 * one write of a line, a millisecond; a lock held longer is a process
 * stopped or a file system that hangs, and the compile's own status is not
 * held up for it: nothing is recorded, with a message.
 */
#define RECORD_LOCK_WAIT	5	/* seconds */

/*
 * Appends line to path with one write(2) on an O_APPEND descriptor, the
 * header first when the file is empty, under an flock that every record
 * takes (RECORD_LOCK_WAIT at most): a line is whole or not there.  A write
 * cut short (a full disk, ulimit -f) is cut back to where the line began.
 * A log whose last line lost its end (a writer without the lock, a crash)
 * gets a newline first, so that the record is on its own line.  A log that
 * is not a regular file (a FIFO, /dev/null) gets the line alone, without
 * blocking (outfile_open_as_is).  0, or -1 with a message naming the log
 * and the reason in err (ENOSPC, EFBIG rather than a made-up EIO).
 */
int	record_append(const char *path, const char *line, char *err, size_t errsize);

/* The whole subcommand: returns the exit status. */
int	record_main(const char *log, const char *module, char *const argv[]);

#endif
