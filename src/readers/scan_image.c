/* SPDX-License-Identifier: MIT */
/*
 * What a buffer holds, by the table of file types: host ELF (its fatbin
 * section), ar archive (each member), fatbin, bare cubin, --list CSV,
 * build log.  Each SASS image found is checked against the bounds and
 * becomes a job (scan_pool.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "fatal.h"
#include "amdgpu.h"
#include "archive.h"
#include "ccob.h"
#include "cubin.h"
#include "fatbin.h"
#include "hostelf.h"
#include "imagescsv.h"
#include "listcsv.h"
#include "ctrace.h"
#include "logs.h"
#include "offload_bundle.h"
#include "package.h"
#include "scan_int.h"
#include "xalloc.h"

#define NEST_MAX 4		/* archives inside archives */
/* Packages inside packages: a .conda's .tar.zst is the second level. */
#define PACKAGE_NEST_MAX 2
#define WALK_DROP_BYTES	((size_t)4 << 20)
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

static void
place_error(struct place *p, uint64_t offset, const char *msg)
{
	diag_add(p->scan->diags, p->scan->order, p->library, p->member, p->base + offset, "%s", msg);
	p->scan->stats->unreadable++;
}

/* A message about the whole file or member, at no offset. */
static void
place_notice(struct place *p, const char *msg)
{
	diag_add(p->scan->diags, p->scan->order, p->library, p->member, DIAG_NO_OFFSET, "%s", msg);
	p->scan->stats->unreadable++;
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

/* The bytes an entry takes in its container. */
static uint64_t
entry_bytes(const struct fatbin_entry *e)
{
	return (uint64_t)e->header_size + e->padded_size;
}

/* The bytes of its package that the entry takes (package.h's span), 0
 * unknown: outside a package's member, in a compressed tarball, or not
 * in the member's own bytes (a CCOB's, decompressed). */
static uint64_t
entry_packed(const struct place *p, const struct fatbin_entry *e)
{
	const uint8_t *start = e->payload - e->header_size;

	if (p->span == NULL || start < p->span_origin ||
	    (size_t)(start - p->span_origin) > p->span_size)
		return 0;
	return package_span_bytes(p->span, (uint64_t)(start - p->span_origin),
	    (uint64_t)(start - p->span_origin) + entry_bytes(e));
}

/* An entry that becomes no image: its bytes are said apart (size.c). */
static void
entry_skipped(struct place *p, const struct fatbin_entry *e)
{
	if (p->fatbin > 0)
		p->scan->model->fatbins[p->fatbin - 1].entries_skipped += entry_bytes(e);
}

/*
 * The most entries of one fatbin section or file made images: each costs
 * an image record (and a job, a size line) of its own, whatever the few
 * bytes it holds, so that a fatbin of millions of 72-byte entries would
 * hold gigabytes.  libcublasLt.so.13, NVIDIA's largest, has 5,737; the
 * bound is 45 times that.  Entries past it are damage, said once, and
 * their bytes are counted with the entries not read.
 */
#define FATBIN_IMAGES_MAX	((size_t)256 << 10)

/* Whether the walk may make one more image of its fatbin's entries (the
 * first one past the bound says so). */
static int
entry_within_bound(struct place *p, const struct fatbin_entry *e)
{
	if (p->fatbin_images < FATBIN_IMAGES_MAX) {
		p->fatbin_images++;
		return 1;
	}
	if (p->fatbin_images++ == FATBIN_IMAGES_MAX) {
		char msg[ERRBUF];

		snprintf(msg, sizeof msg, "more than %zu entries in one fatbin: this one and those after it are not read",
		    FATBIN_IMAGES_MAX);
		place_error(p, e->offset, msg);
	}
	entry_skipped(p, e);
	return 0;
}

/*
 * A PTX or LTO-IR entry of no bytes holds no code: it is counted with its
 * container, not made an image, so that a fatbin of millions of entry
 * headers and nothing else costs no memory per entry (size.c says them on
 * a line of their own).  A SASS entry of no bytes is damage
 * (image_readable).
 */
static int
entry_empty(struct place *p, const struct fatbin_entry *e)
{
	if (e->kind == FATBIN_KIND_ELF || e->payload_size > 0)
		return 0;
	if (p->fatbin > 0) {
		struct fatbin_rec *fb = &p->scan->model->fatbins[p->fatbin - 1];

		fb->empty_entries++;
		fb->empty_entry_bytes += entry_bytes(e);
	}
	return 1;
}

/*
 * Whether a worker reads an image that gives no rows (PTX, the device
 * link's inputs) to predict its compressed size: only when --what-if
 * compresses, and only SASS and PTX (LTO-IR is kept as stored).
 */
static int
predict_only(const struct scan *s, const struct image_rec *img)
{
	return whatif_compresses(s->cfg->whatif) && (img->kind == IMAGE_SASS || img->kind == IMAGE_PTX);
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
		entry_skipped(p, e);
		return;
	}
	drop_walked_behind(p, e->payload);
	if (s->cfg->arches != NULL &&
	    !arch_selected((const char *const *)s->cfg->arches->v, s->cfg->arches->n, img.arch)) {
		entry_skipped(p, e);
		return;
	}
	if (entry_empty(p, e))
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
	img.entry_size = entry_bytes(e);
	img.fatbin = (uint32_t)p->fatbin;
	img.package = p->package;
	img.packed = entry_packed(p, e);

	memset(&j, 0, sizeof j);
	if (p->inputs) {
		/* The device link's inputs: their bytes counted, no kernel
		 * read (cuobjdump reads the linked .nv_fatbin beside them);
		 * a worker reads one only to predict it (predict_only). */
		if (!entry_within_bound(p, e))
			return;
		j.image = model_add_input(s->model, &img);
		img.nvlink_input = 1;
		if (!predict_only(s, &img))
			return;
	} else {
		if (img.kind == IMAGE_SASS && !image_readable(p, img.offset, e->payload_size, img.size,
		    img.compression != COMPRESS_NONE)) {
			entry_skipped(p, e);
			return;
		}
		if (!entry_within_bound(p, e))
			return;
		j.image = model_add_image(s->model, &img);
		if (img.kind != IMAGE_SASS && !predict_only(s, &img))
			return;
	}
	j.img = img;
	j.src = p->src;
	j.foff = (size_t)(e->payload - p->src->origin);
	j.size = e->payload_size;
	j.usize = (size_t)e->uncompressed_size;
	j.compression = img.compression;
	j.offset = img.offset + e->header_size;
	j.order = ++s->order;
	scan_job_add(s, &j);
}

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
	scan_read_buffer(&p, data, size, 0);
	/* Its headers were read: drop the archive's pages behind it. */
	drop_walked_behind(parent, data + size);
}

