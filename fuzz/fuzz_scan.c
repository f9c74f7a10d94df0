/*
 * Fuzz target: one file through the whole scan (host ELF, ar archive,
 * fatbin, bare cubin or --list CSV, recognised by content), one worker.
 */
#include "config.h"

#include "diag.h"
#include "fuzz.h"
#include "model.h"
#include "scan.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scan_config cfg = { .threads = 1 };
	struct scan_stats stats;
	struct diag_list diags = { 0 };
	struct model m;

	model_init(&m);
	scan_buffer(data, size, "input", &cfg, &m, &diags, &stats);
	/* Every unreadable part must say why. */
	if (stats.unreadable > 0 && diags.n == 0)
		__builtin_trap();
	for (size_t i = 0; i < m.nfuncs; i++)
		if (m.funcs[i].image >= m.nimages)
			__builtin_trap();
	diag_free(&diags);
	model_free(&m);
	return 0;
}
