/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the call graph (src/readers/callgraph.c): the blocks of
 * .nv.callgraph, damage named, and the stack chains over them: a frame
 * plus the deepest chain of callees, recursion (a self call, a cycle of
 * three) unbounded, a call that leaves the image at link, the driver's
 * own functions adding nothing, a chain as deep as the symbol table
 * without recursion on the C stack, and reach lists cut at their budget.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "callgraph.h"
#include "strpool.h"

#define CALLS		0xffffffffu
#define LAUNCHED	0xfffffffeu
#define LAUNCHES	0xfffffffcu

/* The section's bytes from pairs of words. */
static size_t
pairs(uint8_t *out, const uint32_t *w, size_t nwords)
{
	for (size_t i = 0; i < nwords; i++) {
		out[4 * i] = (uint8_t)w[i];
		out[4 * i + 1] = (uint8_t)(w[i] >> 8);
		out[4 * i + 2] = (uint8_t)(w[i] >> 16);
		out[4 * i + 3] = (uint8_t)(w[i] >> 24);
	}
	return 4 * nwords;
}

static void
test_blocks_calls_and_launches(void **state)
{
	/* As CUDA 13 writes it for a kernel that calls, launches itself
	 * and a child (tests/corpus/sepcomp/src/cdp.cu). */
	const uint32_t w[] = { 0, CALLS, 3, 4, 3, 5, 0, LAUNCHED, 6, 0, 3, 0,
	    0, 0xfffffffdu, 0, LAUNCHES, 3, 3, 3, 6 };
	uint8_t b[sizeof w];
	struct callgraph g;
	char err[200];
	size_t at = 0, len = pairs(b, w, sizeof w / 4);

	(void)state;
	callgraph_init(&g);
	assert_int_equal(callgraph_read(&g, b, len, 7, err, sizeof err, &at), 0);
	assert_int_equal(g.ncalls, 2);
	assert_int_equal(g.calls[0], 3);
	assert_int_equal(g.calls[3], 5);
	assert_int_equal(g.launches, 2);
	callgraph_free(&g);
}

static void
test_damage_is_named(void **state)
{
	const uint32_t past[] = { 0, CALLS, 1, 9 };	/* symbol 9 of 4 */
	const uint32_t before[] = { 1, 2 };		/* a pair before any block */
	uint8_t b[16];
	struct callgraph g;
	char err[200];
	size_t at;

	(void)state;
	callgraph_init(&g);
	assert_int_equal(callgraph_read(&g, b, pairs(b, past, 4), 4, err, sizeof err, &at), -1);
	assert_non_null(strstr(err, "symbol"));
	assert_int_equal(at, 8);
	callgraph_free(&g);
	callgraph_init(&g);
	assert_int_equal(callgraph_read(&g, b, pairs(b, before, 2), 4, err, sizeof err, &at), -1);
	callgraph_free(&g);
	callgraph_init(&g);
	assert_int_equal(callgraph_read(&g, b, 12, 4, err, sizeof err, &at), -1);
	assert_non_null(strstr(err, "pairs"));
	callgraph_free(&g);
}

/* The chains of a graph given as (caller, callee) pairs over nsyms. */
static void
chains(const uint32_t *calls, size_t ncalls, const struct chain_sym *syms, size_t nsyms,
    struct chain_out *out)
{
	struct callgraph g;

	callgraph_init(&g);
	g.calls = malloc((2 * ncalls + 1) * sizeof *g.calls);
	memcpy(g.calls, calls, 2 * ncalls * sizeof *calls);
	g.ncalls = ncalls;
	callgraph_index(&g, nsyms);
	callgraph_chains(&g, syms, out);
	callgraph_free(&g);
}

static void
test_frame_plus_deepest_chain(void **state)
{
	/* 1 kernel (0) -> 2 (104) -> 3 (200); 1 -> 3; 4 kernel (800) alone:
	 * frames.cu's chain_kernel as nvlink adds it up, 304. */
	const struct chain_sym s[] = { { -1, "" }, { 0, "k" }, { 104, "mid" }, { 200, "leaf" },
	    { 800, "buf" } };
	const uint32_t c[] = { 1, 2, 2, 3, 1, 3 };
	struct chain_out o[5];

	(void)state;
	chains(c, 3, s, 5, o);
	assert_int_equal(o[1].need, 304);
	assert_int_equal(o[1].why, STACK_BOUNDED);
	assert_int_equal(o[2].need, 304);
	assert_int_equal(o[3].need, 200);
	assert_int_equal(o[4].need, 800);
}

