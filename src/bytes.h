/* Little-endian reads from unaligned bytes: every binary format here is LE. */
#ifndef SPILLWAY_BYTES_H
#define SPILLWAY_BYTES_H

#include <stdint.h>
#include <string.h>

static inline uint16_t
get_u16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t
get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t
get_u64(const uint8_t *p)
{
	return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

#endif
