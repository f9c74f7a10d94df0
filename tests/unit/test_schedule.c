/* SPDX-License-Identifier: MIT */
/* cmocka tests for the -jN list scheduling and the sets of modules running
 * at once, on schedules computed by hand. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "schedule.h"

/* Two slots, three modules of 3, 1, 2 s: the third starts when the short
 * one ends, at 1 s, on its slot; the build takes 3 s. */
static void
two_slots_three_modules(void **state)
{
	double wall[] = { 3, 1, 2 }, start[3];
	int slot[3];

	(void)state;
	assert_true(schedule_list(wall, 3, 2, start, slot) == 3.0);
	assert_true(start[0] == 0 && slot[0] == 0);
	assert_true(start[1] == 0 && slot[1] == 1);
	assert_true(start[2] == 1 && slot[2] == 1);
}

/* Ties: two slots free at the same instant go lowest first; jobs keep
 * their order.  2,2,1,1 on two slots: 0/0, 0/1, 2/0, 2/1; total 3. */
static void
ties_take_the_lowest_slot(void **state)
{
	double wall[] = { 2, 2, 1, 1 }, start[4];
	int slot[4];

	(void)state;
	assert_true(schedule_list(wall, 4, 2, start, slot) == 3.0);
	assert_true(start[2] == 2 && slot[2] == 0);
	assert_true(start[3] == 2 && slot[3] == 1);
}

/* One module longer than all others together: it sets the total, and the
 * others queue on the remaining slot.  10,1,1,1 at -j2: 10 s; at -j1: 13 s. */
static void
one_long_module(void **state)
{
	double wall[] = { 10, 1, 1, 1 }, start[4];
	int slot[4];

	(void)state;
	assert_true(schedule_list(wall, 4, 2, start, slot) == 10.0);
	assert_true(start[1] == 0 && start[2] == 1 && start[3] == 2);
	assert_true(slot[1] == 1 && slot[2] == 1 && slot[3] == 1);
	assert_true(schedule_list(wall, 4, 1, start, slot) == 13.0);
	assert_true(start[3] == 12);
}

/* doc/log-formats.md §4.5: walls 3,1,2,1,1 s, peaks 1800,900,2600,700,1200 MiB.
 * -j2: 4 s, worst 4400 MiB = {m1, m3}; -j3: 3 s, 5300 MiB = {m1, m2, m3}. */
static void
worked_example(void **state)
{
	static const double walls[] = { 3, 1, 2, 1, 1 };
	static const int mib[] = { 1800, 900, 2600, 700, 1200 };
	static const char *const names[] = { "m1", "m2", "m3", "m4", "m5" };
	struct model m;
	struct schedule s;

	(void)state;
	model_init(&m);
	for (int i = 0; i < 5; i++) {
		struct build_module *b = model_module(&m, strpool_intern_str(&m.pool, names[i]));
		b->wall = walls[i];
		b->peak_rss = (int64_t)mib[i] << 20;
	}
	assert_int_equal(schedule_build(&m, 2, &s), 0);
	assert_true(s.total == 4.0);
	assert_int_equal(s.worst, (int64_t)4400 << 20);
	assert_true(s.worst_set < s.nsets);
	assert_int_equal(s.sets[s.worst_set].n, 2);
	assert_string_equal(m.modules[s.jobs[s.sets[s.worst_set].members[0]].module].name, "m1");
	assert_string_equal(m.modules[s.jobs[s.sets[s.worst_set].members[1]].module].name, "m3");
	assert_true(s.sets[s.worst_set].overlap == 2.0);	/* m3 runs 1..3, m1 0..3 */
	schedule_free(&s);

	assert_int_equal(schedule_build(&m, 3, &s), 0);
	assert_true(s.total == 3.0);
	assert_int_equal(s.worst, (int64_t)5300 << 20);
	assert_int_equal(s.sets[s.worst_set].n, 3);
	assert_true(s.sets[s.worst_set].overlap == 1.0);	/* m2 ends at 1 */
	schedule_free(&s);

	assert_int_equal(schedule_build(&m, 1, &s), 0);
	assert_true(s.total == 8.0);
	assert_int_equal(s.nsets, 0);
	schedule_free(&s);
	model_free(&m);
}

