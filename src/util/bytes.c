/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <strings.h>

#include "bytes.h"

/* Every unit once: its symbol, its size in bytes and how it may be
 * written (case-insensitive). */
static const struct {
	const char	*name;
	int64_t		 factor;
	const char	*spelled[2];
} units[] = {
	[BYTES_AUTO] = { "", 1, { NULL } },
	[BYTES_B] = { "B", 1, { "b" } },
	[BYTES_KB] = { "kB", 1000, { "kb" } },
	[BYTES_MB] = { "MB", 1000 * 1000, { "mb" } },
	[BYTES_GB] = { "GB", 1000LL * 1000 * 1000, { "gb" } },
	[BYTES_TB] = { "TB", 1000LL * 1000 * 1000 * 1000, { "tb" } },
	[BYTES_KIB] = { "KiB", 1LL << 10, { "k", "kib" } },
	[BYTES_MIB] = { "MiB", 1LL << 20, { "m", "mib" } },
	[BYTES_GIB] = { "GiB", 1LL << 30, { "g", "gib" } },
	[BYTES_TIB] = { "TiB", 1LL << 40, { "t", "tib" } },
};
#define NUNITS (sizeof units / sizeof units[0])

/* bytes in units of f bytes: the whole q and the fraction in 1/scale
 * (100 or 1000), rounded half up, carried into q when it rounds to 1. */
static void
split(int64_t bytes, int64_t f, int64_t scale, int64_t *q, int64_t *frac)
{
	int64_t r = bytes % f;

	*q = bytes / f;
	if (f % scale == 0)		/* decimal: no product that could overflow */
		*frac = (r + f / scale / 2) / (f / scale);
	else				/* binary: f <= 2^40, so r * scale fits */
		*frac = (r * scale + f / 2) / f;
	if (*frac == scale) {
		(*q)++;
		*frac = 0;
	}
}

const char *
bytes_format(int64_t bytes, char *buf, size_t size)
{
	int64_t q, h;

	if (bytes < 0) {
		snprintf(buf, size, "?");
		return buf;
	}
	split(bytes, units[BYTES_GB].factor, 100, &q, &h);
	snprintf(buf, size, "%" PRId64 ".%02" PRId64 " GB", q, h);
	return buf;
}

const char *
bytes_format_as(int64_t bytes, enum bytes_unit u, char *buf, size_t size)
{
	char frac[8] = "";
	int64_t q, t;

	if (u == BYTES_AUTO || (size_t)u >= NUNITS)
		return bytes_format(bytes, buf, size);
	if (bytes < 0) {
		snprintf(buf, size, "?");
		return buf;
	}
	split(bytes, units[u].factor, 1000, &q, &t);
	if (t > 0) {
		int n = snprintf(frac, sizeof frac, ".%03" PRId64, t);

		while (n > 0 && frac[n - 1] == '0')
			frac[--n] = '\0';
	}
	snprintf(buf, size, "%" PRId64 "%s %s", q, frac, units[u].name);
	return buf;
}

/* The unit spelled s (the whole rest of the text), or BYTES_AUTO. */
static enum bytes_unit
unit_spelled(const char *s)
{
	for (size_t u = 0; u < NUNITS; u++)
		for (size_t k = 0; k < sizeof units[u].spelled / sizeof units[u].spelled[0]; k++)
			if (units[u].spelled[k] != NULL && strcasecmp(s, units[u].spelled[k]) == 0)
				return (enum bytes_unit)u;
	return BYTES_AUTO;
}

/* Digits of a fraction that can move a result by a byte: a unit is at
 * most 2^40 bytes, so those past the 18th move it by under 10^-5. */
#define FRACTION_DIGITS	18

int64_t
bytes_parse(const char *s, enum bytes_unit plain, enum bytes_unit *unit)
{
	const char *p = s;
	int64_t whole = 0, f, part;
	double frac = 0, place = 1;
	size_t digits = 0;
	enum bytes_unit u;

	for (; *p >= '0' && *p <= '9'; p++, digits++) {
		if (whole > (INT64_MAX - (*p - '0')) / 10)
			return -1;
		whole = whole * 10 + (*p - '0');
	}
	if (*p == '.') {
		size_t fraction = 0;

		for (p++; *p >= '0' && *p <= '9'; p++, digits++)
			if (fraction++ < FRACTION_DIGITS) {
				place /= 10;
				frac += (*p - '0') * place;
			}
	}
	if (digits == 0)
		return -1;
	u = *p == '\0' ? plain : unit_spelled(p);
	if (u == BYTES_AUTO)
		return -1;
	f = units[u].factor;
	part = (int64_t)(frac * (double)f + 0.5);
	if (whole > (INT64_MAX - part) / f)
		return -1;
	if (unit != NULL)
		*unit = u;
	return whole * f + part;
}
