/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <xxhash.h>

#include "hash.h"
#include "hash_avx2.h"

/* 1 AVX2, 0 not, -1 not asked yet (each thread may ask: the same answer). */
static int avx2 = -1;

uint64_t
hash64(const void *p, size_t n)
{
	int have = __atomic_load_n(&avx2, __ATOMIC_RELAXED);

	if (have < 0) {
		have = hash_avx2_usable();
		__atomic_store_n(&avx2, have, __ATOMIC_RELAXED);
	}
	return have ? hash64_avx2(p, n) : XXH3_64bits(p, n);
}
