/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for packages (src/readers/package.c): told by their magic
 * bytes; a tar's members each probed by their first bytes, the ones worth
 * it unpacked into a scratch file of exactly their bytes, under their
 * names ("./" dropped), the rest passed over; a gzip stream of one file
 * is no package (1); a tar cut inside a member is damage naming it, after
 * the members before it were given; a peek stops at the first member.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <zlib.h>

#include "package.h"

#define BLOCK	512

/* A ustar member: its header and its bytes, padded, appended to buf at
 * *len. */
static void
tar_add(uint8_t *buf, size_t *len, const char *name, const uint8_t *data, size_t size)
{
	uint8_t *h = buf + *len;
	unsigned sum = 0;

	memset(h, 0, BLOCK);
	snprintf((char *)h, 100, "%s", name);
	snprintf((char *)h + 100, 8, "%07o", 0644);
	snprintf((char *)h + 108, 8, "%07o", 0);
	snprintf((char *)h + 116, 8, "%07o", 0);
	snprintf((char *)h + 124, 12, "%011zo", size);
	snprintf((char *)h + 136, 12, "%011o", 0);
	h[156] = '0';
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	memset(h + 148, ' ', 8);
	for (size_t i = 0; i < BLOCK; i++)
		sum += h[i];
	snprintf((char *)h + 148, 8, "%06o", sum);
	memcpy(h + BLOCK, data, size);
	*len += BLOCK + (size + BLOCK - 1) / BLOCK * BLOCK;
}

/* What the walk gave. */
struct seen {
	int		 worth_calls, members, errors, passed;
	char		 name[64];
	uint8_t		 bytes[4096];
	size_t		 size;
	int		 spanned;	/* the member came with a span */
	uint64_t	 packed;	/* the package's bytes it takes, by the span */
};

/* Worth it: an ELF's first bytes. */
static int
worth(void *ctx, const uint8_t *head, size_t n, size_t size)
{
	struct seen *s = ctx;

	(void)size;
	s->worth_calls++;
	return n >= 4 && memcmp(head, "\177ELF", 4) == 0;
}

static void
member(void *ctx, const char *name, int fd, size_t size, const struct package_span *span)
{
	struct seen *s = ctx;
	ssize_t got;

	s->members++;
	snprintf(s->name, sizeof s->name, "%s", name);
	s->size = size;
	s->spanned = span != NULL;
	s->packed = package_span_bytes(span, 0, size);
	got = pread(fd, s->bytes, sizeof s->bytes, 0);
	assert_int_equal(got, (ssize_t)size);
	close(fd);
}

static void
error(void *ctx, const char *name, const char *message)
{
	struct seen *s = ctx;

	(void)name, (void)message;
	s->errors++;
}

static const struct package_calls calls = { .worth = worth, .member = member, .error = error,
    .spans = 1 };

static uint8_t elf[1000];

static void
fill_elf(void)
{
	for (size_t i = 0; i < sizeof elf; i++)
		elf[i] = (uint8_t)(i * 7);
	memcpy(elf, "\177ELF", 4);
}

static void
test_magic(void **state)
{
	static const char *const yes[] = { "PK\003\004", "\037\213\010", "BZh9", "\3757zXZ\0",
	    "\050\265\057\375" };
	static const size_t len[] = { 4, 3, 4, 6, 4 };
	uint8_t tar[BLOCK] = { 0 };

	(void)state;
	for (size_t i = 0; i < 5; i++)
		assert_true(package_is_package((const uint8_t *)yes[i], len[i]));
	memcpy(tar + 257, "ustar", 5);
	assert_true(package_is_package(tar, sizeof tar));
	assert_false(package_is_package((const uint8_t *)"\177ELF\002\001", 6));
	assert_false(package_is_package((const uint8_t *)"PK", 2));
	assert_false(package_is_package(tar, 200));
}

