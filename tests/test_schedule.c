/* cmocka tests for the -jN list scheduling and the sets of modules running
 * at once, on schedules computed by hand. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

/* log-formats.md §4.5: walls 3,1,2,1,1 s, peaks 1800,900,2600,700,1200 MiB.
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(two_slots_three_modules),
		cmocka_unit_test(ties_take_the_lowest_slot),
		cmocka_unit_test(one_long_module),
		cmocka_unit_test(worked_example),
		cmocka_unit_test(recorded_intervals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
