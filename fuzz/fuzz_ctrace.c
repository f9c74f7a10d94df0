/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the compile-time trace reader (src/logs/ctrace.h) on any
 * bytes, read as a trace of the compile a.o, then joined.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctrace.h"
#include "fuzz.h"
#include "model.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	char err[256];
	size_t off;

	model_init(&m);
	model_module(&m, strpool_intern_str(&m.pool, "a.o"));
	if (ctrace_is_trace(data, size) || size < 64)
		ctrace_read(data, size, "a.o.json", &m, err, sizeof err, &off);
	ctrace_join(&m);
	model_free(&m);
	return 0;
}

/*
 * A structure-aware mutator: half the time libFuzzer's own byte moves,
 * else a trace built as tests/attacks/attack-traces.sh's are, of nvcc's or
 * clang's shape: metadata naming lanes (some past CTRACE_LANES_MAX), the
 * summed events with times near the edges (negative, huge, fractions),
 * names that repeat, events with fields missing or of the wrong type,
 * cut anywhere.  LLVMFuzzerMutate is weak: the replay build has none.
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

static const char *const names[] = {
	"InstantiateClass", "InstantiateFunction", "Instantiating Template Class",
	"Optimizing compilation unit", "OptFunction", "Generating Function IR", "ExecuteCompiler",
	"Total OptFunction", "OptModule", "",
};
static const char *const times[] = { "0", "1", "-1", "1e308", "1e309", "0.5", "9223372036854775807", "\"7\"" };

static void
gen_trace(struct out *o, unsigned *seed, unsigned n)
{
	put(o, "{");
	if (rnd(seed) % 2)
		put(o, "\"otherData\":{\"inputFiles\":[\"k.cu\"]},");
	put(o, "\"traceEvents\":[{}");
	for (unsigned i = 0; i < n && o->n < o->max; i++) {
		unsigned pid = rnd(seed) % 80, tid = rnd(seed) % 3;

		if (rnd(seed) % 4 == 0)
			put(o, ",{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":\"k.cu [sm_%u]\"}}",
			    rnd(seed) % 2 ? "thread_name" : "process_name", pid, tid, 80 + rnd(seed) % 20);
		else
			put(o, ",{\"ph\":\"%s\",\"name\":\"%s\",\"pid\":%u,\"tid\":%u,\"ts\":%s,\"dur\":%s,"
			    "\"args\":{\"detail\":\"T<%u>\",\"name\":\"_Z1k%uv\",\"count\":1}}",
			    rnd(seed) % 8 ? "X" : "B", names[rnd(seed) % (sizeof names / sizeof names[0])], pid, tid,
			    times[rnd(seed) % (sizeof times / sizeof times[0])],
			    times[rnd(seed) % (sizeof times / sizeof times[0])], rnd(seed) % 16, rnd(seed) % 16);
	}
	put(o, "]%s}", rnd(seed) % 2 ? ",\"beginningOfTime\":1796235053423430" : "");
	if (rnd(seed) % 4 == 0 && o->n > 0)
		o->n = rnd(seed) % o->n;	/* cut short */
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned int seed)
{
	struct out o = { data, 0, max };

	if (seed % 2 && LLVMFuzzerMutate != NULL)
		return LLVMFuzzerMutate(data, size, max);
	gen_trace(&o, &seed, 1 + rnd(&seed) % 200);
	return o.n;
}
