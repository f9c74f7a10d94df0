/* SPDX-License-Identifier: MIT */
/*
 * --jobs=auto x nvcc --threads: for each thread count, the largest -j
 * whose worst case (the j largest peaks at t threads at once) fits the
 * host, from what spillway record saw of each compile's --threads.
 *
 * The model of a compile's peak at t threads (nvcc runs at most one
 * compile per arch at a time, so threads past its arches idle: t counts
 * as min(t, arches), 0 as its arches):
 *   - at the t it was recorded at: its recorded tree peak;
 *   - else its largest single process plus (t - 1) per-thread shares,
 *     the share being the largest in the build of (tree peak - largest
 *     process) / (recorded t - 1): the host compiler is often a
 *     compile's largest process and runs before the per-arch compiles,
 *     so a compile's own share can hide what its threads need (seen: a
 *     share of 1 MiB at --threads 2, 13 MiB at 4); never under its
 *     recorded peak at more threads, nor over it at fewer.
 * Only the thread counts recorded are advised, and when one only was
 * recorded, only it: no share measured, nothing to scale by.
 */
#ifndef SPILLWAY_THREADPAIRS_H
#define SPILLWAY_THREADPAIRS_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* Distinct thread counts advised; the smallest kept past it. */
#define THREADPAIRS_MAX		8

struct threadpair {
	int	 threads;	/* nvcc --threads t */
	int	 jobs;		/* the largest -j that fits, 0 none */
	int64_t	 worst;		/* the jobs largest peaks at t together */
};

struct threadpairs {
	size_t		  npairs;	/* 0: no compile's --threads recorded */
	struct threadpair pairs[THREADPAIRS_MAX];
	int		  scaled;	/* peaks at a t not recorded were scaled (2+ counts recorded) */
	int64_t		  share;	/* the largest per-thread share, bytes; 0 none measured */
};

/* A compile's peak at t threads under the model above (share: the
 * build's largest); -1 unknown. */
int64_t	threadpairs_peak(const struct build_module *, int threads, int64_t share);

/* The pairs for modules with a known peak (cache hits left out), fitting
 * `fit` bytes; jobs capped at jobs_max. */
void	threadpairs_compute(const struct model *, int64_t fit, int jobs_max, struct threadpairs *);

/* The advice in one line (no newline): "-j4 x --threads 1 (1.20 GB at
 * once), ... (how)".  Returns buf. */
#define THREADPAIRS_TEXT_MAX	1024
const char *threadpairs_text(const struct threadpairs *, char *buf, size_t size);

#endif
