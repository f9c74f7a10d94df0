/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: one file through the whole scan (host ELF, ar archive,
 * fatbin, bare cubin or --list CSV, recognised by content), one worker.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz.h"
#include "model.h"
#include "scan.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scan_config cfg = { .threads = 1 };
	struct scan_stats stats;
	struct diag_list diags = { 0 };
	struct model m;

	model_init(&m);
	scan_buffer(data, size, "input", &cfg, &m, &diags, &stats);
	/* Every unreadable part must say why. */
	if (stats.unreadable > 0 && diags.n == 0)
		__builtin_trap();
	for (size_t i = 0; i < m.nfuncs; i++)
		if (m.funcs[i].image >= m.nimages)
			__builtin_trap();
	diag_free(&diags);
	model_free(&m);
	return 0;
}

/*
 * A structure-aware mutator for ar archives, the kinds of input
 * tests/attacks/repro/tools/gen_ar.py makes: a member's size field set to what
 * the archive does not hold (or to no number), a BSD "#1/N" long name
 * whose length runs past the member, a GNU "/N" name past the long-name
 * table, a thin archive's magic, a member header's end marker broken.
 * A host ELF gets a section header twice (duplicate_section).  Anything
 * else, and what is neither, goes to libFuzzer's own mutation (absent
 * when replayed by fuzz/replay.c, which never calls this).
 */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

#define AR_MAGIC	8
#define AR_HEADER	60

/* The offsets of up to max member headers, as their size fields chain. */
static size_t
members_of(const uint8_t *d, size_t size, size_t *at, size_t max)
{
	size_t pos = AR_MAGIC, n = 0;

	if (size < AR_MAGIC || memcmp(d, "!<arch>\n", AR_MAGIC) != 0)
		return 0;
	while (n < max && pos + AR_HEADER <= size) {
		char field[11];
		unsigned long long len;

		memcpy(field, d + pos + 48, 10);
		field[10] = '\0';
		len = strtoull(field, NULL, 10);
		at[n++] = pos;
		if (len > size - pos - AR_HEADER)
			break;
		pos += AR_HEADER + (size_t)len + (len & 1);
	}
	return n;
}

static void
set_field(uint8_t *p, size_t width, const char *text)
{
	size_t n = strlen(text);

	memset(p, ' ', width);
	memcpy(p, text, n < width ? n : width);
}

#define SHDR		64	/* sizeof(Elf64_Shdr) */

/*
 * Duplicate sections in a host ELF: one section header (a .nv_fatbin
 * among them) copied onto the table's end, e_shnum one more; either the
 * same bytes twice (damage: they overlap) or, with its offset moved past
 * the first's end, a second section of the name.  0 when the file is no
 * 64-bit ELF whose table ends it.
 */
static size_t
duplicate_section(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	uint64_t shoff, off, len;
	size_t shnum, end;
	uint8_t *copy;

	if (size < 64 || memcmp(data, "\177ELF\2\1", 6) != 0)
		return 0;
	memcpy(&shoff, data + 0x28, 8);
	shnum = (size_t)data[0x3c] | (size_t)data[0x3d] << 8;
	if (shnum == 0 || shnum >= 0xff00 || shoff > size || shnum > (size - shoff) / SHDR)
		return 0;
	end = (size_t)shoff + shnum * SHDR;
	if (end != size || max_size - size < SHDR)
		return 0;
	copy = data + end;
	memcpy(copy, data + shoff + (seed / 16) % shnum * SHDR, SHDR);
	if (seed & 64) {	/* the copy's bytes after the original's */
		memcpy(&off, copy + 24, 8);
		memcpy(&len, copy + 32, 8);
		off += len;
		memcpy(copy + 24, &off, 8);
	}
	shnum++;
	data[0x3c] = (uint8_t)shnum;
	data[0x3d] = (uint8_t)(shnum >> 8);
	return end + SHDR;
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	static const char *const sizes[] = { "0", "1", "-1", "", "abc", "0x10", " 12", "1e9",
	    "9999999999", "4294967296", "1844674407" };
	static const char *const names[] = { "#1/20", "#1/99999999", "#1/", "/0", "/99999", "/-1",
	    "/", "//", "/SYM64/", "a.o/" };
	size_t at[256], n = members_of(data, size, at, 256), m, dup;
	char num[24];

	if (seed % 8 != 7 && (dup = duplicate_section(data, size, max_size, seed)) > 0)
		return dup;
	if (n == 0 || seed % 8 == 7)
		return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
	m = at[(seed / 8) % n];
	switch (seed % 6) {
	case 0:		/* a size field the archive does not bear out */
		set_field(data + m + 48, 10, sizes[(seed / 64) % 11]);
		break;
	case 1:		/* a size just past, or short of, what is left */
		snprintf(num, sizeof num, "%zu", size - m - AR_HEADER + (seed & 64 ? 1 : 0) - (seed & 128 ? 2 : 0));
		set_field(data + m + 48, 10, num);
		break;
	case 2:		/* names: BSD, GNU, the tables' */
		set_field(data + m, 16, names[(seed / 64) % 10]);
		break;
	case 3:		/* the header's end marker */
		data[m + 58] ^= (uint8_t)(1 + seed / 64 % 255);
		break;
	case 4:		/* a thin archive */
		memcpy(data, "!<thin>\n", AR_MAGIC);
		break;
	default:	/* cut inside a header or a member */
		size = m + (seed / 8) % (size - m);
		break;
	}
	return size;
}