/* A recorded schedule: intervals as given; back to back is not at once. */
static void
recorded_intervals(void **state)
{
	struct model m;
	struct schedule s;
	static const double iv[][2] = { { 0, 5 }, { 5, 9 }, { 4, 6 } };

	(void)state;
	model_init(&m);
	for (int i = 0; i < 3; i++) {
		char name[16];
		struct build_module *b;

		snprintf(name, sizeof name, "o%d", i);
		b = model_module(&m, strpool_intern_str(&m.pool, name));
		b->start = 100 + iv[i][0];
		b->end = 100 + iv[i][1];
		b->timebase = TIME_NINJA;
		b->peak_rss = 1000;
	}
	assert_int_equal(schedule_build(&m, 0, &s), 0);
	assert_true(s.total == 9.0 && s.recorded == 9.0);
	assert_int_equal(s.nsets, 2);	/* o0+o2 (1 s), o2+o1 (1 s); o0, o1 touch only */
	for (size_t i = 0; i < s.nsets; i++) {
		assert_int_equal(s.sets[i].n, 2);
		assert_true(s.sets[i].overlap == 1.0);
		assert_int_equal(s.sets[i].peak_sum, 2000);
	}
	assert_int_equal(s.jobs[0].slot, 0);
	assert_int_equal(s.jobs[1].slot, 1);	/* o2 started at 4, o0 still running */
	assert_int_equal(s.jobs[2].slot, 0);	/* o1 at 5, lane 0 free again */
	schedule_free(&s);
	model_free(&m);
}

/* A recorded model of intervals (seconds) and peaks (-1 unknown). */
static void
recorded_model(struct model *m, const double (*iv)[2], const int64_t *peaks, int n)
{
	model_init(m);
	for (int i = 0; i < n; i++) {
		char name[16];
		struct build_module *b;

		snprintf(name, sizeof name, "j%d", i);
		b = model_module(m, strpool_intern_str(&m->pool, name));
		b->start = iv[i][0];
		b->end = iv[i][1];
		b->timebase = TIME_NINJA;
		b->peak_rss = peaks[i];
	}
}

static const char *
member_name(const struct model *m, const struct schedule *s, const struct sched_set *t, size_t k)
{
	return m->modules[s->jobs[t->members[k]].module].name;
}

/* The set whose members are these names, in order, or NULL. */
static const struct sched_set *
find_set(const struct model *m, const struct schedule *s, const char *const *names, size_t n)
{
	for (size_t i = 0; i < s->nsets; i++) {
		size_t k = 0;

		if (s->sets[i].n != n)
			continue;
		while (k < n && strcmp(member_name(m, s, &s->sets[i], k), names[k]) == 0)
			k++;
		if (k == n)
			return &s->sets[i];
	}
	return NULL;
}

/*
 * The peak and who runs at it: j0 0..10 (1), j1 2..6 (2), j2 4..8 (4),
 * j3 6..9 (8).  At 4: j0 j1 j2 = 7; at 6 j1 ends as j3 starts (an end
 * before a start at one instant): j0 j2 j3 = 13, the worst.
 */
static void
peak_and_who_runs_at_it(void **state)
{
	static const double iv[][2] = { { 0, 10 }, { 2, 6 }, { 4, 8 }, { 6, 9 } };
	static const int64_t peaks[] = { 1, 2, 4, 8 };
	static const char *const worst[] = { "j0", "j2", "j3" };
	static const char *const at4[] = { "j0", "j1", "j2" };
	static const char *const touching[] = { "j1", "j3" };
	struct model m;
	struct schedule s;
	const struct sched_set *t;

	(void)state;
	recorded_model(&m, iv, peaks, 4);
	assert_int_equal(schedule_build(&m, 0, &s), 0);
	assert_int_equal(s.worst, 13);
	assert_true(s.worst_set < s.nsets);
	t = &s.sets[s.worst_set];
	assert_int_equal(t->n, 3);
	for (size_t k = 0; k < 3; k++)
		assert_string_equal(member_name(&m, &s, t, k), worst[k]);
	assert_true(t->lo == 6 && t->hi == 8 && t->overlap == 2);
	assert_int_equal(s.sets[0].peak_sum, 13);	/* heaviest first */
	assert_non_null(t = find_set(&m, &s, at4, 3));
	assert_int_equal(t->peak_sum, 7);
	assert_true(t->overlap == 2);			/* 4..6 */
	assert_null(find_set(&m, &s, touching, 2));	/* 2..6 and 6..9 touch only */
	/* pairs: 01 02 03 12 23 (5), running sets at 4 and 6 (2) */
	assert_int_equal(s.nsets, 7);
	assert_int_equal(s.more, 0);
	for (size_t i = 1; i < s.nsets; i++)
		assert_true(s.sets[i - 1].peak_sum >= s.sets[i].peak_sum);
	schedule_free(&s);
	model_free(&m);
}

/* Three starting at one instant are one set once all three have started;
 * a job of no time runs with none; unknown peaks count as nothing. */
