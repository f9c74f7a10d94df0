/* SPDX-License-Identifier: MIT */
/*
 * The scan: paths in, model out.  Files are recognised by content; every
 * SASS image becomes a job, and a pool of workers decompresses and reads
 * the jobs in parallel.  Results are gathered in job order, so the model is
 * the same whatever the number of workers.
 */
#ifndef SPILLWAY_SCAN_H
#define SPILLWAY_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"
#include "namecache.h"
#include "strlist.h"
#include "whatif.h"

/* What one path on the command line yielded: model.images[image_first,
 * image_end), and the modules its logs filled (new ones, or ones a path
 * before it named: a record log beside a .ninja_log fills the same). */
struct scan_span {
	const char	*path;
	int		 missing;	/* it does not exist */
	int		 is_dir;
	int		 again;		/* read already under an earlier name: skipped */
	size_t		 image_first, image_end;
	size_t		 modules;
	size_t		 ptxas;		/* ptxas -v records read from it (a log) */
};

struct scan_stats {
	size_t	files_read;	/* files that held something spillway reads */
	size_t	named_missing;	/* paths on the command line that do not exist */
	size_t	unreadable;	/* files that could not be read, in whole or part */
	size_t	images;		/* images found */
	size_t	jobs;		/* images read (SASS, or CSV read back) */
	size_t	functions;	/* rows read, kept in the model or not */
	int	workers;
	double	walk_seconds;	/* finding files and images (the workers start meanwhile) */
	double	read_seconds;	/* reading what is left once the walk is over */
	double	gather_cpu_seconds;	/* the main thread's CPU time putting rows in order */
	size_t	buffer_peak;	/* most bytes of decompression buffers held at once */
	size_t	buffer_fresh;	/* bytes of buffers taken anew (zeroed by the kernel) */
	size_t	buffer_handed;	/* bytes of buffers moved from one worker to another */
	size_t	zones_peak;	/* most bytes of msgpack-c objects (AMDGPU metadata) held at once */
	/* Seconds the workers spent, summed over them, by step. */
	double	decompress_seconds, parse_seconds, names_seconds, format_seconds;
	double	worker_seconds;	/* from start to stop, summed over the workers */
	double	buffer_wait_seconds;	/* waiting for buffer room (within decompressing) */
	double	walk_wait_seconds;	/* workers waiting for the walk to find images */
	double	gather_wait_seconds;	/* workers waiting for the gathering to catch up */
	struct scan_span *spans;	/* one per path given (or "."), in order */
	size_t	nspans;
	struct namecache_bounded kept_mangled;	/* names past a demangling bound: a notice */
};

/* How far a scan is, for a progress line: files that held something
 * spillway reads, images found so far, and images read of them. */
struct scan_progress {
	size_t	files_read;
	size_t	images_found;
	size_t	images_read;
};

struct scan_config {
	int			 threads;	/* 0: the cores available */
	const struct strlist	*arches;	/* NULL or empty: every arch */
	const struct strlist	*includes;
	const struct strlist	*excludes;
	const struct strlist	*logs;		/* --log=FILE: read as build logs */
	/*
	 * Output while the scan goes on: format turns rows of one image into
	 * text on the worker that read them (so formatting runs in parallel),
	 * and emit receives each text on the main thread, in model order.
	 * Both may be NULL.
	 */
	char			*(*format)(const struct image_rec *, const struct func_rec *rows,
				    size_t n, size_t *len);
	void			(*emit)(void *ctx, const char *text, size_t len);
	void			 *ctx;
	/* Rows go to emit alone: the model keeps the images, not the rows
	 * (--list, where nothing reads them after the scan). */
	int			 emit_only;
	/* Hash every SASS image and function's code (XXH3, the duplicates of
	 * the size section and --list=images' hash): some 15 % more CPU. */
	int			 hashes;
	/* --what-if: when it changes compression, every SASS and PTX image
	 * is compressed as the mode would (recompress.h) into its
	 * image_rec's predicted.  NULL: none. */
	const struct whatif	*whatif;
	/* Called on the main thread while the scan goes on, some ten times a
	 * second at most, and once at the end; NULL: not at all. */
	void			(*progress)(void *ctx, const struct scan_progress *);
	void			 *progress_ctx;
};

int	scan_default_threads(void);

/*
 * Scans every path (file or directory) into the model.  Problems become
 * diagnostics; the scan always goes on.  Returns 0.
 */
int	scan_paths(char *const *paths, int npaths, const struct scan_config *,
	    struct model *, struct diag_list *, struct scan_stats *);

void	scan_stats_free(struct scan_stats *);
/*
 * Scans one buffer in memory as if it were a file named name (the fuzz
 * targets and tests use it).  The buffer must outlive the call.
 */
int	scan_buffer(const uint8_t *data, size_t size, const char *name,
	    const struct scan_config *, struct model *, struct diag_list *,
	    struct scan_stats *);

#endif
