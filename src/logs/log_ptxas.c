/* SPDX-License-Identifier: MIT */
/*
 * ptxas -v: per (function, sm) registers, stack frame, spills, barriers,
 * shared and constant memory (spillway-record(1), BUILD LOGS).  A state machine:
 * "N bytes gmem" opens a block (one ptxas run: one TU, one sm), "Compiling
 * entry function" names the entry and the sm, "Function properties" and its
 * indented stack line give any function's frame and spills, "Used N
 * registers" closes an entry.  A device function met before the block's
 * first entry takes the sm that entry names.  Lines from other tools, and
 * ptxas messages that carry no figures, are skipped.
 */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/hashtab.h>

#include "keyhash.h"
#include "logindex.h"
#include "loglines.h"
#include "logreader.h"
#include "xalloc.h"

struct ptx_state {
	struct logctx		*c;
	struct ptxas_rec	*recs;
	size_t			 n, cap;
	const char		*block_arch;	/* interned; "" until an entry names it */
	size_t			 block_first;	/* first record of this block */
	const char		*props;		/* name of a pending "Function properties" */
	uint32_t		 props_line;
	const char		*empty;
	/* Open entries (named, not closed by their "Used" line) by name, all
	 * of them, and those whose properties were seen. */
	struct logindex_open	 by_name, open, framed;
};

/* Parses a decimal number at *p (within end); -1 when none or too large. */
static int32_t
num_at(const char **p, const char *end)
{
	int64_t v = 0;
	const char *s = *p;

	if (s >= end || !isdigit((unsigned char)*s))
		return -1;
	while (s < end && isdigit((unsigned char)*s)) {
		v = v * 10 + (*s - '0');
		if (v > INT32_MAX)
			return -1;
		s++;
	}
	*p = s;
	return (int32_t)v;
}

/* Matches literal text at *p and moves past it. */
static int
lit(const char **p, const char *end, const char *text)
{
	size_t n = strlen(text);

	if ((size_t)(end - *p) < n || memcmp(*p, text, n) != 0)
		return 0;
	*p += n;
	return 1;
}

/* The message after "ptxas <severity> :", or NULL. */
static const char *const tags[] = { "ptxas info", "ptxas warning", "ptxas error", "ptxas fatal" };
/* Every tag starts so: what a file must hold to be searched for them. */
static const char *const anchors[] = { "ptxas ", NULL };

static const char *
ptxas_message(const struct logline *l, int *info)
{
	const char *end = l->s + l->len;

	for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
		const char *p = loglines_find(l, tags[t]);

		if (p == NULL)
			continue;
		p += strlen(tags[t]);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p >= end || *p != ':')
			continue;
		p++;
		while (p < end && *p == ' ')
			p++;
		*info = t == 0;
		return p;
	}
	return NULL;
}

static struct ptxas_rec *
new_rec(struct ptx_state *st, const char *name, size_t len, const char *arch, int entry, uint32_t line)
{
	struct ptxas_rec *r;

	xgrow((void **)&st->recs, &st->cap, st->n + 1, sizeof *st->recs);
	r = &st->recs[st->n++];
	memset(r, 0, sizeof *r);
	r->mangled = strpool_intern(&st->c->m->pool, name, len);
	r->arch = arch;
	r->entry = (uint8_t)entry;
	r->reg = r->frame = r->stack = r->spill_stores = r->spill_loads = UNKNOWN;
	r->barriers = r->smem = UNKNOWN;
	r->cmem = st->empty;
	r->source = st->c->file;
	r->line = line;
	return r;
}

/* An entry of this block still waiting for its "Used" line. */
static int
entry_open(void *ctx, size_t i)
{
	const struct ptx_state *st = ctx;
	const struct ptxas_rec *r = &st->recs[i];

	return i >= st->block_first && r->entry && r->reg < 0;
}

static struct ptxas_rec *
latest(struct ptx_state *st, struct logindex_open *by, const char *key)
{
	size_t i = logindex_open_latest(by, key, entry_open, st);
	return i == SIZE_MAX ? NULL : &st->recs[i];
}

