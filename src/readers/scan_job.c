/* SPDX-License-Identifier: MIT */
/*
 * One job on a worker: its stored bytes copied out (scan_source.c),
 * decompressed, its cubin read, and its functions made into rows with
 * their names demangled through the shared cache.
 */
#include "config.h"

#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu.h"
#include "clock.h"
#include "cubin.h"
#include "demangle.h"
#include "fatal.h"
#include "launch.h"
#include "recompress.h"
#include "scan_int.h"
#include "le.h"
#include "xalloc.h"

/* A cubin's visibility is the symbol's STV_* value, copied as it is. */
_Static_assert(VIS_INTERNAL == STV_INTERNAL && VIS_HIDDEN == STV_HIDDEN &&
    VIS_PROTECTED == STV_PROTECTED, "enum func_visibility is ELF's order");

#define INPUT_KEEP	((size_t)1 << 20)

static void
job_error(struct scan *s, struct job *j, uint64_t offset, const char *msg)
{
	(void)s;
	diag_add(&j->diags, j->order, j->img.library, j->img.member, offset, "%s (%s image)",
	    msg, j->img.arch);
}

/* Reads a piece of the job's stored bytes (see decompress_read_fn). */
static int
read_piece(void *ctx, size_t off, uint8_t *buf, size_t len)
{
	return scan_stored_read(ctx, off, len, buf);
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
	if ((e = scan_stored_read(st, 0, j->size, buf)) != 0) {
		snprintf(err, errsize, "cannot read %zu bytes: %s", j->size, strerror(e));
		return -1;
	}
	*elf = buf;
	if (j->compression == COMPRESS_LZ4)
		return decompress_lz4(&w->dec, buf, j->size, j->usize, elf, err, errsize);
	return 0;
}

/* The job's file shrank or changed: one message for it (see scan_changed_said). */
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

/* Rows of an AMDGPU code object's kernels (amdgpu.h): reg the VGPRs,
 * stack the private segment, shared the group segment, max_threads the
 * max flat workgroup size. */
static void
amdgpu_rows(struct worker *w, struct job *j, const uint8_t *elf, size_t elfsize)
{
	struct scan *s = w->scan;
	struct image_rec *img = &j->img;
	struct amdgpu_co co;
	char err[ERRBUF];
	size_t erroff = 0;
	const char *none = strpool_intern_memo(&s->model->pool, &w->memo, "");

	if (amdgpu_read(elf, elfsize, &co, &s->model->pool, &s->zones, err, sizeof err, &erroff) < 0) {
		job_error(s, j, j->offset + erroff, err);
		return;
	}
	if (img->arch[3] == '?') {
		if (co.target[0] == '\0') {
			job_error(s, j, j->offset, "code object whose metadata names no amdgcn-amd-amdhsa target");
			amdgpu_free(&co);
			return;
		}
		snprintf(img->arch, sizeof img->arch, "%s", co.target);
	}
	img->version_major = co.version_major;
	img->version_minor = co.version_minor;
	img->producer = strpool_intern_memo(&s->model->pool, &w->memo, "clang");
	j->funcs = xcalloc(co.nkernels ? co.nkernels : 1, sizeof *j->funcs);
	for (size_t i = 0; i < co.nkernels; i++) {
		const struct amdgpu_kernel *k = &co.kernels[i];
		struct func_rec *f = &j->funcs[j->nfuncs++];

		/* NVIDIA's figures (local, texture, frame, spills from ptxas
		 * -v, max_block, code_bytes) stay unknown. */
		func_rec_start(f, (uint32_t)j->image, FUNC_ENTRY, VIS_DEFAULT, k->name);
		f->constant = none;
		f->reg = k->vgpr;
		f->agpr = k->agpr;
		f->sgpr = k->sgpr;
		f->vgpr_spill = k->vgpr_spill;
		f->sgpr_spill = k->sgpr_spill;
		f->wavefront = k->wavefront;
		f->stack = k->private_segment;
		f->shared = k->group_segment;
		f->max_threads = k->max_flat_workgroup;
	}
	amdgpu_free(&co);
}

