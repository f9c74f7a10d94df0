/* SPDX-License-Identifier: MIT */
/*
 * What the scan's files share, and nothing outside them includes.  Calls
 * go one way (tests/structure/callgraph.sh):
 *
 *   scan.c         the public entry points: sets a scan up, walks each
 *                  path, lets the workers finish
 *   scan_walk.c    the directory walk: paths selected, files and
 *                  directories read once, links after the tree
 *   scan_image.c   what a buffer holds (the table of file types): host
 *                  ELF, ar archive, fatbin, bare cubin, --list CSV, build
 *                  log; a SASS image found becomes a job
 *   scan_pool.c    the jobs and the workers: published in chunks, claimed
 *                  in batches, gathered in order; the memory budget
 *   scan_job.c     one job on a worker: its bytes copied out, decompressed,
 *                  its cubin read into rows
 *   scan_source.c  the files jobs read from: opened for the walk, shared
 *                  by its jobs, copied from with pread
 *   scan_probe.c   what each file of a folder is, learnt from its first
 *                  bytes, on several threads ahead of the walk
 *   scan_fs.c      the file systems the walk may enter, long paths
 *
 * scan.c -> scan_walk.c -> scan_probe.c -> scan_image.c -> scan_pool.c -> scan_job.c
 * (scan.c starts and stops the pool, and reads scan_buffer's bytes with
 * scan_image.c, itself), and scan_source.c and scan_fs.c below them all.
 */
#ifndef SPILLWAY_SCAN_INT_H
#define SPILLWAY_SCAN_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include <libiberty/hashtab.h>

#include "decompress.h"
#include "diag.h"
#include "mapfile.h"
#include "membudget.h"
#include "model.h"
#include "namecache.h"
#include "ptxjoin.h"
#include "rss.h"
#include "scan.h"
#include "strpool.h"

#define PIECE_SIZE	((size_t)256 << 10)	/* zstd frames are read so much at a time */
#define WORKER_REST	(PIECE_SIZE + ((size_t)256 << 10))	/* and zstd's state */
#define ERRBUF 256
/* Jobs live in chunks of JOB_CHUNK, JOB_CHUNKS of them at most. */
#define JOB_CHUNK	1024
#define JOB_CHUNKS	(1 << 16)

/*
 * What jobs read their bytes from: a file (copied out with pread, never
 * read through a mapping: a file that shrinks faults), or bytes in memory
 * (a stream read whole, scan_buffer's buffer).  The walk holds a reference
 * while it reads the file, each job one until its worker is done; the last
 * to let go closes the file.
 */
struct source {
	struct mapfile		 map;
	const uint8_t		*origin;	/* the walk's view of the bytes: job offsets count from it */
	const uint8_t		*mem;		/* bytes in memory, or NULL: a file */
	uint8_t			*owned;		/* mem, when the source frees it (a CCOB decompressed) */
	size_t			 owned_size;	/* its bytes, counted in scan.inflated */
	int			 scratch;	/* a package's member in a scratch file */
	size_t			 unpacked;	/* its bytes, counted in scan.unpacked */
	atomic_size_t		 refs;
	int			 shared_fd;	/* workers pread from map.fd (counted in open_files) */
	char			*path;		/* else: they open it again by path, and check it is the same */
	uint64_t		 promised;	/* bytes its compressed images promise, decompressed */
	int			 over_promise;	/* said so */
};

struct inode_key {
	uint64_t		 dev, ino;
};

struct link_rec {
	char			*path;		/* as the walk found it */
	char			*shown;
};

/*
 * How much of a file the walk reads to learn whether it is worth reading
 * whole (scan_probe.c): PROBE_HEAD first, where a NUL says it is no text
 * (logs_detect looks for one there), then up to PROBE_BYTES, as far as a
 * build log's sniff looks (logs_detect's SNIFF_BYTES).
 */
