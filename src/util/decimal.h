/* SPDX-License-Identifier: MIT */
/* Unsigned numbers written in decimal by hand: snprintf's format parsing
 * costs more than the digits on the scan's hot paths (bank lists, CSV
 * rows). */
#ifndef SPILLWAY_DECIMAL_H
#define SPILLWAY_DECIMAL_H

#include <stddef.h>
#include <stdint.h>

/* The most digits put_decimal writes (UINT64_MAX has 20). */
#define DECIMAL_MAX	20

/* v in decimal at out, unterminated; returns its length. */
static inline size_t
put_decimal(char *out, uint64_t v)
{
	char tmp[DECIMAL_MAX];
	size_t n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	for (size_t i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	return n;
}

#endif
