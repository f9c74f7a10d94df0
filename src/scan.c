#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <libelf.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libiberty/hashtab.h>

#include "arch.h"
#include "archive.h"
#include "clock.h"
#include "cubin.h"
#include "decompress.h"
#include "demangle.h"
#include "fatbin.h"
#include "hostelf.h"
#include "infile.h"
#include "listcsv.h"
#include "logs.h"
#include "mapfile.h"
#include "membudget.h"
#include "namecache.h"
#include "rss.h"
#include "ptxjoin.h"
#include "scan.h"
#include "xalloc.h"

/* A cubin's visibility is the symbol's STV_* value, copied as it is. */
_Static_assert(VIS_INTERNAL == STV_INTERNAL && VIS_HIDDEN == STV_HIDDEN &&
    VIS_PROTECTED == STV_PROTECTED, "enum func_visibility is ELF's order");

#define NEST_MAX 4		/* archives inside archives */
#define WALK_DROP_BYTES	((size_t)4 << 20)
/*
 * Directories deeper than this are named in a notice, not read: each level
 * holds a descriptor while the walk is below it.
 */
#define DIR_DEPTH_MAX	256
/*
 * Bytes the compressed images of one file may promise in all, decompressed:
 * FILE_INFLATE_RATIO times the file, or FILE_INFLATE_FLOOR when that is
 * more.  SASS compresses 2-5 times (libtorch_cuda's 4,488 MiB of images sit
 * in a file a third that size, bench/README.md); a zstd frame of 8 KiB can
 * promise 256 MiB, and a file of them ten thousand times its size.
 */
#define FILE_INFLATE_RATIO	32
#define FILE_INFLATE_FLOOR	((uint64_t)1 << 30)
/* A SASS image smaller than an ELF64 header holds no kernel. */
#define ELF_HEADER_MIN	64
#define PENDING_LIMIT	((size_t)16 << 20)
#define NO_JOB		SIZE_MAX
#define BATCH_BYTES	((size_t)4 << 20)
#define INPUT_KEEP	((size_t)1 << 20)
#define PIECE_SIZE	((size_t)256 << 10)	/* zstd frames are read so much at a time */
#define WORKER_REST	(PIECE_SIZE + ((size_t)256 << 10))	/* and zstd's state */
/*
 * The workers' decompression buffers together stay within a budget (or
 * one image, when a single one is larger), so that peak memory does not
 * grow with the number of workers; see membudget.h.  The budget is what
 * the rest of the process leaves of MEMORY_TARGET (resident memory,
 * measured as the scan goes: rows and names pile up), but never under
 * BUDGET_FLOOR.  On the largest libraries 16 workers wait for room now and
 * then: each 32 MiB more of budget made libtorch_cuda about 10 % faster
 * (bench/README.md).  -DMEMORY_TARGET_MIB=N changes it for such tests.
 * BUDGET_SHARE is what a worker keeps between images when another waits.
 */
#ifndef MEMORY_TARGET_MIB
#define MEMORY_TARGET_MIB 224
#endif
#define MEMORY_TARGET	((size_t)MEMORY_TARGET_MIB << 20)
#define BUDGET_FLOOR	((size_t)64 << 20)
#define BUDGET_SHARE	((size_t)128 << 20)
#define FIT_EVERY	16	/* jobs added, or gathered, between two looks at memory */
#define ERRBUF 256

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

struct job {
	struct source		*src;		/* NULL: rows read back from CSV */
	size_t			 foff;		/* stored bytes at src->origin + foff */
	size_t			 size;
	size_t			 usize;		/* promised size when compressed */
	uint8_t			 compression;
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
	struct rss		 rss;
	size_t			 rest_peak;	/* most memory seen besides the buffers */
	/*
	 * Rows read but not yet gathered, in bytes: a slow image holds the
	 * gathering up while the others go on, so the workers wait once this
	 * passes PENDING_LIMIT.
	 */
	atomic_size_t		 pending;
	pthread_cond_t		 gathered;	/* pending went under the limit */
	struct namecache	 names;
	struct ptxjoin		 join;		/* ptxas figures, joined as rows are gathered */
};

/* What is being read now, for messages and image records. */
struct place {
	struct scan		*scan;
	const char		*library;	/* interned */
	const char		*member;	/* interned, "" when none */
	struct source		*src;
	uint64_t		 base;		/* offset of the buffer within the file/member */
	int			 relocatable;	/* reading __nv_relfatbin */
	int			 depth;		/* archive nesting */
	int			 as_log;	/* --log=FILE: read as a build log */
	const uint8_t		*walked;	/* the walk's pages before this are dropped */
};

