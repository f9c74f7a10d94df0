/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for byte counts as people read and write them (src/util/bytes.c):
 * bytes_format prints GB of 10^9 bytes with two decimals, rounded half up
 * and carried (0.995 GB is 1.00 GB), up to INT64_MAX; bytes_format_as
 * echoes a size in the unit it was given; bytes_parse reads digits, a
 * fraction and a unit, keeps which unit, and refuses signs, spaces,
 * exponents, hex, inf, nan, unknown or doubled suffixes and overflow.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bytes.h"

#define GIB	(1LL << 30)

static void
test_format_is_gb_with_two_decimals(void **state)
{
	static const struct {
		int64_t		 bytes;
		const char	*want;
	} cases[] = {
		{ 0, "0.00 GB" },
		{ 1, "0.00 GB" },
		{ 4999999, "0.00 GB" },			/* 0.004999999: down */
		{ 5000000, "0.01 GB" },			/* 0.005: half up */
		{ 189232LL * 1024, "0.19 GB" },		/* the corpus's app compile (time -v) */
		{ 781250LL * 1024, "0.80 GB" },		/* seed 001's interp */
		{ 994999999, "0.99 GB" },
		{ 995000000, "1.00 GB" },		/* carried into the whole */
		{ 1000000000, "1.00 GB" },
		{ 12675781LL * 1024, "12.98 GB" },	/* seed 001's measured maximum */
		{ 21386719LL * 1024, "21.90 GB" },	/* seed 001: reg_field + reg_flow */
		{ 8 * GIB, "8.59 GB" },
		{ 14 * GIB, "15.03 GB" },
		{ 1999995000000LL, "2000.00 GB" },	/* no unit above GB: columns stay in one */
		{ INT64_MAX, "9223372036.85 GB" },
		{ -1, "?" },				/* unknown */
		{ INT64_MIN, "?" },
	};
	char buf[BYTES_TEXT_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_ptr_equal(bytes_format(cases[i].bytes, buf, sizeof buf), buf);
		assert_string_equal(buf, cases[i].want);
	}
}

static void
test_format_as_echoes_the_unit_given(void **state)
{
	static const struct {
		int64_t		 bytes;
		enum bytes_unit	 unit;
		const char	*want;
	} cases[] = {
		{ 200LL << 20, BYTES_MIB, "200 MiB" },
		{ 13000000000LL, BYTES_GB, "13 GB" },
		{ 14 * GIB, BYTES_GIB, "14 GiB" },
		{ 3 * GIB / 2, BYTES_GIB, "1.5 GiB" },
		{ 210000000, BYTES_GB, "0.21 GB" },
		{ 14680064LL * 1024, BYTES_KIB, "14680064 KiB" },	/* FF_MEM_BUDGET_KB */
		{ 1000000, BYTES_MB, "1 MB" },
		{ 1000, BYTES_KB, "1 kB" },
		{ 512, BYTES_B, "512 B" },
		{ 3LL << 40, BYTES_TIB, "3 TiB" },
		{ 2000000000000LL, BYTES_TB, "2 TB" },
		{ 1234567890, BYTES_GB, "1.235 GB" },		/* three decimals at most */
		{ 1234499999, BYTES_GB, "1.234 GB" },
		{ 1999500000, BYTES_GB, "2 GB" },		/* 1.9995 carried */
		{ 1023, BYTES_KIB, "0.999 KiB" },
		{ 1, BYTES_GB, "0 GB" },
		{ INT64_MAX, BYTES_B, "9223372036854775807 B" },
		{ INT64_MAX, BYTES_KIB, "9007199254740991.999 KiB" },
		{ INT64_MAX, BYTES_TIB, "8388608 TiB" },
		{ INT64_MAX, BYTES_TB, "9223372.037 TB" },
		{ 12675781LL * 1024, BYTES_AUTO, "12.98 GB" },	/* no unit: as bytes_format */
		{ -1, BYTES_MIB, "?" },
	};
	char buf[BYTES_TEXT_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_ptr_equal(bytes_format_as(cases[i].bytes, cases[i].unit, buf, sizeof buf), buf);
		assert_string_equal(buf, cases[i].want);
	}
}

/* The longest text either writes fits BYTES_TEXT_MAX; a short buffer is
 * cut, terminated, and never written past. */
static void
test_format_fits_and_truncates(void **state)
{
	char buf[BYTES_TEXT_MAX], small[8];

	(void)state;
	bytes_format_as(INT64_MAX, BYTES_B, buf, sizeof buf);
	assert_true(strlen(buf) < sizeof buf);
	memset(small, 'x', sizeof small);
	bytes_format(INT64_MAX, small, 5);
	assert_string_equal(small, "9223");
	assert_int_equal(small[5], 'x');
	bytes_format_as(INT64_MAX, BYTES_KIB, small, 5);
	assert_string_equal(small, "9007");
	assert_int_equal(small[5], 'x');
}

