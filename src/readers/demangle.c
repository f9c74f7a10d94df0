/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "demangle.h"
#include "xalloc.h"

#define DEMANGLE_OPTS	(DMGL_PARAMS | DMGL_ANSI)

_Static_assert(2 * (DEMANGLE_PREFIX_MAX + 1) <= DEMANGLE_RECURSION_LIMIT,
    "a prefix and its closing E within c++filt's limit");
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

/*
 * A printed form, gathered from the printer's pieces (it flushes every 255
 * bytes).  Past DEMANGLED_MAX the printer is left by longjmp: the callback
 * printer of cp-demangle.c keeps its whole state on its stack (struct
 * d_print_info, and variable-length arrays for the saved scopes and
 * templates) and allocates nothing on the heap, so leaving it midway
 * loses nothing.  What it marks in the tree while it prints (d_printing)
 * stays marked: a tree is never printed again after a jump.
 */
struct sink {
	jmp_buf	 full;
	char	*buf;
	size_t	 len, cap;
};

#define SINK_START	1024

static void
sink_put(const char *s, size_t n, void *opaque)
{
	struct sink *k = opaque;

	if (n > DEMANGLED_MAX - k->len)
		longjmp(k->full, 1);
	if (k->len + n > k->cap) {
		while (k->len + n > k->cap)
			k->cap *= 2;
		if (k->cap > DEMANGLED_MAX)
			k->cap = DEMANGLED_MAX;
		k->buf = xrealloc(k->buf, k->cap);
	}
	memcpy(k->buf + k->len, s, n);
	k->len += n;
}

/* d printed into k (k->buf, k->len): 1, or 0 when it does not print, and
 * *too_long set when that is because it passes DEMANGLED_MAX. */
static int
print_into(struct demangle_component *d, struct sink *k, int *too_long)
{
	k->len = 0;
	if (setjmp(k->full) != 0) {
		*too_long = 1;
		return 0;
	}
	return cplus_demangle_print_callback(DEMANGLE_OPTS, d, sink_put, k) != 0;
}

/* d printed and interned; NULL when it does not print (print_into). */
static const char *
print_interned(struct demangle_component *d, struct strpool *pool, struct sink *k, int *too_long)
{
	if (!print_into(d, k, too_long))
		return NULL;
	return strpool_intern(pool, k->buf, k->len);
}

/*
 * The children of a node, as cp-demangle.c's d_count_templates_scopes
 * walks them (the union member depends on the type); a node it does not
 * walk counts as a leaf here too.
 */