int
scan_default_threads(void)
{
	cpu_set_t set;
	long n;

	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		int c = CPU_COUNT(&set);
		if (c > 0)
			return c;
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

static void
place_error(struct place *p, uint64_t offset, const char *msg)
{
	diag_add(p->scan->diags, p->scan->order, p->library, p->member, p->base + offset, "%s", msg);
	p->scan->stats->unreadable++;
}

#define JOB_CHUNK	1024
#define JOB_CHUNKS	(1 << 16)

static struct job *
job_at(struct scan *s, size_t i)
{
	return &s->chunks[i / JOB_CHUNK][i % JOB_CHUNK];
}

struct rss_sample {
	const struct rss	*rss;
	size_t			 bytes;
};

static void
read_rss(void *ctx)
{
	struct rss_sample *r = ctx;

	r->bytes = rss_bytes(r->rss);
}

/*
 * Gives the buffers what the rest of the process leaves of MEMORY_TARGET.
 * The rest only grows, or nearly (rows and names pile up): its largest
 * value so far counts, so that a buffer just filled and not yet counted
 * never makes room that is not there.
 */
static void
fit_budget(struct scan *s)
{
	struct rss_sample now = { &s->rss, 0 };
	size_t used, rest, limit;

	used = membudget_measure(&s->buffers, read_rss, &now);
	if (now.bytes == 0)
		return;		/* no /proc: the budget stays as it began */
	rest = now.bytes > used ? now.bytes - used : 0;
	if (rest > s->rest_peak)
		s->rest_peak = rest;
	limit = MEMORY_TARGET > s->rest_peak + BUDGET_FLOOR ? MEMORY_TARGET - s->rest_peak : BUDGET_FLOOR;
	membudget_set_limit(&s->buffers, limit);
}

/* Adds a job and hands it to the workers. */
static void
add_job(struct scan *s, const struct job *j)
{
	size_t c = s->njobs / JOB_CHUNK;

	if (c >= JOB_CHUNKS) {
		diag_add(s->diags, s->order, "", NULL, DIAG_NO_OFFSET,
		    "more than %d images: the rest are not read", JOB_CHUNK * JOB_CHUNKS);
		s->stats->unreadable++;
		return;
	}
	if (s->chunks[c] == NULL)
		s->chunks[c] = xcalloc(JOB_CHUNK, sizeof *s->chunks[c]);
	if (j->src != NULL)	/* the job's, until its worker is done */
		atomic_fetch_add(&j->src->refs, 1);
	s->chunks[c][s->njobs % JOB_CHUNK] = *j;
	s->njobs++;
	if (s->njobs % FIT_EVERY == 0)
		fit_budget(s);
	atomic_store(&s->published, s->njobs);
	/* Workers that caught up count themselves idle before they look at
	 * published, so one of the two sees the other.  One job: one worker. */
	if (atomic_load(&s->idle) > 0) {
		pthread_mutex_lock(&s->lock);
		pthread_cond_signal(&s->more_jobs);
		pthread_mutex_unlock(&s->lock);
	}
}

static void
on_fatbin_error(void *ctx, size_t offset, const char *message)
{
	place_error(ctx, offset, message);
}

/*
 * Reading an entry header faults in the pages around it, so a walk over a
 * large fatbin would map most of it: every WALK_DROP_BYTES the pages the
 * walk has passed are dropped (the workers fault in what they read).
 */
static void
drop_walked_behind(struct place *p, const uint8_t *here)
{
	if (p->src == NULL || p->src->mem != NULL)	/* bytes in memory */
		return;
	if (p->walked == NULL || here < p->walked)
		p->walked = here;
	else if ((size_t)(here - p->walked) >= WALK_DROP_BYTES) {
		mapfile_done(&p->src->map, (size_t)(p->walked - p->src->origin),
		    (size_t)(here - p->walked));
		p->walked = here;
	}
}

/*
 * A long run of zeros in a fatbin (see fatbin_walk_sparse): a hole of the
 * file is passed over without a page of it read (SEEK_DATA), zeros that
 * are stored are read 4 MiB at a time and their pages dropped behind.
 */
static const uint8_t *
skip_zeros(void *ctx, const uint8_t *at, const uint8_t *end)
{
	struct place *p = ctx;
	const struct source *src = p->src;
	int file = src != NULL && src->mem == NULL && src->map.fd >= 0;

	while (at < end) {
		const uint8_t *stop;

		if (file) {
			size_t off = (size_t)(at - src->origin);
			size_t data = mapfile_next_data(&src->map, off);

			if (data > off) {
				at = data - off >= (size_t)(end - at) ? end : at + (data - off);
				drop_walked_behind(p, at);
				continue;
			}
		}
		stop = (size_t)(end - at) > WALK_DROP_BYTES ? at + WALK_DROP_BYTES : end;
		while (at < stop && *at == 0)
			at++;
		drop_walked_behind(p, at);
		if (at < stop)
			break;
	}
	return at;
}

/* The most bytes the compressed images of src may promise, decompressed. */
static uint64_t
inflate_allowed(const struct source *src)
{
	uint64_t ratio = (uint64_t)src->map.size * FILE_INFLATE_RATIO;

	return ratio > FILE_INFLATE_FLOOR ? ratio : FILE_INFLATE_FLOOR;
}

/*
 * Whether a SASS image of size bytes (stored bytes: stored, promised
 * decompressed: size) is read: one that cannot hold an ELF header, one
 * over the limit of one image, and compressed ones past what the file may
 * promise in all are damage, said here and never given to a worker.
 */
static int
image_readable(struct place *p, uint64_t offset, uint64_t stored, uint64_t size, int compressed)
{
	char msg[ERRBUF];

	if (size < ELF_HEADER_MIN) {
		snprintf(msg, sizeof msg, "SASS image of %llu bytes cannot hold an ELF header (%d bytes)",
		    (unsigned long long)size, ELF_HEADER_MIN);
		place_error(p, offset, msg);
		return 0;
	}
	/* A compressed image's promise is weighed by its worker, against
	 * what its frame can hold first (see decompress.h). */
	if ((!compressed && size > DECOMPRESS_LIMIT) || stored > DECOMPRESS_LIMIT) {
		snprintf(msg, sizeof msg, "SASS image of %llu bytes (%llu stored) is over the limit of one image (%zu MiB): not read",
		    (unsigned long long)size, (unsigned long long)stored, DECOMPRESS_LIMIT >> 20);
		place_error(p, offset, msg);
		return 0;
	}
	if (!compressed || p->src == NULL)
		return 1;
	if (size > inflate_allowed(p->src) - p->src->promised) {
		if (!p->src->over_promise) {
			snprintf(msg, sizeof msg, "compressed images promise more than %llu MiB in all, "
			    "%d times the file's size: this one and those after it are not read",
			    (unsigned long long)(inflate_allowed(p->src) >> 20), FILE_INFLATE_RATIO);
			place_error(p, offset, msg);
			p->src->over_promise = 1;
		}
		return 0;
	}
	p->src->promised += size;
	return 1;
}

static void
on_fatbin_entry(void *ctx, const struct fatbin_entry *e)
{
	struct place *p = ctx;
	struct scan *s = p->scan;
	struct image_rec img;
	struct job j;

	memset(&img, 0, sizeof img);
	img.library = p->library;
	img.member = p->member;
	fatbin_arch_name(e, img.arch, sizeof img.arch);
	if (e->kind == FATBIN_KIND_ELF)
		img.kind = IMAGE_SASS;
	else if (e->kind == FATBIN_KIND_PTX)
		img.kind = IMAGE_PTX;
	else if (e->kind == FATBIN_KIND_LTO)
		img.kind = IMAGE_LTO;
	else {
		char msg[96];
		snprintf(msg, sizeof msg, "unknown fatbin entry kind %u, skipped", e->kind);
		place_error(p, e->offset, msg);
		return;
	}
	drop_walked_behind(p, e->payload);
	if (s->cfg->arches != NULL &&
	    !arch_selected((const char *const *)s->cfg->arches->v, s->cfg->arches->n, img.arch))
		return;
	if (e->kind == FATBIN_KIND_LTO)
		img.compression = COMPRESS_NONE;	/* its payload is no zstd frame */
	else if (e->flags & FATBIN_FLAG_ZSTD)
		img.compression = COMPRESS_ZSTD;
	else if (e->flags & FATBIN_FLAG_LZ4)
		img.compression = COMPRESS_LZ4;
	img.relocatable = (uint8_t)p->relocatable;
	img.has_debug = (e->flags & FATBIN_FLAG_DEBUG) != 0;
	img.stored_size = e->payload_size;
	img.size = img.compression != COMPRESS_NONE ? e->uncompressed_size : e->payload_size;
	img.version_major = e->major;
	img.version_minor = e->minor;
	img.toolkit = img.producer = img.constant = strpool_intern_str(&s->model->pool, "");
	img.global = UNKNOWN;
	img.offset = p->base + e->offset;

	if (img.kind == IMAGE_SASS && !image_readable(p, img.offset, e->payload_size, img.size,
	    img.compression != COMPRESS_NONE))
		return;
	memset(&j, 0, sizeof j);
	j.image = model_add_image(s->model, &img);
	if (img.kind != IMAGE_SASS)
		return;
	j.img = img;
	j.src = p->src;
	j.foff = (size_t)(e->payload - p->src->origin);
	j.size = e->payload_size;
	j.usize = (size_t)e->uncompressed_size;
	j.compression = img.compression;
	j.offset = img.offset + e->header_size;
	j.order = ++s->order;
	add_job(s, &j);
}

static void read_buffer(struct place *, const uint8_t *, size_t, int named);

static void
on_member(void *ctx, const char *name, const uint8_t *data, size_t size, size_t offset)
{
	struct place *parent = ctx;
	struct place p = *parent;
	char *member;

	if (parent->member[0] != '\0')
		member = xasprintf("%s:%s", parent->member, name);
	else
		member = xstrdup(name);
	p.member = strpool_intern_str(&parent->scan->model->pool, member);
	free(member);
	p.base = offset;
	p.depth = parent->depth + 1;
	read_buffer(&p, data, size, 0);
	/* Its headers were read: drop the archive's pages behind it. */
	drop_walked_behind(parent, data + size);
}

/* A build log (ptxas -v, nvcc --time, record, time -v, .ninja_log). */
static int
read_log(struct place *p, const uint8_t *data, size_t size)
{
	struct scan *s = p->scan;
	unsigned kinds = logs_detect(data, size, p->as_log);
	struct logctx c;

	if (kinds == 0)
		return 0;
	if (p->src != NULL && p->src->mem == NULL) {
		/* Text has no runs of zeros, let alone holes; reading one of
		 * gigabytes would fault it into memory. */
		size_t off = (size_t)(data - p->src->origin);
		size_t hole = mapfile_next_hole(&p->src->map, off);

		if (hole < off + size) {
			place_error(p, hole - off, "a hole (zeros the file system does not store) in a build log: not read");
			return 1;
		}
	}
	memset(&c, 0, sizeof c);
	c.m = s->model;
	c.diags = s->diags;
	c.file = p->library;
	c.order = s->order;
	s->stats->files_read++;
	if (logs_read(kinds, data, size, &c) > 0)
		s->stats->unreadable++;
	s->modules_filled += c.modules;
	return 1;
}

/*
 * Reads one buffer: a file, or an archive member.  named: the user named
 * this file, so a foreign one is an error rather than skipped.
 */
static void
read_buffer(struct place *p, const uint8_t *data, size_t size, int named)
{
	struct scan *s = p->scan;
	char err[ERRBUF];
	size_t erroff = 0;

	if (p->as_log) {
		if (!read_log(p, data, size))
			place_error(p, 0, "not a build log spillway reads (ptxas -v, nvcc --time CSV, "
			    "spillway record log, GNU time -v, .ninja_log v5-v7)");
		return;
	}
	if (cubin_is_cubin(data, size)) {
		struct image_rec img;
		struct job j;

		if (!image_readable(p, 0, size, size, 0))
			return;
		memset(&img, 0, sizeof img);
		img.library = p->library;
		img.member = p->member;
		img.kind = IMAGE_SASS;
		snprintf(img.arch, sizeof img.arch, "sm_?");
		img.stored_size = img.size = size;
		img.toolkit = img.producer = img.constant = strpool_intern_str(&s->model->pool, "");
		img.global = UNKNOWN;
		img.offset = p->base;
		img.version_major = img.version_minor = UNKNOWN;
		memset(&j, 0, sizeof j);
		j.image = model_add_image(s->model, &img);
		j.img = img;
		j.src = p->src;
		j.foff = (size_t)(data - p->src->origin);
		j.size = size;
		j.offset = p->base;
		j.order = ++s->order;
		add_job(s, &j);
		s->stats->files_read++;
	} else if (hostelf_is_elf(data, size)) {
		struct fatbin_section sec;
		int rc = hostelf_fatbin_section(data, size, &sec, err, sizeof err, &erroff);

		if (rc < 0) {
			place_error(p, erroff, err);
			return;
		}
		if (rc == 0)
			return;
		s->stats->files_read++;
		{
			struct place q = *p;
			q.base = p->base + sec.offset;
			q.relocatable = sec.relocatable;
			fatbin_walk_sparse(sec.data, sec.size, on_fatbin_entry, on_fatbin_error,
			    skip_zeros, &q);
		}
	} else if (archive_is_archive(data, size)) {
		if (p->depth >= NEST_MAX) {
			place_error(p, 0, "archives nested deeper than 4 levels, skipped");
			return;
		}
		p->walked = data;
		if (archive_walk(data, size, on_member, on_fatbin_error, p, err, sizeof err, &erroff) < 0)
			place_error(p, erroff, err);
	} else if (archive_is_thin(data, size)) {
		place_error(p, 0, "a thin archive: its members are files of their own, not stored in it; "
		    "not read (scan those files)");
	} else if (size >= 4 && data[0] == 0x50 && data[1] == 0xed && data[2] == 0x55 && data[3] == 0xba) {
		s->stats->files_read++;
		fatbin_walk_sparse(data, size, on_fatbin_entry, on_fatbin_error, skip_zeros, p);
	} else if (listcsv_is_list(data, size)) {
		struct job j;

		/* Rows read back from CSV become a job that is already done,
		 * so that they keep their place in the model's order. */
		memset(&j, 0, sizeof j);
		j.preset = 1;
		j.order = ++s->order;
		s->stats->files_read++;
		if (listcsv_import(data, size, p->library, s->model, &j.funcs, &j.nfuncs,
		    s->diags, s->order) < 0)
			s->stats->unreadable++;
		add_job(s, &j);
	} else if (read_log(p, data, size)) {
		;
	} else if (named) {
		place_error(p, 0, "not a CUDA binary, fatbin, ar archive, spillway --list CSV or build log");
	}
}

static int
path_selected(const struct scan_config *cfg, const char *path)
{
	if (cfg->includes && cfg->includes->n > 0) {
		int hit = 0;
		for (size_t i = 0; i < cfg->includes->n && !hit; i++)
			hit = fnmatch(cfg->includes->v[i], path, 0) == 0;
		if (!hit)
			return 0;
	}
	if (cfg->excludes)
		for (size_t i = 0; i < cfg->excludes->n; i++)
			if (fnmatch(cfg->excludes->v[i], path, 0) == 0)
				return 0;
	return 1;
}

/* Lets go of a reference to src; the last one closes the file. */
static void
source_release(struct scan *s, struct source *src)
{
	if (atomic_fetch_sub(&src->refs, 1) != 1)
		return;
	if (src->shared_fd)
		atomic_fetch_sub(&s->open_files, 1);
	mapfile_close(&src->map);
	free(src->path);
	free(src);
}

/*
 * Opens name (in the directory dirfd; path: the same from the working
 * directory) for the walk.  Its workers share its descriptor while fewer
 * than max_open_files are shared; past that, they open path again (a
 * path too long to open is shared all the same).
 */
static struct source *
source_open(struct scan *s, int dirfd, const char *name, const char *path,
    char *err, size_t errsize)
{
	struct source *src = xcalloc(1, sizeof *src);

	if (mapfile_openat(&src->map, dirfd, name, err, errsize) < 0) {
		free(src);
		return NULL;
	}
	atomic_init(&src->refs, 1);
	src->origin = src->map.data;
	if (src->map.stream)
		src->mem = src->map.data;
	else if (src->map.data != NULL) {
		if (atomic_load(&s->open_files) < s->max_open_files || strlen(path) >= PATH_MAX) {
			src->shared_fd = 1;
			atomic_fetch_add(&s->open_files, 1);
		} else
			src->path = xstrdup(path);
	}
	return src;
}

static hashval_t
inode_key_hash(const void *e)
{
	const struct inode_key *k = e;
	uint64_t h = (k->dev * 0x9e3779b97f4a7c15ull) ^ (k->ino * 0xc2b2ae3d27d4eb4full);

	return (hashval_t)(h ^ (h >> 29) ^ (h >> 32));
}

static int
inode_key_eq(const void *a, const void *b)
{
	const struct inode_key *x = a, *y = b;

	return x->dev == y->dev && x->ino == y->ino;
}

/* Whether the file or directory st was read before; record: remember it
 * now. */
static int
inode_seen(struct scan *s, const struct stat *st, int record)
{
	struct inode_key key = { (uint64_t)st->st_dev, (uint64_t)st->st_ino };
	void **slot;

	if (s->seen == NULL) {
		if (!record)
			return 0;
		s->seen = htab_create_alloc(1024, inode_key_hash, inode_key_eq, free, xcalloc, free);
	}
	slot = htab_find_slot(s->seen, &key, record ? INSERT : NO_INSERT);
	if (slot == NULL)
		return 0;
	if (*slot != NULL)
		return 1;
	*slot = xmalloc(sizeof key);
	memcpy(*slot, &key, sizeof key);
	return 0;
}

/* One message per file that changed under the scan: whether it had one. */
static int
changed_said(struct scan *s, const char *library)
{
	for (size_t i = s->nchanged; i > 0; i--)
		if (s->changed[i - 1] == library)
			return 1;
	xgrow((void **)&s->changed, &s->capchanged, s->nchanged + 1, sizeof *s->changed);
	s->changed[s->nchanged++] = library;
	return 0;
}

/* The file shrank while the walk read it (it read zeros past the new end):
 * what it said of those zeros goes, one message stays. */
static void
walk_shrank(struct scan *s, struct place *p, size_t diags_before)
{
	struct stat now;
	long long size = fstat(p->src->map.fd, &now) == 0 ? (long long)now.st_size : -1;

	diag_truncate(s->diags, diags_before);
	diag_add(s->diags, s->order, p->library, NULL, DIAG_NO_OFFSET,
	    "shrank from %zu to %lld bytes while it was read", p->src->map.size, size);
	s->stats->unreadable++;
	(void)changed_said(s, p->library);
}

static void
scan_file(struct scan *s, int dirfd, const char *name, const char *path, const char *shown,
    int named, int as_log)
{
	struct source *src;
	struct place p;
	char err[ERRBUF];
	size_t diags_before;

	if (!path_selected(s->cfg, shown))
		return;
	s->order++;
	src = source_open(s, dirfd, name, path, err, sizeof err);
	if (src == NULL) {
		diag_add(s->diags, s->order, shown, NULL, DIAG_NO_OFFSET, "cannot read: %s", err);
		s->stats->unreadable++;
		return;
	}
	if (!src->map.stream)
		(void)inode_seen(s, &src->map.st, 1);
	if (src->map.data == NULL) {
		if (named) {
			diag_add(s->diags, s->order, shown, NULL, DIAG_NO_OFFSET, "empty file");
			s->stats->unreadable++;
		}
		source_release(s, src);
		return;
	}
	memset(&p, 0, sizeof p);
	p.scan = s;
	p.library = strpool_intern_str(&s->model->pool, shown);
	p.member = strpool_intern_str(&s->model->pool, "");
	p.src = src;
	p.as_log = as_log;
	diags_before = s->diags->n;
	/* The walk reads through the mapping: a file cut meanwhile reads as
	 * zeros past its new end, and says so once. */
	mapfile_guard(&src->map);
	read_buffer(&p, src->map.data, src->map.size, named);
	if (mapfile_unguard())
		walk_shrank(s, &p, diags_before);
	/* The workers copy what they read with pread: the mapping goes now,
	 * so that a tree of many files keeps neither pages nor mappings. */
	mapfile_unmap(&src->map);
	if (!src->shared_fd && src->map.fd >= 0) {
		infile_close(src->map.fd);
		src->map.fd = -1;
	}
	source_release(s, src);
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A notice about something the walk does not read. */
static void
walk_notice(struct scan *s, const char *shown, const char *what)
{
	if (!path_selected(s->cfg, shown))
		return;
	diag_add(s->diags, ++s->order, shown, NULL, DIAG_NO_OFFSET, "%s", what);
	s->stats->unreadable++;
}

/* What a walk says of a file that is neither a file nor a directory. */
static const char *
special_notice(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "is a FIFO (named pipe): not read in a directory walk";
	if (S_ISSOCK(mode))
		return "is a socket: not read in a directory walk";
	return infile_refusal(mode) ? infile_refusal(mode) : "is not a file";
}

static const char *
shown_under(const char *path, const char *root)
{
	const char *shown = path + strlen(root);

	while (*shown == '/')
		shown++;
	return shown;
}

static void scan_dir(struct scan *, int fd, const char *dir, const char *root, int depth);

/* Opens the directory name in dirfd and walks it, unless it was walked. */
static void
enter_dir(struct scan *s, int dirfd, const char *name, const char *path, const char *root,
    int depth, int follow)
{
	struct stat st;
	int fd;

	if (depth > DIR_DEPTH_MAX) {
		walk_notice(s, shown_under(path, root), "directories nested deeper than 256 levels: not read");
		return;
	}
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
	if (fd < 0 || fstat(fd, &st) != 0) {
		diag_add(s->diags, ++s->order, path, NULL, DIAG_NO_OFFSET, "cannot open directory: %s",
		    strerror(errno));
		s->stats->unreadable++;
		if (fd >= 0)
			close(fd);
		return;
	}
	if (inode_seen(s, &st, 1)) {	/* reached again through a link */
		close(fd);
		return;
	}
	scan_dir(s, fd, path, root, depth);
}

/*
 * Walks a directory (open as fd, closed here) in name order, relative to
 * its descriptor, so that no path is too long to open.  Symbolic links are
 * read after the whole tree (scan_links), so that a library and its
 * versioned links are read once, by the library's own name.
 */
static void
scan_dir(struct scan *s, int fd, const char *dir, const char *root, int depth)
{
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;

	d = fdopendir(fd);
	if (d == NULL) {
		diag_add(s->diags, ++s->order, dir, NULL, DIAG_NO_OFFSET, "cannot open directory: %s", strerror(errno));
		s->stats->unreadable++;
		close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		xgrow((void **)&names, &cap, n + 1, sizeof *names);
		names[n++] = xstrdup(de->d_name);
	}
	if (n > 1)
		qsort(names, n, sizeof *names, name_cmp);
	for (size_t i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);
		const char *shown = shown_under(path, root);
		struct stat st;

		if (fstatat(dirfd(d), names[i], &st, AT_SYMLINK_NOFOLLOW) != 0)
			;	/* gone since it was listed */
		else if (S_ISDIR(st.st_mode))
			enter_dir(s, dirfd(d), names[i], path, root, depth + 1, 0);
		else if (S_ISREG(st.st_mode))
			scan_file(s, dirfd(d), names[i], path, shown, 0, 0);
		else if (S_ISLNK(st.st_mode)) {
			xgrow((void **)&s->links, &s->caplinks, s->nlinks + 1, sizeof *s->links);
			s->links[s->nlinks].path = path;
			s->links[s->nlinks].shown = xstrdup(shown);
			s->nlinks++;
			path = NULL;
		} else
			walk_notice(s, shown, special_notice(st.st_mode));
		free(path);
		free(names[i]);
	}
	free(names);
	closedir(d);
}

/*
 * The links the walk of root met: a file or directory read already (by its
 * own name, or through another link) is not read again, so links that make
 * a loop end there; one that leads nowhere has nothing to read.
 */
static void
scan_links(struct scan *s, const char *root)
{
	for (size_t i = 0; i < s->nlinks; i++) {
		struct link_rec l = s->links[i];	/* the list grows meanwhile */
		struct stat st;

		if (stat(l.path, &st) != 0)
			;
		else if (S_ISREG(st.st_mode)) {
			if (!inode_seen(s, &st, 0))
				scan_file(s, AT_FDCWD, l.path, l.path, l.shown, 0, 0);
		} else if (S_ISDIR(st.st_mode))
			enter_dir(s, AT_FDCWD, l.path, l.path, root, 1, 1);
		else
			walk_notice(s, l.shown, special_notice(st.st_mode));
		free(l.path);
		free(l.shown);
	}
	s->nlinks = 0;
}

/* One worker: takes jobs in turn until none is left. */
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


static void
job_error(struct scan *s, struct job *j, uint64_t offset, const char *msg)
{
	(void)s;
	diag_add(&j->diags, j->order, j->img.library, j->img.member, offset, "%s (%s image)",
	    msg, j->img.arch);
}

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

/* Whether a file opened again is the one the walk read. */
static int
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
	    a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

static int
stored_open(struct stored *st, const struct job *j, char *err, size_t errsize)
{
	const struct source *src = j->src;
	enum infile_kind kind;
	struct stat now;
	char why[ERRBUF];
	int fd;

	memset(st, 0, sizeof *st);
	st->job = j;
	st->fd = -1;
	if (src->mem != NULL) {
		st->mem = src->mem + j->foff;
		return 0;
	}
	if (src->shared_fd) {
		st->fd = src->map.fd;
		return 0;
	}
	/* Past the open-file limit: by path again, and only the same file. */
	fd = infile_open(src->path, &kind, &now, why, sizeof why);
	if (fd < 0 || kind != INFILE_REGULAR || !same_file(&now, &src->map.st)) {
		if (fd >= 0)
			infile_close(fd);
		st->changed = 1;
		snprintf(err, errsize, "changed while it was read (replaced, or written again): not read");
		return -1;
	}
	st->fd = fd;
	st->own_fd = 1;
	return 0;
}

static void
stored_close(struct stored *st)
{
	if (st->own_fd)
		infile_close(st->fd);
}

/* Copies len bytes at off of the job's stored bytes into buf. */
static int
stored_read(struct stored *st, size_t off, size_t len, uint8_t *buf)
{
	int e = mapfile_pread(st->fd, st->job->foff + off, len, buf);
	struct stat now;

	if (e == EIO) {
		st->shrank = 1;
		st->now_size = fstat(st->fd, &now) == 0 ? (long long)now.st_size : -1;
	}
	return e;
}

/* Reads a piece of the job's stored bytes (see decompress_read_fn). */
static int
read_piece(void *ctx, size_t off, uint8_t *buf, size_t len)
{
	return stored_read(ctx, off, len, buf);
}

/* The worker's buffer for compressed bytes, grown to size. */
static uint8_t *
input_buffer(struct worker *w, size_t size)
{
	if (w->incap < size) {
		free(w->in);
		w->incap = size;
		w->in = xmalloc(w->incap);
	}
	return w->in;
}

/* Frees a copy buffer grown past what is worth keeping between images. */
static void
trim_input(struct worker *w)
{
	if (w->incap > INPUT_KEEP) {
		free(w->in);
		w->in = NULL;
		w->incap = 0;
	}
}

/*
 * Points *elf at the job's image, decompressed if it is stored so: from
 * memory, or copied out of the file into the worker's buffers.  An image
 * stored uncompressed is copied straight into the decompression buffer; a
 * zstd frame is copied in pieces and decompressed as they come, so that a
 * large frame never sits whole beside its image.
 */
static int
read_image(struct worker *w, struct job *j, struct stored *st, const uint8_t **elf,
    char *err, size_t errsize)
{
	uint8_t *buf;
	int e;

	if (st->mem != NULL) {
		*elf = st->mem;
		if (j->compression == COMPRESS_ZSTD)
			return decompress_zstd(&w->dec, st->mem, j->size, j->usize, elf, err, errsize);
		if (j->compression == COMPRESS_LZ4)
			return decompress_lz4(&w->dec, st->mem, j->size, j->usize, elf, err, errsize);
		return 0;
	}
	if (j->compression == COMPRESS_ZSTD) {
		size_t piece = j->size < PIECE_SIZE ? j->size : PIECE_SIZE;

		return decompress_zstd_pieces(&w->dec, read_piece, st, j->size,
		    input_buffer(w, piece), piece, j->usize, elf, err, errsize);
	}
	if (j->compression == COMPRESS_LZ4)
		buf = input_buffer(w, j->size);
	else if (decompressor_buffer(&w->dec, j->size, &buf, err, errsize) < 0)
		return -1;
	if ((e = stored_read(st, 0, j->size, buf)) != 0) {
		snprintf(err, errsize, "cannot read %zu bytes: %s", j->size, strerror(e));
		return -1;
	}
	*elf = buf;
	if (j->compression == COMPRESS_LZ4)
		return decompress_lz4(&w->dec, buf, j->size, j->usize, elf, err, errsize);
	return 0;
}

/* The job's file shrank or changed: one message for it (see changed_said). */
static void
job_changed(struct job *j, const struct stored *st, const char *err)
{
	j->changed = 1;
	if (st->shrank)
		diag_add(&j->diags, j->order, j->img.library, NULL, DIAG_NO_OFFSET,
		    "shrank from %jd to %lld bytes while it was read",
		    (intmax_t)j->src->map.st.st_size, st->now_size);
	else
		diag_add(&j->diags, j->order, j->img.library, NULL, DIAG_NO_OFFSET, "%s", err);
}

static void
set_names(struct func_rec *f, const struct demangled *dm)
{
	f->name = dm->name;
	f->collapsed = dm->collapsed;
	f->ns = dm->ns;
}

static void
run_job(struct worker *w, struct job *j)
{
	struct scan *s = w->scan;
	struct image_rec *img;
	const uint8_t *elf;
	size_t elfsize = j->size, erroff = 0;
	char err[ERRBUF];
	struct cubin c;
	struct stored st;
	int rc = 0;
	double t0 = clock_seconds(CLOCK_MONOTONIC), t1, t2;

	if (j->preset)
		return;
	img = &j->img;
	rc = stored_open(&st, j, err, sizeof err);
	if (rc == 0)
		rc = read_image(w, j, &st, &elf, err, sizeof err);
	stored_close(&st);
	trim_input(w);
	if (rc < 0) {
		if (st.shrank || st.changed)
			job_changed(j, &st, err);
		else
			job_error(s, j, j->offset, err);
		return;
	}
	if (j->compression != COMPRESS_NONE)
		elfsize = j->usize;

	t1 = clock_seconds(CLOCK_MONOTONIC);
	w->t_decompress += t1 - t0;
	cubin_init(&c);
	if (cubin_read(elf, elfsize, &c, &s->model->pool, err, sizeof err, &erroff) < 0) {
		if (j->compression != COMPRESS_NONE) {
			char msg[ERRBUF + 64];
			snprintf(msg, sizeof msg, "%s (at 0x%zx of the decompressed image)", err, erroff);
			job_error(s, j, j->offset, msg);
		} else
			job_error(s, j, j->offset + erroff, err);
		cubin_free(&c);
		return;
	}
	if (img->arch[3] == '?') {
		/* A bare cubin: the arch comes from e_flags and .nv.compat. */
		snprintf(img->arch, sizeof img->arch, "sm_%u%s", c.sm, c.arch_a ? "a" : "");
	}
	img->relocatable |= c.relocatable;
	img->global = c.global;
	img->constant = strpool_intern_memo(&s->model->pool, &w->memo, c.constant);
	img->toolkit = strpool_intern_memo(&s->model->pool, &w->memo, c.toolkit);
	img->producer = strpool_intern_memo(&s->model->pool, &w->memo, c.producer);

	t2 = clock_seconds(CLOCK_MONOTONIC);
	w->t_parse += t2 - t1;
	j->funcs = xcalloc(c.nfuncs ? c.nfuncs : 1, sizeof *j->funcs);
	for (size_t i = 0; i < c.nfuncs; i++) {
		const struct cubin_func *cf = &c.funcs[i];
		struct func_rec *f = &j->funcs[j->nfuncs++];
		struct demangled dm;

		f->image = (uint32_t)j->image;
		f->kind = cf->entry ? FUNC_ENTRY : FUNC_DEVICE;
		f->visibility = cf->visibility | (cf->unlisted ? VIS_UNLISTED : 0);
		f->mangled = cf->name;
		/* A name another worker is demangling now waits for the end. */
		if (namecache_try(&s->names, cf->name, &dm))
			set_names(f, &dm);
		f->constant = strpool_intern_memo(&s->model->pool, &w->memo, cf->constant);
		f->reg = cf->reg;
		f->stack = cf->stack;
		f->shared = cf->shared;
		f->local = cf->local;
		f->texture = cf->texture;
		f->surface = cf->surface;
		f->sampler = cf->sampler;
		f->max_threads = cf->max_threads;
		f->min_blocks = UNKNOWN;
		f->frame = cf->frame;
		f->spill_stores = f->spill_loads = UNKNOWN;
	}
	cubin_free(&c);
	for (size_t i = 0; i < j->nfuncs; i++) {
		struct demangled dm;

		if (j->funcs[i].name == NULL) {
			namecache_get(&s->names, j->funcs[i].mangled, &dm);
			set_names(&j->funcs[i], &dm);
		}
	}
	w->t_names += clock_seconds(CLOCK_MONOTONIC) - t2;
}

/* What a done job holds until it is gathered. */
static size_t
job_bytes(const struct job *j)
{
	if (j->preset)
		return 0;
	return j->textlen + j->nfuncs * sizeof *j->funcs;
}

/* Bytes a job reads: its image once decompressed. */
static size_t
job_work(const struct job *j)
{
	return j->compression != COMPRESS_NONE ? j->usize : j->size;
}

/*
 * Shortens a batch of n jobs from first to what BATCH_BYTES of images
 * allow (one job at least): the gathering waits on a batch's jobs one by
 * one, so a batch must not hold a long run of large images.
 */
static size_t
batch_within_bytes(struct scan *s, size_t first, size_t n)
{
	size_t bytes = job_work(job_at(s, first)), k = 1;

	while (k < n) {
		bytes += job_work(job_at(s, first + k));
		if (bytes > BATCH_BYTES)
			break;
		k++;
	}
	return k;
}

/*
 * Wakes the gathering when it sleeps on one of the jobs first..last, all
 * done now: it names the job before it looks at done, and the worker set
 * done before it looks at the name, so one of the two sees the other.
 * Once a batch rather than once a job: a wake-up costs a system call.
 */
static void
wake_gathering(struct scan *s, size_t first, size_t last)
{
	size_t waits = atomic_load(&s->gather_waits);

	if (waits != NO_JOB && waits >= first && waits <= last) {
		pthread_mutex_lock(&s->lock);
		pthread_cond_signal(&s->job_done);
		pthread_mutex_unlock(&s->lock);
	}
}

/* Frees what a job kept for the gathering. */
static void
job_free_results(struct job *j)
{
	free(j->text);
	j->text = NULL;
	free(j->funcs);
	j->funcs = NULL;
}

/*
 * Frees the rows and text of this worker's batches that have been
 * gathered.  The worker that allocated them frees them: a free from
 * another thread would take the lock of this thread's malloc arena.
 */
static void
reclaim(struct worker *w)
{
	struct scan *s = w->scan;
	size_t gathered = atomic_load(&s->gathered_upto);

	while (w->mine_head < w->nmine && w->mine[w->mine_head].last < gathered) {
		for (size_t i = w->mine[w->mine_head].first; i <= w->mine[w->mine_head].last; i++)
			job_free_results(job_at(s, i));
		w->mine_head++;
	}
	if (w->mine_head == w->nmine)
		w->mine_head = w->nmine = 0;
}

/* One worker: takes batches of consecutive jobs until none is left. */
static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct scan *s = w->scan;
	size_t first;
	double start = clock_seconds(CLOCK_MONOTONIC);

	for (;;) {
		size_t last, left, batch, avail;

		reclaim(w);
		if (atomic_load(&s->pending) > PENDING_LIMIT) {
			/* Far ahead of the gathering: wait, holding no buffer.
			 * The job it waits for was claimed before any that are
			 * pending, and its worker finishes its batch first. */
			double t = clock_seconds(CLOCK_MONOTONIC);

			decompressor_release(&w->dec);
			pthread_mutex_lock(&s->lock);
			while (atomic_load(&s->pending) > PENDING_LIMIT)
				pthread_cond_wait(&s->gathered, &s->lock);
			pthread_mutex_unlock(&s->lock);
			w->t_wait_gather += clock_seconds(CLOCK_MONOTONIC) - t;
		}
		/* Claim the next batch.  Guided sizes: large while much is
		 * published, one job at the end, so no worker keeps a long tail. */
		first = atomic_load(&s->next_job);
		for (;;) {
			avail = atomic_load(&s->published);
			if (first >= avail) {
				/* Caught up with the walk: wait for more, or stop,
				 * holding no more than a share meanwhile. */
				double t = clock_seconds(CLOCK_MONOTONIC);

				decompressor_idle(&w->dec);
				pthread_mutex_lock(&s->lock);
				atomic_fetch_add(&s->idle, 1);
				while (atomic_load(&s->published) <= first && !s->walk_done)
					pthread_cond_wait(&s->more_jobs, &s->lock);
				atomic_fetch_sub(&s->idle, 1);
				avail = atomic_load(&s->published);
				pthread_mutex_unlock(&s->lock);
				w->t_wait_walk += clock_seconds(CLOCK_MONOTONIC) - t;
				if (first >= avail) {
					w->t_alive = clock_seconds(CLOCK_MONOTONIC) - start;
					return NULL;
				}
				first = atomic_load(&s->next_job);
				continue;
			}
			left = avail - first;
			batch = left / ((size_t)s->nworkers * 4);
			if (batch < 1)
				batch = 1;
			if (batch > s->batch)
				batch = s->batch;
			batch = batch_within_bytes(s, first, batch);
			if (atomic_compare_exchange_weak(&s->next_job, &first, first + batch))
				break;
		}
		last = first + batch - 1;

		for (size_t i = first; i <= last; i++) {
			struct job *j = job_at(s, i);

			run_job(w, j);
			decompressor_settle(&w->dec);
			if (s->cfg->format != NULL && s->cfg->emit != NULL && j->nfuncs > 0 && !j->preset) {
				double t = clock_seconds(CLOCK_MONOTONIC);

				j->text = s->cfg->format(&j->img, j->funcs, j->nfuncs, &j->textlen);
				w->t_format += clock_seconds(CLOCK_MONOTONIC) - t;
			}
			atomic_fetch_add(&s->pending, job_bytes(j));
			if (j->src != NULL) {
				source_release(s, j->src);
				j->src = NULL;
			}
			atomic_store(&j->done, 1);
		}
		xgrow((void **)&w->mine, &w->capmine, w->nmine + 1, sizeof *w->mine);
		w->mine[w->nmine].first = first;
		w->mine[w->nmine].last = last;
		w->nmine++;
		wake_gathering(s, first, last);
	}
	return NULL;
}

