/*
 * Fuzz target: the allowance table reader on any bytes; a table that reads
 * must also be found in by every row it holds.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "allow.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct allow_table t;
	char err[512];

	/* allow_parse starts the table itself. */
	if (allow_parse(&t, "fuzz.csv", (const char *)data, size, err, sizeof err) == 0) {
		for (size_t i = 0; i < t.nrows; i++)
			if (allow_find(&t, t.rows[i].kernel, t.rows[i].sm) == NULL)
				__builtin_trap();
	}
	allow_free(&t);
	return 0;
}