/* Each row's names, from the shared cache. */
static void
demangle_rows(struct scan *s, struct job *j)
{
	for (size_t i = 0; i < j->nfuncs; i++) {
		struct demangled dm;

		if (j->funcs[i].name == NULL) {
			namecache_get(&s->names, j->funcs[i].mangled, &dm);
			set_names(&j->funcs[i], &dm);
		}
	}
}

/*
 * The job's image, decompressed if it is stored so (read_image), into
 * *elf and *elfsize; a job that cannot be read says why and returns -1.
 */
static int
job_image(struct worker *w, struct job *j, const uint8_t **elf, size_t *elfsize)
{
	char err[ERRBUF];
	struct stored st;
	int rc;

	fatal_doing("reading", j->img.library);
	rc = scan_stored_open(&st, j, err, sizeof err);
	if (rc == 0)
		rc = read_image(w, j, &st, elf, err, sizeof err);
	scan_stored_close(&st);
	trim_input(w);
	if (rc < 0) {
		if (st.shrank || st.changed)
			job_changed(j, &st, err);
		else
			job_error(w->scan, j, j->offset, err);
		return -1;
	}
	*elfsize = j->compression != COMPRESS_NONE ? j->usize : j->size;
	return 0;
}

/* What a cubin says of its whole image. */
static void
cubin_image(struct worker *w, struct image_rec *img, const struct cubin *c)
{
	struct strpool *pool = &w->scan->model->pool;

	if (img->arch[3] == '?') {
		/* A bare cubin: the arch comes from e_flags and .nv.compat. */
		snprintf(img->arch, sizeof img->arch, "sm_%u%s", c->sm, c->arch_a ? "a" : "");
	}
	if (c->relocatable)	/* or found in __nv_relfatbin already */
		img->relocatable = 1;
	img->callgraph = c->calls > 0;
	img->global = c->global;
	img->constant = strpool_intern_memo(pool, &w->memo, c->constant);
	img->toolkit = strpool_intern_memo(pool, &w->memo, c->toolkit);
	img->producer = strpool_intern_memo(pool, &w->memo, c->producer);
	img->text_bytes = c->text_bytes;
	img->merc_bytes = c->merc_bytes;
	img->sized = 1;
	img->hash = c->hash;	/* 0 unless asked (want_hash) */
}

/* One row of a cubin's function; its names now if the cache has them. */
static void
cubin_row(struct worker *w, const struct job *j, const struct cubin_func *cf, struct func_rec *f)
{
	struct scan *s = w->scan;
	struct demangled dm;

	/* The AMDGPU figures, min_blocks and the spills (ptxas -v's) stay unknown. */
	func_rec_start(f, (uint32_t)j->image, cf->entry ? FUNC_ENTRY : FUNC_DEVICE,
	    cf->visibility | (cf->unlisted ? VIS_UNLISTED : 0), cf->name);
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
	f->frame = cf->frame;
	f->stack_why = cf->stack_why;
	f->callees = cf->callees;
	f->callees_cut = cf->callees_cut;
	f->code_bytes = cf->code_bytes > INT32_MAX ? INT32_MAX : (int32_t)cf->code_bytes;
	f->code_hash = cf->code_hash;
	f->src_file = cf->src_file;
	f->src_line = cf->src_line;
	f->max_block = launch_func_max_block(j->img.arch, f);
}

/* Rows of a cubin's functions; t1: when its image was ready (--stats). */
/* The sections an ELF64 image says it has (e_shnum, or section 0's
 * sh_size past 0xff00), at most as many as its bytes could hold: what
 * parsing it will hold depends on them.  0 when it is no ELF64 image. */
static size_t
elf_sections(const uint8_t *elf, size_t size)
{
	uint64_t n, shoff;

	if (size < 64 || memcmp(elf, "\177ELF", 4) != 0 || elf[4] != 2)
		return 0;
	n = le_read(elf + 60, 2);
	shoff = le_read(elf + 40, 8);
	if (n == 0 && shoff < size && size - shoff >= 64)
		n = le_read(elf + shoff + 32, 8);
	return n < size / 64 ? (size_t)n : size / 64;
}