/*
 * Moves every job's rows into the model in job order, as the jobs finish.
 * Runs on the main thread while the workers go on.
 */
static void
gather_results(struct scan *s)
{
	struct model *m = s->model;
	double cpu = clock_seconds(CLOCK_THREAD_CPUTIME_ID);

	for (size_t i = 0; i < s->njobs; i++) {
		struct job *j = job_at(s, i);
		size_t held;

		if (i % FIT_EVERY == 0)
			fit_budget(s);
		if (!atomic_load(&j->done)) {
			pthread_mutex_lock(&s->lock);
			atomic_store(&s->gather_waits, i);
			while (!atomic_load(&j->done))
				pthread_cond_wait(&s->job_done, &s->lock);
			atomic_store(&s->gather_waits, NO_JOB);
			pthread_mutex_unlock(&s->lock);
		}
		held = job_bytes(j);
		if (!j->preset)
			m->images[j->image] = j->img;
		/* The logs were all read by now (the walk is over): join the rows,
		 * and format again what a worker formatted without the figures. */
		if (ptxjoin_apply(&s->join, m, j->funcs, j->nfuncs) > 0 && j->text != NULL) {
			free(j->text);
			j->text = s->cfg->format(&m->images[j->image], j->funcs, j->nfuncs, &j->textlen);
		}
		if (j->preset && s->cfg->format != NULL && s->cfg->emit != NULL) {
			/* Rows read back from CSV may span images: one at a time. */
			for (size_t k = 0; k < j->nfuncs; k++) {
				j->text = s->cfg->format(&m->images[j->funcs[k].image], &j->funcs[k], 1,
				    &j->textlen);
				s->cfg->emit(s->cfg->ctx, j->text, j->textlen);
				free(j->text);
				j->text = NULL;
			}
		}
		s->stats->functions += j->nfuncs;
		if (!s->cfg->emit_only)
			for (size_t k = 0; k < j->nfuncs; k++)
				model_add_func(m, &j->funcs[k]);
		if (j->text != NULL)
			s->cfg->emit(s->cfg->ctx, j->text, j->textlen);
		if (j->preset) {
			free(j->funcs);
			j->funcs = NULL;
		}
		/* The worker that read it frees the rest (see reclaim). */
		atomic_store(&s->gathered_upto, i + 1);
		if (atomic_fetch_sub(&s->pending, held) > PENDING_LIMIT) {
			pthread_mutex_lock(&s->lock);
			pthread_cond_broadcast(&s->gathered);
			pthread_mutex_unlock(&s->lock);
		}
		if (j->changed && changed_said(s, j->img.library))
			diag_free(&j->diags);	/* its file has its message */
		if (j->diags.n > 0)
			s->stats->unreadable++;
		diag_append(s->diags, &j->diags);
	}
	s->stats->gather_cpu_seconds += clock_seconds(CLOCK_THREAD_CPUTIME_ID) - cpu;
}

