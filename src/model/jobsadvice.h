/* SPDX-License-Identifier: MIT */
/*
 * --jobs=auto: the largest -j whose worst case fits the host, and a pool
 * for the heavy modules so that the rest can run wider.
 */
#ifndef SPILLWAY_JOBSADVICE_H
#define SPILLWAY_JOBSADVICE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bytes.h"
#include "model.h"

/* The -j tried: 1 up to this (or the module count). */
#define JOBSADVICE_JOBS_MAX	64
/* The share of the host kept free: the worst case must fit under
 * (100 - this) % of --mem-host (page cache, the linker, the desktop). */
#define JOBSADVICE_MARGIN_PCT	10
/* A -j within this share of a larger one's time is as fast. */
#define JOBSADVICE_SAME_PCT	2
/* Heavy modules considered for a pool of their own. */
#define JOBSADVICE_HEAVY_MAX	16

struct jobsadvice {
	int64_t	 fit;		/* bytes the worst case must fit in: host less the margin */
	int	 jobs;		/* the largest -j that fits, 0 none (one compile alone is over) */
	double	 seconds;	/* its simulated makespan */
	int64_t	 worst;		/* its worst case: the largest peaks running at once */
	double	 seconds_j1;	/* -j1's, for comparison */
	int	 enough_jobs;	/* the smallest -j as fast (within JOBSADVICE_SAME_PCT) as any that
				 * fits: the answer, the -j to run without a pool */
	double	 enough_seconds;
	int64_t	 enough_worst;	/* its worst case */
	int	 fast_jobs;	/* the smallest -j as fast as any, memory aside: what the cores allow */
	int	 cores;		/* the cores simulated on, 0 unknown */
	/* the pool: the heaviest `heavy` modules at depth 1, the rest at -j pool_jobs */
	size_t	 heavy;		/* 0 when a pool gains nothing */
	int	 pool_jobs;	/* capped at fast_jobs: more only shares the cores */
	int64_t	 pool_worst;	/* its bound: the heaviest + the pool_jobs-1 heaviest of the rest */
	double	 pool_serial;	/* the heavy compiles' work one after another, seconds: under
				 * enough_seconds, or no pool (it could not beat the answer) */
	size_t	*heavy_modules;	/* indices into the model, heaviest first (allocated) */
	int	 peaks_known;	/* modules with a known peak */
};

/* Where --jobs=auto's host came from (bits): this machine's cores and
 * memory (host.h), or --cores and --mem-host. */
#define JOBSADVICE_MACHINE_CORES	1
#define JOBSADVICE_MACHINE_MEM		2

/* Returns 0, or -1 when no module has a wall time and a peak. */
int	jobsadvice_compute(const struct model *, int cores, int64_t host, struct jobsadvice *);
void	jobsadvice_free(struct jobsadvice *);
/* --jobs=auto's -j: the answer (enough_jobs), the smallest as fast as
 * any whose worst case fits host less the margin, 0 when none fits (or no
 * module has a wall time and a peak). */
int	jobsadvice_jobs(const struct model *, int cores, int64_t host);
/* The host as the advice names it: "--mem-host=16 GiB" or "this machine's
 * 24.68 GB" (machine: JOBSADVICE_MACHINE_* bits).  Returns buf. */
#define JOBSADVICE_TEXT_MAX	512
const char *jobsadvice_host_text(int64_t host, enum bytes_unit unit, int machine, char *buf, size_t size);
/* The answer, in one line with no newline (no "--jobs=auto: " before
 * it): the -j to run on these cores and this memory, with the pool where
 * one lets the build run wider.  Returns buf. */
const char *jobsadvice_answer(const struct jobsadvice *, int64_t host, enum bytes_unit unit, int machine,
	    char *buf, size_t size);
/* --jobs=auto's advice for host bytes (echoed in unit; machine as above)
 * as --summary and the browser's Build view print it: the answer first,
 * then the -j that fits, the cores, the pool and its ninja and CMake
 * lines, each line ending in a newline. */
void	jobsadvice_print(FILE *, const struct model *, int cores, int64_t host, enum bytes_unit unit, int machine);

#endif