static void
cubin_rows(struct worker *w, struct job *j, const uint8_t *elf, size_t elfsize, double t1)
{
	struct scan *s = w->scan;
	size_t erroff = 0, parse;
	char err[ERRBUF];
	struct cubin c;
	double t2;
	int rc;

	cubin_init(&c);
	c.want_hash = s->cfg->hashes;
	/* A worker waiting here holds no parse room: no two wait on each other. */
	parse = elf_sections(elf, elfsize) * PARSE_SECTION_BYTES;
	membudget_take(&s->parses, parse);
	rc = cubin_read(elf, elfsize, &c, &s->model->pool, err, sizeof err, &erroff);
	if (rc < 0) {
		membudget_give(&s->parses, parse);
		if (j->compression != COMPRESS_NONE) {
			char msg[ERRBUF + 64];
			snprintf(msg, sizeof msg, "%s (at 0x%zx of the decompressed image)", err, erroff);
			job_error(s, j, j->offset, msg);
		} else
			job_error(s, j, j->offset + erroff, err);
		cubin_free(&c);
		return;
	}
	cubin_image(w, &j->img, &c);
	t2 = clock_seconds(CLOCK_MONOTONIC);
	w->t_parse += t2 - t1;
	j->funcs = xcalloc(c.nfuncs ? c.nfuncs : 1, sizeof *j->funcs);
	for (size_t i = 0; i < c.nfuncs; i++)
		cubin_row(w, j, &c.funcs[i], &j->funcs[j->nfuncs++]);
	cubin_free(&c);
	membudget_give(&s->parses, parse);
	demangle_rows(s, j);
	w->t_names += clock_seconds(CLOCK_MONOTONIC) - t2;
}

/*
 * --what-if: the image compressed as the mode would store it.  A PTX
 * entry stored plain is padded with NULs to 8 bytes; fatbinary compresses
 * the text and its one NUL (doc/binary-formats.md 3.2), so the padding is
 * left out.
 */
static void
predict(struct worker *w, struct job *j, const uint8_t *img, size_t n)
{
	const struct whatif *wi = w->scan->cfg->whatif;
	enum image_compression c;
	int level;
	double t0 = clock_seconds(CLOCK_MONOTONIC);

	if (!whatif_compresses(wi) || (c = whatif_codec(wi, &j->img, &level)) == COMPRESS_NONE)
		return;
	if (j->img.kind == IMAGE_PTX && j->compression == COMPRESS_NONE) {
		const uint8_t *nul = memchr(img, 0, n);

		if (nul != NULL)
			n = (size_t)(nul - img) + 1;
	}
	j->img.predicted = recompress_size(img, n, c, level);
	w->t_parse += clock_seconds(CLOCK_MONOTONIC) - t0;
}

void
scan_job_run(struct worker *w, struct job *j)
{
	const uint8_t *elf;
	size_t elfsize;
	double t0 = clock_seconds(CLOCK_MONOTONIC), t1, t2;

	if (j->preset || job_image(w, j, &elf, &elfsize) < 0)
		return;
	t1 = clock_seconds(CLOCK_MONOTONIC);
	w->t_decompress += t1 - t0;
	if (!j->amdgpu)
		predict(w, j, elf, elfsize);
	if (j->img.kind == IMAGE_PTX || j->img.nvlink_input)
		return;		/* made a job for predict alone */
	if (!j->amdgpu) {
		cubin_rows(w, j, elf, elfsize, t1);
		return;
	}
	amdgpu_rows(w, j, elf, elfsize);
	t2 = clock_seconds(CLOCK_MONOTONIC);
	w->t_parse += t2 - t1;
	demangle_rows(w->scan, j);
	w->t_names += clock_seconds(CLOCK_MONOTONIC) - t2;
}