/*
 * What parsing a cubin holds for a while: libelf's descriptor of each
 * section (208 bytes), the reader's (128) and a function's record (262)
 * for each .text section; valgrind's massif gave 60.6 MB on a cubin of
 * 100,000 kernels in 100,005 sections, so 600 bytes a section bounds it
 * (real cubins, with three or four sections a function, take less).  The
 * cubins being parsed at once stay within PARSE_BUDGET, counted so (one
 * larger is parsed alone): 16 workers each parsing an image of 100,000
 * kernels would hold a gigabyte.
 */
#define PARSE_SECTION_BYTES	((size_t)600)
#define PARSE_BUDGET		((size_t)64 << 20)

#define PROBE_HEAD	((size_t)4 << 10)
#define PROBE_BYTES	((size_t)64 << 10)

/* What a probe learnt of a file (scan_probe.c). */
enum probe_verdict {
	PROBE_UNKNOWN,		/* not probed, or not a regular file now: the walk looks itself */
	PROBE_NOTHING,		/* a regular file that holds nothing spillway reads */
	PROBE_READ,		/* a regular file worth reading whole */
};

/* A name in a folder, in the walk's order, and what its probe learnt. */
struct walk_entry {
	char			*name;
	unsigned char		 type;		/* readdir's d_type */
	uint8_t			 verdict;	/* enum probe_verdict, once its chunk is done */
	uint64_t		 dev, ino;	/* of a file probed */
};

/* Consecutive entries of one folder, probed together. */
struct probe_chunk {
	int			 dirfd;
	struct walk_entry	*e;
	size_t			 n;
	atomic_int		 state;		/* CHUNK_QUEUED, CHUNK_TAKEN, CHUNK_DONE */
};

/* The chunks of the folder the walk is in, and where they sit in the stack. */
struct probe_dir {
	struct probe_chunk	*chunks;
	size_t			 nchunks, per_chunk;
	size_t			 base;		/* the stack's height before them */
};

/*
 * The threads that probe files ahead of the walk: the walk pushes the
 * chunks of each folder it enters, first on top; a walker takes the top
 * one, the walk takes its own when it gets there first.
 */
struct probers {
	pthread_mutex_t		 lock;
	pthread_cond_t		 more;		/* a chunk was pushed, or stop */
	pthread_cond_t		 done;		/* the chunk awaited is done */
	struct probe_chunk	**stack;	/* under lock */
	size_t			 n, cap;
	int			 idle, stop;	/* under lock */
	_Atomic(struct probe_chunk *) awaited;	/* the chunk the walk sleeps on */
	pthread_t		*threads;
	int			 nthreads;
	int			 started;
};

struct job {
	struct source		*src;		/* NULL: rows read back from CSV */
	size_t			 foff;		/* stored bytes at src->origin + foff */
	size_t			 size;
	size_t			 usize;		/* promised size when compressed */
	uint8_t			 compression;
	uint8_t			 amdgpu;	/* an AMDGPU code object, not a cubin */
	size_t			 image;		/* index into model.images */
	struct image_rec	 img;		/* the worker's copy, put back when gathered */
	uint64_t		 offset;	/* of the payload, in the file or member */
	uint64_t		 order;
	/* Results. */
	atomic_int		 done;		/* set once, by its worker */
	int			 preset;	/* rows already read: nothing to run */
	int			 changed;	/* its file shrank or changed: diags say so */
	char			*text;		/* the rows formatted for output */
	size_t			 textlen;
	struct func_rec		*funcs;
	size_t			 nfuncs;
	struct diag_list	 diags;
};

