/* SPDX-License-Identifier: MIT */
/* Little-endian numbers of n bytes (at most 8) read from a file's bytes:
 * an ELF header's, a zip record's. */
#ifndef SPILLWAY_LE_H
#define SPILLWAY_LE_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t
le_read(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

#endif
