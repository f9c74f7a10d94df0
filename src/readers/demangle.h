/* SPDX-License-Identifier: MIT */
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

/*
 * Bounds on demangling one name.  Substitutions that refer twice to the
 * one before double the demangled form at every level: a 552-byte name
 * demangles to 596 MB, one of 734 bytes to more than memory holds.
 *
 * DEMANGLED_MAX: bytes of one printed form.  The longest real name in
 * tests/corpus demangles to 779 bytes, and the template-heaviest CUDA
 * libraries (Thrust, CUB) to a few KiB: 64 KiB leaves 80 times the corpus.
 *
 * DEMANGLE_WORK_MAX: nodes of the name's tree unfolded (every shared
 * subtree counted each time it is reached, a template parameter as large
 * as the largest template argument list), which bounds what the printer
 * does between two bytes of output: looking for an argument pack under a
 * pack expansion walks the whole pattern and may print nothing at all.
 * A million nodes is a few tens of milliseconds of printing.
 */
#define DEMANGLED_MAX		(64 * 1024)
#define DEMANGLE_WORK_MAX	(1u << 20)

/*
 * A C++ name that does not demangle whole (libiberty does not parse it,
 * or it passes c++filt's limit of 1,024 bytes: cuBLASLt's xmma kernels are
 * 1,352 to 2,489) is shown collapsed by its longest prefix that does: the
 * name cut before one of its template argument lists, its nested name
 * closed, printed without template arguments and followed by "<…>"
 * ("xmma::gemm::kernel_blasl3<…>").  The full name stays the mangled one.
 *
 * DEMANGLE_PREFIX_MAX: bytes of a prefix tried, c++filt's limit less the
 * closing "E", so that every prefix parses as c++filt would parse it.
 * DEMANGLE_PREFIX_CUTS: cuts tried, the first ones from the left (a name
 * of N nested template levels has N cuts before its first argument ends);
 * so at most 64 parses of 1,023 bytes a name.  They are tried longest
 * first: the first that demangles is the only one printed (within the
 * bounds above) and interned.
 */
#define DEMANGLE_PREFIX_MAX	1023	/* libiberty's DEMANGLE_RECURSION_LIMIT / 2 - 1 */
#define DEMANGLE_PREFIX_CUTS	64
#define DEMANGLE_PREFIX_MORE	"<…>"

/* Why a C++ name was kept mangled although it parses. */
enum demangle_bound {
	DEMANGLE_WITHIN = 0,
	DEMANGLE_TOO_LONG,	/* a printed form passes DEMANGLED_MAX */
	DEMANGLE_TOO_MUCH_WORK,	/* the unfolded tree passes DEMANGLE_WORK_MAX */
};

struct demangled {
	const char	*name;
	const char	*collapsed;
	const char	*ns;
	int		 bound;		/* enum demangle_bound: DEMANGLE_WITHIN, or why name is the mangled one */
};

/* Fills out with strings interned in pool.  Never fails: a name that does
 * not demangle, or would pass a bound, is used as it is, but for its
 * collapsed form and namespace, which come from its longest prefix that
 * demangles when it does not parse (above). */
void	demangle_names(const char *mangled, struct strpool *pool, struct demangled *out);

/* "its demangled form passes 64 KiB" and the like, for a notice. */
const char *demangle_bound_text(int bound);

#endif
