/*
 * Fuzz target: a symbol name through demangle_names (libiberty, then the
 * collapsing of template arguments and parameters, and the namespace).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "fuzz.h"
#include "strpool.h"
#include "xalloc.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strpool pool;
	struct demangled d;
	char *name;

	if (size > 4096)	/* symbol names; longer ones test nothing new */
		return 0;
	name = xstrndup((const char *)data, size);
	strpool_init(&pool);
	demangle_names(name, &pool, &d);
	if (d.name == NULL || d.collapsed == NULL || d.ns == NULL)
		__builtin_trap();
	strpool_free(&pool);
	free(name);
	return 0;
}
