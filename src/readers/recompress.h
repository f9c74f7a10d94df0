/* SPDX-License-Identifier: MIT */
/*
 * --what-if's compression, predicted: an image compressed as fatbinary
 * would compress it (the codec and level whatif_codec names), its bytes
 * counted and not kept.  One image at a time over the whole scan (a
 * lock): zstd at level 19 holds tables of tens of MiB, which every worker
 * holding its own would multiply past the memory bound.
 */
#ifndef SPILLWAY_RECOMPRESS_H
#define SPILLWAY_RECOMPRESS_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/*
 * zstd's window, at most (log2): an image up to 2 MiB is compressed as
 * fatbinary does, byte for byte of the same library; a larger one with a
 * 2 MiB window, so that level 19's tables stay at 36 MiB (ZSTD_sizeof_CCtx
 * after an 8 MiB image; 94 MiB with the 8 MiB window level 19 takes, its
 * output 1.1 % smaller).
 */
#define RECOMPRESS_WINDOW_LOG	21
/* LZ4 is given this much of an image at a time (the stream keeps the
 * 64 KiB before as its dictionary): one block up to 4 MiB, as fatbinary
 * writes it; a larger image costs a few bytes per piece more. */
#define RECOMPRESS_LZ4_PIECE	((size_t)4 << 20)

/* The bytes buf compresses to with codec at level; 0 when the codec
 * failed or is none. */
uint64_t recompress_size(const uint8_t *buf, size_t n, enum image_compression codec, int level);
/* Frees what the compressors hold (at the scan's end). */
void	recompress_done(void);

#endif