/* Bytes of a log read at a time looking for its long lines. */
#define LONG_LINE_CHUNK	((size_t)1 << 20)

/*
 * Every reader skips a line longer than LOG_LINE_MAX, but finding where
 * it ends faults in every page of it: a log of a header and a line of a
 * gigabyte would be held whole.  So before the readers go, a mapped log
 * is read with pread (which leaves no page of it in this process) and the
 * pages inside each such line, past its first LOG_LINE_MAX + 1 bytes and
 * before its last, are mapped over with zeros: no newline, no memory, and
 * the line as long as it was.  Each inside is told to the line library
 * too (loglines_skip), which steps over it: on some kernels a page of
 * zeros read counts as resident.  A log with a hole is left as it is.
 */
static void
zero_long_lines(struct place *p, const uint8_t *data, size_t size)
{
	const struct source *src = p->src;
	size_t base, at = 0, line = 0;
	uint8_t *buf;

	if (src == NULL || src->mem != NULL || src->map.fd < 0 || size <= LOG_LINE_MAX)
		return;
	base = (size_t)(data - src->origin);
	/* A log with a hole is refused (read_log), and not read here. */
	if (mapfile_next_hole(&src->map, base) < base + size)
		return;
	buf = xmalloc(LONG_LINE_CHUNK);
	while (at < size) {
		size_t n = size - at < LONG_LINE_CHUNK ? size - at : LONG_LINE_CHUNK;
		const uint8_t *q = buf, *nl;

		if (mapfile_pread(src->map.fd, base + at, n, buf) != 0)
			break;
		while ((nl = memchr(q, '\n', (size_t)(buf + n - q))) != NULL) {
			size_t end = at + (size_t)(nl - buf);

			if (end - line > LOG_LINE_MAX + 2) {
				mapfile_zero(&src->map, base + line + LOG_LINE_MAX + 1,
				    end - line - LOG_LINE_MAX - 2);
				loglines_skip(data + line + LOG_LINE_MAX + 1, data + end);
			}
			line = end + 1;
			q = nl + 1;
		}
		at += n;
	}
	if (at == size && size - line > LOG_LINE_MAX + 2) {
		mapfile_zero(&src->map, base + line + LOG_LINE_MAX + 1, size - line - LOG_LINE_MAX - 2);
		loglines_skip(data + line + LOG_LINE_MAX + 1, data + size);
	}
	free(buf);
}

