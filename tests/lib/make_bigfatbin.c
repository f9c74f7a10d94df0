/* SPDX-License-Identifier: MIT */
/*
 * make_bigfatbin CUBIN PAD_MIB COUNT OUT: writes a fatbin of COUNT zstd
 * entries, each the device ELF CUBIN with PAD_MIB MiB of filler put
 * between its section data and its section headers, as the large images of
 * NVIDIA's libraries are (tens of MiB, section headers at the end, frames
 * of several MiB whose window is the whole image).  For tests/e2e/big-images.sh:
 * the corpus has no image large enough to be read in pieces, nor enough of
 * them to make the workers wait for buffer room.
 *
 * The filler is 1 MiB of noise (so that each frame is well over one piece)
 * and then its last 64 KiB over and over.  Every entry is compressed anew,
 * with a different seed for its noise.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#define NOISE		((size_t)1 << 20)
#define PATTERN		((size_t)64 << 10)
#define ENTRY_HEADER	64
#define FLAG_ZSTD	0x8000u

static void
put_u16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void
put_u32(uint8_t *p, uint32_t v)
{
	put_u16(p, (uint16_t)v);
	put_u16(p + 2, (uint16_t)(v >> 16));
}

static void
put_u64(uint8_t *p, uint64_t v)
{
	put_u32(p, (uint32_t)v);
	put_u32(p + 4, (uint32_t)(v >> 32));
}

static uint64_t
get_u64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static uint8_t *
read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 64 || fseek(f, 0, SEEK_SET) != 0)
		return NULL;
	buf = malloc((size_t)n);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n)
		return NULL;
	fclose(f);
	*size = (size_t)n;
	return buf;
}

/* The cubin with pad bytes of filler before its section headers. */
static uint8_t *
padded_image(const uint8_t *cubin, size_t size, size_t pad, unsigned seed, size_t *out)
{
	uint64_t shoff = get_u64(cubin + 0x28), phoff = get_u64(cubin + 0x20);
	uint8_t *img, *fill;
	uint32_t x = seed * 2654435761u + 1;

	if (shoff == 0 || shoff > size)
		return NULL;
	img = malloc(size + pad);
	if (img == NULL)
		return NULL;
	memcpy(img, cubin, shoff);
	fill = img + shoff;
	for (size_t i = 0; i < pad; i++) {
		if (i < NOISE) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			fill[i] = (uint8_t)x;
		} else
			fill[i] = fill[i - PATTERN];
	}
	memcpy(img + shoff + pad, cubin + shoff, size - shoff);
	put_u64(img + 0x28, shoff + pad);
	if (phoff >= shoff)
		put_u64(img + 0x20, phoff + pad);
	*out = size + pad;
	return img;
}

int
main(int argc, char **argv)
{
	size_t size, pad, count, isize, total = 0;
	uint8_t *cubin, hdr[16];
	FILE *out;
	ZSTD_CCtx *cc = ZSTD_createCCtx();

	if (argc != 5) {
		fprintf(stderr, "usage: make_bigfatbin CUBIN PAD_MIB COUNT OUT\n");
		return 2;
	}
	if ((cubin = read_file(argv[1], &size)) == NULL) {
		fprintf(stderr, "make_bigfatbin: cannot read %s\n", argv[1]);
		return 1;
	}
	pad = (size_t)strtoul(argv[2], NULL, 10) << 20;
	count = (size_t)strtoul(argv[3], NULL, 10);
	if ((out = fopen(argv[4], "wb")) == NULL) {
		perror(argv[4]);
		return 1;
	}
	/* The container's size is written once the entries are. */
	memset(hdr, 0, sizeof hdr);
	if (fwrite(hdr, 1, sizeof hdr, out) != sizeof hdr)
		return 1;
	/* A window as large as the image, as nvcc's frames have. */
	ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, 3);
	ZSTD_CCtx_setParameter(cc, ZSTD_c_windowLog, 26);
	for (size_t k = 0; k < count; k++) {
		uint8_t *img = padded_image(cubin, size, pad, (unsigned)k + 1, &isize), *z, eh[ENTRY_HEADER];
		size_t bound, zs, padded;

		if (img == NULL) {
			fprintf(stderr, "make_bigfatbin: %s has no section header table to move\n", argv[1]);
			return 1;
		}
		bound = ZSTD_compressBound(isize);
		if ((z = calloc(1, bound + 8)) == NULL || ZSTD_isError(zs = ZSTD_compress2(cc, z, bound, img, isize))) {
			fprintf(stderr, "make_bigfatbin: cannot compress\n");
			return 1;
		}
		padded = (zs + 7) & ~(size_t)7;
		memset(eh, 0, sizeof eh);
		put_u16(eh, 2);			/* an ELF image */
		put_u16(eh + 2, 0x0101);
		put_u32(eh + 4, ENTRY_HEADER);
		put_u64(eh + 8, padded);
		put_u32(eh + 16, (uint32_t)zs);
		put_u16(eh + 24, 8);
		put_u16(eh + 26, 1);
		put_u32(eh + 28, 120);		/* sm_120, as the cubin */
		put_u64(eh + 40, 0x11 | FLAG_ZSTD);
		put_u64(eh + 56, isize);
		if (fwrite(eh, 1, sizeof eh, out) != sizeof eh || fwrite(z, 1, padded, out) != padded)
			return 1;
		total += sizeof eh + padded;
		free(z);
		free(img);
	}
	put_u32(hdr, 0xBA55ED50u);
	put_u16(hdr + 4, 1);
	put_u16(hdr + 6, sizeof hdr);
	put_u64(hdr + 8, total);
	if (fseek(out, 0, SEEK_SET) != 0 || fwrite(hdr, 1, sizeof hdr, out) != sizeof hdr || fclose(out) != 0)
		return 1;
	ZSTD_freeCCtx(cc);
	free(cubin);
	return 0;
}