struct scan {
	const struct scan_config *cfg;
	struct model		*model;
	struct diag_list	*diags;
	struct scan_stats	*stats;
	/*
	 * Jobs live in fixed chunks, so that workers read them while the walk
	 * adds more: published says how many are complete, walk_done that no
	 * more will come.
	 */
	struct job		**chunks;
	size_t			 njobs;
	atomic_size_t		 published;
	int			 walk_done;	/* under lock */
	atomic_int		 idle;		/* workers waiting for more_jobs */
	pthread_cond_t		 more_jobs;
	/* Files kept open for the workers to copy from; past the limit,
	 * they open them again by path. */
	atomic_size_t		 open_files;
	size_t			 max_open_files;
	/* Files said to have changed while read (interned names): one
	 * message each.  The main thread's alone. */
	const char		**changed;
	size_t			 nchanged, capchanged;
	/* Files and directories read, by st_dev and st_ino: a link to one of
	 * them is not read again (open addressing, 0 0: empty). */
	htab_t			 seen;		/* struct inode_key: files and directories read */
	/* Symbolic links met by the walk of one root, read after it. */
	struct link_rec		*links;
	size_t			 nlinks, caplinks;
	/* The file systems of the paths given: links to folders elsewhere
	 * are named, not followed (scan_fs.c). */
	dev_t			*root_devs;
	size_t			 nroot_devs, caproot_devs;
	uint64_t		 order;
	size_t			 modules_filled;	/* by the logs read so far; the main thread's alone */
	atomic_size_t		 next_job;
	size_t			 batch;		/* most jobs a worker takes at once */
	int			 nworkers;
	pthread_mutex_t		 lock;
	pthread_cond_t		 job_done;	/* signalled for the job gather_waits names */
	atomic_size_t		 gather_waits;	/* the job the gathering sleeps on, or NO_JOB */
	atomic_size_t		 gathered_upto;	/* jobs before this one are gathered */
	struct membudget	 buffers;	/* the decompression buffers */
	struct membudget	 zones;		/* msgpack-c's, unpacking AMDGPU metadata */
	struct membudget	 parses;	/* cubins being parsed (PARSE_BUDGET) */
	struct rss		 rss;
	size_t			 rest_peak;	/* most memory seen besides the buffers */
	/*
	 * Rows read but not yet gathered, in bytes: a slow image holds the
	 * gathering up while the others go on, so the workers wait once this
	 * passes PENDING_LIMIT.
	 */
	atomic_size_t		 pending;
	pthread_cond_t		 gathered;	/* pending went under the limit */
	/*
	 * Bytes of compressed bundles (CCOB) the walk decompressed and their
	 * jobs still hold, in every file: at most INFLATED_LIMIT, or one
	 * bundle alone.  The walk waits for room (scan_inflate_reserve); while
	 * it waits, the workers do not wait for the gathering, which starts
	 * only after the walk: the jobs it waits for are theirs to run.
	 */
	size_t			 inflated;	/* under lock */
	atomic_int		 inflate_waits;
	pthread_cond_t		 inflated_room;
	/*
	 * Members of packages unpacked into scratch files (package.h) that
	 * jobs still read: at most UNPACKED_LIMIT bytes and
	 * UNPACKED_FILES_MAX files, or one member alone; the walk waits for
	 * room as it does for inflated (scan_unpack_room).
	 */
	size_t			 unpacked, unpacked_files;	/* under lock */
	struct namecache	 names;
	atomic_size_t		 jobs_done;	/* by the workers: the progress line's images read */
	double			 progress_at;	/* when cfg->progress was last called */
	struct ptxjoin		 join;		/* ptxas figures, joined as rows are gathered */
	struct probers		 probers;	/* the main thread's, and theirs under their lock */
};

/* What is being read now, for messages and image records. */
struct place {
	struct scan		*scan;
	const char		*library;	/* interned */
	const char		*member;	/* interned, "" when none */
	struct source		*src;
	uint64_t		 base;		/* offset of the buffer within the file/member */
	int			 relocatable;	/* reading __nv_relfatbin */
	int			 inputs;	/* ... beside a .nv_fatbin: images to model.inputs */
	int			 depth;		/* archive nesting */
	int			 as_log;	/* --log=FILE: read as a build log */
	int			 named;		/* the user named it: a foreign one is said */
	int			 packages;	/* packages around it (package.h) */
	const uint8_t		*walked;	/* the walk's pages before this are dropped */
	size_t			 fatbin;	/* 1 + index in model.fatbins of the walk, 0 none */
	size_t			 fatbin_images;	/* entries of that walk made images */
	/* In a package's member (package.h): the package (1 + index in
	 * model.packages, 0 none), and where the member's bytes (from
	 * span_origin, span_size of them) lie in it; span NULL: unknown. */
	uint32_t		 package;
	const struct package_span *span;
	const uint8_t		*span_origin;
	size_t			 span_size;
};