/* The open entry named name in this block (E seen, figures not complete). */
static struct ptxas_rec *
open_entry(struct ptx_state *st, const char *name)
{
	return latest(st, &st->by_name, name);
}

/* The entry a "Used" line closes: the latest open entry, preferring one whose
 * properties were seen. */
static struct ptxas_rec *
used_target(struct ptx_state *st)
{
	struct ptxas_rec *r = latest(st, &st->framed, NULL);

	return r != NULL ? r : latest(st, &st->open, NULL);
}

static void
new_block(struct ptx_state *st)
{
	st->block_arch = st->empty;
	st->block_first = st->n;
}

/* "Compiling entry function 'NAME' for 'sm_80'" */
static void
on_entry(struct ptx_state *st, const struct logline *l, const char *p, const char *end)
{
	const char *name, *q, *arch = st->empty;
	size_t nlen;

	if (!lit(&p, end, "'") || (q = memchr(p, '\'', (size_t)(end - p))) == NULL || q == p) {
		loglines_bad(st->c, l->no, "ptxas entry line without a quoted function name (cut line?)");
		return;
	}
	name = p;
	nlen = (size_t)(q - p);
	p = q + 1;
	if (lit(&p, end, " for '")) {
		const char *a = p;
		q = memchr(p, '\'', (size_t)(end - p));
		if (q == NULL || q - a >= 16 || (strncmp(a, "sm_", 3) != 0 && strncmp(a, "compute_", 8) != 0)) {
			loglines_bad(st->c, l->no, "ptxas entry line: expected for 'sm_NN'");
			return;
		}
		arch = strpool_intern(&st->c->m->pool, a, (size_t)(q - a));
	}
	if (arch != st->empty) {
		if (st->block_arch != st->empty && st->block_arch != arch)
			new_block(st);	/* interleaved: another run's block */
		if (st->block_arch == st->empty) {
			/* Device functions read earlier in this block are for this sm. */
			for (size_t i = st->block_first; i < st->n; i++)
				if (st->recs[i].arch == st->empty)
					st->recs[i].arch = arch;
		}
		st->block_arch = arch;
	}
	new_rec(st, name, nlen, arch, 1, l->no);
	logindex_open_push(&st->by_name, st->recs[st->n - 1].mangled, st->n - 1);
	logindex_open_push(&st->open, NULL, st->n - 1);
}

/* "    704 bytes stack frame, 1156 bytes spill stores, 1156 bytes spill loads" */
static int
on_frame(struct ptx_state *st, const struct logline *l)
{
	const char *end = l->s + l->len, *p = loglines_find(l, " bytes stack frame");
	int32_t frame, stores, loads;
	struct ptxas_rec *r;

	/* Back to the number before it, past any prefix ("1>  ", a timestamp). */
	if (p == NULL)
		p = l->s;
	while (p > l->s && p[-1] >= '0' && p[-1] <= '9')
		p--;
	frame = num_at(&p, end);
	if (frame < 0 || !lit(&p, end, " bytes stack frame, ") ||
	    (stores = num_at(&p, end)) < 0 || !lit(&p, end, " bytes spill stores, ") ||
	    (loads = num_at(&p, end)) < 0 || !lit(&p, end, " bytes spill loads")) {
		loglines_bad(st->c, l->no, "ptxas stack frame line: expected 'N bytes stack frame, "
		    "N bytes spill stores, N bytes spill loads'");
		st->props = NULL;
		return -1;
	}
	if (st->props == NULL) {
		loglines_bad(st->c, l->no, "ptxas stack frame line with no 'Function properties' line before it");
		return -1;
	}
	r = open_entry(st, st->props);
	if (r == NULL || r->frame >= 0) {
		r = new_rec(st, st->props, strlen(st->props), st->block_arch, 0, st->props_line);
		r->stack = UNKNOWN;
	} else
		logindex_open_push(&st->framed, NULL, (size_t)(r - st->recs));
	r->frame = frame;
	r->spill_stores = stores;
	r->spill_loads = loads;
	r->line = st->props_line;
	st->props = NULL;
	return 0;
}