static int
children(const struct demangle_component *d, const struct demangle_component *kid[2])
{
	switch (d->type) {
	case DEMANGLE_COMPONENT_CTOR:
		kid[0] = d->u.s_ctor.name;
		return 1;
	case DEMANGLE_COMPONENT_DTOR:
		kid[0] = d->u.s_dtor.name;
		return 1;
	case DEMANGLE_COMPONENT_EXTENDED_OPERATOR:
		kid[0] = d->u.s_extended_operator.name;
		return 1;
	case DEMANGLE_COMPONENT_LAMBDA:
	case DEMANGLE_COMPONENT_DEFAULT_ARG:
		kid[0] = d->u.s_unary_num.sub;
		return 1;
	case DEMANGLE_COMPONENT_GLOBAL_CONSTRUCTORS:
	case DEMANGLE_COMPONENT_GLOBAL_DESTRUCTORS:
	case DEMANGLE_COMPONENT_MODULE_ENTITY:
		kid[0] = d->u.s_binary.left;
		return 1;
	case DEMANGLE_COMPONENT_TEMPLATE:
	case DEMANGLE_COMPONENT_REFERENCE:
	case DEMANGLE_COMPONENT_RVALUE_REFERENCE:
	case DEMANGLE_COMPONENT_QUAL_NAME:
	case DEMANGLE_COMPONENT_LOCAL_NAME:
	case DEMANGLE_COMPONENT_TYPED_NAME:
	case DEMANGLE_COMPONENT_VTABLE:
	case DEMANGLE_COMPONENT_VTT:
	case DEMANGLE_COMPONENT_CONSTRUCTION_VTABLE:
	case DEMANGLE_COMPONENT_TYPEINFO:
	case DEMANGLE_COMPONENT_TYPEINFO_NAME:
	case DEMANGLE_COMPONENT_TYPEINFO_FN:
	case DEMANGLE_COMPONENT_THUNK:
	case DEMANGLE_COMPONENT_VIRTUAL_THUNK:
	case DEMANGLE_COMPONENT_COVARIANT_THUNK:
	case DEMANGLE_COMPONENT_JAVA_CLASS:
	case DEMANGLE_COMPONENT_GUARD:
	case DEMANGLE_COMPONENT_TLS_INIT:
	case DEMANGLE_COMPONENT_TLS_WRAPPER:
	case DEMANGLE_COMPONENT_REFTEMP:
	case DEMANGLE_COMPONENT_HIDDEN_ALIAS:
	case DEMANGLE_COMPONENT_RESTRICT:
	case DEMANGLE_COMPONENT_VOLATILE:
	case DEMANGLE_COMPONENT_CONST:
	case DEMANGLE_COMPONENT_RESTRICT_THIS:
	case DEMANGLE_COMPONENT_VOLATILE_THIS:
	case DEMANGLE_COMPONENT_CONST_THIS:
	case DEMANGLE_COMPONENT_REFERENCE_THIS:
	case DEMANGLE_COMPONENT_RVALUE_REFERENCE_THIS:
	case DEMANGLE_COMPONENT_TRANSACTION_SAFE:
	case DEMANGLE_COMPONENT_NOEXCEPT:
	case DEMANGLE_COMPONENT_THROW_SPEC:
	case DEMANGLE_COMPONENT_VENDOR_TYPE_QUAL:
	case DEMANGLE_COMPONENT_POINTER:
	case DEMANGLE_COMPONENT_COMPLEX:
	case DEMANGLE_COMPONENT_IMAGINARY:
	case DEMANGLE_COMPONENT_VENDOR_TYPE:
	case DEMANGLE_COMPONENT_FUNCTION_TYPE:
	case DEMANGLE_COMPONENT_ARRAY_TYPE:
	case DEMANGLE_COMPONENT_PTRMEM_TYPE:
	case DEMANGLE_COMPONENT_VECTOR_TYPE:
	case DEMANGLE_COMPONENT_ARGLIST:
	case DEMANGLE_COMPONENT_TEMPLATE_ARGLIST:
	case DEMANGLE_COMPONENT_TPARM_OBJ:
	case DEMANGLE_COMPONENT_INITIALIZER_LIST:
	case DEMANGLE_COMPONENT_CAST:
	case DEMANGLE_COMPONENT_CONVERSION:
	case DEMANGLE_COMPONENT_NULLARY:
	case DEMANGLE_COMPONENT_UNARY:
	case DEMANGLE_COMPONENT_BINARY:
	case DEMANGLE_COMPONENT_BINARY_ARGS:
	case DEMANGLE_COMPONENT_TRINARY:
	case DEMANGLE_COMPONENT_TRINARY_ARG1:
	case DEMANGLE_COMPONENT_TRINARY_ARG2:
	case DEMANGLE_COMPONENT_LITERAL:
	case DEMANGLE_COMPONENT_LITERAL_NEG:
	case DEMANGLE_COMPONENT_VENDOR_EXPR:
	case DEMANGLE_COMPONENT_JAVA_RESOURCE:
	case DEMANGLE_COMPONENT_COMPOUND_NAME:
	case DEMANGLE_COMPONENT_DECLTYPE:
	case DEMANGLE_COMPONENT_TRANSACTION_CLONE:
	case DEMANGLE_COMPONENT_NONTRANSACTION_CLONE:
	case DEMANGLE_COMPONENT_PACK_EXPANSION:
	case DEMANGLE_COMPONENT_TAGGED_NAME:
	case DEMANGLE_COMPONENT_CLONE:
		kid[0] = d->u.s_binary.left;
		kid[1] = d->u.s_binary.right;
		return 2;
	default:
		return 0;	/* names, numbers, builtin types, template parameters... */
	}
}

/*
 * Sizes of the unfolded tree, by node: each node's once, so that the walk
 * is linear in the nodes (at most two per character of the name, as
 * cplus_demangle_v3_components allocates them).  Sizes saturate at
 * WORK_OVER.
 */
#define WORK_OVER	((size_t)DEMANGLE_WORK_MAX + 1)

struct unfold {
	const struct demangle_component	**keys;
	size_t				 *size;
	size_t				  mask;
	size_t				  tparam;	/* what a template parameter counts */
	size_t				  largest_args;	/* of a template's argument list */
};

