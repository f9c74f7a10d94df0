#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "demangle.h"
#include "xalloc.h"

#define DEMANGLE_OPTS	(DMGL_PARAMS | DMGL_ANSI)
#define STRIP_DEPTH_MAX	256

/*
 * Removes what varies between instantiations: the return type and
 * parameters (TYPED_NAME), template arguments (TEMPLATE) and the
 * qualifiers of member functions.  Scopes are walked so that a template
 * class in the qualifier loses its arguments too.
 */
static struct demangle_component *
strip(struct demangle_component *d, int depth)
{
	if (d == NULL || depth > STRIP_DEPTH_MAX)
		return d;
	for (;;) {
		switch (d->type) {
		case DEMANGLE_COMPONENT_TYPED_NAME:
		case DEMANGLE_COMPONENT_TEMPLATE:
		case DEMANGLE_COMPONENT_CONST_THIS:
		case DEMANGLE_COMPONENT_VOLATILE_THIS:
		case DEMANGLE_COMPONENT_RESTRICT_THIS:
		case DEMANGLE_COMPONENT_REFERENCE_THIS:
		case DEMANGLE_COMPONENT_RVALUE_REFERENCE_THIS:
			if (d->u.s_binary.left == NULL)
				return d;
			d = d->u.s_binary.left;
			continue;
		default:
			break;
		}
		break;
	}
	if (d->type == DEMANGLE_COMPONENT_QUAL_NAME || d->type == DEMANGLE_COMPONENT_LOCAL_NAME) {
		d->u.s_binary.left = strip(d->u.s_binary.left, depth + 1);
		d->u.s_binary.right = strip(d->u.s_binary.right, depth + 1);
	}
	return d;
}

/* The scope that encloses a stripped name: the qualifier of a qualified
 * name, or the namespace of the function a local name lives in. */
static struct demangle_component *
scope_of(struct demangle_component *d, int depth)
{
	if (d == NULL || depth > STRIP_DEPTH_MAX)
		return NULL;
	if (d->type == DEMANGLE_COMPONENT_QUAL_NAME)
		return d->u.s_binary.left;
	if (d->type == DEMANGLE_COMPONENT_LOCAL_NAME)
		return scope_of(d->u.s_binary.left, depth + 1);
	return NULL;
}

static const char *
print_interned(struct demangle_component *d, struct strpool *pool)
{
	size_t alloc = 0;
	char *s = cplus_demangle_print(DEMANGLE_OPTS, d, 64, &alloc);
	const char *r;

	if (s == NULL)
		return NULL;
	r = strpool_intern_str(pool, s);
	free(s);
	return r;
}

/* "__nv_static_24__f5e7561c_4_k_cu_k_local__ZN..." -> "_ZN...". */
static const char *
skip_nv_static(const char *m)
{
	const char *p = m + strlen("__nv_static_");
	size_t n = 0;

	if (!isdigit((unsigned char)*p))
		return m;
	while (isdigit((unsigned char)*p) && n < 100000)
		n = n * 10 + (size_t)(*p++ - '0');
	if (*p != '_' || strnlen(p + 1, n + 1) < n + 1 || p[1 + n] != '_')
		return m;
	return p + 2 + n;
}

void
demangle_names(const char *mangled, struct strpool *pool, struct demangled *out)
{
	const char *m = mangled;
	struct demangle_component *tree, *stripped, *scope;
	void *mem = NULL;
	const char *full;
	char *buf;
	size_t len;

	out->ns = strpool_intern_str(pool, "");

	/* "$kernel$callee" subroutines are not C++ names. */
	if (m[0] == '$') {
		out->name = out->collapsed = strpool_intern_str(pool, mangled);
		return;
	}
	if (strncmp(m, "__nv_static_", 12) == 0)
		m = skip_nv_static(m);
	/* Drop a "$<digits>" alias suffix (-rdc local copies). */
	len = strlen(m);
	{
		size_t i = len;
		while (i > 0 && isdigit((unsigned char)m[i - 1]))
			i--;
		if (i > 0 && i < len && m[i - 1] == '$')
			len = i - 1;
	}
	buf = xstrndup(m, len);
	if (strncmp(buf, "_Z", 2) != 0) {
		out->name = out->collapsed = strpool_intern_str(pool, buf);
		free(buf);
		return;
	}
	/*
	 * One parse; the three forms are printed from its tree.  c++filt
	 * (cplus_demangle) refuses names whose component arrays would pass
	 * the recursion limit on its stack, two per character: so do we, so
	 * that every name prints as c++filt prints it.
	 */
	if (len * 2 > DEMANGLE_RECURSION_LIMIT) {
		out->name = out->collapsed = strpool_intern_str(pool, mangled);
		free(buf);
		return;
	}
	tree = cplus_demangle_v3_components(buf, DEMANGLE_OPTS, &mem);
	full = tree != NULL ? print_interned(tree, pool) : NULL;
	if (full == NULL) {
		out->name = out->collapsed = strpool_intern_str(pool, mangled);
		free(mem);
		free(buf);
		return;
	}
	out->name = out->collapsed = full;
	{
		const char *s;

		stripped = strip(tree, 0);
		if ((s = print_interned(stripped, pool)) != NULL)
			out->collapsed = s;
		scope = scope_of(stripped, 0);
		if (scope != NULL && (s = print_interned(scope, pool)) != NULL)
			out->ns = s;
	}
	free(mem);
	free(buf);
}