/* "Used 64 registers, used 0 barriers, 704 bytes cumulative stack size, 372 bytes cmem[0]" */
static void
on_used(struct ptx_state *st, const struct logline *l, const char *p, const char *end)
{
	struct ptxas_rec *r = used_target(st);
	char cmem[256];
	size_t clen = 0;
	int32_t regs = num_at(&p, end);

	cmem[0] = '\0';
	if (regs < 0 || !lit(&p, end, " registers")) {
		loglines_bad(st->c, l->no, "ptxas 'Used' line: expected 'Used N registers'");
		return;
	}
	if (r == NULL) {
		loglines_bad(st->c, l->no, "ptxas 'Used' line with no entry function before it");
		return;
	}
	r->reg = regs;
	if (r->frame < 0)
		r->stack = UNKNOWN;	/* old logs: no properties line */
	else
		r->stack = 0;		/* printed only when > 0 */
	while (lit(&p, end, ", ")) {
		int32_t v, bank;

		if (lit(&p, end, "used ")) {
			if ((v = num_at(&p, end)) < 0 || !lit(&p, end, " barriers"))
				goto bad;
			r->barriers = v;
			continue;
		}
		if ((v = num_at(&p, end)) < 0)
			goto bad;
		if (lit(&p, end, "+")) {	/* sm_1x "A+B bytes smem" */
			int32_t w = num_at(&p, end);
			if (w < 0)
				goto bad;
			if (v > INT32_MAX - w) {
				r->cmem = strpool_intern_str(&st->c->m->pool, cmem);
				loglines_bad(st->c, l->no, "ptxas 'Used' line: %d+%d bytes is past 2^31", v, w);
				return;
			}
			v += w;
		}
		if (lit(&p, end, " bytes cumulative stack size"))
			r->stack = v;
		else if (lit(&p, end, " bytes smem"))
			r->smem = v;
		else if (lit(&p, end, " bytes lmem"))
			;
		else if (lit(&p, end, " bytes cmem[")) {
			if ((bank = num_at(&p, end)) < 0 || !lit(&p, end, "]"))
				goto bad;
			if (clen + 24 < sizeof cmem)
				clen += (size_t)snprintf(cmem + clen, sizeof cmem - clen, "%s%d:%d",
				    clen ? " " : "", bank, v);
		} else if (lit(&p, end, " textures") || lit(&p, end, " surfaces") || lit(&p, end, " samplers"))
			;
		else
			goto bad;
	}
	if (p != end)
		goto bad;
	r->cmem = strpool_intern_str(&st->c->m->pool, cmem);
	if (r->smem < 0)
		r->smem = 0;
	return;
bad:
	r->cmem = strpool_intern_str(&st->c->m->pool, cmem);
	loglines_bad(st->c, l->no, "ptxas 'Used' line: unexpected text at column %zu",
	    (size_t)(p - l->s) + 1);
}

/* A record's figures, hashed (keyed: the log chooses them) and compared
 * whole: repeats are dropped. */
static hashval_t
rec_hash(const void *p)
{
	const struct ptxas_rec *r = p;
	const uint64_t k[] = { (uintptr_t)r->mangled, (uintptr_t)r->arch, (uintptr_t)r->cmem,
	    (uint32_t)r->entry, (uint32_t)r->reg, (uint32_t)r->frame, (uint32_t)r->stack,
	    (uint32_t)r->spill_stores, (uint32_t)r->spill_loads, (uint32_t)r->barriers,
	    (uint32_t)r->smem };

	return (hashval_t)keyhash_bytes(k, sizeof k);
}

static int
rec_eq(const void *a, const void *b)
{
	const struct ptxas_rec *o = a, *r = b;

	return o->mangled == r->mangled && o->arch == r->arch && o->entry == r->entry &&
	    o->reg == r->reg && o->frame == r->frame && o->stack == r->stack &&
	    o->spill_stores == r->spill_stores && o->spill_loads == r->spill_loads &&
	    o->barriers == r->barriers && o->smem == r->smem && o->cmem == r->cmem;
}