static struct worker *
start_workers(struct scan *s, int nthreads)
{
	struct worker *w;

	if (nthreads < 1)
		nthreads = 1;
	w = xcalloc((size_t)nthreads, sizeof *w);
	atomic_store(&s->next_job, 0);
	atomic_store(&s->published, 0);
	atomic_store(&s->idle, 0);
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->job_done, NULL);
	pthread_cond_init(&s->more_jobs, NULL);
	pthread_cond_init(&s->gathered, NULL);
	atomic_store(&s->gather_waits, NO_JOB);
	atomic_store(&s->pending, 0);
	namecache_init(&s->names, &s->model->pool);
	rss_open(&s->rss);
	membudget_init(&s->buffers, BUDGET_SHARE);
	/* Before any row is read the rest is the program, and what the
	 * workers will hold besides their buffers: pieces of compressed
	 * input, zstd's state, and the rows the gathering has not taken. */
	s->rest_peak = rss_bytes(&s->rss) + (size_t)nthreads * WORKER_REST + PENDING_LIMIT;
	fit_budget(s);
	/* Batches large enough that the shared counter and page dropping
	 * cost little; worker_main shrinks them towards the end. */
	s->batch = 64;
	s->nworkers = nthreads;
	for (int t = 0; t < nthreads; t++) {
		w[t].scan = s;
		w[t].id = t;
		decompressor_init(&w[t].dec, &s->buffers, BUDGET_SHARE / (size_t)nthreads);
		if (pthread_create(&w[t].thread, NULL, worker_main, &w[t]) != 0) {
			fprintf(stderr, "spillway: cannot start a worker thread\n");
			abort();
		}
	}
	return w;
}

