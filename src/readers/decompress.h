/* SPDX-License-Identifier: MIT */
/*
 * Decompression of fatbin entries: zstd frames and raw LZ4 blocks, into a
 * buffer that one worker reuses for every entry it reads.  The buffer
 * grows in place, in 2 MiB steps, inside address space reserved for the
 * largest image, and asks for huge pages, so that filling it costs a page
 * fault per 2 MiB rather than per 4 KiB and growing keeps the pages it
 * has; its bytes are taken from a budget shared by the workers, when one
 * is given.
 */
#ifndef SPILLWAY_DECOMPRESS_H
#define SPILLWAY_DECOMPRESS_H

#include <stddef.h>
#include <stdint.h>

#include "membudget.h"

/*
 * No image larger than this is ever allocated, whatever a header claims.
 * The largest in NVIDIA's libraries are NCCL 2.28's, 128 MiB (sm_110 in
 * libnccl.so.2 of CUDA 13.0); one held at a time, with the rest of the
 * process, stays within the scan's 256 MiB.  A zstd frame of 8 KiB can
 * promise 256 MiB.
 */
#define DECOMPRESS_LIMIT	((size_t)192 << 20)

struct decompressor {
	void			*zstd;		/* ZSTD_DCtx */
	uint8_t			*buf;		/* the reserved address space */
	size_t			 space;		/* its size */
	size_t			 cap;		/* bytes of it usable: the buffer */
	struct membudget	*budget;	/* NULL: none */
	size_t			 keep;		/* most bytes kept between images */
	struct membudget_receiver recv;		/* taking pages while it waits */
};

/* budget may be NULL; keep is a worker's share: what the buffer keeps
 * between images when another worker waits for room (or, without a
 * budget, always). */
void	decompressor_init(struct decompressor *, struct membudget *budget, size_t keep);
void	decompressor_free(struct decompressor *);
/* Called between images: while another worker waits for room, gives
 * back what the buffer holds beyond keep bytes, or all of it when it holds
 * no more than that.  Otherwise the buffer stays for the next image. */
void	decompressor_settle(struct decompressor *);
/* Called before a worker sleeps until more images are found: the buffer
 * keeps keep bytes at most, and nothing while another worker waits for
 * room, so that a walk that finds images one at a time does not have the
 * kernel zero a new buffer for each. */
void	decompressor_idle(struct decompressor *);
/* Gives the buffer back. */
void	decompressor_release(struct decompressor *);

/*
 * The buffer, reserved for size bytes (which the caller fills itself).
 * Returns 0, or -1 with a message in err when size is 0 or over the limit.
 */
int	decompressor_buffer(struct decompressor *, size_t size, uint8_t **buf,
	    char *err, size_t errsize);

/*
 * Decompresses src into the decompressor's buffer; *out points there.
 * expect is the size the header promises; anything else is an error, and
 * so is anything after the frame (an entry holds one frame).  Returns 0,
 * or -1 with a message in err.
 */
int	decompress_zstd(struct decompressor *, const uint8_t *src, size_t srclen,
	    size_t expect, const uint8_t **out, char *err, size_t errsize);
/* Supplies len bytes of a compressed image, from its byte off, into buf:
 * returns 0 or an errno value. */
typedef int (*decompress_read_fn)(void *ctx, size_t off, uint8_t *buf, size_t len);

/*
 * The same for a frame of srclen bytes that read supplies a piece at a time
 * into piece (piecesize bytes, the caller's), so that a large frame never
 * sits whole in memory beside its image.
 */
int	decompress_zstd_pieces(struct decompressor *, decompress_read_fn read, void *ctx,
	    size_t srclen, uint8_t *piece, size_t piecesize, size_t expect,
	    const uint8_t **out, char *err, size_t errsize);
int	decompress_lz4(struct decompressor *, const uint8_t *src, size_t srclen,
	    size_t expect, const uint8_t **out, char *err, size_t errsize);

#endif
