/* SPDX-License-Identifier: MIT */
/* cmocka tests for the build-log readers, on hand-written logs: figures
 * read, malformed lines named by file and line, the rest still read. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "logs.h"
#include "model.h"
#include "record.h"

struct fixture {
	struct model		m;
	struct diag_list	d;
	struct logctx		c;
};

static void
setup(struct fixture *f)
{
	memset(f, 0, sizeof *f);
	model_init(&f->m);
	f->c.m = &f->m;
	f->c.diags = &f->d;
	f->c.file = strpool_intern_str(&f->m.pool, "build.log");
}

static void
teardown(struct fixture *f)
{
	diag_free(&f->d);
	model_free(&f->m);
}

static size_t
read_text(struct fixture *f, const char *text)
{
	unsigned kinds = logs_detect((const uint8_t *)text, strlen(text), 0);
	return logs_read(kinds, (const uint8_t *)text, strlen(text), &f->c);
}

static const struct ptxas_rec *
find_rec(const struct model *m, const char *name, const char *arch)
{
	for (size_t i = 0; i < m->nptxas; i++)
		if (strcmp(m->ptxas[i].mangled, name) == 0 && strcmp(m->ptxas[i].arch, arch) == 0)
			return &m->ptxas[i];
	return NULL;
}

static void
ptxas_blocks(void **state)
{
	struct fixture f;
	const struct ptxas_rec *r;
	const char *log =
	    "[ 50%] Building CUDA object kern.cu.o\n"
	    "ptxas info    : 24 bytes gmem\n"
	    "ptxas info    : Function properties for _Z3devf\n"
	    "    16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
	    "ptxas info    : Compile time = 1.0 ms\n"
	    "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_80'\n"
	    "ptxas info    : Function properties for _Z1kPf\n"
	    "    704 bytes stack frame, 1156 bytes spill stores, 1156 bytes spill loads\n"
	    "ptxas info    : Used 64 registers, used 1 barriers, 720 bytes cumulative stack size, 512 bytes smem, 372 bytes cmem[0], 8 bytes cmem[2]\n"
	    "ptxas info    : Compile time = 52.459 ms\n"
	    "1>  ptxas info\t: 0 bytes gmem\n"
	    "1>  ptxas info\t: Compiling entry function '_Z1kPf' for 'sm_90a'\n"
	    "1>  ptxas info\t: Function properties for _Z1kPf\n"
	    "1>      0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	    "1>  ptxas info\t: Used 40 registers, used 0 barriers\n";

	(void)state;
	setup(&f);
	assert_int_equal(logs_detect((const uint8_t *)log, strlen(log), 0), LOG_PTXAS);
	assert_int_equal(read_text(&f, log), 0);
	assert_int_equal(f.m.nptxas, 3);
	r = find_rec(&f.m, "_Z3devf", "sm_80");	/* the sm of the entry after it */
	assert_non_null(r);
	assert_false(r->entry);
	assert_int_equal(r->frame, 16);
	assert_int_equal(r->spill_stores, 8);
	assert_int_equal(r->spill_loads, 4);
	assert_int_equal(r->line, 3);
	r = find_rec(&f.m, "_Z1kPf", "sm_80");
	assert_non_null(r);
	assert_true(r->entry);
	assert_int_equal(r->reg, 64);
	assert_int_equal(r->frame, 704);
	assert_int_equal(r->stack, 720);
	assert_int_equal(r->barriers, 1);
	assert_int_equal(r->smem, 512);
	assert_string_equal(r->cmem, "0:372 2:8");
	r = find_rec(&f.m, "_Z1kPf", "sm_90a");
	assert_non_null(r);
	assert_int_equal(r->reg, 40);
	assert_int_equal(r->stack, 0);	/* not printed: zero */
	assert_string_equal(r->cmem, "");
	teardown(&f);
}

