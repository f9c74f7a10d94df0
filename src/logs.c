/* Recognising build logs and walking their lines. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/hashtab.h>

#include "logs.h"
#include "xalloc.h"

#define SNIFF_BYTES (64 * 1024)

int
logs_next_line(const uint8_t *data, size_t size, size_t *pos, struct logline *l)
{
	const char *s, *nl;
	size_t left;

	if (*pos >= size)
		return 0;
	s = (const char *)data + *pos;
	left = size - *pos;
	nl = memchr(s, '\n', left);
	l->s = s;
	l->len = nl ? (size_t)(nl - s) : left;
	*pos += l->len + (nl != NULL);
	if (l->len > 0 && s[l->len - 1] == '\r')
		l->len--;
	l->no++;
	return 1;
}

void
logs_bad(struct logctx *c, uint32_t line, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add(c->diags, c->order, c->file, NULL, DIAG_NO_OFFSET, "line %u: %s", line, msg);
	free(msg);
	c->bad++;
}

const char *
logs_find(const struct logline *l, const char *needle)
{
	return memmem(l->s, l->len, needle, strlen(needle));
}

static int
starts(const struct logline *l, const char *prefix)
{
	size_t n = strlen(prefix);
	return l->len >= n && memcmp(l->s, prefix, n) == 0;
}

/* "ptxas info    :" (or warning, error, fatal; padded with blanks or a TAB). */
static int
has_ptxas_tag(const struct logline *l)
{
	static const char *const tags[] = { "ptxas info", "ptxas warning", "ptxas error", "ptxas fatal" };

	for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
		const char *p = logs_find(l, tags[t]);
		const char *end = l->s + l->len;

		if (p == NULL)
			continue;
		p += strlen(tags[t]);
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p == ':')
			return 1;
	}
	return 0;
}

unsigned
logs_detect(const uint8_t *data, size_t size, int whole)
{
	size_t sniff = size < SNIFF_BYTES || whole ? size : SNIFF_BYTES;
	size_t pos = 0;
	struct logline l = { 0 };
	unsigned kinds = 0;

	if (memchr(data, '\0', size < 4096 ? size : 4096) != NULL)
		return 0;	/* not text */
	if (!logs_next_line(data, size, &pos, &l))
		return 0;
	if (starts(&l, "# build-rss log v"))
		return LOG_RECORD;
	if (starts(&l, "# ninja log v"))
		return LOG_NINJA;
	if (starts(&l, "source file name") && logs_find(&l, "phase name") != NULL)
		return LOG_NVTIME;
	pos = 0;
	l.no = 0;
	while (pos < sniff && logs_next_line(data, size, &pos, &l)) {
		if (!(kinds & LOG_PTXAS) && has_ptxas_tag(&l))
			kinds |= LOG_PTXAS;
		if (!(kinds & LOG_TIMEV) && (logs_find(&l, "Command being timed: \"") != NULL ||
		    logs_find(&l, "Maximum resident set size (kbytes): ") != NULL))
			kinds |= LOG_TIMEV;
	}
	return kinds;
}

size_t
logs_read(unsigned kinds, const uint8_t *data, size_t size, struct logctx *c)
{
	size_t before = c->bad;

	if (kinds & LOG_RECORD)
		logs_read_record(data, size, c);
	if (kinds & LOG_NINJA)
		logs_read_ninja(data, size, c);
	if (kinds & LOG_NVTIME)
		logs_read_nvtime(data, size, c);
	if (kinds & LOG_TIMEV)
		logs_read_timev(data, size, c);
	if (kinds & LOG_PTXAS)
		logs_read_ptxas(data, size, c);
	return c->bad - before;
}

/* An entry of the module index: a name and where its module is. */
struct mod_entry {
	const char	*name;
	size_t		 index;
};

static hashval_t
entry_hash(const void *e)
{
	return htab_hash_pointer(*(const void *const *)e);
}

/* Entries of both indexes begin with their key, a pointer. */
static int
entry_eq(const void *a, const void *b)
{
	return *(const void *const *)a == *(const void *const *)b;
}