/* Tells the workers the walk is over, gathers every job, and stops them. */
static void
finish_workers(struct scan *s, struct worker *w)
{
	pthread_mutex_lock(&s->lock);
	s->walk_done = 1;
	pthread_cond_broadcast(&s->more_jobs);
	pthread_mutex_unlock(&s->lock);
	gather_results(s);
	for (int t = 0; t < s->nworkers; t++) {
		pthread_join(w[t].thread, NULL);
		decompressor_free(&w[t].dec);
		free(w[t].in);
		s->stats->decompress_seconds += w[t].t_decompress;
		s->stats->parse_seconds += w[t].t_parse;
		s->stats->names_seconds += w[t].t_names;
		s->stats->format_seconds += w[t].t_format;
		s->stats->worker_seconds += w[t].t_alive;
		s->stats->walk_wait_seconds += w[t].t_wait_walk;
		s->stats->gather_wait_seconds += w[t].t_wait_gather;
		free(w[t].mine);
	}
	/* What the workers had not reclaimed when they stopped. */
	for (size_t i = 0; i < s->njobs; i++)
		job_free_results(job_at(s, i));
	s->stats->buffer_peak = s->buffers.peak;
	s->stats->buffer_fresh = s->buffers.fresh;
	s->stats->buffer_handed = s->buffers.handed;
	s->stats->buffer_wait_seconds = s->buffers.waited;
	membudget_free(&s->buffers);
	rss_close(&s->rss);
	pthread_cond_destroy(&s->job_done);
	pthread_cond_destroy(&s->more_jobs);
	pthread_cond_destroy(&s->gathered);
	namecache_take_bounded(&s->names, &s->stats->kept_mangled);
	namecache_free(&s->names);
	pthread_mutex_destroy(&s->lock);
	free(w);
}

