/* SPDX-License-Identifier: MIT */
/* hash64's AVX2 path (hash_avx2.c, its own unit: compiled for AVX2). */
#ifndef SPILLWAY_HASH_AVX2_H
#define SPILLWAY_HASH_AVX2_H

#include <stddef.h>
#include <stdint.h>

/* Whether this build has the path and this CPU runs it. */
int		hash_avx2_usable(void);
uint64_t	hash64_avx2(const void *, size_t);

#endif
