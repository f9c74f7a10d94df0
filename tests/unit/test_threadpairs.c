/* SPDX-License-Identifier: MIT */
/*
 * nvcc --threads: the record's parse of it (nvccargs_threads) and the
 * -j x --threads model (src/model/threadpairs.h), on the figures of a real
 * record (tests/lib/fixtures/threads/rss.log: spill.cu, four -gencode targets,
 * /usr/local/cuda/bin/nvcc 13.0 at --threads 1, 2, 4 under spillway record
 * on 2 cores, cgroup v1 peaks).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "nvccargs.h"
#include "threadpairs.h"

static int
threads_of(const char *a, const char *b, const char *c)
{
	char *argv[5] = { (char *)"nvcc", (char *)a, (char *)b, (char *)c, NULL };
	int argc = 1;

	while (argc < 4 && argv[argc] != NULL)
		argc++;
	return nvccargs_threads(argc, argv);
}

static void
threads_forms(void **state)
{
	(void)state;
	assert_int_equal(threads_of("--threads", "4", "-c"), 4);
	assert_int_equal(threads_of("--threads=2", "-c", NULL), 2);
	assert_int_equal(threads_of("-t", "8", NULL), 8);
	assert_int_equal(threads_of("-t=0", NULL, NULL), 0);
	assert_int_equal(threads_of("-c", "x.cu", NULL), -1);		/* none: nvcc's one */
	assert_int_equal(threads_of("--threads", "x", NULL), -1);	/* no count */
	assert_int_equal(threads_of("--threads", "-3", NULL), -1);
	assert_int_equal(threads_of("--threads", "99999", NULL), -1);	/* past NVCCARGS_THREADS_MAX */
	assert_int_equal(threads_of("-time", "t.csv", NULL), -1);	/* -time is not -t */
	assert_int_equal(threads_of("--threads", "2", "--threads=4"), 4);	/* the last counts */
	assert_int_equal(threads_of("--threads", NULL, NULL), -1);	/* no value */
}

#define KIB	INT64_C(1024)
#define FOUR	"sm_80,sm_86,sm_89,sm_90"

static struct build_module
rec(int threads, int64_t proc_kib, int64_t tree_kib, const char *arches)
{
	struct build_module b;

	memset(&b, 0, sizeof b);
	b.threads = threads;
	b.peak_proc = proc_kib * KIB;
	b.peak_rss = tree_kib * KIB;
	b.arches = arches;
	return b;
}

static void
peak_model(void **state)
{
	/* the record's figures: --threads 1, 2, 4 */
	struct build_module t1 = rec(1, 188508, 184760, FOUR), t2 = rec(2, 188924, 190020, FOUR),
	    t4 = rec(4, 188732, 228604, FOUR);
	int64_t share = (228604 - 188732) * KIB / 3;	/* t4's: the largest */
	int64_t p;

	(void)state;
	assert_int_equal(threadpairs_peak(&t4, 4, share), 228604 * KIB);	/* as recorded */
	assert_int_equal(threadpairs_peak(&t4, 8, share), 228604 * KIB);	/* past 4 arches: idle */
	assert_int_equal(threadpairs_peak(&t4, 0, share), 228604 * KIB);	/* 0: all arches */
	/* down from 4 to 2: the largest process and one share; real 190020 KiB */
	p = threadpairs_peak(&t4, 2, share);
	assert_int_equal(p, 188732 * KIB + share);
	print_message("t4 -> t2: %lld KiB predicted, 190020 recorded (%+.1f %%)\n", (long long)(p / KIB),
	    100.0 * ((double)p / KIB - 190020) / 190020);
	/* up from 1 to 4: the record's tree peak (under its largest process)
	 * and three shares; real 228604 KiB */
	p = threadpairs_peak(&t1, 4, share);
	assert_int_equal(p, 184760 * KIB + 3 * share);
	print_message("t1 -> t4: %lld KiB predicted, 228604 recorded (%+.1f %%)\n", (long long)(p / KIB),
	    100.0 * ((double)p / KIB - 228604) / 228604);
	/* up from 2 to 4 with the build's share, not t2's own 1 MiB */
	p = threadpairs_peak(&t2, 4, share);
	assert_int_equal(p, 188924 * KIB + 3 * share);
	/* one arch: threads change nothing */
	t1.arches = "sm_80,compute_80";
	assert_int_equal(threadpairs_peak(&t1, 4, share), 184760 * KIB);
	/* never over the recorded peak at fewer threads */
	t4.peak_proc = 100000 * KIB;
	assert_int_equal(threadpairs_peak(&t4, 2, 200000 * KIB), 228604 * KIB);
}

static void
pairs(void **state)
{
	struct model m;
	struct build_module *b;
	struct threadpairs tp;
	char text[THREADPAIRS_TEXT_MAX];

	(void)state;
	model_init(&m);
	b = model_module_new(&m, "spill4.o");
	*b = rec(4, 188732, 228604, FOUR);
	b->name = "spill4.o";
	b = model_module_new(&m, "other.o");
	*b = rec(-1, 100000, 100000, "sm_80");
	b->name = "other.o";
	/* one count only (the other, with no --threads, ran one arch: yet
	 * nvcc's one is a second count) */
	threadpairs_compute(&m, 400 * 1024 * KIB, 64, &tp);
	assert_int_equal(tp.npairs, 2);
	assert_true(tp.scaled);
	m.modules[1].threads = 4;
	threadpairs_compute(&m, 400 * 1024 * KIB, 64, &tp);
	assert_int_equal(tp.npairs, 1);
	assert_false(tp.scaled);
	assert_int_equal(tp.pairs[0].threads, 4);
	assert_int_equal(tp.pairs[0].jobs, 2);
	assert_int_equal(tp.pairs[0].worst, (228604 + 100000) * KIB);
	assert_non_null(strstr(threadpairs_text(&tp, text, sizeof text),
	    "only --threads 4 was recorded: other counts are not predicted"));
	/* 300 MiB: one at a time */
	threadpairs_compute(&m, 300 * 1024 * KIB, 64, &tp);
	assert_int_equal(tp.pairs[0].jobs, 1);
	/* no --threads recorded: nothing to advise */
	m.modules[0].threads = m.modules[1].threads = -1;
	threadpairs_compute(&m, 400 * 1024 * KIB, 64, &tp);
	assert_int_equal(tp.npairs, 0);
	model_free(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(threads_forms),
		cmocka_unit_test(peak_model),
		cmocka_unit_test(pairs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
