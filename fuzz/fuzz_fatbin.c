/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the fatbin container walk and the decompression of every
 * entry (zstd frames and raw LZ4 blocks), as the scan's workers do it.
 */
#include "config.h"

#include <string.h>

#include "decompress.h"
#include "fatbin.h"
#include "fuzz.h"

#define FUZZ_DECOMPRESS_LIMIT	((size_t)4 << 20)

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
		/* Touch the last promised byte: ASan checks the buffer is
		 * that large (every byte would cost 0.1 s a bomb). */
		volatile uint8_t last = e->uncompressed_size > 0 ? out[e->uncompressed_size - 1] : 0;
		(void)last;
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

	/* The limit's checks are the same at 4 MiB as at 96, and a bomb
	 * costs a twenty-fourth of the time: more inputs a second. */
	decompressor_init(&f.dec, NULL, FUZZ_DECOMPRESS_LIMIT);
	f.buf = data;
	f.size = size;
	fatbin_walk(data, size, on_entry, on_error, &f);
	decompressor_free(&f.dec);
	return 0;
}

/*
 * A structure-aware mutator: the kinds of input tests/attacks/repro/tools/bomb.py
 * and gen_fatbin.py make.  Size fields of an entry set to the values at
 * the edges (0, an ELF header, the container, the limit of one image,
 * 2^32 - 1), an entry copied until the buffer is full (a flood of bad
 * entries), a zstd frame of RLE blocks that promises much from little (a
 * bomb), bytes after an entry's frame, a run of zeros between containers.
 * Otherwise libFuzzer's own mutation.  Replayed without libFuzzer
 * (fuzz/replay.c), LLVMFuzzerMutate is absent and this is never called.
 */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

#define MUT_CONTAINER	16
#define MUT_ENTRY	64

static void
put_le(uint8_t *p, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t
get_le(const uint8_t *p, int bytes)
{
	uint64_t v = 0;

	for (int i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* The offsets of up to max entry headers in the first container. */
static size_t
entries_of(const uint8_t *d, size_t size, size_t *at, size_t max)
{
	size_t pos, end, n = 0;

	if (size < MUT_CONTAINER || get_le(d, 4) != FATBIN_MAGIC)
		return 0;
	pos = get_le(d + 6, 2);
	end = get_le(d + 8, 8);
	end = end > size - MUT_CONTAINER ? size : end + MUT_CONTAINER;
	while (n < max && pos + MUT_ENTRY <= end) {
		uint64_t step = get_le(d + pos + 4, 4) + get_le(d + pos + 8, 8);

		at[n++] = pos;
		if (step == 0 || step > end - pos)
			break;
		pos += (size_t)step;
	}
	return n;
}

/* A zstd frame of RLE blocks holding total bytes: 4 bytes a block. */
static size_t
rle_frame(uint8_t *out, size_t room, uint64_t total)
{
	size_t n = 14;

	if (room < n)
		return 0;
	memcpy(out, "\x28\xb5\x2f\xfd\xc0\x38", 6);	/* 8-byte content size */
	put_le(out + 6, total, 8);
	while (total > 0 && n + 4 <= room) {
		uint64_t len = total < 131072 ? total : 131072;

		total -= len;
		put_le(out + n, len << 3 | 1 << 1 | (total == 0), 3);
		out[n + 3] = 0;
		n += 4;
	}
	return total == 0 ? n : 0;
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	static const uint64_t edges[] = { 0, 1, 63, 64, 65, 4096, DECOMPRESS_LIMIT,
	    DECOMPRESS_LIMIT + 1, (uint64_t)256 << 20, 0xffffffffu };
	static const struct { int off, bytes; } fields[] = {
		{ 4, 4 }, { 8, 8 }, { 16, 4 }, { 56, 8 },	/* header, padded, compressed, decompressed */
	};
	size_t at[64], n = entries_of(data, size, at, 64), e;

	if (n == 0 || seed % 8 == 7)
		return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
	e = at[(seed / 8) % n];
	switch (seed % 7) {
	case 0: {	/* a size field at an edge */
		int f = (int)((seed / 64) % 4);

		put_le(data + e + fields[f].off, edges[(seed / 256) % 10], fields[f].bytes);
		return size;
	}
	case 1: {	/* a flood: the entry again and again (64 times at most:
			 * each copy is decompressed, and fuzzing must stay fast) */
		size_t len = (size_t)(get_le(data + e + 4, 4) + get_le(data + e + 8, 8));

		if (len == 0 || len > size - e)
			len = MUT_ENTRY;
		for (int copies = 0; copies < 64 && size + len <= max_size && len <= size - e; copies++) {
			memmove(data + e + len, data + e, size - e);
			size += len;
		}
		put_le(data + 8, size - MUT_CONTAINER, 8);
		return size;
	}
	case 2: {	/* a bomb: the payload becomes a frame promising much */
		/* Mostly small, so that fuzzing stays fast; now and then past
		 * the limit of one image, which must be refused unread. */
		uint64_t total = seed & 0x10000 ? DECOMPRESS_LIMIT + 4096 : ((uint64_t)(seed / 64) % 64 + 1) << 16;
		size_t room = size - e - MUT_ENTRY, k = rle_frame(data + e + MUT_ENTRY, room, total);

		if (k == 0)
			return size;
		put_le(data + e + 4, MUT_ENTRY, 4);
		put_le(data + e + 8, k, 8);
		put_le(data + e + 16, k, 4);
		put_le(data + e + 40, FATBIN_FLAG_ZSTD | 0x11, 8);
		put_le(data + e + 56, total, 8);
		return size;
	}
	case 3:		/* bytes after the frame: a compressed size short of the payload */
		if (get_le(data + e + 16, 4) > 8)
			put_le(data + e + 16, get_le(data + e + 16, 4) - 1 - seed % 8, 4);
		return size;
	case 4: {	/* zeros between containers: the file again after a run of them */
		size_t zeros = 4096 + (seed / 8) % 65536;

		if (2 * size + zeros > max_size)
			return size;
		memset(data + size, 0, zeros);
		memcpy(data + size + zeros, data, size);
		return 2 * size + zeros;
	}
	case 5:		/* the container claims more, or less, than it holds */
		put_le(data + 8, get_le(data + 8, 8) + (seed & 1 ? 64 : (uint64_t)-64), 8);
		return size;
	default:	/* the arch, kind and flags of an entry */
		put_le(data + e + 40, get_le(data + e + 40, 8) ^ (1ull << ((seed / 8) % 24)), 8);
		return size;
	}
}