/*
 * A build log (ptxas -v, nvcc --time, record, time -v, .ninja_log), in
 * every format it holds.  --log=FILE: whatever its first lines look like,
 * and one that is none of them is said so.
 */
static void
read_log_lines(struct place *p, const uint8_t *data, size_t size)
{
	struct scan *s = p->scan;
	unsigned kinds = logs_detect(data, size, p->as_log);
	struct logctx c;

	if (kinds == 0) {
		place_error(p, 0, "not a build log spillway reads (ptxas -v, nvcc --time CSV, "
		    "spillway record log, GNU time -v, .ninja_log v5-v7)");
		return;
	}
	if (p->src != NULL && p->src->mem == NULL) {
		/* Text has no runs of zeros, let alone holes; reading one of
		 * gigabytes would fault it into memory. */
		size_t off = (size_t)(data - p->src->origin);
		size_t hole = mapfile_next_hole(&p->src->map, off);

		if (hole < off + size) {
			place_error(p, hole - off, "a hole (zeros the file system does not store) in a build log: not read");
			return;
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
}

static void
read_log(struct place *p, const uint8_t *data, size_t size)
{
	zero_long_lines(p, data, size);
	read_log_lines(p, data, size);
	loglines_skips_clear();
}

/* A cubin on its own (no fatbin around it): one job, its arch read from
 * the cubin by the worker. */
static void
read_cubin(struct place *p, const uint8_t *data, size_t size)
{
	struct scan *s = p->scan;
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
	scan_job_add(s, &j);
	s->stats->files_read++;
}

/*
 * An AMDGPU code object: one job, its rows from its metadata note
 * (amdgpu.h).  target: from the offload bundle's entry, NULL for a bare
 * code object (the worker reads it from amdhsa.target).
 */
static void
add_code_object(struct place *p, const uint8_t *data, size_t size, uint64_t offset,
    const char *target)
{
	struct scan *s = p->scan;
	struct image_rec img;
	struct job j;

	if (s->cfg->arches != NULL && target != NULL &&
	    !arch_selected((const char *const *)s->cfg->arches->v, s->cfg->arches->n, target))
		return;
	if (!image_readable(p, offset, size, size, 0))
		return;
	memset(&img, 0, sizeof img);
	img.library = p->library;
	img.member = p->member;
	img.kind = IMAGE_SASS;
	snprintf(img.arch, sizeof img.arch, "%s", target != NULL ? target : "gfx?");
	img.stored_size = img.size = size;
	img.toolkit = img.producer = img.constant = strpool_intern_str(&s->model->pool, "");
	img.global = UNKNOWN;
	img.offset = p->base + offset;
	img.version_major = img.version_minor = UNKNOWN;
	memset(&j, 0, sizeof j);
	j.image = model_add_image(s->model, &img);
	j.img = img;
	j.amdgpu = 1;
	j.src = p->src;
	j.foff = (size_t)(data - p->src->origin);
	j.size = size;
	j.offset = img.offset;
	j.order = ++s->order;
	scan_job_add(s, &j);
}

static void
on_bundle_entry(void *ctx, const struct offload_entry *e)
{
	struct place *p = ctx;

	drop_walked_behind(p, e->payload);
	add_code_object(p, e->payload, e->size, e->offset, e->target);
}

/* A bare code object (.co, .hsaco). */
static void
read_code_object(struct place *p, const uint8_t *data, size_t size)
{
	p->scan->stats->files_read++;
	add_code_object(p, data, size, 0, NULL);
}

/*
 * The bundle a compressed one (ccob.h) holds, decompressed into a source
 * of its own that its jobs keep until read; at: the compressed bundle's
 * offset in p's buffer, where its entries are placed.
 */
static void
walk_inflated(struct place *p, uint8_t *bytes, size_t size, size_t at)
{
	struct source *src = xcalloc(1, sizeof *src);
	struct place q = *p;

	src->map.fd = -1;
	src->map.size = size;
	src->origin = src->mem = src->owned = bytes;
	src->owned_size = size;
	atomic_init(&src->refs, 1);
	q.src = src;
	q.base = p->base + at;
	q.walked = NULL;
	offload_bundle_walk(bytes, size, on_bundle_entry, on_fatbin_error, &q);
	scan_source_release(p->scan, src);
}

/* The bytes compressed bundles may still decompress to in p's file:
 * the limit of one image, and the file's share (inflate_allowed). */
static size_t
ccob_limit(const struct place *p)
{
	uint64_t left = p->src != NULL ? inflate_allowed(p->src) - p->src->promised : DECOMPRESS_LIMIT;

	return left < DECOMPRESS_LIMIT ? (size_t)left : DECOMPRESS_LIMIT;
}

/*
 * The bundles of a .hip_fatbin section or bundle file.  Compressed ones
 * (CCOB) follow each other, zeros between them; each is decompressed
 * and walked as an uncompressed bundle.  Returns at the first damage.
 */
static void
walk_bundles(struct place *p, const uint8_t *data, size_t size)
{
	size_t at = 0;

	while (at < size && ccob_is_ccob(data + at, size - at)) {
		uint8_t *bytes;
		size_t n, used, erroff = 0, limit = ccob_limit(p), room = 0;
		uint64_t promise;
		char err[ERRBUF];

		/* Room for what it promises, when it may: else ccob_inflate
		 * says why not, having taken nothing. */
		if (ccob_promise(data + at, size - at, &promise) == 0 && promise > 0 && promise <= limit)
			scan_inflate_reserve(p->scan, room = (size_t)promise);
		if (ccob_inflate(data + at, size - at, limit, &bytes, &n, &used,
		    err, sizeof err, &erroff) < 0) {
			if (room > 0)
				scan_inflate_release(p->scan, room);
			place_error(p, at + erroff, err);
			return;
		}
		if (p->src != NULL)
			p->src->promised += n;
		walk_inflated(p, bytes, n, at);
		at += used;
		while (at < size && data[at] == 0)
			at++;
	}
	if (at == 0)
		offload_bundle_walk(data, size, on_bundle_entry, on_fatbin_error, p);
	else if (at < size)
		place_error(p, at, "bytes after a compressed offload bundle (CCOB) that start no other");
}

/* A clang offload bundle on its own (hipcc --genco). */
static void
read_bundle(struct place *p, const uint8_t *data, size_t size)
{
	p->scan->stats->files_read++;
	walk_bundles(p, data, size);
}

/*
 * Walks the containers of a fatbin section or file, recorded in
 * model.fatbins so that its bytes can be told apart (size.c): the
 * entries', the containers' headers, the zeros between them.
 */
static void
walk_fatbin(struct place *p, const uint8_t *data, size_t size, const char *section,
    size_t file_size, const struct fatbin_section *sec)
{
	struct model *m = p->scan->model;
	struct fatbin_rec rec;
	struct fatbin_tally t;
	size_t i;

	memset(&rec, 0, sizeof rec);
	rec.library = p->library;
	rec.member = p->member;
	rec.section = strpool_intern_str(&m->pool, section);
	rec.offset = p->base;
	rec.size = size;
	rec.inputs = p->inputs;
	rec.file_size = file_size;
	if (sec != NULL) {
		rec.seg_gap = sec->seg_gap;
		rec.seg_align = sec->seg_align;
	}
	i = model_add_fatbin(m, &rec);
	p->fatbin = i + 1;
	p->fatbin_images = 0;
	rec.damaged = fatbin_walk_tallied(data, size, on_fatbin_entry, on_fatbin_error, skip_zeros,
	    &t, p) != 0;
	m->fatbins[i].containers = t.containers;
	m->fatbins[i].container_headers = t.container_headers;
	m->fatbins[i].zeros = t.zeros;
	m->fatbins[i].damaged = rec.damaged;
	p->fatbin = 0;
}

/* A host object, shared library or executable: the fatbins in its
 * .nv_fatbin or __nv_relfatbin sections, the offload bundles in its
 * .hip_fatbin sections, if it has them (hostelf.h: every one). */
static void
read_host_elf(struct place *p, const uint8_t *data, size_t size)
{
	struct fatbin_section *secs;
	char err[ERRBUF];
	size_t n, erroff = 0;
	int rc = hostelf_fatbin_sections(data, size, &secs, &n, err, sizeof err, &erroff);

	if (rc < 0) {
		place_error(p, erroff, err);
		return;
	}
	if (rc == 0)
		return;
	p->scan->stats->files_read++;
	for (size_t i = 0; i < n; i++) {
		struct place q = *p;

		q.base = p->base + secs[i].offset;
		if (secs[i].bundles)
			walk_bundles(&q, secs[i].data, secs[i].size);
		else {
			q.relocatable = secs[i].relocatable;
			q.inputs = secs[i].inputs;
			walk_fatbin(&q, secs[i].data, secs[i].size, secs[i].name, size, &secs[i]);
		}
	}
	free(secs);
}

/* An ar archive: each member read as a buffer of its own. */
static void
read_archive(struct place *p, const uint8_t *data, size_t size)
{
	char err[ERRBUF];
	size_t erroff = 0;

	if (p->depth >= NEST_MAX) {
		place_error(p, 0, "archives nested deeper than 4 levels, skipped");
		return;
	}
	p->walked = data;
	if (archive_walk(data, size, on_member, on_fatbin_error, p, err, sizeof err, &erroff) < 0)
		place_error(p, erroff, err);
}

static void
refuse_thin_archive(struct place *p, const uint8_t *data, size_t size)
{
	(void)data, (void)size;
	place_error(p, 0, "a thin archive: its members are files of their own, not stored in it; "
	    "not read (scan those files)");
}

/* A package being read: where it is, and its bytes. */
struct pkg_walk {
	struct place		*p;
	const uint8_t		*data;
	size_t			 size;
	uint32_t		 package;	/* 1 + index in model.packages, once a member came */
};

/* The package in model.packages, from its first member unpacked. */
static uint32_t
pkg_record(struct pkg_walk *pw, const struct package_span *span)
{
	struct place *p = pw->p;
	struct package_rec r;
	char *name;

	if (pw->package != 0)
		return pw->package;
	name = p->member[0] != '\0' ? xasprintf("%s:%s", p->library, p->member) : xstrdup(p->library);
	r.name = strpool_intern_str(&p->scan->model->pool, name);
	r.size = pw->size;
	r.spans = span != NULL;
	free(name);
	pw->package = (uint32_t)model_add_package(p->scan->model, &r) + 1;
	return pw->package;
}

static int
pkg_worth(void *ctx, const uint8_t *head, size_t n, size_t size)
{
	(void)ctx;
	return scan_image_worth_reading(head, n, size);
}

static void
pkg_room(void *ctx)
{
	struct pkg_walk *pw = ctx;

	scan_unpack_room(pw->p->scan);
}

static void
pkg_passed(void *ctx, size_t offset)
{
	struct pkg_walk *pw = ctx;

	drop_walked_behind(pw->p, pw->data + offset);
}

static void
pkg_reread(void *ctx, size_t offset, size_t len)
{
	struct pkg_walk *pw = ctx;
	const struct source *src = pw->p->src;

	if (src != NULL && src->mem == NULL && src->map.data != NULL && pw->data >= src->map.data)
		mapfile_done(&src->map, (size_t)(pw->data - src->map.data) + offset, len);
}

static void
pkg_error(void *ctx, const char *name, const char *message)
{
	struct pkg_walk *pw = ctx;
	char *msg = xasprintf("member %s: %s", name, message);

	place_notice(pw->p, msg);
	free(msg);
}

/*
 * A member unpacked into a scratch file, read as the file it would be in
 * the unpacked tree, named PACKAGE!/NAME (PACKAGE:MEMBER!/NAME in an ar
 * archive): its jobs pread from the scratch file, which goes with the last.
 */
static void
pkg_member(void *ctx, const char *name, int fd, size_t size, const struct package_span *span)
{
	struct pkg_walk *pw = ctx;
	struct place *p = pw->p, q;
	struct scan *s = p->scan;
	struct source *src;
	char err[ERRBUF], *library;

	(void)size;
	src = scan_source_scratch(s, fd, err, sizeof err);
	if (src == NULL) {
		pkg_error(ctx, name, err);
		return;
	}
	if (p->member[0] != '\0')
		library = xasprintf("%s:%s!/%s", p->library, p->member, name);
	else
		library = xasprintf("%s!/%s", p->library, name);
	memset(&q, 0, sizeof q);
	q.scan = s;
	q.library = strpool_intern_str(&s->model->pool, library);
	q.member = strpool_intern_str(&s->model->pool, "");
	q.src = src;
	q.packages = p->packages + 1;
	q.package = pkg_record(pw, span);
	q.span = span;
	q.span_origin = src->map.data;
	q.span_size = src->map.size;
	free(library);
	if (src->map.data != NULL) {
		fatal_doing("reading", q.library);
		scan_read_buffer(&q, src->map.data, src->map.size, 0);
		fatal_doing("reading", p->library);
	}
	mapfile_unmap(&src->map);
	scan_source_release(s, src);
}

/*
 * A package (package.h): a wheel, a conda package, a tarball.  A gzip,
 * bzip2, xz or zstd stream that holds no archive is no package: said
 * only when the user named it.  One nested past PACKAGE_NEST_MAX is
 * named, not read.
 */
static void
read_package(struct place *p, const uint8_t *data, size_t size)
{
	struct pkg_walk pw = { p, data, size, 0 };
	struct package_calls calls = {
		.worth = pkg_worth, .room = pkg_room, .member = pkg_member,
		.error = pkg_error, .passed = pkg_passed, .reread = pkg_reread,
	};
	char err[ERRBUF];
	int rc;

	calls.peek = p->packages >= PACKAGE_NEST_MAX;
	calls.spans = p->scan->cfg->whatif != NULL && p->scan->cfg->whatif->given;
	p->walked = data;
	rc = package_walk(data, size, &calls, &pw, err, sizeof err);
	if (rc == 1) {
		if (p->named)
			place_notice(p, "a compressed file that holds no archive (tar, zip): not read");
		return;
	}
	p->scan->stats->files_read++;
	if (rc < 0)
		place_notice(p, err);
	else if (calls.peek)
		place_notice(p, "a package inside a package inside a package (more than 2 levels): not read");
}

/* A fatbin on its own (nvcc -fatbin). */
static void
read_fatbin(struct place *p, const uint8_t *data, size_t size)
{
	p->scan->stats->files_read++;
	walk_fatbin(p, data, size, "", size, NULL);
}

/* Rows read back from CSV become a job that is already done, so that
 * they keep their place in the model's order. */
static void
read_list(struct place *p, const uint8_t *data, size_t size)
{
	struct scan *s = p->scan;
	struct job j;

	memset(&j, 0, sizeof j);
	j.preset = 1;
	j.order = ++s->order;
	s->stats->files_read++;
	if (listcsv_import(data, size, p->library, s->model, &j.funcs, &j.nfuncs,
	    s->diags, s->order) < 0)
		s->stats->unreadable++;
	scan_job_add(s, &j);
}

/* A --list=images CSV: its images, sizes and hashes (a --baseline). */
static void
read_images_list(struct place *p, const uint8_t *data, size_t size)
{
	struct scan *s = p->scan;

	s->stats->files_read++;
	if (imagescsv_import(data, size, p->library, s->model, s->diags, s->order) < 0)
		s->stats->unreadable++;
}

static int
is_fatbin(const uint8_t *data, size_t size)
{
	return size >= 4 && ((uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 |
	    (uint32_t)data[3] << 24) == FATBIN_MAGIC;
}

/* A compile-time trace (nvcc -fdevice-time-trace, clang -ftime-trace): one
 * JSON text, not lines, so not a log of the line readers (ctrace.h).  A
 * Chrome trace no compiler wrote (spillway's own --report=trace) is said
 * so only when named. */
static void
read_trace(struct place *p, const uint8_t *data, size_t size)
{
	char err[ERRBUF];
	size_t off = 0;

	p->scan->stats->files_read++;
	switch (ctrace_read(data, size, p->library, p->scan->model, err, sizeof err, &off)) {
	case CTRACE_OK:
		break;
	case CTRACE_NOT_COMPILE:
		if (p->named || p->as_log)
			place_error(p, 0, "a Chrome trace that no compiler wrote (no nvcc otherData, no clang events): not read");
		break;
	case CTRACE_DAMAGED:
		place_error(p, off, err);
		break;
	}
}

static int
is_log(const uint8_t *data, size_t size)
{
	return logs_detect(data, size, 0) != 0;
}

/*
 * What a buffer is, by its content: the first type whose sniff says so
 * reads it.  A cubin is an ELF file too, so it comes before host ELF.
 * Each sniff looks at most at the first 64 KiB (a build log's, in
 * logs_detect; the others at a header), so that a file spillway does not
 * read is never faulted in whole to learn so.
 */
struct file_type {
	int		(*sniff)(const uint8_t *, size_t);
	void		(*read)(struct place *, const uint8_t *, size_t);
};

enum file_type_id {
	FILE_CUBIN,		/* a bare cubin */
	FILE_CODE_OBJECT,	/* an AMDGPU code object */
	FILE_HOST_ELF,
	FILE_ARCHIVE,		/* ar */
	FILE_THIN_ARCHIVE,	/* ar's thin kind: refused */
	FILE_FATBIN,
	FILE_BUNDLE,		/* a clang offload bundle */
	FILE_LIST,		/* spillway --list CSV */
	FILE_IMAGES_LIST,	/* spillway --list=images CSV */
	FILE_PACKAGE,		/* a wheel, conda package, tarball */
	FILE_TRACE,		/* a compile-time trace (Chrome trace JSON) */
	FILE_LOG,		/* a build log */
	FILE_TYPES
};

static const struct file_type file_types[FILE_TYPES] = {
	[FILE_CUBIN] =		{ .sniff = cubin_is_cubin, .read = read_cubin },
	[FILE_CODE_OBJECT] =	{ .sniff = amdgpu_is_code_object, .read = read_code_object },
	[FILE_HOST_ELF] =	{ .sniff = hostelf_is_elf, .read = read_host_elf },
	[FILE_ARCHIVE] =	{ .sniff = archive_is_archive, .read = read_archive },
	[FILE_THIN_ARCHIVE] =	{ .sniff = archive_is_thin, .read = refuse_thin_archive },
	[FILE_FATBIN] =		{ .sniff = is_fatbin, .read = read_fatbin },
	[FILE_BUNDLE] =		{ .sniff = offload_bundle_is_bundle, .read = read_bundle },
	[FILE_LIST] =		{ .sniff = listcsv_is_list, .read = read_list },
	[FILE_IMAGES_LIST] =	{ .sniff = imagescsv_is_list, .read = read_images_list },
	[FILE_PACKAGE] =	{ .sniff = package_is_package, .read = read_package },
	[FILE_TRACE] =		{ .sniff = ctrace_is_trace, .read = read_trace },
	[FILE_LOG] =		{ .sniff = is_log, .read = read_log },
};

/* The type of a buffer, NULL for none spillway reads.  --log=FILE: a
 * compile-time trace or a build log, whatever it looks like (read_log
 * says when it is none). */
static const struct file_type *
file_type_of(const struct place *p, const uint8_t *data, size_t size)
{
	if (p->as_log)
		return &file_types[ctrace_is_trace(data, size) ? FILE_TRACE : FILE_LOG];
	for (size_t i = 0; i < FILE_TYPES; i++)
		if (file_types[i].sniff(data, size))
			return &file_types[i];
	return NULL;
}

/*
 * Whether reading a file a walk found could come to anything, told by its
 * first n bytes (scan_probe.c reads them: all of a file up to
 * PROBE_BYTES, or PROBE_HEAD at least when one of those is a NUL, which
 * is no text, so no log): 0 only when scan_read_buffer would neither read
 * it nor say a word of it: no sniff knows it (each looks no further than
 * that), or it is a host ELF, whole in head, with no section of device
 * code and no damage.
 */
int
scan_image_worth_reading(const uint8_t *head, size_t n, size_t size)
{
	struct fatbin_section *secs;
	char err[ERRBUF];
	size_t nsecs, erroff;
	int rc;

	for (size_t i = 0; i < FILE_TYPES; i++) {
		if (!file_types[i].sniff(head, n))
			continue;
		if (i != FILE_HOST_ELF || n != size)
			return 1;
		rc = hostelf_fatbin_sections(head, size, &secs, &nsecs, err, sizeof err, &erroff);
		free(secs);
		return rc != 0;
	}
	return 0;
}

/*
 * Reads one buffer: a file, or an archive member.  named: the user named
 * this file, so a foreign one is an error rather than skipped.
 */
void
scan_read_buffer(struct place *p, const uint8_t *data, size_t size, int named)
{
	const struct file_type *t = file_type_of(p, data, size);

	p->named = named;
	if (t != NULL)
		t->read(p, data, size);
	else if (named)
		place_error(p, 0, "not a CUDA binary, fatbin, AMDGPU code object, offload bundle, ar archive, package (wheel, conda, tarball), spillway --list CSV or build log");
}
