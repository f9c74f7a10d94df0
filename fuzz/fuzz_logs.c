/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the build-log readers (ptxas -v, nvcc --time CSV, record
 * logs, GNU time -v, .ninja_log) on any text, every kind at once, then the
 * schedule over whatever modules they found.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz.h"
#include "logs.h"
#include "model.h"
#include "schedule.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	struct diag_list diags = { 0 };
	struct logctx ctx;
	struct schedule sc;
	unsigned kinds;

	model_init(&m);
	memset(&ctx, 0, sizeof ctx);
	ctx.m = &m;
	ctx.diags = &diags;
	ctx.file = strpool_intern_str(&m.pool, "fuzz.log");
	ctx.order = 1;
	kinds = logs_detect(data, size, 1);
	logs_read(kinds | LOG_PTXAS | LOG_NVTIME | LOG_RECORD | LOG_TIMEV | LOG_NINJA, data, size, &ctx);
	for (int jobs = 0; jobs <= 2; jobs += 2)
		if (m.nmodules > 0 && schedule_build(&m, jobs, &sc) == 0)
			schedule_free(&sc);
	diag_free(&diags);
	model_free(&m);
	return 0;
}

/*
 * A structure-aware mutator: half the time libFuzzer's own byte moves,
 * else a log of one kind built as tests/attacks/attack-logs.sh's generators build
 * them, with sizes and numbers drawn near the edges: many jobs all at
 * once in a .ninja_log (ties of start and end, int64 edges, negatives),
 * ptxas entries left open then closed by Used lines (A+B smem near 2^31),
 * nvcc --time runs without their driver row, record lines with long
 * targets and huge times.  LLVMFuzzerMutate is weak: the replay build has
 * none and never calls the mutator.
 */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned int seed);

struct out {
	uint8_t	*p;
	size_t	 n, max;
};

static unsigned
rnd(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7fff;
}

static void
put(struct out *o, const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof line)
		n = sizeof line - 1;
	if (o->n + (size_t)n > o->max)
		n = (int)(o->max - o->n);
	memcpy(o->p + o->n, line, (size_t)n);
	o->n += (size_t)n;
}

/* A number near an edge a reader must check. */
static long long
edgy(unsigned *seed)
{
	static const long long edges[] = { 0, 1, -1, -5, 1000, 2147483647LL, 2147483648LL,
	    4294967295LL, 9223372036854775806LL, 9223372036854775807LL, 1099511627776LL };

	return rnd(seed) % 4 ? (long long)rnd(seed) : edges[rnd(seed) % (sizeof edges / sizeof edges[0])];
}

static void
gen_ninja(struct out *o, unsigned *seed, unsigned n)
{
	put(o, "# ninja log v%u\n", 5 + rnd(seed) % 3);
	for (unsigned i = 0; i < n && o->n < o->max; i++) {
		long long start = rnd(seed) % 8 ? (long long)(i * (rnd(seed) % 3)) : edgy(seed);
		long long end = rnd(seed) % 8 && start < 1000000000LL ? start + 1000000 - (long long)(rnd(seed) % 3) :
		    edgy(seed);
		put(o, "%lld\t%lld\t0\tobj/f%u.o\t%016x\n", start, end, rnd(seed) % 16 ? i : 0, i);
	}
}

static void
gen_ptxas(struct out *o, unsigned *seed, unsigned n)
{
	put(o, "ptxas info    : 0 bytes gmem\n");
	for (unsigned i = 0; i < n && o->n < o->max; i++)
		put(o, "ptxas info    : Compiling entry function '_Z1k%uv' for 'sm_%u'\n", rnd(seed) % 4 ? i : 0,
		    rnd(seed) % 8 ? 80 : 13);
	for (unsigned i = 0; i < n && o->n < o->max; i++) {
		if (rnd(seed) % 2)
			put(o, "ptxas info    : Function properties for _Z1k%uv\n    %lld bytes stack frame, "
			    "0 bytes spill stores, 0 bytes spill loads\n", rnd(seed) % n, edgy(seed));
		if (rnd(seed) % 4 == 0)
			put(o, "ptxas info    : Used %u registers, %lld+%lld bytes smem, %lld bytes cmem[%lld]\n",
			    rnd(seed) % 256, edgy(seed), edgy(seed), edgy(seed), edgy(seed));
		else
			put(o, "ptxas info    : Used %u registers, 0 bytes smem, 352 bytes cmem[0]\n", rnd(seed) % 256);
	}
}

static void
gen_nvtime(struct out *o, unsigned *seed, unsigned n)
{
	put(o, "source file name , phase name , phase input files , phase output file , arch , tool, metric , unit\n");
	for (unsigned i = 0; i < n && o->n < o->max; i++) {
		unsigned pid = rnd(seed) % 4 ? i : rnd(seed) % 4;

		put(o, "k%u.cu , cicc , /tmp/tmpxft_%08x_00000000-6_k%u.ii , /tmp/tmpxft_%08x_00000000-7_k%u.ptx , "
		    "compute_80 , cicc , %lld , ms\n", i, pid, i, pid, i, edgy(seed));
		if (rnd(seed) % 4 == 0)
			put(o, "k%u.cu , nvcc (driver) , k%u.cu , k%u.o ,  , nvcc , 1.0 , ms\n", i, i, i);
	}
	for (unsigned i = 0; i < n && o->n < o->max; i++)
		put(o, "k%u.cu , gcc (compiling) , k%u.cu , k%u.o ,  , gcc , 1.0 , ms\n", rnd(seed) % n, i, i);
}

static void
gen_record(struct out *o, unsigned *seed, unsigned n)
{
	put(o, "# build-rss log v1\n");
	for (unsigned i = 0; i < n && o->n < o->max; i++) {
		put(o, "%lld.%03u\t%lld.5\t%lld\t%u\t%s\t", edgy(seed), rnd(seed) % 1000, edgy(seed), edgy(seed),
		    rnd(seed) % 300, rnd(seed) % 2 ? "-" : "sm_80,compute_80");
		for (unsigned k = rnd(seed) % 4 == 0 ? rnd(seed) % 200 : 0; k > 0 && o->n < o->max; k--)
			put(o, "long/path/component/%u/", k);
		put(o, "m%u.o\n", i);
	}
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned int seed)
{
	static void (*const gens[])(struct out *, unsigned *, unsigned) = {
		gen_ninja, gen_ptxas, gen_nvtime, gen_record,
	};
	struct out o = { data, 0, max };
	unsigned n;

	if (LLVMFuzzerMutate != NULL && (rnd(&seed) % 2 || max < 64))
		return LLVMFuzzerMutate(data, size, max);
	n = 1 + rnd(&seed) % (rnd(&seed) % 8 ? 16 : 2000);
	gens[rnd(&seed) % (sizeof gens / sizeof gens[0])](&o, &seed, n);
	return o.n;
}
