/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "bytes.h"
#include "ccob.h"
#include "diag.h"
#include "xalloc.h"

enum ccob_method { CCOB_ZLIB = 0, CCOB_ZSTD = 1 };

struct ccob_header {
	unsigned	 version, method;
	size_t		 header_size;
	uint64_t	 total;		/* 0: version 1, to the end */
	uint64_t	 usize;
};

/* Per version: the header's size, where its sizes sit and how wide. */
static const struct ccob_layout {
	size_t	header_size;
	size_t	total_at, total_width;	/* width 0: no total size */
	size_t	usize_at, usize_width;
} layouts[] = {
	[1] = { 20, 0, 0, 8, 4 },
	[2] = { 24, 8, 4, 12, 4 },
	[3] = { 32, 8, 8, 16, 8 },
};

static uint64_t
get_width(const uint8_t *p, size_t width)
{
	return width == 8 ? get_u64(p) : get_u32(p);
}

int
ccob_is_ccob(const uint8_t *data, size_t size)
{
	return size >= CCOB_MAGIC_SIZE && memcmp(data, CCOB_MAGIC, CCOB_MAGIC_SIZE) == 0;
}

static int
parse_header(const uint8_t *buf, size_t size, struct ccob_header *h, char *err,
    size_t errsize, size_t *erroff)
{
	const struct ccob_layout *l;

	if (size < 8)
		return diag_fail_at(err, errsize, erroff, 0, "compressed offload bundle (CCOB) header cut short");
	h->version = get_u16(buf + 4);
	h->method = get_u16(buf + 6);
	if (h->version == 0 || h->version >= sizeof layouts / sizeof layouts[0])
		return diag_fail_at(err, errsize, erroff, 4, "compressed offload bundle (CCOB) of version %u: not read (1 to 3 are)",
		    h->version);
	if (h->method != CCOB_ZLIB && h->method != CCOB_ZSTD)
		return diag_fail_at(err, errsize, erroff, 6, "compressed offload bundle (CCOB) of method %u: neither zlib (0) nor zstd (1)",
		    h->method);
	l = &layouts[h->version];
	h->header_size = l->header_size;
	if (size < l->header_size)
		return diag_fail_at(err, errsize, erroff, 0, "compressed offload bundle (CCOB) header of %zu bytes cut short at %zu",
		    l->header_size, size);
	h->total = l->total_width != 0 ? get_width(buf + l->total_at, l->total_width) : size;
	h->usize = get_width(buf + l->usize_at, l->usize_width);
	if (h->total < l->header_size || h->total > size)
		return diag_fail_at(err, errsize, erroff, l->total_at,
		    "compressed offload bundle (CCOB) of %llu bytes: %zu are there, its header takes %zu",
		    (unsigned long long)h->total, size, l->header_size);
	return 0;
}

static int
inflate_zlib(const uint8_t *src, size_t srclen, uint8_t *dst, size_t dstlen, size_t *got,
    char *err, size_t errsize)
{
	z_stream z;
	int rc;

	memset(&z, 0, sizeof z);
	if (srclen > UINT32_MAX || dstlen > UINT32_MAX) {
		snprintf(err, errsize, "zlib stream over 4 GiB");
		return -1;
	}
	if (inflateInit(&z) != Z_OK) {
		snprintf(err, errsize, "zlib: cannot start");
		return -1;
	}
	z.next_in = (Bytef *)src;
	z.avail_in = (uInt)srclen;
	z.next_out = dst;
	z.avail_out = (uInt)dstlen;
	rc = inflate(&z, Z_FINISH);
	*got = z.total_out;
	inflateEnd(&z);
	if (rc == Z_STREAM_END)
		return 0;
	if (rc == Z_BUF_ERROR && z.avail_out == 0)
		snprintf(err, errsize, "zlib stream gives more than the %zu bytes promised", dstlen - 1);
	else if (rc == Z_BUF_ERROR)
		snprintf(err, errsize, "zlib stream cut short after %zu bytes", *got);
	else
		snprintf(err, errsize, "zlib: %s", z.msg != NULL ? z.msg : "damaged stream");
	return -1;
}

static int
inflate_zstd(const uint8_t *src, size_t srclen, uint8_t *dst, size_t dstlen, size_t *got,
    char *err, size_t errsize)
{
	size_t n = ZSTD_decompress(dst, dstlen, src, srclen);

	if (ZSTD_isError(n)) {
		snprintf(err, errsize, "zstd: %s", ZSTD_getErrorName(n));
		return -1;
	}
	*got = n;
	return 0;
}

int
ccob_promise(const uint8_t *buf, size_t size, uint64_t *usize)
{
	struct ccob_header h;
	char err[128];
	size_t erroff;

	memset(&h, 0, sizeof h);
	if (parse_header(buf, size, &h, err, sizeof err, &erroff) < 0)
		return -1;
	*usize = h.usize;
	return 0;
}

int
ccob_inflate(const uint8_t *buf, size_t size, size_t limit, uint8_t **out,
    size_t *outsize, size_t *used, char *err, size_t errsize, size_t *erroff)
{
	struct ccob_header h;
	char why[128];
	uint8_t *dst;
	size_t got = 0;
	int rc;

	memset(&h, 0, sizeof h);
	if (parse_header(buf, size, &h, err, errsize, erroff) < 0)
		return -1;
	if (h.usize == 0 || h.usize > limit)
		return diag_fail_at(err, errsize, erroff, h.version == 1 ? 8 : h.version == 2 ? 12 : 16,
		    "compressed offload bundle (CCOB) promises %llu bytes: not 0, at most %zu are read",
		    (unsigned long long)h.usize, limit);
	/* One byte over the promise: a stream that fills it gives too much. */
	dst = xmalloc((size_t)h.usize + 1);
	rc = (h.method == CCOB_ZLIB ? inflate_zlib : inflate_zstd)(buf + h.header_size,
	    (size_t)h.total - h.header_size, dst, (size_t)h.usize + 1, &got, why, sizeof why);
	if (rc == 0 && got != h.usize) {
		snprintf(why, sizeof why, "%zu bytes decompressed", got);
		rc = -1;
	}
	if (rc < 0) {
		free(dst);
		return diag_fail_at(err, errsize, erroff, h.header_size,
		    "compressed offload bundle (CCOB, %s) promising %llu bytes: %s",
		    h.method == CCOB_ZLIB ? "zlib" : "zstd", (unsigned long long)h.usize, why);
	}
	*out = dst;
	*outsize = (size_t)h.usize;
	*used = (size_t)h.total;
	return 0;
}
