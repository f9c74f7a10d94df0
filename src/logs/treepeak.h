/* SPDX-License-Identifier: MIT */
/*
 * The memory peak of a command's whole process tree, for spillway record:
 * the cgroup v2 memory.peak of a cgroup made for the command where one can
 * be made (a delegated or writable cgroup v2 hierarchy with the memory
 * controller), else a cgroup v1 memory controller's max_usage_in_bytes,
 * else the largest sum of the tree's proportional set sizes, sampled from
 * /proc every TREEPEAK_INTERVAL_MS.
 */
#ifndef SPILLWAY_TREEPEAK_H
#define SPILLWAY_TREEPEAK_H

#include <stdint.h>
#include <sys/types.h>

/*
 * The sampling interval.  A process that lives less than this may be
 * missed, and a peak held less than this may be under-read; a compile's
 * cicc and ptxas hold their memory for seconds.  Each sample reads one
 * small file per process of the tree (children, statm).
 */
#define TREEPEAK_INTERVAL_MS	10
/* Processes of the tree read per sample: past this the rest are not
 * counted (the sample says so in its "how"). */
#define TREEPEAK_PROCS_MAX	4096

enum treepeak_how {
	TREEPEAK_NONE,		/* nothing measured */
	TREEPEAK_CGROUP,	/* cgroup v2 memory.peak, v1 memory.max_usage_in_bytes */
	TREEPEAK_PROC,		/* sampled sum of PSS from /proc */
};

struct treepeak {
	int		 how;		/* enum treepeak_how */
	const struct cg_kind *kind;	/* its hierarchy (treepeak.c) */
	char		*cgroup;	/* the cgroup made for the command, or NULL */
	int		 procs_fd;	/* its cgroup.procs, -1 */
	int64_t		 peak;		/* bytes, -1 unknown */
	int		 cut;		/* a sample met more than TREEPEAK_PROCS_MAX */
	int		 compiled;	/* a descendant was nvcc, cicc, ptxas, cc1plus... */
};

/*
 * Before the fork: makes the cgroup when it may (not when the environment
 * says SPILLWAY_RECORD_TREE=proc: the sampler is then used, for tests).
 */
void	treepeak_begin(struct treepeak *);
/* In the parent, before letting the child exec: moves it into the cgroup
 * (falling back to sampling when the move is refused). */
void	treepeak_adopt(struct treepeak *, pid_t child);
/*
 * Waits until the child has exited (it stays a zombie to be waited for),
 * sampling the tree when no cgroup holds it.  Returns 0, or -1 with errno
 * when waiting failed.
 */
int	treepeak_watch(struct treepeak *, pid_t child);
/* After the wait: reads memory.peak and removes the cgroup. */
void	treepeak_end(struct treepeak *);
/* "cgroup2", "cgroup1", "proc10ms" (or "proc10ms-cut") or "-", for the record. */
const char *treepeak_how_name(const struct treepeak *);

#endif
