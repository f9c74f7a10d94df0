/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: one AMDGPU code object through amdgpu_read (section table,
 * notes, the NT_AMDGPU_METADATA MessagePack), the bytes as clang offload
 * bundles (offload_bundle_walk), as a compressed bundle (ccob_inflate,
 * its bytes then walked as a bundle), and the bytes as MessagePack given to
 * msgpack-c once amdgpu_msgpack_bounded passes them.  Its mutator sets the
 * counts of MessagePack arrays, maps and strings, and of bundle entries,
 * to the values at the edges (what a hostile note or bundle says: 2^32 - 1
 * elements in 5 bytes); one mutation in four is libFuzzer's own.
 */
#include "config.h"

#include <libelf.h>
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu.h"
#include "bytes.h"
#include "ccob.h"
#include "fuzz.h"
#include "offload_bundle.h"
#include "strpool.h"

size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static unsigned
pick(unsigned *seed, unsigned n)
{
	*seed = *seed * 1103515245u + 12345u;
	return n ? (*seed >> 8) % n : 0;
}

/* A MessagePack container or str header at a random place: its count at an edge. */
static int
mutate_msgpack(uint8_t *d, size_t size, unsigned *seed)
{
	static const uint32_t edges[] = { 0, 1, 15, 16, 0xffff, 0x10000, 0x7fffffff, 0xffffffff };
	size_t start = pick(seed, (unsigned)size);

	for (size_t k = 0; k < size; k++) {
		size_t i = (start + k) % size;
		uint32_t v = edges[pick(seed, sizeof edges / sizeof edges[0])];

		if ((d[i] == 0xdd || d[i] == 0xdf || d[i] == 0xdb) && size - i > 4) {
			d[i + 1] = (uint8_t)(v >> 24), d[i + 2] = (uint8_t)(v >> 16);
			d[i + 3] = (uint8_t)(v >> 8), d[i + 4] = (uint8_t)v;
			return 1;
		}
		if ((d[i] == 0xdc || d[i] == 0xde || d[i] == 0xda) && size - i > 2) {
			d[i + 1] = (uint8_t)(v >> 8), d[i + 2] = (uint8_t)v;
			return 1;
		}
		if (d[i] >= 0x80 && d[i] <= 0x9f && pick(seed, 8) == 0) {
			d[i] = (uint8_t)((d[i] & 0xf0) | (v & 0x0f));
			return 1;
		}
	}
	return 0;
}

/* A bundle's entry count, or an entry's offset, size or id length. */
static int
mutate_bundle(uint8_t *d, size_t size, unsigned *seed)
{
	static const uint64_t edges[] = { 0, 1, 0xffffffff, (uint64_t)1 << 32, (uint64_t)1 << 63,
	    UINT64_MAX, UINT64_MAX - 23 };
	uint8_t *m = memmem(d, size, OFFLOAD_BUNDLE_MAGIC, OFFLOAD_BUNDLE_MAGIC_SIZE);
	size_t at;
	uint64_t v = edges[pick(seed, sizeof edges / sizeof edges[0])];

	if (m == NULL)
		return 0;
	at = (size_t)(m - d) + OFFLOAD_BUNDLE_MAGIC_SIZE + 8 * pick(seed, 5);
	if (at + 8 > size)
		return 0;
	if (pick(seed, 2))
		v = size - (at - (size_t)(m - d)) + pick(seed, 3) - 1;
	for (int i = 0; i < 8; i++)
		d[at + i] = (uint8_t)(v >> (8 * i));
	return 1;
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	if (size > 0 && pick(&seed, 4) != 0 &&
	    (pick(&seed, 2) ? mutate_bundle(data, size, &seed) : mutate_msgpack(data, size, &seed)))
		return size;
	return LLVMFuzzerMutate != NULL ? LLVMFuzzerMutate(data, size, max_size) : size;
}

static void
on_entry(void *ctx, const struct offload_entry *e)
{
	const uint8_t *buf = ctx;

	if (e->payload < buf || e->payload + e->size < e->payload || strlen(e->target) >= OFFLOAD_TARGET_MAX)
		__builtin_trap();
}

static void
on_error(void *ctx, size_t offset, const char *message)
{
	(void)ctx, (void)offset;
	if (message[0] == '\0')
		__builtin_trap();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct amdgpu_co co;
	struct strpool pool;
	char err[256];
	size_t erroff = 0;

	elf_version(EV_CURRENT);
	strpool_init(&pool);
	err[0] = '\0';
	if (amdgpu_is_code_object(data, size)) {
		if (amdgpu_read(data, size, &co, &pool, NULL, err, sizeof err, &erroff) < 0) {
			if (err[0] == '\0')
				__builtin_trap();
		} else {
			for (size_t i = 0; i < co.nkernels; i++)
				if (co.kernels[i].name == NULL)
					__builtin_trap();
			amdgpu_free(&co);
		}
	}
	strpool_free(&pool);
	offload_bundle_walk(data, size, on_entry, on_error, (void *)data);
	if (ccob_is_ccob(data, size)) {
		uint8_t *bytes;
		size_t n, used;

		err[0] = '\0';
		if (ccob_inflate(data, size, (size_t)16 << 20, &bytes, &n, &used, err, sizeof err, &erroff) == 0) {
			if (used > size || n == 0)
				__builtin_trap();
			offload_bundle_walk(bytes, n, on_entry, on_error, bytes);
			free(bytes);
		} else if (err[0] == '\0' || erroff > size)
			__builtin_trap();
	}
	if (amdgpu_msgpack_bounded(data, size, AMDGPU_META_OBJECTS_MAX, NULL, err, sizeof err) == 0) {
		msgpack_unpacked u;
		size_t off = 0;

		msgpack_unpacked_init(&u);
		(void)msgpack_unpack_next(&u, (const char *)data, size, &off);
		msgpack_unpacked_destroy(&u);
	}
	return 0;
}
