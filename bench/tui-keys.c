/* SPDX-License-Identifier: MIT */
/*
 * The browser's key latency on a big input, without a terminal: what each
 * key asks of the view-model (ui/viewmodel.h), timed on the scanned model.
 * The curses layer then draws one screen of rows, whatever the input's
 * size, so these are what grows with it.  Build and run: bench/tui-bench.sh.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "model.h"
#include "scan.h"
#include "vm_rows.h"

#define RUNS	5

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The draw's share that grows with the input: the match count while a
 * search is on, and the labels of one screen of rows. */
static void
frame(struct viewmodel *vm, const char *search)
{
	char buf[1024];
	size_t at;

	if (search)
		(void)vm_search_count(vm, search, vm->sel, &at);
	for (size_t r = vm->top; r < vm->top + 40 && r < vm->nrows; r++)
		if (vm->rows[r].inst >= 0)
			vm_inst_label(vm, (uint32_t)vm->rows[r].inst, buf, sizeof buf);
}

enum op { OP_SORT, OP_REVERSE, OP_FILTER, OP_UNFILTER, OP_SEARCH, OP_SEARCH_NEXT, OP_ARCH, OP_COMPARE,
	OP_DELTA, OP_NOCOMPARE, OP_EXPAND_ALL, OP_COLLAPSE_ALL, OP_PAGE, OP_COUNT };

static const char *const op_names[OP_COUNT] = {
	"s (sort by the next column)", "r (reverse)", "\\ gemm (filter, whole word typed)", "Esc (clear the filter)",
	"/ sm90 (search, from the top)", "n (next match)", "a (next arch)", "c (compare)",
	"s to the difference column", "x (all arches)", "* (expand every kernel)", "* (collapse)", "PgDn",
};

static void
run_op(struct viewmodel *vm, enum op op, int run)
{
	const char *search = NULL;

	switch (op) {
	case OP_SORT:		vm_sort_step(vm, 1); break;
	case OP_REVERSE:	vm_sort_reverse(vm); break;
	case OP_FILTER:		vm_set_filter(vm, "gemm"); break;
	case OP_UNFILTER:	vm_set_filter(vm, ""); break;
	case OP_SEARCH:		search = "sm90"; (void)vm_search(vm, search, 0, 1, 1); break;
	case OP_SEARCH_NEXT:	search = "sm90"; (void)vm_search(vm, search, vm->sel, 1, 0); break;
	case OP_ARCH:		vm_arch_step(vm, 1); break;
	case OP_COMPARE:	vm_set_arches(vm, -1, -1); vm_compare_step(vm, 1); break;
	case OP_DELTA:		vm_set_sort(vm, VM_FIELD_DELTA); break;
	case OP_NOCOMPARE:	vm_set_arches(vm, -1, -1); break;
	case OP_EXPAND_ALL:	vm_expand_all(vm, 1); break;
	case OP_COLLAPSE_ALL:	vm_expand_all(vm, 0); break;
	case OP_PAGE:		vm_move(vm, 40 * (run + 1)); break;
	default:		break;
	}
	frame(vm, search);
}

int
main(int argc, char **argv)
{
	struct scan_config sc;
	struct scan_stats st;
	struct model m;
	struct diag_list diags = { 0 };
	struct viewmodel vm;
	double t0, build, worst = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: tui-keys PATH...\n");
		return 2;
	}
	memset(&sc, 0, sizeof sc);
	memset(&st, 0, sizeof st);
	model_init(&m);
	t0 = now_ms();
	scan_paths(argv + 1, argc - 1, &sc, &m, &diags, &st);
	printf("scan: %zu rows, %zu images, %.0f ms\n", m.nfuncs, m.nimages, now_ms() - t0);
	t0 = now_ms();
	vm_init(&vm, &m);
	vm_set_height(&vm, 40);
	build = now_ms() - t0;
	printf("view-model built: %zu kernels, %zu instantiations, %zu arches, %.0f ms (once, before the first screen)\n",
	    vm.ngroups, vm.ninsts, vm.narches, build);
	printf("\n| key | median ms | max ms (of %d) |\n|---|---:|---:|\n", RUNS);
	for (int op = 0; op < OP_COUNT; op++) {
		double t[RUNS];

		for (int r = 0; r < RUNS; r++) {
			/* Each run from the state the op is meant for. */
			if (op == OP_DELTA)
				vm_set_arches(&vm, 0, vm.narches > 1 ? 1 : -1);
			if (op == OP_EXPAND_ALL)
				vm_expand_all(&vm, 0);
			if (op == OP_COLLAPSE_ALL)
				vm_expand_all(&vm, 1);
			t0 = now_ms();
			run_op(&vm, (enum op)op, r);
			t[r] = now_ms() - t0;
		}
		qsort(t, RUNS, sizeof *t, dbl_cmp);
		if (t[RUNS - 1] > worst)
			worst = t[RUNS - 1];
		printf("| %s | %.1f | %.1f |\n", op_names[op], t[RUNS / 2], t[RUNS - 1]);
	}
	printf("\nworst key: %.1f ms\n", worst);
	vm_free(&vm);
	model_free(&m);
	diag_free(&diags);
	scan_stats_free(&st);
	return 0;
}