static void
ptxas_cut_lines(void **state)
{
	struct fixture f;
	const char *log =
	    "ptxas info    : 0 bytes gmem\n"
	    "ptxas info    : Compiling entry function '_Z1aPf\n"			/* 2: cut */
	    "ptxas info    : Compiling entry function '_Z1bPf' for 'sm_86'\n"
	    "ptxas info    : Function properties for _Z1bPf\n"
	    "    32 bytes stack frame, 4 bytes spill st\n"				/* 5: cut */
	    "ptxas info    : Used 255 regis\n"					/* 6: cut */
	    "ptxas info    : Compiling entry function '_Z1cPf' for 'sm_86'\n"
	    "ptxas info    : Function properties for _Z1cPf\n"
	    "    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	    "ptxas info    : Used 30 registers, used 0 barriers, 8 bytes cumulative stack size, 1 bytes frobs\n" /* 10 */
	    "ptxas info    : Function properties for _Z3lastv\n";			/* 11: cut log */

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, log), 5);
	assert_int_equal(f.d.n, 5);
	assert_string_equal(f.d.v[0].file, "build.log");
	assert_non_null(strstr(f.d.v[0].message, "line 2: "));
	assert_non_null(strstr(f.d.v[1].message, "line 5: "));
	assert_non_null(strstr(f.d.v[2].message, "line 6: "));
	assert_non_null(strstr(f.d.v[3].message, "line 10: "));
	assert_non_null(strstr(f.d.v[4].message, "line 11: "));
	/* What could be read was. */
	assert_non_null(find_rec(&f.m, "_Z1cPf", "sm_86"));
	assert_int_equal(find_rec(&f.m, "_Z1cPf", "sm_86")->reg, 30);
	assert_int_equal(find_rec(&f.m, "_Z1cPf", "sm_86")->stack, 8);
	teardown(&f);
}

static void
nvcc_time_csv(void **state)
{
	struct fixture f;
	struct build_module *b;
	const char *csv =
	    "source file name , phase name , phase input files , phase output file , arch , tool, metric , unit\n"
	    "a.cu , cicc ,  /tmp/tmpxft_00001aef_00000000-8_a.cpp1.ii  , /tmp/tmpxft_00001aef_00000000-7_a.ptx , compute_80 , nvcc , 624.9210 , ms\n"
	    "b.cu , cicc ,  /tmp/tmpxft_00002bcd_00000000-8_b.cpp1.ii  , /tmp/tmpxft_00002bcd_00000000-7_b.ptx , compute_80 , nvcc , 100.0 , ms\n"
	    "a.cu , ptxas , /tmp/tmpxft_00001aef_00000000-7_a.ptx  , /tmp/tmpxft_00001aef_00000000-9_a.cubin , sm_80 , nvcc , 194.1240 , ms\n"
	    "a.cu , frobnicate , x , /tmp/tmpxft_00001aef_00000000-9_a.x , , nvcc , 1.0 , ms\n"	/* 5 */
	    "a.cu , gcc (compiling) ,   , a.o , compute_80 , nvcc , 300.0 , ms\n"
	    " , nvcc (driver) ,  , a.o ,  , nvcc , 2.0 , ms\n"
	    "b.cu , ptxas , /tmp/tmpxft_00002bcd_00000000-7_b.ptx  , /tmp/tmp\n";		/* 8: cut */

	(void)state;
	setup(&f);
	assert_int_equal(logs_detect((const uint8_t *)csv, strlen(csv), 0), LOG_NVTIME);
	assert_int_equal(read_text(&f, csv), 2);
	assert_non_null(strstr(f.d.v[0].message, "line 5: nvcc --time row: unknown phase 'frobnicate'"));
	assert_non_null(strstr(f.d.v[1].message, "line 8: "));
	assert_int_equal(f.m.nmodules, 2);
	b = &f.m.modules[0];
	assert_string_equal(b->name, "a.o");
	assert_int_equal(b->nphases, 3);
	assert_string_equal(b->phases[1].name, "ptxas");
	assert_string_equal(b->phases[1].arch, "sm_80");
	assert_true(b->phases[1].ms > 194.12 && b->phases[1].ms < 194.13);
	assert_string_equal(f.m.modules[1].name, "b.cu");	/* no driver row: its source */
	teardown(&f);
}