static void
test_recursion_has_no_bound(void **state)
{
	/* 1 -> 2 -> 2 (a self call); 3 -> 4 -> 5 -> 6 -> 4 (a cycle of
	 * three); 7 -> 8 (bounded beside them). */
	const struct chain_sym s[] = { { -1, "" }, { 0, "k1" }, { 48, "r" }, { 0, "k2" }, { 8, "a" },
	    { 8, "b" }, { 8, "c" }, { 16, "k3" }, { 32, "d" } };
	const uint32_t c[] = { 1, 2, 2, 2, 3, 4, 4, 5, 5, 6, 6, 4, 7, 8 };
	struct chain_out o[9];

	(void)state;
	chains(c, 7, s, 9, o);
	assert_int_equal(o[1].why, STACK_RECURSION);
	assert_int_equal(o[2].why, STACK_RECURSION);
	assert_int_equal(o[3].why, STACK_RECURSION);
	assert_int_equal(o[5].why, STACK_RECURSION);
	assert_int_equal(o[7].why, STACK_BOUNDED);
	assert_int_equal(o[7].need, 48);
}

static void
test_calls_out_of_the_image(void **state)
{
	/* 1 -> vprintf (the driver's: nothing); 2 -> remote (another
	 * object's: at link, what is known counted); 3 -> 2: at link too. */
	const struct chain_sym s[] = { { -1, "" }, { 8, "k_printf" }, { 64, "k_remote" },
	    { 16, "k_outer" }, { -1, "vprintf" }, { -1, "remote_scale" } };
	const uint32_t c[] = { 1, 4, 2, 5, 3, 2 };
	struct chain_out o[6];

	(void)state;
	chains(c, 3, s, 6, o);
	assert_int_equal(o[1].why, STACK_BOUNDED);
	assert_int_equal(o[1].need, 8);
	assert_int_equal(o[2].why, STACK_AT_LINK);
	assert_int_equal(o[2].need, 64);
	assert_int_equal(o[3].why, STACK_AT_LINK);
	assert_int_equal(o[3].need, 80);
	assert_true(callgraph_leaf_name("__assertfail"));
	assert_false(callgraph_leaf_name("__cudaCDP2LaunchDeviceV2"));
}

static void
test_deep_chain_and_capped_sum(void **state)
{
	/* 200,000 functions in one chain, each with a frame of 2^20: the
	 * walk holds no C stack per level, and the sum stops at INT32_MAX. */
	enum { N = 200000 };
	struct chain_sym *s = calloc(N, sizeof *s);
	uint32_t *c = calloc(2 * N, sizeof *c);
	struct chain_out *o = calloc(N, sizeof *o);

	(void)state;
	for (size_t i = 1; i < N; i++) {
		s[i].frame = 1 << 20;
		s[i].name = "f";
	}
	s[0].name = "";
	for (size_t i = 1; i + 1 < N; i++) {
		c[2 * (i - 1)] = (uint32_t)i;
		c[2 * (i - 1) + 1] = (uint32_t)(i + 1);
	}
	chains(c, N - 2, s, N, o);
	assert_int_equal(o[1].why, STACK_BOUNDED);
	assert_int_equal(o[1].need, INT32_MAX);
	assert_int_equal(o[N - 1].need, 1 << 20);
	free(s);
	free(c);
	free(o);
}

static void
test_reach_sorted_and_cut(void **state)
{
	const struct chain_sym s[] = { { -1, "" }, { 0, "k" }, { 0, "zeta" }, { 0, "alpha" },
	    { -1, "vprintf" } };
	const uint32_t c[] = { 1, 2, 2, 3, 1, 3, 3, 4 };
	struct callgraph g;
	struct strpool pool;
	uint8_t mark[5] = { 0 };
	size_t budget = 100;
	const char *r;

	(void)state;
	strpool_init(&pool);
	callgraph_init(&g);
	g.calls = malloc(sizeof c);
	memcpy(g.calls, c, sizeof c);
	g.ncalls = 4;
	callgraph_index(&g, 5);
	r = callgraph_reach(&g, 1, s, &pool, mark, &budget);
	assert_string_equal(r, "alpha\nvprintf\nzeta");
	for (size_t i = 0; i < 5; i++)
		assert_int_equal(mark[i], 0);
	assert_string_equal(callgraph_reach(&g, 3, s, &pool, mark, &budget), "vprintf");
	assert_string_equal(callgraph_reach(&g, 4, s, &pool, mark, &budget), "");
	budget = 2;	/* fewer calls than the walk from 1 crosses */
	assert_null(callgraph_reach(&g, 1, s, &pool, mark, &budget));
	assert_int_equal(budget, 0);
	for (size_t i = 0; i < 5; i++)
		assert_int_equal(mark[i], 0);
	callgraph_free(&g);
	strpool_free(&pool);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks_calls_and_launches),
		cmocka_unit_test(test_damage_is_named),
		cmocka_unit_test(test_frame_plus_deepest_chain),
		cmocka_unit_test(test_recursion_has_no_bound),
		cmocka_unit_test(test_calls_out_of_the_image),
		cmocka_unit_test(test_deep_chain_and_capped_sum),
		cmocka_unit_test(test_reach_sorted_and_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
