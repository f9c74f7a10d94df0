/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <lz4.h>
#include <lz4hc.h>
#include <pthread.h>
#include <stdlib.h>
#include <zstd.h>

#include "recompress.h"
#include "xalloc.h"

/* zstd's output, written over and over: only its count is kept. */
#define ZSTD_OUT	((size_t)128 << 10)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static ZSTD_CCtx *zc;
static LZ4_streamHC_t *hc;
static uint8_t *out;	/* ZSTD_OUT bytes, or LZ4's bound of a piece */
static size_t outcap;

static void
need_out(size_t n)
{
	if (outcap < n) {
		free(out);
		out = xmalloc(n);
		outcap = n;
	}
}

static uint64_t
zstd_size(const uint8_t *buf, size_t n, int level)
{
	ZSTD_inBuffer in = { buf, n, 0 };
	uint64_t total = 0;
	size_t rc;

	if (zc == NULL && (zc = ZSTD_createCCtx()) == NULL)
		return 0;
	ZSTD_CCtx_reset(zc, ZSTD_reset_session_and_parameters);
	ZSTD_CCtx_setParameter(zc, ZSTD_c_compressionLevel, level);
	ZSTD_CCtx_setPledgedSrcSize(zc, n);	/* the frame names its size, as fatbinary's do */
	if (n > ((size_t)1 << RECOMPRESS_WINDOW_LOG))
		ZSTD_CCtx_setParameter(zc, ZSTD_c_windowLog, RECOMPRESS_WINDOW_LOG);
	need_out(ZSTD_OUT);
	do {
		ZSTD_outBuffer o = { out, ZSTD_OUT, 0 };

		rc = ZSTD_compressStream2(zc, &o, &in, ZSTD_e_end);
		if (ZSTD_isError(rc))
			return 0;
		total += o.pos;
	} while (rc != 0);
	return total;
}

static uint64_t
lz4_size(const uint8_t *buf, size_t n, int level)
{
	uint64_t total = 0;

	if (n > (size_t)LZ4_MAX_INPUT_SIZE)
		return 0;
	if (hc == NULL && (hc = LZ4_createStreamHC()) == NULL)
		return 0;
	LZ4_resetStreamHC_fast(hc, level);
	need_out((size_t)LZ4_compressBound((int)RECOMPRESS_LZ4_PIECE));
	for (size_t at = 0; at < n;) {
		size_t piece = n - at < RECOMPRESS_LZ4_PIECE ? n - at : RECOMPRESS_LZ4_PIECE;
		/* piece fits an int: RECOMPRESS_LZ4_PIECE does */
		int c = LZ4_compress_HC_continue(hc, (const char *)buf + at, (char *)out,
		    (int)piece, (int)outcap);

		if (c <= 0)
			return 0;
		total += (uint64_t)c;
		at += piece;
	}
	return total;
}

uint64_t
recompress_size(const uint8_t *buf, size_t n, enum image_compression codec, int level)
{
	uint64_t size = 0;

	pthread_mutex_lock(&lock);
	if (codec == COMPRESS_ZSTD)
		size = zstd_size(buf, n, level);
	else if (codec == COMPRESS_LZ4)
		size = lz4_size(buf, n, level);
	pthread_mutex_unlock(&lock);
	return size;
}

void
recompress_done(void)
{
	pthread_mutex_lock(&lock);
	ZSTD_freeCCtx(zc);
	zc = NULL;
	LZ4_freeStreamHC(hc);
	hc = NULL;
	free(out);
	out = NULL;
	outcap = 0;
	pthread_mutex_unlock(&lock);
}