static void
record_log(void **state)
{
	struct fixture f;
	const char *log =
	    "# build-rss log v1\n"
	    "1795966450.034\t3.69\t188868\t0\tsm_80,sm_90\tCMakeFiles/kern_b.dir/kern_b.cu.o\n"
	    "1795966450.072\t4.89\t188856\t0\tsm_80,sm_90\tCMakeFiles/kern_a.dir/kern_a.cu.o\textra\n"
	    "1795966451\t1.5\tlots\t0\t-\tbad.o\n"					/* 4 */
	    "1795966452.0\t1.0\t1\n"							/* 5: cut */
	    "1795967316.415\t1.59\t186484\t2\tsm_80,sm_90\tCMakeFiles/kern_b.dir/kern_b.cu.o\n";

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, log), 2);
	assert_non_null(strstr(f.d.v[0].message, "line 4: record: peak_kib 'lots'"));
	assert_non_null(strstr(f.d.v[1].message, "line 5: record with 3 fields"));
	assert_int_equal(f.m.nmodules, 2);
	/* The rerun's record is kept: status 2. */
	assert_string_equal(f.m.modules[0].name, "CMakeFiles/kern_b.dir/kern_b.cu.o");
	assert_int_equal(f.m.modules[0].exit_status, 2);
	assert_int_equal(f.m.modules[0].peak_rss, 186484LL * 1024);
	assert_true(f.m.modules[1].wall == 4.89);
	assert_int_equal(f.m.modules[1].timebase, TIME_EPOCH);
	assert_string_equal(f.m.modules[1].arches, "sm_80,sm_90");
	teardown(&f);
}

static void
time_v(void **state)
{
	struct fixture f;
	const char *log =
	    "Command exited with non-zero status 3\n"
	    "\tCommand being timed: \"/usr/local/cuda/bin/nvcc -c a.cu -o at.o -gencode arch=compute_80,code=sm_80\"\n"
	    "\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:06.66\n"
	    "\tMaximum resident set size (kbytes): 189144\n"
	    "\tExit status: 3\n"
	    "\tCommand being timed: \"nvcc -c b.cu -o bt.o -arch=sm_90\"\n"
	    "\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:02:03\n"
	    "\tMaximum resident set size (kbytes): 18x\n"				/* 8 */
	    "\tExit status: 0\n";

	(void)state;
	setup(&f);
	assert_int_equal(logs_detect((const uint8_t *)log, strlen(log), 0), LOG_TIMEV);
	assert_int_equal(read_text(&f, log), 1);
	assert_non_null(strstr(f.d.v[0].message, "line 8: "));
	assert_int_equal(f.m.nmodules, 2);
	assert_string_equal(f.m.modules[0].name, "at.o");
	assert_int_equal(f.m.modules[0].exit_status, 3);
	assert_int_equal(f.m.modules[0].peak_rss, 189144LL * 1024);
	assert_true(f.m.modules[0].wall > 66.65 && f.m.modules[0].wall < 66.67);
	assert_string_equal(f.m.modules[0].arches, "sm_80");
	assert_string_equal(f.m.modules[1].name, "bt.o");
	assert_true(f.m.modules[1].wall == 3723.0);
	assert_int_equal(f.m.modules[1].peak_rss, UNKNOWN);
	assert_string_equal(f.m.modules[1].arches, "sm_90,compute_90");
	teardown(&f);
}

