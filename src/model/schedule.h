/* SPDX-License-Identifier: MIT */
/*
 * The build model's timeline: when each module ran, either as recorded
 * (.ninja_log intervals, or spillway record start times) or simulated as
 * make -jN would dispatch them (list scheduling in the recorded order),
 * and which modules ran at once, with their summed peak RSS.
 */
#ifndef SPILLWAY_SCHEDULE_H
#define SPILLWAY_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct sched_job {
	size_t	 module;	/* index into model.modules */
	double	 start, end;	/* seconds from the start of the build */
	int	 slot;		/* job slot (simulated) or lane (recorded) */
};

/*
 * What the schedule keeps of the sets of modules running at once.  N jobs
 * that all overlap make N(N-1)/2 pairs and N running sets of up to N
 * members each: quadratic in the log.  The report and the gate need the
 * heaviest (the worst is always kept) and a count of the rest, so the
 * heaviest SCHED_SETS_MAX are kept, as long as their members together stay
 * under SCHED_MEMBERS_MAX (8 MiB of indices; the first set always is).
 * A real build of a few hundred compiles under -j16 stays well inside.
 */
#define SCHED_SETS_MAX		4096
#define SCHED_MEMBERS_MAX	((size_t)1 << 20)

/* Modules running at once: a pair, or the whole set running in a span. */
struct sched_set {
	size_t	*members;	/* indices into schedule.jobs, ascending */
	size_t	 n;
	double	 lo, hi;	/* all of them ran from lo (the last start) to hi (the first end) */
	double	 overlap;	/* seconds all of them ran at once: hi - lo */
	int64_t	 peak_sum;	/* bytes, known peaks only */
	int	 peak_unknown;	/* members whose peak is unknown */
};

/*
 * A module timed on another clock than the schedule's: another .ninja_log
 * run, or record start times beside a .ninja_log.  Its times are from the
 * start of its own run; they are never compared with the schedule's.
 */
struct sched_other {
	size_t	 module;
	double	 start, end;	/* seconds from the start of its run */
	int	 run;		/* its run (build_module.run) */
	int	 timebase;	/* of its log: enum timebase */
};

struct schedule {
	struct sched_job *jobs;
	size_t		  n;
	int		  run;		/* the run laid out (the last of its timebase), 0 none */
	struct sched_other *others;	/* recorded: modules of other runs and clocks */
	size_t		  nothers, capothers;
	size_t		  recorded_n;	/* modules of the recorded span (of the run laid out) */
	int		  slots;	/* -jN simulated; 0 recorded */
	int		  timebase;	/* enum timebase the order or times came from */
	double		  total;	/* makespan, seconds */
	double		  recorded;	/* recorded span of the run laid out, seconds; -1 unknown */
	int		  cores;	/* simulated: the cores laid out on, 0 unknown (no scaling) */
	int		  recorded_cores;	/* the cores most modules were recorded with, 0 unknown */
	int		  scaled;	/* simulated walls scaled by contention (cores recorded) */
	size_t		  hits;		/* cache hits (build_module.cache_hit), left out */
	size_t		  skipped;	/* modules with no wall time (simulated) or no start time at all */
	struct sched_set *sets;		/* pairs and larger sets; by peak_sum, descending */
	size_t		  nsets;
	size_t		  more;		/* sets lighter than those kept, left out (SCHED_SETS_MAX) */
	int64_t		  worst;	/* largest summed peak of modules running at once */
	size_t		  worst_set;	/* index into sets, or nsets when none */
};

/*
 * List scheduling: n jobs of the given walls, in order, onto slots job
 * slots; a job starts when a slot frees (the lowest-numbered of those free
 * first).  Fills start[] and slot[]; returns the makespan.  O(n log n).
 */
double	schedule_list(const double *wall, size_t n, int slots, double *start, int *slot);

/*
 * The same, with the slots' jobs sharing cores CPUs (processor sharing: r
 * jobs at once run at min(1, cores/r) each): work[] is each job's time
 * alone.  Fills start[], end[], slot[]; returns the makespan.  O(n log n).
 */
double	schedule_shared(const double *work, size_t n, int slots, int cores, double *start, double *end, int *slot);

/*
 * Builds the schedule of the model's modules: simulated with slots job
 * slots when slots > 0, else as recorded.  Returns 0, or -1 when there is
 * nothing to schedule (no module with a wall time, or none with a start
 * time for a recorded schedule).  O(n log n) time and O(n) memory besides
 * the sets kept: one sweep over the starts and ends.
 */
int	schedule_build(const struct model *, int slots, struct schedule *);
/*
 * The same on cores CPUs (0: the cores the modules were recorded with).
 * A simulated compile's wall is scaled by contention: divided by how far
 * the build's own compiles running during it outnumbered the cores it was
 * recorded on, multiplied by how far -jN outnumbers the cores given; a
 * module recorded with no cores (a v1 record, a .ninja_log) is not scaled.
 */
int	schedule_build_cores(const struct model *, int slots, int cores, struct schedule *);
/* The recorded schedule of another run (a run of timebase, as
 * sched_other names it): its n modules (indices into model.modules) on
 * its own clock.  O(n log n), whatever the model holds besides. */
int	schedule_build_run(const struct model *, const size_t *modules, size_t n, int timebase, int run,
	    struct schedule *);
void	schedule_free(struct schedule *);

/*
 * --jobs=auto's question asked of many -j: the makespan and the worst
 * case of the simulated schedule, without its sets.  The jobs, their
 * order and their work are laid out once (schedule_sim_init, on cores as
 * schedule_build_cores); each -j then costs one list schedule, and one
 * sweep when the worst is asked: O(n log n).  Simulating every -j with
 * schedule_build_cores (its sets, its pairs) took 20 s for 100,000 modules.
 */
struct schedule_sim {
	const struct model	*m;
	struct schedule		 s;		/* the jobs; their times the last -j's */
	double			*work;		/* each job's work alone */
	int64_t			*heaviest;	/* [k]: the k heaviest known peaks together */
};

/* Returns 0, or -1 when no module has a wall time. */
int	schedule_sim_init(const struct model *, int cores, struct schedule_sim *);
/* A bound on the worst case at -jslots: its slots heaviest peaks together. */
int64_t	schedule_sim_bound(const struct schedule_sim *, int slots);
/* The makespan at -jslots; with worst, the worst case as a schedule of
 * schedule_build_cores has it: the largest summed peak of the modules
 * running at once, or the heaviest module when none run at once. */
double	schedule_sim_run(struct schedule_sim *, int slots, int64_t *worst);
void	schedule_sim_free(struct schedule_sim *);

#endif
