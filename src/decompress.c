#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <lz4.h>
#include <zstd.h>

#include "decompress.h"
#include "xalloc.h"

#define LZ4_RATIO_MAX	255
#define ZSTD_BLOCK_MAX	((size_t)128 << 10)

void
decompressor_init(struct decompressor *d)
{
	d->zstd = ZSTD_createDCtx();
	if (d->zstd == NULL) {
		fprintf(stderr, "spillway: cannot create a zstd context\n");
		abort();
	}
	d->buf = NULL;
	d->cap = 0;
}

void
decompressor_free(struct decompressor *d)
{
	ZSTD_freeDCtx(d->zstd);
	free(d->buf);
	d->buf = NULL;
	d->cap = 0;
}

void
decompressor_trim(struct decompressor *d, size_t keep)
{
	if (d->cap > keep) {
		free(d->buf);
		d->buf = NULL;
		d->cap = 0;
	}
}

static int
reserve(struct decompressor *d, size_t expect, char *err, size_t errsize)
{
	if (expect == 0) {
		snprintf(err, errsize, "compressed entry promises 0 bytes");
		return -1;
	}
	if (expect > DECOMPRESS_LIMIT) {
		snprintf(err, errsize, "compressed entry promises %zu bytes, over the %zu-byte limit",
		    expect, DECOMPRESS_LIMIT);
		return -1;
	}
	if (d->cap < expect) {
		free(d->buf);
		d->cap = expect + expect / 4;
		if (d->cap > DECOMPRESS_LIMIT)
			d->cap = DECOMPRESS_LIMIT;
		d->buf = xmalloc(d->cap);
	}
	return 0;
}

int
decompress_zstd(struct decompressor *d, const uint8_t *src, size_t srclen,
    size_t expect, const uint8_t **out, char *err, size_t errsize)
{
	unsigned long long framesize;
	size_t n;

	/* The frame header is checked before anything is allocated. */
	framesize = ZSTD_getFrameContentSize(src, srclen);
	if (framesize == ZSTD_CONTENTSIZE_ERROR) {
		snprintf(err, errsize, "expected a zstd frame, found none");
		return -1;
	}
	if (framesize != ZSTD_CONTENTSIZE_UNKNOWN && framesize != expect) {
		snprintf(err, errsize, "zstd frame holds %llu bytes, the entry header promises %zu",
		    framesize, expect);
		return -1;
	}
	/* A zstd block yields at most 128 KiB and takes at least 4 bytes (an
	 * RLE block), so a promise beyond that is false. */
	if (expect / ZSTD_BLOCK_MAX > srclen / 4 + 1) {
		snprintf(err, errsize, "zstd frame of %zu bytes cannot hold the %zu bytes the entry header promises",
		    srclen, expect);
		return -1;
	}
	if (reserve(d, expect, err, errsize) < 0)
		return -1;
	n = ZSTD_decompressDCtx(d->zstd, d->buf, expect, src, srclen);
	if (ZSTD_isError(n)) {
		snprintf(err, errsize, "zstd: %s", ZSTD_getErrorName(n));
		return -1;
	}
	if (n != expect) {
		snprintf(err, errsize, "zstd gave %zu bytes, the entry header promises %zu", n, expect);
		return -1;
	}
	*out = d->buf;
	return 0;
}

int
decompress_lz4(struct decompressor *d, const uint8_t *src, size_t srclen,
    size_t expect, const uint8_t **out, char *err, size_t errsize)
{
	int n;

	if (srclen > (size_t)LZ4_MAX_INPUT_SIZE || expect > (size_t)INT32_MAX) {
		snprintf(err, errsize, "LZ4 block too large (%zu bytes in, %zu out)", srclen, expect);
		return -1;
	}
	/* An LZ4 sequence of n bytes yields at most 255 n + 24 bytes, so a
	 * promise beyond that is false: refuse it before allocating. */
	if (expect > LZ4_RATIO_MAX * srclen + 64) {
		snprintf(err, errsize, "LZ4 block of %zu bytes cannot hold the %zu bytes the entry header promises",
		    srclen, expect);
		return -1;
	}
	if (reserve(d, expect, err, errsize) < 0)
		return -1;
	n = LZ4_decompress_safe((const char *)src, (char *)d->buf, (int)srclen, (int)expect);
	if (n < 0) {
		snprintf(err, errsize, "LZ4 block does not decode (error %d)", n);
		return -1;
	}
	if ((size_t)n != expect) {
		snprintf(err, errsize, "LZ4 gave %d bytes, the entry header promises %zu", n, expect);
		return -1;
	}
	*out = d->buf;
	return 0;
}