static void
ninja_log(void **state)
{
	struct fixture f;
	const char *v5 =
	    "# ninja log v5\n"
	    "0\t900\t1\told.o\tabc\n"					/* a previous run */
	    "9\t341\t1795967082480510801\tb.o\t596aa27961147431\n"	/* end < 900: new run */
	    "341\t473\t1795967082612510801\twith space.o\tad93e778fdcde54\n"
	    "0\t533\t1795967082668510801\ta.o\te546f95a49dbe496\n"
	    "473\t705\t1795967082844510801\tx.h\t8e34f62803fd0b0f\n"
	    "473\t705\t1795967082844510801\ty.h\t8e34f62803fd0b0f\n"
	    "500\tabc\t1\tbad.o\t1\n";					/* 8 */
	const char *v4 = "# ninja log v4\n1\t2\t3\ta.o\n";

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, v5), 1);
	assert_non_null(strstr(f.d.v[0].message, "line 8: "));
	/* old.o from run 1 (the last that built it: issue 25), then b.o,
	 * with space.o, a.o, x.h (with y.h) of run 2 */
	assert_int_equal(f.m.nmodules, 5);
	assert_string_equal(f.m.modules[0].name, "old.o");
	assert_int_equal(f.m.modules[0].run, 1);
	assert_int_equal(f.m.modules[1].run, 2);
	assert_int_equal(f.m.notes.ninja_runs, 2);
	assert_string_equal(f.m.modules[2].name, "with space.o");
	assert_true(f.m.modules[3].start == 0.0 && f.m.modules[3].end == 0.533);
	assert_int_equal(f.m.modules[3].timebase, TIME_NINJA);
	assert_string_equal(f.m.modules[4].name, "x.h");
	teardown(&f);

	setup(&f);
	assert_int_equal(read_text(&f, v4), 1);
	assert_non_null(strstr(f.d.v[0].message, "line 1: ninja log v4: spillway reads v5"));
	assert_int_equal(f.m.nmodules, 0);
	teardown(&f);
}

/* A module of the model by name, NULL when none. */
static const struct build_module *
module_named(const struct model *m, const char *name)
{
	for (size_t i = 0; i < m->nmodules; i++)
		if (strcmp(m->modules[i].name, name) == 0)
			return &m->modules[i];
	return NULL;
}

/*
 * A .ninja_log ninja rewrote (issue 34, item 4): one line per output in
 * hash order, each with its own run's times.  Run 1 began at wall time
 * 1796000000 s (v5 mtimes, in ns: the outputs', at each end), run 2 4000 s
 * later.  Its
 * end times fall back five times; the runs are two, told by the mtimes,
 * and an edge's two outputs, apart in the file, are one module again.
 */
static void
ninja_rewritten(void **state)
{
	struct fixture f;
	const char *log =
	    "# ninja log v5\n"
	    "100\t900\t1796000000900000000\ta.o\taa\n"
	    "0\t300\t1796004000300000000\tz.o\tff\n"		/* run 2 */
	    "0\t500\t1796000000500000000\tb.o\tbb\n"
	    "900\t1200\t1796000001200000000\tx.h\tcc\n"
	    "0\t400\t1796000000400000000\tc.o\tdd\n"
	    "900\t1200\t1796000001200000000\ty.h\tcc\n"		/* x.h's edge */
	    "300\t700\t0\tlost.o\tee\n"			/* no mtime */
	    "500\t600\t1796000000600000000\td.o\t11\n";
	const struct build_module *a, *z, *x;

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, log), 0);
	assert_int_equal(f.m.notes.ninja_runs, 2);
	assert_int_equal(f.m.notes.ninja_rewritten, 1);
	assert_int_equal(f.m.notes.ninja_rewritten_runs, 2);
	assert_int_equal(f.m.notes.ninja_unplaced, 1);
	assert_null(module_named(&f.m, "lost.o"));
	assert_null(module_named(&f.m, "y.h"));		/* one module with x.h */
	assert_int_equal(f.m.nmodules, 6);
	assert_non_null(a = module_named(&f.m, "a.o"));
	assert_non_null(z = module_named(&f.m, "z.o"));
	assert_non_null(x = module_named(&f.m, "x.h"));
	assert_int_equal(a->run, 1);
	assert_int_equal(x->run, 1);
	assert_int_equal(z->run, 2);
	assert_true(a->start == 0.1 && a->end == 0.9);
	teardown(&f);
}