static htab_t
new_table(htab_del del)
{
	return htab_create_alloc(64, entry_hash, entry_eq, del, xcalloc, free);
}

void
logs_modules_init(struct logs_modules *x)
{
	x->by_name = new_table(free);
	x->indexed = 0;
}

static void
index_module(struct logs_modules *x, const struct model *m, size_t i)
{
	struct mod_entry key = { m->modules[i].name, i };
	void **slot = htab_find_slot(x->by_name, &key, INSERT);

	if (*slot == NULL)
		*slot = xmalloc(sizeof key);
	*(struct mod_entry *)*slot = key;	/* the last of a name, as model_module finds */
}

struct build_module *
logs_module(struct logs_modules *x, struct model *m, const char *name)
{
	struct mod_entry key = { name, 0 }, *e;

	for (; x->indexed < m->nmodules; x->indexed++)
		index_module(x, m, x->indexed);
	e = htab_find(x->by_name, &key);
	if (e != NULL)
		return &m->modules[e->index];
	model_module_new(m, name);
	index_module(x, m, x->indexed++);
	return &m->modules[m->nmodules - 1];
}

void
logs_modules_free(struct logs_modules *x)
{
	if (x->by_name != NULL)
		htab_delete(x->by_name);
	x->by_name = NULL;
}

/* The items open under one key: a binary max-heap. */
struct open_entry {
	const void	*key;
	size_t		*items;
	size_t		 n, cap;
};

static void
open_entry_free(void *p)
{
	struct open_entry *e = p;

	free(e->items);
	free(e);
}

void
logs_open_init(struct logs_open *o)
{
	o->by_key = new_table(open_entry_free);
}

/* A NULL key is a key too: "any open item". */
static const void *const any_key = &any_key;

static struct open_entry *
open_entry_of(struct logs_open *o, const void *key, int insert)
{
	struct open_entry probe = { key ? key : any_key, NULL, 0, 0 };
	void **slot = htab_find_slot(o->by_key, &probe, insert ? INSERT : NO_INSERT);

	if (slot == NULL)
		return NULL;
	if (*slot == NULL) {
		struct open_entry *e = xcalloc(1, sizeof *e);
		e->key = probe.key;
		*slot = e;
	}
	return *slot;
}

void
logs_open_push(struct logs_open *o, const void *key, size_t item)
{
	struct open_entry *e = open_entry_of(o, key, 1);
	size_t i = e->n;

	/* Most keys hold one item: grown from one, not from xgrow's 16. */
	if (e->n == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 1;
		e->items = xreallocarray(e->items, e->cap, sizeof *e->items);
	}
	e->items[e->n++] = item;
	for (; i > 0 && e->items[(i - 1) / 2] < e->items[i]; i = (i - 1) / 2) {
		size_t t = e->items[i];
		e->items[i] = e->items[(i - 1) / 2];
		e->items[(i - 1) / 2] = t;
	}
}

static void
open_pop(struct open_entry *e)
{
	size_t i = 0;

	e->items[0] = e->items[--e->n];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, big = i, t;

		if (l < e->n && e->items[l] > e->items[big])
			big = l;
		if (r < e->n && e->items[r] > e->items[big])
			big = r;
		if (big == i)
			return;
		t = e->items[i];
		e->items[i] = e->items[big];
		e->items[big] = t;
		i = big;
	}
}

size_t
logs_open_latest(struct logs_open *o, const void *key, int (*is_open)(void *, size_t), void *ctx)
{
	struct open_entry *e = open_entry_of(o, key, 0);

	while (e != NULL && e->n > 0) {
		if (is_open(ctx, e->items[0]))
			return e->items[0];
		open_pop(e);	/* closed for good: never met again */
	}
	return SIZE_MAX;
}

void
logs_open_clear(struct logs_open *o)
{
	htab_empty(o->by_key);
}

void
logs_open_free(struct logs_open *o)
{
	if (o->by_key != NULL)
		htab_delete(o->by_key);
	o->by_key = NULL;
}
