/*
 * Fuzz target: the build-log readers (ptxas -v, nvcc --time CSV, record
 * logs, GNU time -v, .ninja_log) on any text, every kind at once, then the
 * schedule over whatever modules they found.
 */
#include "config.h"

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
