/* SPDX-License-Identifier: MIT */
/*
 * Bytes: little-endian reads from unaligned bytes (every binary format
 * here is LE), and byte counts as people read and write them.
 *
 * One unit convention for every face (--summary, --check, the reports,
 * the browser): sizes print in GB of 10^9 bytes, as the pull request the
 * build gates come from writes them ("peaks sum to 21.90 GB", "a measured
 * maximum of 12.98 GB": a real build's log); a budget the
 * user gave is echoed in the unit it was given, 200MiB as "200 MiB" and
 * 13GB as "13 GB".  UNITS in spillway-reference(7) says the same.
 */
#ifndef SPILLWAY_BYTES_H
#define SPILLWAY_BYTES_H

#include <stddef.h>
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

/* The units a size is written in.  BYTES_AUTO (0, what a zeroed struct
 * holds) is "no unit given": bytes_format_as then prints as bytes_format
 * does. */
enum bytes_unit {
	BYTES_AUTO,
	BYTES_B, BYTES_KB, BYTES_MB, BYTES_GB, BYTES_TB,
	BYTES_KIB, BYTES_MIB, BYTES_GIB, BYTES_TIB,
};

/* Room for any size either formatter prints ("9223372036854775807 KiB"). */
#define BYTES_TEXT_MAX	32

/*
 * A byte count for people: GB (10^9 bytes) with two decimals, rounded
 * half up ("12.98 GB", "0.19 GB", "0.00 GB"): one unit for every size, so
 * that a column compares and sums by eye, as a pull request's tables do.  In
 * integer arithmetic, so that no locale changes the decimal point and
 * every face prints the same text.  "?" for a negative (unknown) count.
 * Returns buf.
 */
const char	*bytes_format(int64_t bytes, char *buf, size_t size);
/* bytes in unit u, up to three decimals with trailing zeros dropped
 * ("200 MiB", "1.5 GiB", "13 GB"); "?" for a negative count. */
const char	*bytes_format_as(int64_t bytes, enum bytes_unit u, char *buf, size_t size);

/*
 * Parses a size: digits, an optional fraction ("1.5"), then an optional
 * unit, case-insensitive: B; K, M, G, T or KiB, MiB, GiB, TiB (powers of
 * 1024); KB, MB, GB, TB (powers of 1000).  A plain number is in unit
 * plain.  Nothing else: no sign, space, exponent, hex, "inf" or "nan".
 * Returns the bytes (the fraction rounded half up to a whole byte) and
 * sets *unit to the unit written (plain where none was), or -1 when the
 * text is not a size or its bytes pass INT64_MAX.
 */
int64_t		 bytes_parse(const char *s, enum bytes_unit plain, enum bytes_unit *unit);

#endif
