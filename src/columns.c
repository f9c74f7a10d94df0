#include "config.h"

#include <stddef.h>
#include <string.h>

#include "columns.h"

#define COL(n, t, u, d, field, desc) { n, t, u, d, offsetof(struct func_rec, field), desc }

const struct column columns[] = {
	COL("reg", "REG", "", 1, reg, "registers per thread"),
	COL("stack", "STACK", "B", 1, stack, "stack frame with callees (ptxas cumulative stack size)"),
	COL("shared", "SHARED", "B", 1, shared, "static shared memory per block"),
	COL("local", "LOCAL", "B", 1, local, "local memory outside the stack frame"),
	COL("texture", "TEX", "", 1, texture, "texture references"),
	COL("surface", "SURF", "", 1, surface, "surface references"),
	COL("sampler", "SAMP", "", 1, sampler, "sampler references"),
	COL("max_threads", "MAXTHR", "", 1, max_threads, "launch bound: threads per block"),
	COL("min_blocks", "MINBLK", "", 1, min_blocks, "launch bound: blocks per SM"),
	COL("spill_stores", "SPST", "B", 1, spill_stores, "spill stores (ptxas -v)"),
	COL("spill_loads", "SPLD", "B", 1, spill_loads, "spill loads (ptxas -v)"),
};

const size_t ncolumns = sizeof columns / sizeof columns[0];

int32_t
column_value(const struct column *c, const struct func_rec *f)
{
	int32_t v;

	memcpy(&v, (const char *)f + c->offset, sizeof v);
	return v;
}

const struct column *
column_find(const char *name)
{
	for (size_t i = 0; i < ncolumns; i++)
		if (strcmp(columns[i].name, name) == 0)
			return &columns[i];
	return NULL;
}
