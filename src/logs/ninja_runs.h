/* SPDX-License-Identifier: MIT */
/*
 * The runs of a .ninja_log (spillway-record(1), BUILD LOGS).  Ninja appends an
 * entry as its command finishes, with start and end in milliseconds since
 * its clock began, which it restarts for every run (and after it
 * regenerated build.ninja): in a log as written, an end time that falls
 * back begins a run.  Ninja also rewrites the log (recompaction: after a
 * CMake re-run, when it has grown, `ninja -t recompact` or `-t restat`),
 * one entry per output in its hash table's order, each with the times of
 * the run that made it: end times then fall back everywhere, and only the
 * outputs' mtimes, which ninja records between the command's start and
 * its end on the wall clock, tell the runs apart.
 */
#ifndef SPILLWAY_NINJA_RUNS_H
#define SPILLWAY_NINJA_RUNS_H

#include <stddef.h>
#include <stdint.h>

struct ninja_entry {
	int64_t		 start, end;	/* ms on its run's clock */
	int64_t		 mtime;		/* as the log holds it, 0 unknown */
	int		 run;		/* 1 the first; 0 not placed */
	size_t		 line;		/* its place in the log */
	const char	*output;
	size_t		 outlen;
	const char	*hash;
	size_t		 hashlen;
};

/* Whether the log is not in the order its commands finished: an end time
 * falls back to an entry whose mtime is earlier than the one before it,
 * which no run appended after another can hold. */
int	ninja_runs_reordered(const struct ninja_entry *, size_t n);
/* Runs of a log as written: a new one wherever an end time falls back.
 * Returns the number of runs. */
int	ninja_runs_appended(struct ninja_entry *, size_t n);
/*
 * Runs of a rewritten log, from the mtimes: each entry's run began between
 * mtime - end and mtime - start on the wall clock, and the fewest clock
 * starts that every entry's span holds are the runs (one point per run).
 * Entries with no mtime are left unplaced (run 0) and counted in
 * *unplaced.  The entries are then sorted by run, end, start and line, as
 * ninja finished them.  Returns the number of runs.  O(n log n).
 */
int	ninja_runs_by_mtime(struct ninja_entry *, size_t n, size_t *unplaced);

#endif