/* The same entries as ninja appends them (each run in the order its
 * commands finished): two runs by the end times falling back, no notice. */
static void
ninja_appended_runs(void **state)
{
	struct fixture f;
	const char *log =
	    "# ninja log v5\n"
	    "0\t400\t1796000000400000000\tc.o\tdd\n"
	    "0\t500\t1796000000500000000\tb.o\tbb\n"
	    "500\t600\t1796000000600000000\td.o\t11\n"
	    "100\t900\t1796000000900000000\ta.o\taa\n"
	    "900\t1200\t1796000001200000000\tx.h\tcc\n"
	    "900\t1200\t1796000001200000000\ty.h\tcc\n"
	    "0\t300\t1796004000300000000\tz.o\tff\n";

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, log), 0);
	assert_int_equal(f.m.notes.ninja_runs, 2);
	assert_int_equal(f.m.notes.ninja_rewritten, 0);
	assert_int_equal(f.m.nmodules, 6);
	assert_int_equal(module_named(&f.m, "z.o")->run, 2);
	assert_int_equal(module_named(&f.m, "a.o")->run, 1);
	teardown(&f);
}

static void
not_a_log(void **state)
{
	const char *text = "hello\nworld\n";
	const uint8_t bin[] = { 0x7f, 'E', 'L', 'F', 0, 0, 'p' };

	(void)state;
	assert_int_equal(logs_detect((const uint8_t *)text, strlen(text), 1), 0);
	assert_int_equal(logs_detect(bin, sizeof bin, 1), 0);
}

/* "Used" closes the latest open entry whose properties were seen, else
 * the latest open one; "Function properties" goes to the open entry of
 * its name.  The order the indexes of open entries must keep. */
static void
ptxas_used_order(void **state)
{
	struct fixture f;
	const char *log =
	    "ptxas info    : 0 bytes gmem\n"
	    "ptxas info    : Compiling entry function '_Z1av' for 'sm_80'\n"
	    "ptxas info    : Compiling entry function '_Z1bv' for 'sm_80'\n"
	    "ptxas info    : Compiling entry function '_Z1cv' for 'sm_80'\n"
	    "ptxas info    : Function properties for _Z1bv\n"
	    "    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	    "ptxas info    : Used 11 registers, 0 bytes smem\n"		/* b: its properties seen */
	    "ptxas info    : Used 12 registers, 0 bytes smem\n"		/* c: the latest open */
	    "ptxas info    : Used 13 registers, 0 bytes smem\n"		/* a */
	    "ptxas info    : Used 14 registers, 0 bytes smem\n"		/* none open */
	    "ptxas info    : 0 bytes gmem\n"
	    "ptxas info    : Compiling entry function '_Z1av' for 'sm_80'\n"
	    "ptxas info    : Used 11 registers, 0 bytes smem\n"		/* a again, b's figures */
	    "ptxas info    : Compiling entry function '_Z1bv' for 'sm_80'\n"
	    "ptxas info    : Function properties for _Z1bv\n"
	    "    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	    "ptxas info    : Used 11 registers, 0 bytes smem\n";		/* b as before: a repeat */

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, log), 1);
	assert_int_equal(f.d.n, 1);
	assert_non_null(strstr(f.d.v[0].message, "line 10: ptxas 'Used' line with no entry function"));
	assert_int_equal(find_rec(&f.m, "_Z1bv", "sm_80")->reg, 11);
	assert_int_equal(find_rec(&f.m, "_Z1bv", "sm_80")->frame, 8);
	assert_int_equal(find_rec(&f.m, "_Z1cv", "sm_80")->reg, 12);
	assert_int_equal(find_rec(&f.m, "_Z1av", "sm_80")->reg, 13);
	assert_int_equal(f.m.nptxas, 4);	/* a 13, b, c, a 11; b twice alike is one */
	teardown(&f);
}