static void
test_members(void **state)
{
	static uint8_t buf[16 * BLOCK];
	struct seen s;
	char err[256];
	size_t len = 0;

	(void)state;
	fill_elf();
	memset(&s, 0, sizeof s);
	tar_add(buf, &len, "./lib/k.cubin", elf, sizeof elf);
	tar_add(buf, &len, "README.txt", (const uint8_t *)"read me\n", 8);
	len += 2 * BLOCK;
	assert_int_equal(package_walk(buf, len, &calls, &s, err, sizeof err), 0);
	assert_int_equal(s.worth_calls, 2);
	assert_int_equal(s.members, 1);
	assert_int_equal(s.errors, 0);
	assert_string_equal(s.name, "lib/k.cubin");
	assert_int_equal(s.size, sizeof elf);
	assert_memory_equal(s.bytes, elf, sizeof elf);
	/* A plain tar: the member's bytes are the package's, one for one,
	 * and its padding to a whole block read with the last of them. */
	assert_true(s.spanned);
	assert_int_equal(s.packed, (sizeof elf + BLOCK - 1) / BLOCK * BLOCK);
}

/* A span's pairs, and the bytes between two points read off the line
 * between the pairs around each; past the last pair, the last. */
static void
test_span_bytes(void **state)
{
	static const uint64_t out[] = { 0, 100, 200 }, in[] = { 10, 60, 160 };
	const struct package_span sp = { out, in, 3 };

	(void)state;
	assert_int_equal(package_span_bytes(&sp, 0, 100), 50);
	assert_int_equal(package_span_bytes(&sp, 50, 150), 75);
	assert_int_equal(package_span_bytes(&sp, 0, 200), 150);
	assert_int_equal(package_span_bytes(&sp, 150, 1000), 50);
	assert_int_equal(package_span_bytes(&sp, 300, 400), 0);
	assert_int_equal(package_span_bytes(&sp, 120, 120), 0);
	assert_int_equal(package_span_bytes(NULL, 0, 100), 0);
}

static void
test_gzip_of_one_file(void **state)
{
	uint8_t out[256];
	z_stream z;
	struct seen s;
	char err[256];

	(void)state;
	memset(&z, 0, sizeof z);
	assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (Bytef *)"just some text, no tar header\n";
	z.avail_in = 30;
	z.next_out = out;
	z.avail_out = sizeof out;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	deflateEnd(&z);
	memset(&s, 0, sizeof s);
	assert_true(package_is_package(out, sizeof out - z.avail_out));
	assert_int_equal(package_walk(out, sizeof out - z.avail_out, &calls, &s, err, sizeof err), 1);
	assert_int_equal(s.worth_calls + s.members + s.errors, 0);
}

static void
test_cut_in_a_member(void **state)
{
	static uint8_t buf[16 * BLOCK];
	struct seen s;
	char err[256];
	size_t len = 0, cut;

	(void)state;
	fill_elf();
	memset(&s, 0, sizeof s);
	tar_add(buf, &len, "first.cubin", elf, sizeof elf);
	cut = len;
	tar_add(buf, &len, "second.cubin", elf, sizeof elf);
	assert_int_equal(package_walk(buf, cut + BLOCK + 100, &calls, &s, err, sizeof err), -1);
	assert_int_equal(s.members, 1);
	assert_string_equal(s.name, "first.cubin");
	assert_non_null(strstr(err, "member second.cubin"));
}

static void
test_peek(void **state)
{
	static uint8_t buf[16 * BLOCK];
	struct package_calls peek = calls;
	struct seen s;
	char err[256];
	size_t len = 0;

	(void)state;
	fill_elf();
	memset(&s, 0, sizeof s);
	tar_add(buf, &len, "k.cubin", elf, sizeof elf);
	len += 2 * BLOCK;
	peek.peek = 1;
	assert_int_equal(package_walk(buf, len, &peek, &s, err, sizeof err), 0);
	assert_int_equal(s.worth_calls + s.members + s.errors, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_magic),
		cmocka_unit_test(test_members),
		cmocka_unit_test(test_span_bytes),
		cmocka_unit_test(test_gzip_of_one_file),
		cmocka_unit_test(test_cut_in_a_member),
		cmocka_unit_test(test_peek),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
