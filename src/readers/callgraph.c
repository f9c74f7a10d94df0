/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "callgraph.h"
#include "xalloc.h"

/*
 * The blocks of .nv.callgraph, each opened by the pair (0, marker).  Seen
 * from CUDA 11.8 to 13.0 (tests/corpus/sepcomp): the calls, the kernels
 * whose address a device launch takes (symbol, 0), a block never seen
 * filled, and the device launches (launcher, kernel).  Only calls add to
 * a stack: a launched grid runs on a stack of its own.
 */
#define MARK_CALLS	0xffffffffu
#define MARK_LAUNCHED	0xfffffffeu
#define MARK_EMPTY	0xfffffffdu
#define MARK_LAUNCHES	0xfffffffcu
#define MARK_LOWEST	0xfffffff0u	/* markers are the pairs (0, x) with x at least this */

/*
 * What the driver supplies and nvlink adds no stack for: vprintf,
 * __assertfail, malloc and free called from an -rdc object leave the
 * linked kernel's stack at its own frame (nvlink 13.0 -v, sm_80 and
 * sm_90: tests/corpus/sepcomp/golden/nvlink.log).
 */
static const char *const leaf_names[] = { "vprintf", "__assertfail", "malloc", "free" };

int
callgraph_leaf_name(const char *name)
{
	for (size_t i = 0; i < sizeof leaf_names / sizeof leaf_names[0]; i++)
		if (strcmp(name, leaf_names[i]) == 0)
			return 1;
	return 0;
}

void
callgraph_init(struct callgraph *g)
{
	memset(g, 0, sizeof *g);
}

void
callgraph_free(struct callgraph *g)
{
	free(g->calls);
	free(g->first);
	free(g->next);
	memset(g, 0, sizeof *g);
}

int
callgraph_read(struct callgraph *g, const uint8_t *b, size_t len, size_t nsyms,
    char *err, size_t errsize, size_t *err_at)
{
	uint32_t block = 0;	/* none yet: pairs before the first marker are damage */
	size_t n = len / 8;

	if (len % 8 != 0) {
		snprintf(err, errsize, ".nv.callgraph of %zu bytes: expected pairs of 32-bit symbol indices", len);
		*err_at = len - len % 8;
		return -1;
	}
	g->calls = xmalloc((2 * n + 2) * sizeof *g->calls);
	for (size_t i = 0; i < n; i++) {
		uint32_t a = get_u32(b + 8 * i), c = get_u32(b + 8 * i + 4);

		if (a == 0 && c >= MARK_LOWEST) {
			block = c;
			continue;
		}
		if (block != MARK_CALLS) {
			/* Launches and launched kernels: read, and counted, not stacked. */
			if (block == MARK_LAUNCHES)
				g->launches++;
			else if (block == 0)
				goto damaged;
			continue;
		}
		if (a == 0 || c == 0 || a >= nsyms || c >= nsyms)
			goto damaged;
		g->calls[2 * g->ncalls] = a;
		g->calls[2 * g->ncalls + 1] = c;
		g->ncalls++;
	}
	return 0;
damaged:
	for (size_t i = 0; i < n; i++)
		if (get_u32(b + 8 * i) >= nsyms || get_u32(b + 8 * i + 4) < MARK_LOWEST) {
			*err_at = 8 * i;
			break;
		}
	snprintf(err, errsize, ".nv.callgraph: a call pair names symbol 0 or one past the %zu of the "
	    "symbol table, or comes before any block marker", nsyms);
	return -1;
}

void
callgraph_index(struct callgraph *g, size_t nsyms)
{
	g->nsyms = nsyms;
	g->first = xcalloc(nsyms + 1, sizeof *g->first);
	g->next = xmalloc((g->ncalls ? g->ncalls : 1) * sizeof *g->next);
	for (size_t i = 0; i < g->ncalls; i++)
		g->first[g->calls[2 * i] + 1]++;
	for (size_t s = 0; s < nsyms; s++)
		g->first[s + 1] += g->first[s];
	{
		uint32_t *at = xmalloc((nsyms ? nsyms : 1) * sizeof *at);

		memcpy(at, g->first, nsyms * sizeof *at);
		for (size_t i = 0; i < g->ncalls; i++)
			g->next[at[g->calls[2 * i]]++] = g->calls[2 * i + 1];
		free(at);
	}
}

/* Tarjan's strongly connected components, without recursion: a call
 * chain as deep as the symbol table stays off the C stack. */
struct tarjan {
	const struct callgraph	*g;
	const struct chain_sym	*syms;
	struct chain_out	*out;
	uint32_t		*index, *low, *stack, *walk, *edge;
	uint8_t			*on;
	size_t			 counter, depth, top;
};

#define UNSEEN	UINT32_MAX