/* sm_1x "A+B bytes smem" past 2^31 is a malformed line, not an overflow. */
static void
ptxas_smem_sum(void **state)
{
	struct fixture f;
	const char *log =
	    "ptxas info    : 0 bytes gmem\n"
	    "ptxas info    : Compiling entry function '_Z1kv' for 'sm_13'\n"
	    "ptxas info    : Used 10 registers, 2147483647+1 bytes smem\n"
	    "ptxas info    : Compiling entry function '_Z1jv' for 'sm_13'\n"
	    "ptxas info    : Used 10 registers, 2147483640+7 bytes smem\n";

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, log), 1);
	assert_non_null(strstr(f.d.v[0].message, "line 3: ptxas 'Used' line: 2147483647+1 bytes is past 2^31"));
	assert_int_equal(find_rec(&f.m, "_Z1kv", "sm_13")->smem, UNKNOWN);
	assert_int_equal(find_rec(&f.m, "_Z1jv", "sm_13")->smem, INT32_MAX);
	teardown(&f);
}

/* What record writes reads back: a long target whole, one past the bound
 * shortened by the writer to what the reader takes, arch lists likewise. */
static void
record_round_trip(void **state)
{
	struct record_result r = { .start = 1700000000.25, .wall = 1.5, .peak_kib = 2048, .tree_kib = 0 };
	size_t sizes[] = { 5000, RECORD_TARGET_MAX, RECORD_TARGET_MAX + 1, 200000 };
	char *arches = calloc(RECORD_ARCHES_MAX * 2, 1);

	(void)state;
	for (size_t k = 0; arches && strlen(arches) + 7 < RECORD_ARCHES_MAX * 2 - 1; k++)
		sprintf(arches + strlen(arches), "%ssm_%zu", k ? "," : "", 10 + k);
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct fixture f;
		char *target = malloc(sizes[i] + 1), *line, *log;
		size_t want = sizes[i] < RECORD_TARGET_MAX ? sizes[i] : RECORD_TARGET_MAX;

		memset(target, 'm', sizes[i]);
		target[sizes[i]] = '\0';
		line = record_line(&r, i == 3 ? arches : "sm_80", target);
		log = malloc(strlen(RECORD_HEADER) + strlen(line) + 1);
		strcpy(log, RECORD_HEADER);
		strcat(log, line);
		setup(&f);
		assert_int_equal(read_text(&f, log), 0);
		assert_int_equal(f.m.nmodules, 1);
		assert_int_equal(strlen(f.m.modules[0].name), want);
		assert_true(strlen(f.m.modules[0].arches) <= RECORD_ARCHES_MAX);
		assert_true(f.m.modules[0].peak_rss == 2048 * 1024);
		teardown(&f);
		free(log);
		free(line);
		free(target);
	}
	free(arches);
}

/* Times past RECORD_SECONDS_MAX are refused, with the line. */
static void
record_huge_times(void **state)
{
	struct fixture f;
	const char *log =
	    "# build-rss log v1\n"
	    "999999999999\t1.0\t1\t0\t-\ta.o\n"
	    "1.0\t100000000000.5\t1\t0\t-\tb.o\n"
	    "1.0\t1.0\t1\t0\t-\tc.o\n";

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, log), 2);
	assert_int_equal(f.m.nmodules, 1);
	assert_string_equal(f.m.modules[0].name, "c.o");
	teardown(&f);
}

