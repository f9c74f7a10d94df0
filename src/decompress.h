/*
 * Decompression of fatbin entries: zstd frames and raw LZ4 blocks, into a
 * buffer that one worker reuses for every entry it reads.
 */
#ifndef SPILLWAY_DECOMPRESS_H
#define SPILLWAY_DECOMPRESS_H

#include <stddef.h>
#include <stdint.h>

/* No image larger than this is ever allocated, whatever a header claims. */
#define DECOMPRESS_LIMIT	((size_t)256 << 20)

struct decompressor {
	void	*zstd;		/* ZSTD_DCtx */
	uint8_t	*buf;
	size_t	 cap;
};

void	decompressor_init(struct decompressor *);
void	decompressor_free(struct decompressor *);
/* Gives back the buffer when it is larger than keep bytes. */
void	decompressor_trim(struct decompressor *, size_t keep);

/*
 * Decompresses src into the decompressor's buffer; *out points there.
 * expect is the size the header promises; anything else is an error.
 * Returns 0, or -1 with a message in err.
 */
int	decompress_zstd(struct decompressor *, const uint8_t *src, size_t srclen,
	    size_t expect, const uint8_t **out, char *err, size_t errsize);
int	decompress_lz4(struct decompressor *, const uint8_t *src, size_t srclen,
	    size_t expect, const uint8_t **out, char *err, size_t errsize);

#endif