static void
ties_at_one_instant(void **state)
{
	static const double iv[][2] = { { 0, 5 }, { 0, 5 }, { 0, 5 }, { 3, 3 }, { 5, 7 } };
	static const int64_t peaks[] = { 10, -1, 30, 1000, 1000 };
	static const char *const all[] = { "j0", "j1", "j2" };
	struct model m;
	struct schedule s;
	const struct sched_set *t;

	(void)state;
	recorded_model(&m, iv, peaks, 5);
	assert_int_equal(schedule_build(&m, 0, &s), 0);
	assert_int_equal(s.worst, 40);
	assert_int_equal(s.nsets, 4);	/* 01 02 12, 012; j3 no time, j4 after the end */
	assert_non_null(t = find_set(&m, &s, all, 3));
	assert_int_equal(t->peak_sum, 40);
	assert_int_equal(t->peak_unknown, 1);
	assert_true(t->overlap == 5);
	/* the worst is the first set of that weight: the pair j0 + j2 (40, by n) */
	assert_int_equal(s.sets[s.worst_set].peak_sum, 40);
	assert_int_equal(s.sets[s.worst_set].n, 2);
	schedule_free(&s);
	model_free(&m);
}

/* More pairs than kept: the heaviest are kept in order, the rest counted,
 * and the worst is still the whole running set. */
static void
bounded_sets(void **state)
{
	enum { N = 200 };	/* 19,900 pairs and 198 running sets */
	double (*iv)[2] = calloc(N, sizeof *iv);
	int64_t *peaks = calloc(N, sizeof *peaks), all = 0;
	struct model m;
	struct schedule s;

	(void)state;
	for (int i = 0; i < N; i++) {
		iv[i][0] = i;
		iv[i][1] = 1000 + i;
		peaks[i] = (int64_t)(i * 37 % 101) << 20;
		all += peaks[i];
	}
	recorded_model(&m, (const double (*)[2])iv, peaks, N);
	assert_int_equal(schedule_build(&m, 0, &s), 0);
	assert_int_equal(s.nsets, SCHED_SETS_MAX);
	assert_int_equal(s.nsets + s.more, N * (N - 1) / 2 + (N - 2));
	assert_int_equal(s.worst, all);
	assert_int_equal(s.sets[s.worst_set].n, N);
	for (size_t i = 1; i < s.nsets; i++)
		assert_true(s.sets[i - 1].peak_sum >= s.sets[i].peak_sum);
	/* the heaviest pair kept is the two largest peaks (all jobs overlap) */
	{
		int64_t a = -1, b = -1;

		for (int i = 0; i < N; i++)
			if (peaks[i] > a) {
				b = a;
				a = peaks[i];
			} else if (peaks[i] > b)
				b = peaks[i];
		for (size_t i = 0; i < s.nsets; i++)
			if (s.sets[i].n == 2) {
				assert_int_equal(s.sets[i].peak_sum, a + b);
				break;
			}
	}
	schedule_free(&s);
	model_free(&m);
	free(iv);
	free(peaks);
}

/* Peaks a log may claim (2^50 bytes each) summed past int64: saturated. */
static void
huge_peaks(void **state)
{
	enum { N = 10000 };
	double (*iv)[2] = calloc(N, sizeof *iv);
	int64_t *peaks = calloc(N, sizeof *peaks);
	struct model m;
	struct schedule s;

	(void)state;
	for (int i = 0; i < N; i++) {
		iv[i][0] = 0;
		iv[i][1] = 10;
		peaks[i] = (int64_t)1 << 50;
	}
	recorded_model(&m, (const double (*)[2])iv, peaks, N);
	assert_int_equal(schedule_build(&m, 0, &s), 0);
	assert_int_equal(s.worst, INT64_MAX);
	assert_int_equal(s.sets[s.worst_set].n, N);
	schedule_free(&s);
	model_free(&m);
	free(iv);
	free(peaks);
}

/* -j far past the job count, and many slots: each job on its own slot. */
static void
more_slots_than_jobs(void **state)
{
	double wall[] = { 1, 2, 3 }, start[3];
	int slot[3];

	(void)state;
	assert_true(schedule_list(wall, 3, 1 << 30, start, slot) == 3.0);
	for (int i = 0; i < 3; i++)
		assert_true(start[i] == 0 && slot[i] == i);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(two_slots_three_modules),
		cmocka_unit_test(ties_take_the_lowest_slot),
		cmocka_unit_test(one_long_module),
		cmocka_unit_test(worked_example),
		cmocka_unit_test(recorded_intervals),
		cmocka_unit_test(peak_and_who_runs_at_it),
		cmocka_unit_test(ties_at_one_instant),
		cmocka_unit_test(bounded_sets),
		cmocka_unit_test(huge_peaks),
		cmocka_unit_test(more_slots_than_jobs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