/* One reader per kind, found by its bit, named after the file that holds it. */
static void
reader_table(void **state)
{
	static const struct {
		unsigned	 kind;
		const char	*name;
		int		 header;
	} want[] = {
		{ LOG_PTXAS, "ptxas", 0 }, { LOG_NVTIME, "nvtime", 1 }, { LOG_RECORD, "record", 1 },
		{ LOG_TIMEV, "timev", 0 }, { LOG_NINJA, "ninja", 1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct log_reader *r = logs_reader(want[i].kind);

		assert_non_null(r);
		assert_int_equal(r->kind, want[i].kind);
		assert_string_equal(r->name, want[i].name);
		assert_int_equal(r->header, want[i].header);
		assert_non_null(r->sniff);
		assert_non_null(r->read);
	}
	assert_null(logs_reader(0));
	assert_null(logs_reader(1u << 5));
}

/* A header claims the whole file: ptxas lines in a record log are not read. */
static void
header_claims_file(void **state)
{
	const char *log = "# build-rss log v1\n"
	    "ptxas info    : Used 64 registers, used 1 barriers\n";
	const char *mixed = "\tCommand being timed: \"nvcc -c a.cu -o a.o\"\n"
	    "ptxas info    : Used 64 registers, used 1 barriers\n"
	    "\tMaximum resident set size (kbytes): 1000\n"
	    "\tExit status: 0\n";
	/* One time -v line quoted is no time -v log (issue 34, item 5). */
	const char *quoted = "\tCommand being timed: \"nvcc -c a.cu -o a.o\"\n"
	    "ptxas info    : Used 64 registers, used 1 barriers\n";
	const char *page = "<!DOCTYPE html>\n<pre>\n"
	    "\tCommand being timed: \"nvcc -c a.cu -o a.o\"\n"
	    "\tMaximum resident set size (kbytes): 1000\n"
	    "\tExit status: 0\n</pre>\n";

	(void)state;
	assert_int_equal(logs_detect((const uint8_t *)log, strlen(log), 1), LOG_RECORD);
	assert_int_equal(logs_detect((const uint8_t *)mixed, strlen(mixed), 1), LOG_TIMEV | LOG_PTXAS);
	assert_int_equal(logs_detect((const uint8_t *)quoted, strlen(quoted), 1), LOG_PTXAS);
	assert_int_equal(logs_detect((const uint8_t *)page, strlen(page), 1), 0);
}

/* A log counts the modules it fills, those an earlier log made as well:
 * a record log read after the .ninja_log of the same build fills its
 * modules and makes none. */
static void
modules_filled(void **state)
{
	struct fixture f;
	const char *ninja = "# ninja log v5\n"
	    "8\t68614\t1795973233194255109\tbuild/spill.o\t9fb6ae08bab81109\n"
	    "1\t99233\t1795973263782255109\tbuild/templates.o\tf38964869a70f9f5\n";
	const char *record = "# build-rss log v1\n"
	    "1795973164.810\t68.556\t188744\t0\tsm_80\tbuild/spill.o\n"
	    "1795973164.802\t99.158\t235740\t0\tsm_75\tbuild/templates.o\n"
	    "1795973164.900\t1.000\t1000\t0\tsm_75\tbuild/templates.o\n";

	(void)state;
	setup(&f);
	assert_int_equal(read_text(&f, ninja), 0);
	assert_int_equal(f.c.modules, 2);
	assert_int_equal(f.m.nmodules, 2);
	f.c.modules = 0;
	assert_int_equal(read_text(&f, record), 0);
	assert_int_equal(f.c.modules, 2);	/* templates.o twice: one module */
	assert_int_equal(f.m.nmodules, 2);
	assert_int_equal(f.m.modules[1].peak_rss, 1000 * 1024);
	teardown(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ptxas_blocks),
		cmocka_unit_test(ptxas_cut_lines),
		cmocka_unit_test(ptxas_used_order),
		cmocka_unit_test(ptxas_smem_sum),
		cmocka_unit_test(record_round_trip),
		cmocka_unit_test(record_huge_times),
		cmocka_unit_test(nvcc_time_csv),
		cmocka_unit_test(record_log),
		cmocka_unit_test(time_v),
		cmocka_unit_test(ninja_log),
		cmocka_unit_test(not_a_log),
		cmocka_unit_test(reader_table),
		cmocka_unit_test(header_claims_file),
		cmocka_unit_test(modules_filled),
		cmocka_unit_test(ninja_rewritten),
		cmocka_unit_test(ninja_appended_runs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