/* key's slot, or the empty one to fill; SIZE_MAX when the table is full. */
static size_t
unfold_slot(const struct unfold *u, const struct demangle_component *key)
{
	size_t j = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ULL >> 20 & u->mask;

	for (size_t probe = 0; probe <= u->mask; probe++, j = (j + 1) & u->mask)
		if (u->keys[j] == NULL || u->keys[j] == key)
			return j;
	return SIZE_MAX;
}

static size_t
unfolded(struct unfold *u, const struct demangle_component *d, int depth)
{
	const struct demangle_component *kid[2];
	size_t j, n = 1, got[2] = { 0, 0 };
	int nk;

	if (d == NULL)
		return 0;
	if (depth > DEMANGLE_RECURSION_LIMIT || (j = unfold_slot(u, d)) == SIZE_MAX)
		return WORK_OVER;
	if (u->keys[j] == d)
		return u->size[j];
	if (d->type == DEMANGLE_COMPONENT_TEMPLATE_PARAM)
		n = u->tparam;
	nk = children(d, kid);
	for (int i = 0; i < nk && n < WORK_OVER; i++)
		n += got[i] = unfolded(u, kid[i], depth + 1);
	if (n > WORK_OVER)
		n = WORK_OVER;
	if (d->type == DEMANGLE_COMPONENT_TEMPLATE && got[1] > u->largest_args)
		u->largest_args = got[1];
	if ((j = unfold_slot(u, d)) == SIZE_MAX)	/* the children took slots */
		return WORK_OVER;
	u->keys[j] = d;
	u->size[j] = n;
	return n;
}

/*
 * What printing the tree may cost, in nodes: the tree unfolded, where a
 * template parameter (printed as its argument) counts as much as the
 * largest template argument list.  len: the mangled name's length.
 */
static size_t
print_work(const struct demangle_component *tree, size_t len)
{
	struct unfold u = { 0 };
	size_t slots = 64, work;

	while (slots < 4 * len)
		slots *= 2;
	u.keys = xcalloc(slots, sizeof *u.keys);
	u.size = xcalloc(slots, sizeof *u.size);
	u.mask = slots - 1;
	u.tparam = 1;
	work = unfolded(&u, tree, 0);
	if (work < WORK_OVER) {
		memset(u.keys, 0, slots * sizeof *u.keys);
		u.tparam = 1 + u.largest_args;
		work = unfolded(&u, tree, 0);
	}
	free(u.keys);
	free(u.size);
	return work;
}

static void
keep_mangled(struct demangled *out, struct strpool *pool, const char *mangled, int bound)
{
	out->name = out->collapsed = strpool_intern_str(pool, mangled);
	out->bound = bound;
}

