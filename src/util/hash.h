/* SPDX-License-Identifier: MIT */
/*
 * XXH3, 64 bits (libxxhash's), on the widest vectors the CPU has: the
 * library as Debian builds it uses SSE2, half of what AVX2 hashes in a
 * second, and the size section hashes every function's code.  The value
 * is XXH3_64bits' whatever the path.
 */
#ifndef SPILLWAY_HASH_H
#define SPILLWAY_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t	hash64(const void *, size_t);

#endif
