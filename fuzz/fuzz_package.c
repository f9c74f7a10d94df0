/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: one package (a wheel or other zip, a tarball, a .conda)
 * through the whole scan, one worker: libarchive's walk, each member
 * unpacked into a scratch file and read as a file.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz.h"
#include "model.h"
#include "scan.h"
#include "whatif.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scan_config cfg = { .threads = 1 };
	struct scan_stats stats;
	struct diag_list diags = { 0 };
	struct whatif w = { .given = 0 };
	struct whatif_result r;
	struct model m;
	char err[128];

	/* --what-if asks each member's span (a zip's inflated again). */
	if (whatif_parse(&w, "drop:sm_80,sm_90;ptx:none", err, sizeof err) != 0)
		__builtin_trap();
	cfg.whatif = &w;
	model_init(&m);
	scan_buffer(data, size, "input.whl", &cfg, &m, &diags, &stats);
	/* Drops only: no package grows. */
	whatif_apply(&m, &w, &r);
	for (size_t i = 0; i < r.npackages; i++)
		if (r.packages[i].after > r.packages[i].now)
			__builtin_trap();
	whatif_result_free(&r);
	whatif_free(&w);
	/* Every unreadable part must say why. */
	if (stats.unreadable > 0 && diags.n == 0)
		__builtin_trap();
	for (size_t i = 0; i < m.nfuncs; i++)
		if (m.funcs[i].image >= m.nimages)
			__builtin_trap();
	/* Every image of a member is named PACKAGE!/MEMBER. */
	for (size_t i = 0; i < m.nimages; i++)
		if (strncmp(m.images[i].library, "input.whl!/", 11) != 0)
			__builtin_trap();
	diag_free(&diags);
	model_free(&m);
	return 0;
}

/*
 * A structure-aware mutator for what tests/attacks/attack-packages.sh
 * makes: a zip local header's sizes, name length, flags (a data
 * descriptor) or method set to what the bytes do not bear out, its name
 * made hostile (../, absolute, a NUL, bytes that are not UTF-8); a tar
 * header's size (octal at its edges, base-256, no number), type (links,
 * long names, pax, sparse) or name, its checksum made good again so that
 * libarchive takes it; a package cut inside a header or a member.  A
 * compressed stream, and what is neither, goes to libFuzzer's own
 * mutation (absent when replayed by fuzz/replay.c, which never calls
 * this).
 */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

#define ZIP_HEADER	30
#define TAR_BLOCK	512

static void
put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* The offsets of up to max zip local headers. */
static size_t
zip_headers(const uint8_t *d, size_t size, size_t *at, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i + ZIP_HEADER <= size && n < max; i++)
		if (memcmp(d + i, "PK\003\004", 4) == 0)
			at[n++] = i;
	return n;
}

/* The offsets of up to max tar headers (ustar at 257). */
static size_t
tar_headers(const uint8_t *d, size_t size, size_t *at, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i + TAR_BLOCK <= size && n < max; i += TAR_BLOCK)
		if (memcmp(d + i + 257, "ustar", 5) == 0)
			at[n++] = i;
	return n;
}

static void
tar_checksum(uint8_t *h)
{
	unsigned sum = 0;

	memset(h + 148, ' ', 8);
	for (size_t i = 0; i < TAR_BLOCK; i++)
		sum += h[i];
	snprintf((char *)h + 148, 8, "%06o", sum & 0777777);
	h[155] = ' ';
}

static void
mutate_zip(uint8_t *d, size_t size, size_t h, unsigned seed)
{
	static const uint32_t sizes[] = { 0, 1, 100, 0x7fffffff, 0xffffffff };
	static const uint16_t methods[] = { 0, 8, 12, 14, 93, 99 };
	static const char *const names[] = { "../../x.cubin", "/abs.cubin", "a\0b", "\377\376.o" };
	uint32_t v = sizes[(seed / 8) % 5];
	size_t namelen = (size_t)d[h + 26] | (size_t)d[h + 27] << 8;

	switch (seed % 5) {
	case 0:		/* compressed and uncompressed sizes */
		put32(d + h + 18, v);
		put32(d + h + 22, seed & 64 ? v : (uint32_t)(size - h));
		break;
	case 1:		/* a name length past the header */
		d[h + 26] = (uint8_t)(seed >> 3);
		d[h + 27] = (uint8_t)(seed >> 11);
		break;
	case 2:		/* a data descriptor said to follow */
		d[h + 6] ^= 8;
		break;
	case 3:
		d[h + 8] = (uint8_t)methods[(seed / 8) % 6];
		d[h + 9] = 0;
		break;
	default: {	/* a hostile name, within the one there */
		const char *n = names[(seed / 8) % 4];
		size_t len = n[0] == 'a' ? 3 : strlen(n);

		if (h + ZIP_HEADER + namelen <= size && len <= namelen)
			memcpy(d + h + ZIP_HEADER, n, len);
	}
	}
}

static void
mutate_tar(uint8_t *d, size_t h, unsigned seed)
{
	static const char *const sizes[] = { "77777777777", "00000000000", "00000000001", "-1",
	    "99999999999", "", "00000001000" };
	static const char types[] = "0125LKxgS7";
	static const char *const names[] = { "../../x.cubin", "/abs.cubin", "\377\376.o", "./a/./b" };

	switch (seed % 4) {
	case 0:		/* the size field */
		memset(d + h + 124, 0, 12);
		memcpy(d + h + 124, sizes[(seed / 8) % 7], strlen(sizes[(seed / 8) % 7]));
		break;
	case 1:		/* base-256: 2^63 - 1 */
		d[h + 124] = 0x80;
		memset(d + h + 125, 0, 3);
		memset(d + h + 128, seed & 64 ? 0xff : 0x7f, 8);
		break;
	case 2:
		d[h + 156] = (uint8_t)types[(seed / 8) % 10];
		break;
	default:
		memset(d + h, 0, 100);
		memcpy(d + h, names[(seed / 8) % 4], strlen(names[(seed / 8) % 4]));
		break;
	}
	tar_checksum(d + h);
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	size_t at[256], nz = zip_headers(data, size, at, 256), nt = 0;

	if (nz == 0)
		nt = tar_headers(data, size, at, 256);
	if ((nz == 0 && nt == 0) || seed % 8 == 7)
		return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
	seed /= 8;
	if (seed % 6 == 5)		/* cut inside a header or a member */
		return at[(seed / 8) % (nz + nt)] + (seed / 64) % (size - at[(seed / 8) % (nz + nt)]);
	if (nz > 0)
		mutate_zip(data, size, at[(seed / 8) % nz], seed / 8);
	else
		mutate_tar(data, at[(seed / 8) % nt], seed / 8);
	return size;
}