static void
test_parse_keeps_the_unit(void **state)
{
	static const struct {
		const char	*text;
		int64_t		 bytes;
		enum bytes_unit	 unit;
	} cases[] = {
		{ "14GiB", 14 * GIB, BYTES_GIB },
		{ "14gib", 14 * GIB, BYTES_GIB },
		{ "14G", 14 * GIB, BYTES_GIB },
		{ "14g", 14 * GIB, BYTES_GIB },
		{ "12GB", 12000000000LL, BYTES_GB },
		{ "12gB", 12000000000LL, BYTES_GB },
		{ "200MiB", 200LL << 20, BYTES_MIB },
		{ "512M", 512LL << 20, BYTES_MIB },
		{ "16MB", 16000000, BYTES_MB },
		{ "1K", 1024, BYTES_KIB },
		{ "1KiB", 1024, BYTES_KIB },
		{ "1kB", 1000, BYTES_KB },
		{ "1KB", 1000, BYTES_KB },
		{ "2T", 2LL << 40, BYTES_TIB },
		{ "2TiB", 2LL << 40, BYTES_TIB },
		{ "2TB", 2000000000000LL, BYTES_TB },
		{ "100b", 100, BYTES_B },
		{ "100B", 100, BYTES_B },
		{ "14680064", 14680064LL * 1024, BYTES_KIB },	/* plain: the caller's unit */
		{ "0", 0, BYTES_KIB },
		{ "0007G", 7 * GIB, BYTES_GIB },
		{ "1.5G", 3 * GIB / 2, BYTES_GIB },
		{ "0.21GB", 210000000, BYTES_GB },
		{ ".5K", 512, BYTES_KIB },
		{ "5.K", 5120, BYTES_KIB },
		{ "0.5B", 1, BYTES_B },				/* half a byte: up */
		{ "0.4B", 0, BYTES_B },
		{ "1.0000000000000000000000000001GB", 1000000000, BYTES_GB },
		{ "9223372036854775807b", INT64_MAX, BYTES_B },
		{ "8589934591G", 8589934591LL * GIB, BYTES_GIB },
		{ "8388607.999999G", 8388607 * GIB + 1073740750, BYTES_GIB },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		enum bytes_unit unit = BYTES_AUTO;

		assert_int_equal(bytes_parse(cases[i].text, BYTES_KIB, &unit), cases[i].bytes);
		assert_int_equal(unit, cases[i].unit);
	}
	assert_int_equal(bytes_parse("3MiB", BYTES_KIB, NULL), 3LL << 20);	/* the unit not asked for */
}

/* What is no size: -1, and the unit left as it was. */
static void
test_parse_refuses_hostile_text(void **state)
{
	static const char *const bad[] = {
		"", ".", "..", "G", "GiB", "B",
		"-1G", "+1G", "-0", " 1G", "1G ", "1 G", "1\tG", "1G\n",
		"1e3", "1E3G", "1e-3GB", "0x10", "0x10G", "0b101",
		"nan", "NaN", "nanG", "inf", "infinity", "INFGB",
		"1..2G", "1.2.3G", "1,5G", "1_000K", "1'000K",
		"1GiBx", "1GG", "1Gi", "1Gib5", "1KiBB", "1iB", "1bytes",
		"1PB", "1EB", "1P", "1PiB", "1ZB",
		"\xef\xbc\x91G",				/* a fullwidth 1 */
		"9223372036854775808b",				/* INT64_MAX + 1 */
		"99999999999999999999999",
		"8589934592G",					/* 2^63 */
		"8388608T",
		"9223372036854775807",				/* plain KiB: past INT64_MAX */
		"9223372036854775807.9b",
	};

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		enum bytes_unit unit = BYTES_TB;

		if (bytes_parse(bad[i], BYTES_KIB, &unit) != -1)
			fail_msg("'%s' was read as a size", bad[i]);
		assert_int_equal(unit, BYTES_TB);
	}
	/* With no unit for plain numbers, a plain number is no size. */
	assert_int_equal(bytes_parse("12", BYTES_AUTO, NULL), -1);
	assert_int_equal(bytes_parse("12GB", BYTES_AUTO, NULL), 12000000000LL);
}

/* What bytes_parse reads, bytes_format_as gives back as it was written. */
static void
test_parse_then_echo_round_trips(void **state)
{
	static const struct {
		const char	*text, *echo;
	} cases[] = {
		{ "200MiB", "200 MiB" }, { "13GB", "13 GB" }, { "14G", "14 GiB" },
		{ "1.5GiB", "1.5 GiB" }, { "0.21gb", "0.21 GB" }, { "14680064", "14680064 KiB" },
		{ "1MB", "1 MB" }, { "512b", "512 B" }, { "2.125TiB", "2.125 TiB" },
	};
	char buf[BYTES_TEXT_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		enum bytes_unit unit = BYTES_AUTO;
		int64_t v = bytes_parse(cases[i].text, BYTES_KIB, &unit);

		assert_true(v >= 0);
		assert_string_equal(bytes_format_as(v, unit, buf, sizeof buf), cases[i].echo);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_is_gb_with_two_decimals),
		cmocka_unit_test(test_format_as_echoes_the_unit_given),
		cmocka_unit_test(test_format_fits_and_truncates),
		cmocka_unit_test(test_parse_keeps_the_unit),
		cmocka_unit_test(test_parse_refuses_hostile_text),
		cmocka_unit_test(test_parse_then_echo_round_trips),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
