/* SPDX-License-Identifier: MIT */
/*
 * Each compile-time trace tied to its compile and its functions to their
 * rows (ctrace.h), after the scan.
 *
 * The compile: the module whose target is the trace's name less ".json"
 * (nvcc -fdevice-time-trace - writes OUT.json beside -o OUT), or less its
 * object's extension as well (clang -ftime-trace writes OUT's stem .json):
 * the same path, or one a path suffix of the other at a '/' (a record
 * log's target is as the command gave it, relative to its directory).
 * Several modules that fit only by suffix: none is chosen.
 *
 * A function: the row of the same mangled name on the sm its ptxas event
 * was for (any sm when the trace names none).
 */
#include "config.h"

#include <string.h>

#include <libiberty/hashtab.h>

#include "ctrace.h"
#include "keyhash.h"
#include "xalloc.h"

/* An object's extensions: a trace and its module are compared without them. */
static const char *const object_exts[] = { ".o", ".obj" };

static size_t
stem_len(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof object_exts / sizeof object_exts[0]; i++) {
		size_t e = strlen(object_exts[i]);

		if (n > e && memcmp(s + n - e, object_exts[i], e) == 0)
			return n - e;
	}
	return n;
}

/* 2: a and b are one path; 1: one ends the other after a '/'; 0 neither. */
static int
path_fit(const char *a, size_t na, const char *b, size_t nb)
{
	const char *l = na >= nb ? a : b, *s = na >= nb ? b : a;
	size_t nl = na >= nb ? na : nb, ns = na >= nb ? nb : na;

	if (ns == 0)
		return 0;
	if (nl == ns)
		return memcmp(l, s, ns) == 0 ? 2 : 0;
	return l[nl - ns - 1] == '/' && memcmp(l + nl - ns, s, ns) == 0;
}

static size_t
trace_module(const struct model *m, const struct compile_trace *t)
{
	size_t n = strlen(t->file), found = 0, fits = 0;

	if (n > 5 && strcmp(t->file + n - 5, ".json") == 0)
		n -= 5;
	n = stem_len(t->file, n);
	for (size_t i = 0; i < m->nmodules; i++) {
		const char *name = m->modules[i].name;
		int fit = path_fit(t->file, n, name, stem_len(name, strlen(name)));

		if (fit == 2)
			return i + 1;
		if (fit == 1 && fits++ == 0)
			found = i + 1;
	}
	return fits == 1 ? found : 0;
}

/* The functions the traces name, by interned name, to their rows. */
struct wanted {
	/* cppcheck-suppress unusedStructMember ; read through the table's void pointers */
	const char	*name;
};

static hashval_t
wanted_hash(const void *p)
{
	return (hashval_t)keyhash_ptr(((const struct wanted *)p)->name);
}

static int
wanted_eq(const void *a, const void *b)
{
	return ((const struct wanted *)a)->name == ((const struct wanted *)b)->name;
}

/* A row of the item's function: its name for people; on the item's sm
 * (or any, when the trace names none), its figures. */
static void
item_join(struct trace_item *it, const struct func_rec *f, const char *arch)
{
	if (it->name != f->mangled)
		return;
	if (f->name != NULL && *f->name)
		it->shown = f->name;
	if ((*it->arch && strcmp(it->arch, arch) != 0) || it->reg != UNKNOWN)
		return;
	it->reg = f->reg;
	it->stack = f->stack;
	it->spill_stores = f->spill_stores;
}

static void
funcs_join(struct model *m)
{
	htab_t want = htab_create_alloc(64, wanted_hash, wanted_eq, NULL, xcalloc, free);

	for (size_t i = 0; i < m->ntraces; i++)
		for (size_t k = 0; k < m->traces[i].nitems[TRACE_FUNC]; k++)
			*htab_find_slot(want, &m->traces[i].items[TRACE_FUNC][k], INSERT) =
			    &m->traces[i].items[TRACE_FUNC][k];
	for (size_t f = 0; htab_elements(want) > 0 && f < m->nfuncs; f++) {
		const struct func_rec *fr = &m->funcs[f];
		struct wanted key = { fr->mangled };

		if (htab_find(want, &key) == NULL)
			continue;	/* not named by a trace: nothing to join */
		for (size_t i = 0; i < m->ntraces; i++)
			for (size_t k = 0; k < m->traces[i].nitems[TRACE_FUNC]; k++)
				item_join(&m->traces[i].items[TRACE_FUNC][k], fr, m->images[fr->image].arch);
	}
	htab_delete(want);
}

void
ctrace_join(struct model *m)
{
	for (size_t i = 0; i < m->ntraces; i++)
		m->traces[i].module = trace_module(m, &m->traces[i]);
	if (m->ntraces > 0)
		funcs_join(m);
}
