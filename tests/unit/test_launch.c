/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the launch limits (src/model/launch.c) and the
 * occupancy model against the CUDA driver: every function of both driver
 * tables (tests/corpus/extra/launch.sm_90.cubin.driver-attrs.tsv and
 * driver-attrs.visible.tsv: shared/tools/driver-attrs.c on an H200) is found in spillway's scan
 * of the cubins, and its max_block and its active blocks per SM at every
 * block size from 32 to 1024 equal the driver's.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "launch.h"
#include "scan.h"

static const struct arch_limits *
limits(const char *arch)
{
	const struct arch_limits *l = occupancy_limits(arch);

	assert_non_null(l);
	return l;
}

/* 72 registers: 2304 a warp, 28 warps (a multiple of 4) fit 65536: 896. */
static void
test_registers_cap(void **state)
{
	int why;

	assert_int_equal(launch_max_block(limits("sm_90"), 72, -1, &why), 896);
	assert_int_equal(why, LAUNCH_REGISTERS);
	/* 96 registers: 3072 a warp; 21 warps fit, but 24 are allocated: 20. */
	assert_int_equal(launch_max_block(limits("sm_86"), 96, -1, NULL), 640);
	/* 64 registers: 2048 a warp, 32 warps: the arch's 1024, tied. */
	assert_int_equal(launch_max_block(limits("sm_90"), 64, -1, &why), 1024);
	assert_int_equal(why, LAUNCH_ARCH | LAUNCH_REGISTERS);
	/* A bound under the registers' cap decides. */
	assert_int_equal(launch_max_block(limits("sm_90"), 168, 256, &why), 256);
	assert_int_equal(why, LAUNCH_BOUND);
	/* sm_75: 1024 threads an SM. */
	assert_int_equal(launch_max_block(limits("sm_75"), 16, -1, &why), 1024);
	assert_int_equal(launch_max_block(limits("sm_90"), 256, -1, NULL), 0);
	(void)state;
}

static void
test_func(void **state)
{
	struct func_rec f = { .kind = FUNC_ENTRY, .reg = 72, .max_threads = -1 };

	assert_int_equal(launch_func_max_block("sm_90a", &f), 896);
	assert_int_equal(launch_func_max_block("sm_52", &f), UNKNOWN);
	f.kind = FUNC_DEVICE;
	assert_int_equal(launch_func_max_block("sm_90", &f), UNKNOWN);
	(void)state;
}

/* 800 B a thread on an H100 SXM5: 800 × 132 SMs × 2048 threads. */
static void
test_local_reserve(void **state)
{
	const struct gpu_model *g = launch_gpu_named("h100 sxm5");

	assert_non_null(g);
	assert_int_equal(launch_local_reserve(g, 800), 216268800);
	assert_int_equal(launch_local_reserve(g, 1112), 1120LL * 132 * 2048);	/* rounded to 16 */
	assert_null(launch_gpu_named("no such gpu"));
	assert_int_equal(launch_static_shared(limits("sm_90"), 50176), 49152);
	assert_int_equal(launch_static_shared(limits("sm_80"), 49152), 49152);
	assert_int_equal(launch_static_shared(limits("sm_90"), 0), 0);
	(void)state;
}

/* The scan of every cubin the driver tables name. */
static struct model corpus;

static void
scan_corpus(void)
{
	const char *src = getenv("srcdir") ? getenv("srcdir") : ".";
	char build[4096], extra[4096];
	char *paths[2] = { build, extra };
	struct scan_config c = { .threads = 1 };
	struct diag_list d = { 0 };
	struct scan_stats st;

	char *more = getenv("LAUNCH_DRIVER_FILE");	/* tests/corpus/launch-cublaslt.sh */
	char *paths3[3] = { build, extra, more };

	snprintf(build, sizeof build, "%s/tests/corpus/build", src);
	snprintf(extra, sizeof extra, "%s/tests/corpus/extra/launch.sm_90.cubin", src);
	memset(&st, 0, sizeof st);
	model_init(&corpus);
	if (more != NULL)
		scan_paths(paths3, 3, &c, &corpus, &d, &st);
	else
		scan_paths(paths, 2, &c, &corpus, &d, &st);
	scan_stats_free(&st);
	diag_free(&d);
}

/* "app.10.sm_90.cubin" (cuobjdump -xelf's name) to "app"; a path to its file's stem. */
static void
stem_of(const char *file, char *out, size_t size)
{
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	size_t n;

	assert_true(n < size);	/* a name cut short would have another stem */
	snprintf(out, size, "%s", base);
	n = strlen(out);	/* what was kept, should the name not fit */
	for (size_t i = 0; i + 1 < n; i++)
		if (out[i] == '.' && ((out[i + 1] >= '0' && out[i + 1] <= '9') ||
		    strncmp(out + i + 1, "sm_", 3) == 0)) {
			out[i] = '\0';
			return;
		}
}

/* A scanned file may be what the driver row came from: its name is the stem, or
 * the stem and a dot ("app" for app, "coop" for coop.o and coop.sm_90a.cubin). */
static int
from_file(const char *stem, const char *library)
{
	const char *base = strrchr(library, '/') ? strrchr(library, '/') + 1 : library;
	size_t n = strlen(stem);

	return strncmp(base, stem, n) == 0 && (base[n] == '\0' || base[n] == '.');
}

