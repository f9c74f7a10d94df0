/*
 * Fuzz target: one device ELF through cubin_read (section table, symbols,
 * .nv.info records, relocations, notes), and the bytes as a bare .nv.info
 * record list.
 */
#include "config.h"

#include <libelf.h>
#include <string.h>

#include "cubin.h"
#include "fuzz.h"
#include "nvinfo.h"
#include "strpool.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cubin c;
	struct strpool pool;
	struct nvinfo_rec rec;
	char err[256];
	size_t erroff = 0, pos = 0;	/* erroff may name a claimed offset past the end */
	int rc;

	elf_version(EV_CURRENT);
	strpool_init(&pool);
	cubin_init(&c);
	err[0] = '\0';
	if (cubin_read(data, size, &c, &pool, err, sizeof err, &erroff) < 0) {
		if (err[0] == '\0')
			__builtin_trap();
	} else {
		for (size_t i = 0; i < c.nfuncs; i++)
			if (c.funcs[i].name == NULL || strlen(c.funcs[i].constant) >= CUBIN_BANKS_MAX)
				__builtin_trap();
	}
	cubin_free(&c);
	strpool_free(&pool);

	while ((rc = nvinfo_next(data, size, &pos, &rec)) == 1)
		if (rec.format == EIFMT_SVAL &&
		    (rec.payload < data || rec.payload + rec.value > data + size))
			__builtin_trap();
	return 0;
}
