/* SPDX-License-Identifier: MIT */
/*
 * XXH3 from libxxhash's header, inlined and compiled for AVX2 (the
 * pragmas), called only where the CPU has it (hash_avx2_usable): the
 * dispatch that libxxhash's xxh_x86dispatch.c does, which Debian does not
 * ship.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "hash_avx2.h"

#if defined(__x86_64__) && defined(__GNUC__)
/* Before the pragmas: no AVX2 code here. */
int
hash_avx2_usable(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2");
}

#if defined(__clang__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC target("avx2")
#endif
#define XXH_INLINE_ALL
#define XXH_VECTOR	2	/* XXH_AVX2 */
#include <xxhash.h>

uint64_t
hash64_avx2(const void *p, size_t n)
{
	return XXH3_64bits(p, n);
}
#if defined(__clang__)
#pragma clang attribute pop
#endif

#else
int
hash_avx2_usable(void)
{
	return 0;
}

uint64_t
hash64_avx2(const void *p, size_t n)
{
	(void)p, (void)n;
	return 0;
}
#endif