/* A component done: every component below it is done already. */
static void
settle(struct tarjan *t, uint32_t root)
{
	const struct callgraph *g = t->g;
	size_t from = t->top;
	int cycle = 0;

	do
		from--;
	while (t->stack[from] != root);
	if (t->top - from > 1)
		cycle = 1;
	for (uint32_t e = g->first[root]; e < g->first[root + 1] && !cycle; e++)
		cycle = g->next[e] == root;
	for (size_t k = from; k < t->top; k++) {
		uint32_t v = t->stack[k];
		struct chain_out *o = &t->out[v];
		int64_t deepest = 0;

		t->on[v] = 0;
		o->need = t->syms[v].frame > 0 ? t->syms[v].frame : 0;
		o->why = STACK_BOUNDED;
		if (cycle) {
			o->why = STACK_RECURSION;
			continue;
		}
		if (t->syms[v].frame < 0 && !callgraph_leaf_name(t->syms[v].name)) {
			o->why = STACK_AT_LINK;
			continue;
		}
		for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
			const struct chain_out *w = &t->out[g->next[e]];

			if (w->why > o->why)
				o->why = w->why;
			if (w->need > deepest)
				deepest = w->need;
		}
		o->need += deepest;
		if (o->need > INT32_MAX)
			o->need = INT32_MAX;
	}
	t->top = from;
}

static void
visit(struct tarjan *t, uint32_t v)
{
	t->index[v] = t->low[v] = (uint32_t)t->counter++;
	t->stack[t->top++] = v;
	t->on[v] = 1;
	t->walk[t->depth] = v;
	t->edge[t->depth++] = t->g->first[v];
}

static void
components_from(struct tarjan *t, uint32_t root)
{
	const struct callgraph *g = t->g;

	visit(t, root);
	while (t->depth > 0) {
		uint32_t v = t->walk[t->depth - 1];

		if (t->edge[t->depth - 1] < g->first[v + 1]) {
			uint32_t w = g->next[t->edge[t->depth - 1]++];

			if (t->index[w] == UNSEEN)
				visit(t, w);
			else if (t->on[w] && t->index[w] < t->low[v])
				t->low[v] = t->index[w];
			continue;
		}
		t->depth--;
		if (t->low[v] == t->index[v])
			settle(t, v);
		if (t->depth > 0) {
			uint32_t u = t->walk[t->depth - 1];
			if (t->low[v] < t->low[u])
				t->low[u] = t->low[v];
		}
	}
}

void
callgraph_chains(const struct callgraph *g, const struct chain_sym *syms, struct chain_out *out)
{
	size_t n = g->nsyms ? g->nsyms : 1;
	struct tarjan t = {
		.g = g, .syms = syms, .out = out,
		.index = xmalloc(n * sizeof *t.index), .low = xmalloc(n * sizeof *t.low),
		.stack = xmalloc(n * sizeof *t.stack), .walk = xmalloc(n * sizeof *t.walk),
		.edge = xmalloc(n * sizeof *t.edge), .on = xcalloc(n, 1),
	};

	for (size_t v = 0; v < g->nsyms; v++)
		t.index[v] = UNSEEN;
	for (size_t v = 0; v < g->nsyms; v++)
		if (t.index[v] == UNSEEN)
			components_from(&t, (uint32_t)v);
	free(t.index);
	free(t.low);
	free(t.stack);
	free(t.walk);
	free(t.edge);
	free(t.on);
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char *
callgraph_join(const char **names, size_t n, struct strpool *pool)
{
	size_t len = 0, k = 0;
	const char *s;
	char *buf, *p;

	qsort(names, n, sizeof *names, name_cmp);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || strcmp(names[i], names[i - 1]) != 0) {
			names[k++] = names[i];
			len += strlen(names[i]) + 1;
		}
	p = buf = xmalloc(len + 1);
	for (size_t i = 0; i < k; i++) {
		size_t l = strlen(names[i]);
		memcpy(p, names[i], l);
		p += l;
		*p++ = '\n';
	}
	if (p > buf)
		p--;	/* no '\n' after the last */
	*p = '\0';
	s = strpool_intern(pool, buf, (size_t)(p - buf));
	free(buf);
	return s;
}

const char *
callgraph_reach(const struct callgraph *g, uint32_t root, const struct chain_sym *syms,
    struct strpool *pool, uint8_t *mark, size_t *budget)
{
	uint32_t *order;	/* the symbols reached, in the order met: queue and list */
	const char **names;
	size_t norder = 0, nnames = 0, spent = 0;
	const char *joined = NULL;

	if (root >= g->nsyms || g->first[root] == g->first[root + 1])
		return strpool_intern_str(pool, "");
	order = xmalloc(g->nsyms * sizeof *order);
	names = xmalloc(g->nsyms * sizeof *names);
	mark[root] = 1;
	order[norder++] = root;
	for (size_t i = 0; i < norder; i++) {
		uint32_t v = order[i];

		for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
			uint32_t w = g->next[e];

			if (++spent > *budget)
				goto out;
			if (mark[w])
				continue;
			mark[w] = 1;
			order[norder++] = w;
			if (syms[w].name[0] != '\0')
				names[nnames++] = syms[w].name;
		}
	}
	joined = callgraph_join(names, nnames, pool);
out:
	*budget = joined != NULL ? *budget - spent : 0;
	for (size_t i = 0; i < norder; i++)
		mark[order[i]] = 0;
	free(order);
	free(names);
	return joined;
}