const char *
demangle_bound_text(int bound)
{
	static const char *const text[] = {
		[DEMANGLE_WITHIN] = "demangles within bounds",
		[DEMANGLE_TOO_LONG] = "its demangled form passes 64 KiB",
		[DEMANGLE_TOO_MUCH_WORK] = "demangling it passes a million steps",
	};

	if (bound < 0 || (size_t)bound >= sizeof text / sizeof text[0])
		return "?";
	return text[bound];
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

/* mangled without the "__nv_static_..._" prefix and "$<digits>" suffix
 * that nvcc adds; a copy. */
static char *
strip_nv_decorations(const char *mangled)
{
	const char *m = mangled;
	size_t len, i;

	if (strncmp(m, "__nv_static_", 12) == 0)
		m = skip_nv_static(m);
	/* Drop a "$<digits>" alias suffix (-rdc local copies). */
	len = i = strlen(m);
	while (i > 0 && isdigit((unsigned char)m[i - 1]))
		i--;
	if (i > 0 && i < len && m[i - 1] == '$')
		len = i - 1;
	return xstrndup(m, len);
}

/* The three forms printed from one parse: collapsed and ns are left as
 * name when they do not print. */
static void
print_forms(struct demangle_component *tree, const char *mangled, struct strpool *pool,
    struct demangled *out)
{
	struct sink k = { .cap = SINK_START };
	struct demangle_component *stripped, *scope;
	const char *full, *s;
	int too_long = 0;

	k.buf = xmalloc(k.cap);
	full = print_interned(tree, pool, &k, &too_long);
	if (full == NULL) {
		keep_mangled(out, pool, mangled, too_long ? DEMANGLE_TOO_LONG : DEMANGLE_WITHIN);
		free(k.buf);
		return;
	}
	out->name = out->collapsed = full;
	stripped = strip(tree, 0);
	if ((s = print_interned(stripped, pool, &k, &too_long)) != NULL)
		out->collapsed = s;
	scope = scope_of(stripped, 0);
	if (scope != NULL && (s = print_interned(scope, pool, &k, &too_long)) != NULL)
		out->ns = s;
	free(k.buf);
}

/*
 * Where buf may be cut: before each of the first DEMANGLE_PREFIX_CUTS
 * template argument lists ('I') within DEMANGLE_PREFIX_MAX bytes, from
 * the left.  Returns how many, in cut[], shortest first.
 */
static size_t
prefix_cuts(const char *buf, size_t len, size_t cut[DEMANGLE_PREFIX_CUTS])
{
	size_t n = 0;

	for (size_t p = 3; p < len && p <= DEMANGLE_PREFIX_MAX && n < DEMANGLE_PREFIX_CUTS; p++)
		if (buf[p] == 'I')
			cut[n++] = p;
	return n;
}

/*
 * The collapsed form and namespace of the longest prefix of buf (a "_Z"
 * name without nvcc's decorations) that demangles, cut before a template
 * argument list ('I') and closed; 0 when no cut demangles.  The cuts are
 * tried longest first and the first that prints is the answer, so that a
 * name whose every cut demangles costs one parse and one printing, and
 * only the answer is interned.  The cuts printed share one name's bound on
 * the printer's work (DEMANGLE_WORK_MAX): a cut that prints nothing (past
 * DEMANGLED_MAX) leaves the shorter ones only what it did not use.
 */
static int
prefix_forms(const char *buf, struct strpool *pool, struct demangled *out)
{
	const char *close = strncmp(buf, "_ZN", 3) == 0 ? "E" : "";
	size_t cuts[DEMANGLE_PREFIX_CUTS];
	size_t n = prefix_cuts(buf, strlen(buf), cuts);
	char *cut = xmalloc(DEMANGLE_PREFIX_MAX + 2);
	struct sink k = { .cap = SINK_START };
	size_t work_left = DEMANGLE_WORK_MAX;
	int found = 0;

	k.buf = xmalloc(k.cap);
	while (n > 0 && !found) {
		struct demangle_component *tree;
		size_t p = cuts[--n], work;
		void *mem = NULL;
		int too_long = 0;

		memcpy(cut, buf, p);
		strcpy(cut + p, close);
		tree = cplus_demangle_v3_components(cut, DEMANGLE_OPTS, &mem);
		if (tree != NULL && (work = print_work(tree, p)) <= work_left) {
			struct demangle_component *stripped = strip(tree, 0);

			work_left -= work;
			if (print_into(stripped, &k, &too_long)) {
				char *more = xasprintf("%.*s" DEMANGLE_PREFIX_MORE, (int)k.len, k.buf);
				struct demangle_component *scope;
				const char *ns;

				out->collapsed = strpool_intern_str(pool, more);
				free(more);
				scope = scope_of(stripped, 0);
				ns = scope != NULL ? print_interned(scope, pool, &k, &too_long) : NULL;
				if (ns != NULL)
					out->ns = ns;
				found = 1;
			}
		}
		free(mem);
	}
	free(k.buf);
	free(cut);
	return found;
}

void
demangle_names(const char *mangled, struct strpool *pool, struct demangled *out)
{
	struct demangle_component *tree;
	void *mem = NULL;
	char *buf;
	size_t len;

	out->ns = strpool_intern_str(pool, "");
	out->bound = DEMANGLE_WITHIN;

	/* "$kernel$callee" subroutines are not C++ names. */
	if (mangled[0] == '$') {
		keep_mangled(out, pool, mangled, DEMANGLE_WITHIN);
		return;
	}
	buf = strip_nv_decorations(mangled);
	len = strlen(buf);
	if (strncmp(buf, "_Z", 2) != 0) {
		keep_mangled(out, pool, buf, DEMANGLE_WITHIN);
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
		keep_mangled(out, pool, mangled, DEMANGLE_WITHIN);
		(void)prefix_forms(buf, pool, out);
		free(buf);
		return;
	}
	tree = cplus_demangle_v3_components(buf, DEMANGLE_OPTS, &mem);
	if (tree == NULL) {
		keep_mangled(out, pool, mangled, DEMANGLE_WITHIN);
		(void)prefix_forms(buf, pool, out);
	} else if (print_work(tree, len) > DEMANGLE_WORK_MAX)
		keep_mangled(out, pool, mangled, DEMANGLE_TOO_MUCH_WORK);
	else
		print_forms(tree, mangled, pool, out);
	free(mem);
	free(buf);
}
