/*
 * Kernel names in three forms, through libiberty's demangler:
 *   name       the full demangled name, parameters included
 *   collapsed  no template arguments and no parameters, so that every
 *              instantiation of a template kernel shares it
 *   ns         the enclosing namespace, "" for the global namespace
 * Anonymous namespaces print as libiberty spells them:
 * "(anonymous namespace)".
 */
#ifndef SPILLWAY_DEMANGLE_H
#define SPILLWAY_DEMANGLE_H

#include "strpool.h"

struct demangled {
	const char	*name;
	const char	*collapsed;
	const char	*ns;
};

/* Fills out with strings interned in pool.  Never fails: a name that does
 * not demangle is used as it is. */
void	demangle_names(const char *mangled, struct strpool *pool, struct demangled *out);

#endif
