/*
 * Fuzz target: the fatbin container walk and the decompression of every
 * entry (zstd frames and raw LZ4 blocks), as the scan's workers do it.
 */
#include "config.h"

#include "decompress.h"
#include "fatbin.h"
#include "fuzz.h"

struct fuzz_fatbin {
	struct decompressor	 dec;
	const uint8_t		*buf;
	size_t			 size;
};

static void
on_entry(void *ctx, const struct fatbin_entry *e)
{
	struct fuzz_fatbin *f = ctx;
	const uint8_t *out = NULL;
	char err[256], arch[16];
	int rc = 0;

	fatbin_arch_name(e, arch, sizeof arch);
	/* The walk promises a payload inside the buffer. */
	if (e->payload < f->buf || e->payload_size > f->size ||
	    (size_t)(e->payload - f->buf) > f->size - e->payload_size)
		__builtin_trap();
	if (e->kind == FATBIN_KIND_LTO)
		return;
	if (e->flags & FATBIN_FLAG_ZSTD)
		rc = decompress_zstd(&f->dec, e->payload, e->payload_size,
		    (size_t)e->uncompressed_size, &out, err, sizeof err);
	else if (e->flags & FATBIN_FLAG_LZ4)
		rc = decompress_lz4(&f->dec, e->payload, e->payload_size,
		    (size_t)e->uncompressed_size, &out, err, sizeof err);
	else
		return;
	if (rc == 0) {
		/* Touch every promised byte: ASan checks the buffer is that large. */
		volatile uint8_t sum = 0;
		for (size_t i = 0; i < e->uncompressed_size; i++)
			sum ^= out[i];
		(void)sum;
	} else if (err[0] == '\0')
		__builtin_trap();
}

static void
on_error(void *ctx, size_t offset, const char *message)
{
	struct fuzz_fatbin *f = ctx;

	if (offset > f->size || message[0] == '\0')
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_fatbin f;

	decompressor_init(&f.dec, NULL, DECOMPRESS_LIMIT);
	f.buf = data;
	f.size = size;
	fatbin_walk(data, size, on_entry, on_error, &f);
	decompressor_free(&f.dec);
	return 0;
}