void
scan_stats_free(struct scan_stats *stats)
{
	free(stats->spans);
	stats->spans = NULL;
	namecache_bounded_free(&stats->kept_mangled);
	stats->nspans = 0;
}

/* Half of what the process may open, leaving room for the rest of it. */
static size_t
open_files_allowed(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return 512;
	return rl.rlim_cur > 128 ? (size_t)(rl.rlim_cur - 64) / 2 : 0;
}

/* Sets a scan up and starts its workers, which read images while the
 * walk finds more. */
static struct worker *
scan_begin(struct scan *s, const struct scan_config *cfg, struct model *model,
    struct diag_list *diags, struct scan_stats *stats)
{
	memset(s, 0, sizeof *s);
	memset(stats, 0, sizeof *stats);
	s->cfg = cfg;
	s->model = model;
	s->diags = diags;
	s->stats = stats;
	elf_version(EV_CURRENT);
	s->chunks = xcalloc(JOB_CHUNKS, sizeof *s->chunks);
	s->max_open_files = open_files_allowed();
	stats->workers = cfg->threads > 0 ? cfg->threads : scan_default_threads();
	return start_workers(s, stats->workers);
}

/* The walk is over (it began at t0): lets the workers finish, then frees. */
static void
scan_end(struct scan *s, struct worker *w, double t0)
{
	struct scan_stats *stats = s->stats;
	double t1 = clock_seconds(CLOCK_MONOTONIC);

	stats->walk_seconds = t1 - t0;
	stats->images = s->model->nimages;
	stats->jobs = s->njobs;
	/* Every log has been read: index its ptxas figures for the gathering. */
	ptxjoin_init(&s->join, s->model);
	finish_workers(s, w);
	stats->read_seconds = clock_seconds(CLOCK_MONOTONIC) - t1;
	ptxjoin_free(&s->join);

	diag_sort(s->diags);
	free(s->changed);
	if (s->seen != NULL)
		htab_delete(s->seen);
	free(s->links);
	for (size_t c = 0; c < JOB_CHUNKS && s->chunks[c] != NULL; c++)
		free(s->chunks[c]);
	free(s->chunks);
}

