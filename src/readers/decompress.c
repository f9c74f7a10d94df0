/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <lz4.h>
#define ZSTD_STATIC_LINKING_ONLY	/* ZSTD_d_stableOutBuffer */
#include <zstd.h>

#include "decompress.h"
#include "fatal.h"

#define LZ4_RATIO_MAX	255
#define ZSTD_BLOCK_MAX	((size_t)128 << 10)
#define HUGE_PAGE	((size_t)2 << 20)

/* Says why in err; returns -1. */
static int __attribute__((format(printf, 3, 4)))
fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
	return -1;
}

/* size rounded up to a whole number of huge pages. */
static size_t
whole_huge_pages(size_t size)
{
	return (size + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

/*
 * Moves len bytes of pages at from, in another worker's buffer, to this
 * one's at offset at, while this one waits for room: moved, they keep
 * their contents, where freed and taken anew the kernel would zero them
 * again.  The range left behind stays mapped, empty.  Buffers are made of
 * whole huge pages; a range that is not one mapping (pages handed to that
 * buffer before) goes a huge page at a time.  Returns the bytes moved.
 */
static size_t
receive_pages(void *ctx, uint8_t *from, size_t len, size_t at)
{
	size_t moved = 0;
#ifdef MREMAP_DONTUNMAP
	struct decompressor *d = ctx;
	uint8_t *to = d->buf + at;
	int how = MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP;

	if (mremap(from, len, len, how, to) != MAP_FAILED)
		return len;
	while (moved + HUGE_PAGE <= len &&
	    mremap(from + moved, HUGE_PAGE, HUGE_PAGE, how, to + moved) != MAP_FAILED)
		moved += HUGE_PAGE;
#else
	(void)ctx;
	(void)from;
	(void)len;
	(void)at;
#endif
	return moved;
}

void
decompressor_init(struct decompressor *d, struct membudget *budget, size_t keep)
{
	d->zstd = ZSTD_createDCtx();
	if (d->zstd == NULL)
		fatal("out of memory (a zstd context)");
	d->buf = NULL;
	d->cap = d->space = 0;
	d->budget = budget;
	d->keep = keep;
	d->recv.receive = receive_pages;
	d->recv.ctx = d;
	d->recv.want = d->recv.received = 0;
	d->recv.moving = 0;
}

/* Maps size bytes of inaccessible address space aligned on a huge page,
 * or returns NULL. */
static uint8_t *
map_space(size_t size)
{
	uint8_t *p, *start;
	size_t head;

	p = mmap(NULL, size + HUGE_PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	start = (uint8_t *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
	head = (size_t)(start - p);
	if (head > 0)
		munmap(p, head);
	munmap(start + size, HUGE_PAGE - head);
#ifdef MADV_HUGEPAGE
	madvise(start, size, MADV_HUGEPAGE);
#endif
	return start;
}

/* Whether the process's address space is limited (ulimit -v). */
static int
address_space_limited(void)
{
	struct rlimit rl;

	return getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY;
}

/*
 * The buffer lives in address space reserved for the largest image
 * (inaccessible, so it costs no memory), of which the first cap bytes are
 * usable: growing keeps the pages it has, where a new mapping would have
 * the kernel zero every page again.  Under ulimit -v, address space is
 * memory: the reservation is then only as large as the image, and a
 * larger image takes a new one.  Called with nothing held.
 */
static void
reserve_space(struct decompressor *d, size_t cap)
{
	if (d->buf != NULL)
		munmap(d->buf, d->space);
	d->space = address_space_limited() ? cap : DECOMPRESS_LIMIT;
	if ((d->buf = map_space(d->space)) == NULL)
		fatal("out of memory (asked for %zu bytes)", cap);
}

/* Makes the first cap bytes (whole huge pages) usable, and frees the
 * pages beyond. */
static void
set_cap(struct decompressor *d, size_t cap)
{
	if (cap > d->cap) {
		if (mprotect(d->buf + d->cap, cap - d->cap, PROT_READ | PROT_WRITE) != 0)
			fatal("out of memory (asked for %zu bytes)", cap);
	} else if (cap < d->cap) {
		madvise(d->buf + cap, d->cap - cap, MADV_DONTNEED);
		mprotect(d->buf + cap, d->cap - cap, PROT_NONE);
	}
	d->cap = cap;
}

/* Gives back what the buffer holds beyond keep bytes (rounded down to
 * whole huge pages): to the first in line as far as it can take them,
 * the rest freed before the budget hears of it. */
static void
shrink(struct decompressor *d, size_t keep)
{
	size_t old = d->cap, moved = 0;

	keep &= ~(HUGE_PAGE - 1);
	if (keep >= old)
		return;
	if (d->budget != NULL)
		moved = membudget_hand(d->budget, d->buf + keep, old - keep);
	set_cap(d, keep);
	if (d->budget != NULL && old - keep > moved)
		membudget_give(d->budget, old - keep - moved);
}

void
decompressor_release(struct decompressor *d)
{
	shrink(d, 0);
}

void
decompressor_free(struct decompressor *d)
{
	ZSTD_freeDCtx(d->zstd);
	decompressor_release(d);
	if (d->buf != NULL)
		munmap(d->buf, d->space);
	d->buf = NULL;
	d->space = 0;
}

void
decompressor_idle(struct decompressor *d)
{
	shrink(d, d->budget != NULL && membudget_short(d->budget) ? 0 : d->keep);
}

void
decompressor_settle(struct decompressor *d)
{
	/* With a budget, the buffer stays until another worker waits for
	 * room (or the limit moved under what is held); then down to a share,
	 * or, with no more than a share, nothing. */
	if (d->budget != NULL && !membudget_short(d->budget))
		return;
	shrink(d, d->cap > d->keep || d->budget == NULL ? d->keep : 0);
}

static int
reserve(struct decompressor *d, size_t expect, char *err, size_t errsize)
{
	if (expect == 0)
		return fail(err, errsize, "compressed entry promises 0 bytes");
	if (expect > DECOMPRESS_LIMIT)
		return fail(err, errsize, "compressed entry promises %zu bytes, over the %zu-byte limit",
		    expect, DECOMPRESS_LIMIT);
	if (d->cap < expect) {
		size_t cap = whole_huge_pages(expect);

		/* Grown in place when the budget, if any, has room now; else
		 * it gives back what it holds before it waits, so that no two
		 * workers wait on each other. */
		if (cap > d->space ||
		    (d->budget != NULL && !membudget_try_take(d->budget, cap - d->cap))) {
			decompressor_release(d);
			if (cap > d->space)
				reserve_space(d, cap);
			if (d->budget != NULL) {
				d->recv.want = cap;
				membudget_take_pages(d->budget, &d->recv);
			}
		}
		set_cap(d, cap);
	}
	return 0;
}

int
decompressor_buffer(struct decompressor *d, size_t size, uint8_t **buf, char *err, size_t errsize)
{
	if (reserve(d, size, err, errsize) < 0)
		return -1;
	*buf = d->buf;
	return 0;
}

/*
 * Checks the frame header in the first avail bytes of a frame of srclen
 * bytes against the expected size, before anything is allocated.
 */
static int
check_zstd_frame(const uint8_t *src, size_t avail, size_t srclen, size_t expect,
    char *err, size_t errsize)
{
	unsigned long long framesize;

	framesize = ZSTD_getFrameContentSize(src, avail);
	if (framesize == ZSTD_CONTENTSIZE_ERROR)
		return fail(err, errsize, "expected a zstd frame, found none");
	if (framesize != ZSTD_CONTENTSIZE_UNKNOWN && framesize != expect)
		return fail(err, errsize, "zstd frame holds %llu bytes, the entry header promises %zu",
		    framesize, expect);
	/* A zstd block yields at most 128 KiB and takes at least 4 bytes (an
	 * RLE block), so a promise beyond that is false. */
	if (expect / ZSTD_BLOCK_MAX > srclen / 4 + 1)
		return fail(err, errsize, "zstd frame of %zu bytes cannot hold the %zu bytes the entry header promises",
		    srclen, expect);
	return 0;
}

int
decompress_zstd(struct decompressor *d, const uint8_t *src, size_t srclen,
    size_t expect, const uint8_t **out, char *err, size_t errsize)
{
	size_t n;

	if (check_zstd_frame(src, srclen, srclen, expect, err, errsize) < 0)
		return -1;
	/* One frame, the whole entry: as decompress_zstd_pieces finds it. */
	n = ZSTD_findFrameCompressedSize(src, srclen);
	if (!ZSTD_isError(n) && n < srclen)
		return fail(err, errsize, "%zu bytes after the zstd frame (%zu bytes), which ends the entry",
		    srclen - n, n);
	if (reserve(d, expect, err, errsize) < 0)
		return -1;
	n = ZSTD_decompressDCtx(d->zstd, d->buf, expect, src, srclen);
	if (ZSTD_isError(n))
		return fail(err, errsize, "zstd: %s", ZSTD_getErrorName(n));
	if (n != expect)
		return fail(err, errsize, "zstd gave %zu bytes, the entry header promises %zu", n, expect);
	*out = d->buf;
	return 0;
}

int
decompress_zstd_pieces(struct decompressor *d, decompress_read_fn read, void *ctx,
    size_t srclen, uint8_t *piece, size_t piecesize, size_t expect,
    const uint8_t **out, char *err, size_t errsize)
{
	ZSTD_outBuffer ob;
	size_t off = 0, len, left = 1;
	int e;

	len = srclen < piecesize ? srclen : piecesize;
	if ((e = read(ctx, 0, piece, len)) != 0)
		return fail(err, errsize, "cannot read %zu bytes: %s", len, strerror(e));
	if (check_zstd_frame(piece, len, srclen, expect, err, errsize) < 0 ||
	    reserve(d, expect, err, errsize) < 0)
		return -1;
	/* Straight into the buffer: no window of zstd's own beside it. */
	ZSTD_DCtx_reset(d->zstd, ZSTD_reset_session_only);
	ZSTD_DCtx_setParameter(d->zstd, ZSTD_d_stableOutBuffer, 1);
	ob.dst = d->buf;
	ob.size = expect;
	ob.pos = 0;
	for (;;) {
		ZSTD_inBuffer ib = { piece, len, 0 };

		while (ib.pos < ib.size && left != 0) {
			left = ZSTD_decompressStream(d->zstd, &ob, &ib);
			if (ZSTD_isError(left))
				return fail(err, errsize, "zstd: %s", ZSTD_getErrorName(left));
		}
		if (left == 0 && (ib.pos < ib.size || off + len < srclen))
			return fail(err, errsize, "%zu bytes after the zstd frame (%zu bytes), which ends the entry",
			    srclen - off - ib.pos, off + ib.pos);
		off += len;
		if (left == 0 || off == srclen)
			break;
		len = srclen - off < piecesize ? srclen - off : piecesize;
		if ((e = read(ctx, off, piece, len)) != 0)
			return fail(err, errsize, "cannot read %zu bytes at %zu: %s", len, off, strerror(e));
	}
	if (left != 0)
		return fail(err, errsize, "zstd frame cut short at %zu of %zu bytes", off, srclen);
	if (ob.pos != expect)
		return fail(err, errsize, "zstd gave %zu bytes, the entry header promises %zu", ob.pos, expect);
	*out = d->buf;
	return 0;
}

int
decompress_lz4(struct decompressor *d, const uint8_t *src, size_t srclen,
    size_t expect, const uint8_t **out, char *err, size_t errsize)
{
	int n;

	if (srclen > (size_t)LZ4_MAX_INPUT_SIZE || expect > (size_t)INT32_MAX)
		return fail(err, errsize, "LZ4 block too large (%zu bytes in, %zu out)", srclen, expect);
	/* An LZ4 sequence of n bytes yields at most 255 n + 24 bytes, so a
	 * promise beyond that is false: refuse it before allocating. */
	if (expect > LZ4_RATIO_MAX * srclen + 64)
		return fail(err, errsize, "LZ4 block of %zu bytes cannot hold the %zu bytes the entry header promises",
		    srclen, expect);
	if (reserve(d, expect, err, errsize) < 0)
		return -1;
	n = LZ4_decompress_safe((const char *)src, (char *)d->buf, (int)srclen, (int)expect);
	if (n < 0)
		return fail(err, errsize, "LZ4 block does not decode (error %d)", n);
	if ((size_t)n != expect)
		return fail(err, errsize, "LZ4 gave %d bytes, the entry header promises %zu", n, expect);
	*out = d->buf;
	return 0;
}
