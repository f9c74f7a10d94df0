/* SPDX-License-Identifier: MIT */
/*
 * Names shortened so that they stay apart (elide.h): names alike but in
 * the middle, as cuBLASLt's are, keep the part that differs, where
 * cutting every middle alike made them read the same.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "elide.h"
#include "text.h"

#define A	"sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"
#define B	"sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize256x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"

static void
test_shared(void **state)
{
	size_t p, s;

	(void)state;
	elide_shared(A, B, &p, &s);
	assert_int_equal(p, strlen("sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize"));
	assert_int_equal(s, strlen("x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"));
	elide_shared("abc", "abc", &p, &s);
	assert_int_equal(p, 3);
	assert_int_equal(s, 0);
	/* The end never overlaps the start: "aa" and "aaa" share "aa" once. */
	elide_shared("aa", "aaa", &p, &s);
	assert_int_equal(p, 2);
	assert_int_equal(s, 0);
	/* Not inside a character: "é" (c3 a9) and "è" (c3 a8) share no byte
	 * that ends a character. */
	elide_shared("x\xc3\xa9", "x\xc3\xa8", &p, &s);
	assert_int_equal(p, 1);
	assert_int_equal(s, 0);
}

/* Two names that read the same when their middles are cut alike read
 * apart when what they share is cut instead. */
static void
test_keep_tells_apart(void **state)
{
	char fa[256], fb[256], ea[256], eb[256];
	size_t p, s;

	(void)state;
	text_fit(fa, sizeof fa, A, 40, "~");
	text_fit(fb, sizeof fb, B, 40, "~");
	assert_string_equal(fa, fb);	/* why: text_fit alone loses the difference */
	elide_shared(A, B, &p, &s);
	assert_int_equal(elide_keep(ea, sizeof ea, A, 40, "~", p, strlen(A) - s), 40);
	elide_keep(eb, sizeof eb, B, 40, "~", p, strlen(B) - s);
	assert_string_not_equal(ea, eb);
	assert_non_null(strstr(ea, "tilesize1"));
	assert_non_null(strstr(eb, "tilesize2"));
	assert_int_equal(text_width(ea), 40);
	assert_int_equal(strncmp(ea, "sm90_", 5), 0);	/* the start stays */
	assert_int_equal(strcmp(ea + strlen(ea) - 6, "cublas"), 0);	/* and the end */
}

static void
test_keep_edges(void **state)
{
	char d[64];

	(void)state;
	/* Fits: whole. */
	assert_int_equal(elide_keep(d, sizeof d, "short", 10, "~", 1, 2), 5);
	assert_string_equal(d, "short");
	/* Nothing kept: the middle goes, as text_fit. */
	elide_keep(d, sizeof d, "abcdefghijklmnop", 9, "~", 3, 3);
	text_fit(d + 32, 32, "abcdefghijklmnop", 9, "~");
	assert_string_equal(d, d + 32);
	/* The part kept wider than the cell: its start, marked both sides. */
	elide_keep(d, sizeof d, "aaaaXYZXYZXYZbbbb", 8, "~", 4, 13);
	assert_string_equal(d, "~XYZXYZ~");
	/* The differing part at the very start. */
	elide_keep(d, sizeof d, "Xaaaaaaaaaaaaaaaaaaaz", 8, "~", 0, 1);
	assert_int_equal(d[0], 'X');
	assert_int_equal(text_width(d), 8);
	/* And at the very end. */
	elide_keep(d, sizeof d, "aaaaaaaaaaaaaaaaaaaaZ", 8, "~", 20, 21);
	assert_int_equal(d[strlen(d) - 1], 'Z');
	assert_int_equal(text_width(d), 8);
	/* No room at all. */
	assert_int_equal(elide_keep(d, 1, "abc", 2, "~", 1, 2), 0);
	assert_string_equal(d, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shared),
		cmocka_unit_test(test_keep_tells_apart),
		cmocka_unit_test(test_keep_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