int
scan_paths(char *const *paths, int npaths, const struct scan_config *cfg,
    struct model *model, struct diag_list *diags, struct scan_stats *stats)
{
	struct scan s;
	struct worker *w;
	static char *dot[] = { "." };
	double t0 = clock_seconds(CLOCK_MONOTONIC);

	w = scan_begin(&s, cfg, model, diags, stats);
	if (npaths == 0 && (cfg->logs == NULL || cfg->logs->n == 0)) {
		paths = dot;
		npaths = 1;
	}
	stats->spans = xcalloc((size_t)npaths, sizeof *stats->spans);
	stats->nspans = (size_t)npaths;
	for (int i = 0; i < npaths; i++) {
		struct scan_span *sp = &stats->spans[i];
		struct stat st;
		size_t filled = s.modules_filled;

		sp->path = paths[i];
		sp->image_first = sp->image_end = model->nimages;
		if (strcmp(paths[i], "-") == 0) {	/* standard input */
			scan_file(&s, AT_FDCWD, paths[i], paths[i], paths[i], 1, 0);
			sp->image_end = model->nimages;
			sp->modules = s.modules_filled - filled;
			continue;
		}
		if (stat(paths[i], &st) != 0) {
			diag_add(diags, ++s.order, paths[i], NULL, DIAG_NO_OFFSET, "%s", strerror(errno));
			stats->named_missing++;
			sp->missing = 1;
			continue;
		}
		sp->is_dir = S_ISDIR(st.st_mode) != 0;
		/* A file or directory named again, or named after a walk read
		 * it, is read once: its rows and its messages come out once. */
		if (inode_seen(&s, &st, 0)) {
			sp->again = 1;
			continue;
		}
		if (sp->is_dir) {
			enter_dir(&s, AT_FDCWD, paths[i], paths[i], paths[i], 0, 1);
			scan_links(&s, paths[i]);
		} else
			scan_file(&s, AT_FDCWD, paths[i], paths[i], paths[i], 1, 0);
		(void)inode_seen(&s, &st, 1);	/* one that could not be read, too */
		sp->image_end = model->nimages;
		sp->modules = s.modules_filled - filled;
	}
	if (cfg->logs != NULL)
		for (size_t i = 0; i < cfg->logs->n; i++)
			scan_file(&s, AT_FDCWD, cfg->logs->v[i], cfg->logs->v[i], cfg->logs->v[i], 1, 1);
	scan_end(&s, w, t0);
	return 0;
}

int
scan_buffer(const uint8_t *data, size_t size, const char *name,
    const struct scan_config *cfg, struct model *model, struct diag_list *diags,
    struct scan_stats *stats)
{
	struct scan s;
	struct place p;
	struct worker *w;
	struct source *src = xcalloc(1, sizeof *src);
	double t0 = clock_seconds(CLOCK_MONOTONIC);

	w = scan_begin(&s, cfg, model, diags, stats);
	s.order++;
	src->map.fd = -1;
	src->map.size = size;
	src->origin = src->mem = data;
	atomic_init(&src->refs, 1);
	memset(&p, 0, sizeof p);
	p.scan = &s;
	p.library = strpool_intern_str(&model->pool, name);
	p.member = strpool_intern_str(&model->pool, "");
	p.src = src;
	if (size > 0)
		read_buffer(&p, data, size, 1);
	else {
		diag_add(diags, s.order, name, NULL, DIAG_NO_OFFSET, "empty file");
		stats->unreadable++;
	}
	source_release(&s, src);
	scan_end(&s, w, t0);
	return 0;
}
