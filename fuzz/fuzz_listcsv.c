/*
 * Fuzz target: a --list CSV through the importer, then written back out
 * and imported again: a file that imports cleanly must round-trip.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz.h"
#include "listcsv.h"
#include "model.h"

/* Imports data into m as the scan does: images at once, rows after. */
static int
import(const uint8_t *data, size_t size, const char *name, struct model *m,
    struct diag_list *diags)
{
	struct func_rec *rows = NULL;
	size_t nrows = 0;
	int n;

	n = listcsv_import(data, size, name, m, &rows, &nrows, diags, 1);
	for (size_t i = 0; i < nrows; i++) {
		if (rows[i].image >= m->nimages)
			__builtin_trap();
		model_add_func(m, &rows[i]);
	}
	free(rows);
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m, m2;
	struct diag_list diags = { 0 };
	char *out = NULL;
	size_t outlen = 0;
	FILE *f;
	int rows, rows2;

	if (!listcsv_is_list(data, size))
		return 0;
	model_init(&m);
	rows = import(data, size, "input.csv", &m, &diags);
	if (rows < 0 && diags.n == 0)
		__builtin_trap();
	f = open_memstream(&out, &outlen);
	if (f == NULL)
		abort();
	listcsv_write_funcs(f, &m);
	fclose(f);
	if (rows >= 0) {
		model_init(&m2);
		rows2 = import((const uint8_t *)out, outlen, "again.csv", &m2, &diags);
		if (rows2 != rows || m2.nfuncs != m.nfuncs)
			__builtin_trap();
		model_free(&m2);
	}
	free(out);
	diag_free(&diags);
	model_free(&m);
	return 0;
}