/* A batch of consecutive jobs a worker claimed. */
struct batch {
	size_t			 first, last;
};

struct worker {
	struct scan		*scan;
	int			 id;
	struct decompressor	 dec;
	pthread_t		 thread;
	struct batch		*mine;		/* batches read, not yet reclaimed */
	size_t			 mine_head, nmine, capmine;
	/* Seconds spent, by step (--stats). */
	double			 t_decompress, t_parse, t_names, t_format, t_alive;
	double			 t_wait_walk, t_wait_gather;
	uint8_t			*in;		/* compressed bytes copied from the file */
	size_t			 incap;
	struct strpool_memo	 memo;		/* bank lists and the like, interned lately */
};

/*
 * Where a worker reads a job's stored bytes: in memory, or from a file
 * with pread (its shared descriptor, or one opened again for the job).
 */
struct stored {
	const struct job	*job;
	const uint8_t		*mem;		/* in memory, or NULL */
	int			 fd;
	int			 own_fd;	/* opened for this job: closed after it */
	int			 shrank;	/* a read ended early: the file is shorter */
	int			 changed;	/* opened again, it is another file */
	long long		 now_size;	/* its size when it was found shorter */
};

/* scan_walk.c */
int	scan_inode_seen(struct scan *, const struct stat *, int record);
void	scan_walk_file(struct scan *, int dirfd, const char *name, const char *path,
	    const char *shown, int named, int as_log);
void	scan_walk_dir(struct scan *, int dirfd, const char *name, const char *path,
	    const char *root, int depth, int follow);
void	scan_walk_links(struct scan *, const char *root);

/* scan_fs.c */
/* The pseudo file system fd lies on ("proc", "sysfs"...), NULL for another. */
const char *scan_fs_pseudo(int fd);
/* Whether the folder fd (st) is the top of a file system: /, a mount. */
int	scan_fs_is_top(int fd, const struct stat *st);
void	scan_fs_add_root(struct scan *, const struct stat *);
int	scan_fs_is_root(const struct scan *, const struct stat *);
/* The folder of path, opened a piece at a time when path is past PATH_MAX
 * (*base: the last name in it), else AT_FDCWD (*base: path); -1 (errno). */
int	scan_fs_open_parent(const char *path, const char **base);

/* scan_probe.c */
void	scan_probe_dir_begin(struct scan *, struct probe_dir *, int dirfd, struct walk_entry *, size_t n);
enum probe_verdict scan_probe_wait(struct scan *, struct probe_dir *, size_t i);
void	scan_probe_dir_end(struct scan *, struct probe_dir *);
void	scan_probe_stop(struct scan *);

/* scan_image.c */
void	scan_read_buffer(struct place *, const uint8_t *, size_t, int named);
int	scan_image_worth_reading(const uint8_t *head, size_t n, size_t size);

/* scan_pool.c */
void	scan_job_add(struct scan *, const struct job *);
struct worker *scan_pool_start(struct scan *, int nthreads);
void	scan_pool_finish(struct scan *, struct worker *);
void	scan_progress(struct scan *, int last);

/* scan_job.c */
void	scan_job_run(struct worker *, struct job *);

/* scan_source.c */
struct source *scan_source_open(struct scan *, int dirfd, const char *name, const char *path,
	    char *err, size_t errsize);
void	scan_source_release(struct scan *, struct source *);
/* Room for bytes of a decompressed bundle, waited for; and given back. */
void	scan_inflate_reserve(struct scan *, size_t bytes);
void	scan_inflate_release(struct scan *, size_t bytes);
/* Waits until a package's member may be unpacked (scan.unpacked); the
 * member, unpacked into the scratch file fd (taken), as a source. */
void	scan_unpack_room(struct scan *);
struct source *scan_source_scratch(struct scan *, int fd, char *err, size_t errsize);
int	scan_changed_said(struct scan *, const char *library);
int	scan_stored_open(struct stored *, const struct job *, char *err, size_t errsize);
void	scan_stored_close(struct stored *);
int	scan_stored_read(struct stored *, size_t off, size_t len, uint8_t *buf);

#endif