/* Notes r as seen; 0 when it was seen before. */
static int
first_sight(htab_t seen, const struct ptxas_rec *r)
{
	void **slot = htab_find_slot(seen, r, INSERT);

	if (*slot != NULL)
		return 0;
	*slot = xmalloc(sizeof *r);
	memcpy(*slot, r, sizeof *r);
	return 1;
}

/*
 * Adds the records to the model, dropping exact repeats (a log read twice,
 * a TU built twice alike): a hash of what the model holds, then of what
 * it adds.  O(records in the model) per log, where comparing each record
 * with every other was quadratic.
 */
static void
flush(struct ptx_state *st)
{
	struct model *m = st->c->m;
	htab_t seen = htab_create_alloc(st->n + m->nptxas + 1, rec_hash, rec_eq, free, xcalloc, free);

	for (size_t k = 0; k < m->nptxas; k++)
		first_sight(seen, &m->ptxas[k]);
	for (size_t i = 0; i < st->n; i++) {
		const struct ptxas_rec *r = &st->recs[i];

		if (r->frame < 0 && r->reg < 0)
			continue;	/* an entry line with nothing after it */
		if (first_sight(seen, r))
			model_add_ptxas(m, r);
	}
	htab_delete(seen);
}

/* A line with a ptxas tag. */
static int
ptxas_sniff(const struct logline *l)
{
	int info;

	return ptxas_message(l, &info) != NULL;
}

static void
ptxas_read(const uint8_t *data, size_t size, struct logctx *c)
{
	struct ptx_state st;
	struct logline l = { 0 };
	size_t pos = 0;

	memset(&st, 0, sizeof st);
	st.c = c;
	st.empty = strpool_intern_str(&c->m->pool, "");
	logindex_open_init(&st.by_name);
	logindex_open_init(&st.open);
	logindex_open_init(&st.framed);
	new_block(&st);
	while (loglines_next(data, size, &pos, &l)) {
		const char *end = l.s + l.len, *p;
		int info = 0;

		if (l.len > LOG_LINE_MAX) {
			loglines_bad(c, l.no, "line longer than %u bytes, skipped", LOG_LINE_MAX);
			continue;
		}
		if (loglines_find(&l, "bytes stack frame") != NULL && ptxas_message(&l, &info) == NULL) {
			on_frame(&st, &l);
			continue;
		}
		if (st.props != NULL) {
			loglines_bad(c, st.props_line, "ptxas 'Function properties' line with no stack frame line after it");
			st.props = NULL;
		}
		p = ptxas_message(&l, &info);
		if (p == NULL || !info)
			continue;
		if (p < end && isdigit((unsigned char)*p) && loglines_find(&l, " bytes gmem") != NULL)
			new_block(&st);
		else if (lit(&p, end, "Compiling entry function "))
			on_entry(&st, &l, p, end);
		else if (lit(&p, end, "Function properties for ")) {
			const char *q = end;
			if (q > p && q[-1] == ':')	/* nvlink spells it "'NAME':" */
				q--;
			if (q - p >= 2 && *p == '\'' && q[-1] == '\'') {
				p++;
				q--;
			}
			if (q == p) {
				loglines_bad(c, l.no, "ptxas 'Function properties' line without a name");
				continue;
			}
			st.props = strpool_intern(&c->m->pool, p, (size_t)(q - p));
			st.props_line = l.no;
		} else if (lit(&p, end, "Used "))
			on_used(&st, &l, p, end);
	}
	if (st.props != NULL)
		loglines_bad(c, st.props_line, "ptxas 'Function properties' line with no stack frame line after it (cut log?)");
	flush(&st);
	free(st.recs);
	logindex_open_free(&st.by_name);
	logindex_open_free(&st.open);
	logindex_open_free(&st.framed);
}

const struct log_reader log_ptxas = {
	.name	= "ptxas",
	.kind	= LOG_PTXAS,
	.anchors = anchors,
	.sniff	= ptxas_sniff,
	.read	= ptxas_read,
};