/* Compares one driver row; returns how many scanned functions it matched. */
static size_t
compare_row(const char *file, const char *fn, int regs, int maxt, int shared, const char *occ)
{
	char stem[1024];	/* as long as the row's file field, so never cut */
	size_t matched = 0;

	stem_of(file, stem, sizeof stem);
	for (size_t i = 0; i < corpus.nfuncs; i++) {
		const struct func_rec *f = &corpus.funcs[i];
		const struct image_rec *img = &corpus.images[f->image];
		const struct arch_limits *l = occupancy_limits(img->arch);
		const char *p = occ;

		if (f->kind != FUNC_ENTRY || img->kind != IMAGE_SASS || strncmp(img->arch, "sm_90", 5) != 0 ||
		    strcmp(f->mangled, fn) != 0 || !from_file(stem, img->library) || f->reg != regs ||
		    launch_static_shared(l, f->shared) != shared)
			continue;
		matched++;
		if (f->max_block != maxt)
			fail_msg("%s %s (%s): max_block %d, the driver %d", file, fn, img->library,
			    f->max_block, maxt);
		for (int t = 32; t <= 1024; t += 32) {
			struct occupancy o;
			int want = atoi(p), got;

			occupancy_compute(l, f->reg, f->shared, 0, t, &o);
			got = t <= f->max_block ? o.blocks : 0;
			if (got != want)
				fail_msg("%s %s (%s): %d blocks of %d threads, the driver %d", file, fn,
				    img->library, got, t, want);
			p = strchr(p, ',') ? strchr(p, ',') + 1 : p + strlen(p);
		}
	}
	return matched;
}

/* Every row of one driver table; returns the rows. */
static size_t
compare_table(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	size_t rows = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL) {
		char file[1024], fn[2048], occ[4096];
		int regs, maxt, local, shared, cst;

		if (strncmp(line, "file\t", 5) == 0)
			continue;
		if (sscanf(line, "%1023[^\t]\t%2047[^\t]\t%d\t%d\t%d\t%d\t%d\t%4095s", file, fn, &regs, &maxt,
		    &local, &shared, &cst, occ) != 8)
			fail_msg("%s: cannot read '%s'", path, line);
		if (compare_row(file, fn, regs, maxt, shared, occ) == 0)
			fail_msg("%s: %s %s (REG %d, shared %d) is in no scanned file", path, file, fn, regs,
			    shared);
		rows++;
	}
	fclose(f);
	return rows;
}

/* What the driver reserved on the H200 (tests/device/h200/local-reserve.tsv:
 * free memory as CU_LIMIT_STACK_SIZE goes from 16 bytes to L and back) is
 * the model's reservation at L less its reservation at 16, to within the
 * driver's 2 MiB allocation granularity; and the limit it set for a kernel
 * is the kernel's frame rounded up to 16. */
static void
test_local_reserve_driver(void **state)
{
	const char *src = getenv("srcdir") ? getenv("srcdir") : ".";
	const struct gpu_model *g = launch_gpu_named("h200");
	char path[4096], line[512], name[128];
	long long lim, got, local, before, after;
	int rows = 0, kernels = 0;
	FILE *f;

	(void)state;
	assert_non_null(g);
	snprintf(path, sizeof path, "%s/tests/device/h200/local-reserve.tsv", src);
	assert_non_null(f = fopen(path, "r"));
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "sms\t%lld", &got) == 1)
			assert_int_equal(got, g->sms);
		if (sscanf(line, "limit\t%lld\treserves\t%lld", &lim, &got) == 2) {
			long long want = launch_local_reserve(g, (int32_t)lim) - launch_local_reserve(g, 16);

			if (llabs(want - got) > 2LL << 20)
				fail_msg("stack limit %lld: the driver reserved %lld B, the model %lld", lim, got, want);
			rows++;
		}
		if (sscanf(line, "%127s local=%lld stack_limit_before=%lld after=%lld", name, &local,
		    &before, &after) == 4 && local > before) {
			assert_int_equal(after, (local + 15) / 16 * 16);
			kernels++;
		}
	}
	fclose(f);
	assert_int_equal(rows, 8);
	assert_int_equal(kernels, 4);
}

static void
test_driver_fixture(void **state)
{
	const char *src = getenv("srcdir") ? getenv("srcdir") : ".";
	char path[4096];

	snprintf(path, sizeof path, "%s/tests/corpus/extra/launch.sm_90.cubin.driver-attrs.tsv", src);
	assert_int_equal(compare_table(path), 14);
	(void)state;
}

/* The visible corpus's loadable sm_90 cubins (cuobjdump -xelf's files). */
static void
test_driver_corpus(void **state)
{
	const char *src = getenv("srcdir") ? getenv("srcdir") : ".";
	char path[4096];

	snprintf(path, sizeof path, "%s/tests/corpus/extra/driver-attrs.visible.tsv", src);
	assert_int_equal(compare_table(path), 191);
	(void)state;
}

/* A big library's sm_90 cubins through the driver (tests/corpus/launch-cublaslt.sh
 * names the table and the library; skipped without them). */
static void
test_driver_library(void **state)
{
	const char *tsv = getenv("LAUNCH_DRIVER_TSV");
	const char *want = getenv("LAUNCH_DRIVER_ROWS");

	(void)state;
	if (tsv == NULL || want == NULL || getenv("LAUNCH_DRIVER_FILE") == NULL)
		skip();
	assert_int_equal(compare_table(tsv), atoi(want));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registers_cap),
		cmocka_unit_test(test_func),
		cmocka_unit_test(test_local_reserve),
		cmocka_unit_test(test_local_reserve_driver),
		cmocka_unit_test(test_driver_fixture),
		cmocka_unit_test(test_driver_corpus),
		cmocka_unit_test(test_driver_library),
	};
	int rc;

	scan_corpus();
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	model_free(&corpus);
	return rc;
}
