/* SPDX-License-Identifier: MIT */
/* cmocka tests for the fatbin container walk, on hand-made containers. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fatbin.h"

struct seen {
	int		entries, errors;
	size_t		error_offset;
	char		message[160];
	struct fatbin_entry last;
};

static void
on_entry(void *ctx, const struct fatbin_entry *e)
{
	struct seen *s = ctx;
	s->entries++;
	s->last = *e;
}

static void
on_error(void *ctx, size_t offset, const char *message)
{
	struct seen *s = ctx;
	s->errors++;
	s->error_offset = offset;
	snprintf(s->message, sizeof s->message, "%s", message);
}

static void
put16(uint8_t *p, uint16_t v) { p[0] = v; p[1] = v >> 8; }
static void
put32(uint8_t *p, uint32_t v) { put16(p, v); put16(p + 2, v >> 16); }
static void
put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }

/* One container holding one stored ELF entry of 8 payload bytes for sm_86. */
static size_t
make_container(uint8_t *buf)
{
	memset(buf, 0, 16 + 64 + 8);
	put32(buf, FATBIN_MAGIC);
	put16(buf + 4, 1);
	put16(buf + 6, 16);
	put64(buf + 8, 64 + 8);
	put16(buf + 16, FATBIN_KIND_ELF);
	put16(buf + 18, 0x0101);
	put32(buf + 20, 64);
	put64(buf + 24, 8);
	put16(buf + 16 + 24, 8);
	put16(buf + 16 + 26, 1);
	put32(buf + 16 + 28, 86);
	put64(buf + 16 + 40, 0x11 | FATBIN_FLAG_ARCH_A);
	memcpy(buf + 80, "\x7f" "ELFxxxx", 8);
	return 88;
}

static void
test_one_entry(void **state)
{
	uint8_t buf[256];
	size_t n = make_container(buf);
	struct seen s = { 0 };
	char arch[16];

	(void)state;
	assert_int_equal(fatbin_walk(buf, n, on_entry, on_error, &s), 0);
	assert_int_equal(s.entries, 1);
	assert_int_equal(s.errors, 0);
	assert_int_equal(s.last.arch, 86);
	assert_int_equal(s.last.payload_size, 8);
	assert_ptr_equal(s.last.payload, buf + 80);
	fatbin_arch_name(&s.last, arch, sizeof arch);
	assert_string_equal(arch, "sm_86a");
}

static void
test_two_containers_with_padding(void **state)
{
	uint8_t buf[256];
	size_t n = make_container(buf);
	struct seen s = { 0 };

	(void)state;
	memset(buf + n, 0, 8);			/* linker padding */
	memcpy(buf + n + 8, buf, n);
	assert_int_equal(fatbin_walk(buf, 2 * n + 8, on_entry, on_error, &s), 0);
	assert_int_equal(s.entries, 2);
}

static void
test_payload_past_end(void **state)
{
	uint8_t buf[256];
	size_t n = make_container(buf);
	struct seen s = { 0 };

	(void)state;
	put64(buf + 24, UINT64_MAX);
	assert_int_equal(fatbin_walk(buf, n, on_entry, on_error, &s), 1);
	assert_int_equal(s.entries, 0);
	assert_int_equal(s.errors, 1);
	assert_int_equal(s.error_offset, 24);
	assert_non_null(strstr(s.message, "runs past"));
}

static void
test_container_cut_short(void **state)
{
	uint8_t buf[256];
	size_t n = make_container(buf);
	struct seen s = { 0 };

	(void)state;
	assert_int_equal(fatbin_walk(buf, n - 20, on_entry, on_error, &s), 1);
	assert_int_equal(s.errors, 1);
	assert_int_equal(s.error_offset, 8);
}

static void
test_bad_magic(void **state)
{
	uint8_t buf[256];
	size_t n = make_container(buf);
	struct seen s = { 0 };

	(void)state;
	buf[0] = 0x51;
	assert_int_equal(fatbin_walk(buf, n, on_entry, on_error, &s), 1);
	assert_int_equal(s.error_offset, 0);
	assert_non_null(strstr(s.message, "magic"));
}

static void
test_compressed_size_checked(void **state)
{
	uint8_t buf[256];
	size_t n = make_container(buf);
	struct seen s = { 0 };

	(void)state;
	put64(buf + 16 + 40, 0x11 | FATBIN_FLAG_ZSTD);
	put32(buf + 16 + 16, 9);		/* more than the 8 stored bytes */
	assert_int_equal(fatbin_walk(buf, n, on_entry, on_error, &s), 1);
	assert_int_equal(s.error_offset, 32);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_entry),
		cmocka_unit_test(test_two_containers_with_padding),
		cmocka_unit_test(test_payload_past_end),
		cmocka_unit_test(test_container_cut_short),
		cmocka_unit_test(test_bad_magic),
		cmocka_unit_test(test_compressed_size_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
