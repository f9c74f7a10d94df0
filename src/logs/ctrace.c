/* SPDX-License-Identifier: MIT */
/*
 * Reading a compile-time trace (ctrace.h).  The top-level object and the
 * traceEvents array are stepped through here, a brace, a colon or a comma
 * at a time; every value (a key, an event, otherData) is parsed by
 * jansson on its own (JSON_DISABLE_EOF_CHECK: it says how many bytes the
 * value took), given at most CTRACE_VALUE_BYTES_MAX bytes, so that a
 * trace of a million events never stands parsed whole.
 *
 * What an event gives (summed[] below): an instantiation's time by
 * template (clang's InstantiateClass/Function, nvcc's cicc "Instantiating
 * Template Class/Function"), a function's by function and arch (ptxas's
 * "Optimizing compilation unit" on an sm, cicc's "Generating Function IR"
 * and OptFunction on a compute_NN, clang's OptFunction).  What is left
 * unread, by rule: metadata other than process and thread names, events
 * of phases other than X (complete), an event with no phase (nvcc opens
 * its array with {}), clang's "Total NAME" events (per-name sums it adds
 * at the end: spillway sums the events themselves).
 */
#include "config.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/hashtab.h>

#include "ctrace.h"
#include "diag.h"
#include "heap.h"
#include "keyhash.h"
#include "xalloc.h"

/* The events summed: their name, what they time, the argument naming it. */
static const struct {
	const char	*name;
	int		 kind;		/* enum trace_item_kind */
	const char	*arg;
} summed[] = {
	{ "InstantiateFunction",		TRACE_INST, "detail" },
	{ "InstantiateClass",			TRACE_INST, "detail" },
	{ "Instantiating Template Function",	TRACE_INST, "detail" },
	{ "Instantiating Template Class",	TRACE_INST, "detail" },
	{ "Optimizing compilation unit",	TRACE_FUNC, "name" },
	{ "Generating Function IR",		TRACE_FUNC, "detail" },
	{ "OptFunction",			TRACE_FUNC, "detail" },
};
#define NSUMMED (sizeof summed / sizeof summed[0])

/* Events only clang writes, which tell its trace from others'. */
static const char *const clang_events[] = { "ExecuteCompiler", "Frontend" };

/* A name's sum while the trace is read: a function's on one arch (its
 * thread's, "src.cu [sm_90]": ptxas's sm, cicc's compute_NN; "" clang). */
struct sum {
	int		 kind;
	char		*name;
	size_t		 len;
	char		 arch[24];
	double		 us;
	uint32_t	 n;
};

struct lane {
	int64_t		 pid, tid;	/* tid -1: the process's name */
	char		*name;
};

/* An event kept for the timeline, its lane told at the end. */
struct kept {
	double		 ts, dur;
	int64_t		 pid, tid;
	char		*name, *detail;
};

struct reader {
	const uint8_t	*data;
	size_t		 size, pos;
	struct model	*m;
	struct compile_trace t;
	htab_t		 sums;
	struct lane	 lanes[CTRACE_LANES_MAX];
	size_t		 nlanes;
	struct heap	 keep;		/* the TRACE_KEEP longest, shortest on top */
	double		 first, last;
	int		 clang;
	int		 foreign;	/* otherData names a producer */
	char		*err;
	size_t		 errsize, *offset;
};

static hashval_t
sum_hash(const void *p)
{
	const struct sum *s = p;

	return (hashval_t)(keyhash_bytes(s->name, s->len) ^ keyhash_bytes(s->arch, strlen(s->arch)) ^
	    (uint64_t)s->kind);
}

static int
sum_eq(const void *a, const void *b)
{
	const struct sum *x = a, *y = b;

	return x->kind == y->kind && x->len == y->len && memcmp(x->name, y->name, x->len) == 0 &&
	    strcmp(x->arch, y->arch) == 0;
}

static void
sum_free(void *p)
{
	struct sum *s = p;

	free(s->name);
	free(s);
}

static int
kept_shorter(const void *a, const void *b)
{
	const struct kept *x = a, *y = b;

	return x->dur < y->dur ? -1 : x->dur > y->dur;
}

static int
fail(struct reader *r, const char *what)
{
	return diag_fail_at(r->err, r->errsize, r->offset, r->pos, "compile-time trace: %s", what);
}

static void
skip_space(struct reader *r)
{
	while (r->pos < r->size && (r->data[r->pos] == ' ' || r->data[r->pos] == '\t' ||
	    r->data[r->pos] == '\n' || r->data[r->pos] == '\r'))
		r->pos++;
}

/* Steps over c (after blanks); 0 when it is there. */
static int
expect(struct reader *r, char c)
{
	skip_space(r);
	if (r->pos >= r->size || r->data[r->pos] != c)
		return -1;
	r->pos++;
	return 0;
}

/* One JSON value at pos, at most CTRACE_VALUE_BYTES_MAX bytes; NULL damage. */
static json_t *
value(struct reader *r)
{
	size_t left = r->size - r->pos;
	json_error_t e;
	json_t *v = json_loadb((const char *)r->data + r->pos,
	    left < CTRACE_VALUE_BYTES_MAX ? left : CTRACE_VALUE_BYTES_MAX,
	    JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &e);

	if (v == NULL) {
		if (left > CTRACE_VALUE_BYTES_MAX && e.position >= (int)CTRACE_VALUE_BYTES_MAX - 1)
			snprintf(e.text, sizeof e.text, "a value longer than %zu bytes", CTRACE_VALUE_BYTES_MAX);
		r->pos += e.position > 0 ? (size_t)e.position : 0;
		fail(r, e.text);
		return NULL;
	}
	r->pos += (size_t)e.position;
	return v;
}

static char *
name_copy(const char *s, size_t *len)
{
	size_t n = strlen(s);

	if (n > CTRACE_NAME_MAX)
		n = CTRACE_NAME_MAX;
	*len = n;
	return xstrndup(s, n);
}

/* The sm in a ptxas thread's name ("src.cu [sm_90]"), "" none. */
static void
lane_arch(const char *thread, char *arch, size_t size)
{
	const char *open = strrchr(thread, '['), *close = strrchr(thread, ']');

	arch[0] = '\0';
	if (open != NULL && close != NULL && close > open && (size_t)(close - open) < size)
		snprintf(arch, size, "%.*s", (int)(close - open - 1), open + 1);
}

static const char *
lane_find(const struct reader *r, int64_t pid, int64_t tid)
{
	for (size_t i = 0; i < r->nlanes; i++)
		if (r->lanes[i].pid == pid && r->lanes[i].tid == tid)
			return r->lanes[i].name;
	return NULL;
}

/* process_name and thread_name metadata: the lanes' names. */
static void
metadata(struct reader *r, const json_t *ev, const char *name)
{
	const char *v = json_string_value(json_object_get(json_object_get(ev, "args"), "name"));
	int thread = strcmp(name, "thread_name") == 0;

	if (v == NULL || (!thread && strcmp(name, "process_name") != 0) || r->nlanes >= CTRACE_LANES_MAX)
		return;
	if (!thread && (strcmp(v, "clang") == 0 || strcmp(v, "clang++") == 0))
		r->clang = 1;
	r->lanes[r->nlanes].pid = json_integer_value(json_object_get(ev, "pid"));
	r->lanes[r->nlanes].tid = thread ? json_integer_value(json_object_get(ev, "tid")) : -1;
	r->lanes[r->nlanes++].name = xstrdup(v);
}

static void
add_sum(struct reader *r, int kind, const char *name, double dur, int64_t pid, int64_t tid)
{
	struct sum key = { .kind = kind }, *s;
	const char *thread = kind == TRACE_FUNC ? lane_find(r, pid, tid) : NULL;
	void **slot;

	lane_arch(thread != NULL ? thread : "", key.arch, sizeof key.arch);
	key.name = (char *)name;
	key.len = strlen(name) > CTRACE_NAME_MAX ? CTRACE_NAME_MAX : strlen(name);
	slot = htab_find_slot(r->sums, &key, htab_elements(r->sums) < CTRACE_NAMES_MAX ? INSERT : NO_INSERT);
	if (slot == NULL) {
		r->t.unsummed++;
		return;
	}
	if ((s = *slot) == NULL) {
		s = *slot = xcalloc(1, sizeof *s);
		s->kind = kind;
		s->name = name_copy(name, &s->len);
		memcpy(s->arch, key.arch, sizeof s->arch);
	}
	s->us += dur;
	s->n++;
}

static void
keep(struct reader *r, const char *name, const json_t *ev, double ts, double dur)
{
	const char *detail = json_string_value(json_object_get(json_object_get(ev, "args"), "detail"));
	struct kept k = { ts, dur, json_integer_value(json_object_get(ev, "pid")),
	    json_integer_value(json_object_get(ev, "tid")), NULL, NULL };
	size_t len;

	if (heap_count(&r->keep) >= TRACE_KEEP) {
		struct kept out;

		if (kept_shorter(heap_top(&r->keep), &k) >= 0)
			return;
		heap_pop(&r->keep, &out);
		free(out.name);
		free(out.detail);
	}
	k.name = name_copy(name, &len);
	k.detail = name_copy(detail != NULL ? detail : "", &len);
	heap_push(&r->keep, &k);
}

/* A complete event: its time summed under its name, kept for the timeline. */
static int
complete(struct reader *r, const json_t *ev, const char *name)
{
	const json_t *ts = json_object_get(ev, "ts"), *dur = json_object_get(ev, "dur");
	const json_t *args = json_object_get(ev, "args");
	double t, d;

	if (!json_is_number(ts) || !json_is_number(dur))
		return fail(r, "a complete event (ph X) without a number ts and dur");
	t = json_number_value(ts);
	d = json_number_value(dur);
	if (!isfinite(t) || !isfinite(d) || d < 0 || fabs(t) > 1e18 || d > 1e18)
		return fail(r, "a complete event's ts or dur out of range");
	if (strncmp(name, "Total ", 6) == 0 && json_object_get(args, "count") != NULL)
		return 0;	/* clang's per-name sum */
	for (size_t i = 0; i < sizeof clang_events / sizeof clang_events[0]; i++)
		if (strcmp(name, clang_events[i]) == 0)
			r->clang = 1;
	if (strcmp(name, "OptModule") == 0 && !*r->t.tu &&
	    json_string_value(json_object_get(args, "detail")) != NULL) {	/* clang: the unit's file */
		size_t len;
		char *tu = name_copy(json_string_value(json_object_get(args, "detail")), &len);

		r->t.tu = strpool_intern(&r->m->pool, tu, len);
		free(tu);
	}
	r->t.events++;
	if (r->t.events == 1 || t < r->first)
		r->first = t;
	if (r->t.events == 1 || t + d > r->last)
		r->last = t + d;
	for (size_t i = 0; i < NSUMMED; i++) {
		const char *what = json_string_value(json_object_get(args, summed[i].arg));

		if (strcmp(name, summed[i].name) == 0 && what != NULL && *what)
			add_sum(r, summed[i].kind, what, d, json_integer_value(json_object_get(ev, "pid")),
			    json_integer_value(json_object_get(ev, "tid")));
	}
	keep(r, name, ev, t, d);
	return 0;
}

static int
event(struct reader *r, const json_t *ev)
{
	const char *ph = json_string_value(json_object_get(ev, "ph"));
	const char *name = json_string_value(json_object_get(ev, "name"));

	if (!json_is_object(ev))
		return fail(r, "an event that is not an object");
	if (ph == NULL)
		return 0;	/* nvcc opens with {} */
	if (name == NULL)
		return fail(r, "an event without a name");
	if (strcmp(ph, "M") == 0)
		metadata(r, ev, name);
	else if (strcmp(ph, "X") == 0)
		return complete(r, ev, name);
	return 0;
}

/* The traceEvents array, an event at a time. */
static int
event_array(struct reader *r)
{
	uint64_t n = 0;

	if (expect(r, '[') != 0)
		return fail(r, "traceEvents is not an array");
	skip_space(r);
	if (r->pos < r->size && r->data[r->pos] == ']') {
		r->pos++;
		return 0;
	}
	for (;;) {
		json_t *ev;
		int rc;

		if (++n > CTRACE_EVENTS_MAX)
			return diag_fail_at(r->err, r->errsize, r->offset, r->pos,
			    "compile-time trace: more than %" PRIu64 " events", CTRACE_EVENTS_MAX);
		skip_space(r);
		if ((ev = value(r)) == NULL)
			return -1;
		rc = event(r, ev);
		json_decref(ev);
		if (rc != 0)
			return rc;
		skip_space(r);
		if (r->pos < r->size && r->data[r->pos] == ']') {
			r->pos++;
			return 0;
		}
		if (expect(r, ',') != 0)
			return fail(r, "traceEvents: expected ',' or ']' after an event");
	}
}

/* nvcc's otherData: the files it compiled.  A producer named there is no
 * compiler's (spillway's --report=trace names itself, and holds the clang
 * events it merged). */
static void
other_data(struct reader *r, const json_t *v)
{
	const char *input = json_string_value(json_array_get(json_object_get(v, "inputFiles"), 0));

	if (json_object_get(v, "producer") != NULL)
		r->foreign = 1;

	if (input != NULL) {
		r->t.tool = "nvcc";
		r->t.tu = strpool_intern(&r->m->pool, input, strlen(input) > CTRACE_NAME_MAX ?
		    CTRACE_NAME_MAX : strlen(input));
	}
}

/* One member of the top-level object: traceEvents (*seen counts it), or
 * another value, parsed and passed by (otherData read). */
static int
member(struct reader *r, int *seen)
{
	json_t *key, *v;
	const char *name;
	int events, other;

	skip_space(r);
	if ((key = value(r)) == NULL)
		return -1;
	if ((name = json_string_value(key)) == NULL) {
		json_decref(key);
		return fail(r, "a member's name is not a string");
	}
	events = strcmp(name, "traceEvents") == 0;
	other = strcmp(name, "otherData") == 0;
	json_decref(key);
	if (expect(r, ':') != 0)
		return fail(r, "expected ':' after a member's name");
	if (events)
		return (*seen)++ ? fail(r, "traceEvents twice") : event_array(r);
	skip_space(r);
	if ((v = value(r)) == NULL)
		return -1;
	if (other)
		other_data(r, v);
	json_decref(v);
	return 0;
}

/* The top-level object: traceEvents once, other members passed by. */
static int
top_object(struct reader *r)
{
	int seen = 0;

	if (expect(r, '{') != 0)
		return fail(r, "not a JSON object");
	skip_space(r);
	if (r->pos < r->size && r->data[r->pos] == '}')
		r->pos++;
	else
		for (;;) {
			if (member(r, &seen) != 0)
				return -1;
			if (expect(r, '}') == 0)
				break;
			if (expect(r, ',') != 0)
				return fail(r, "expected ',' or '}' after a member");
		}
	skip_space(r);
	if (r->pos != r->size)
		return fail(r, "bytes after the trace's object");
	return seen ? 0 : fail(r, "no traceEvents");
}

static int
sum_longer(const void *a, const void *b)
{
	const struct sum *x = *(const struct sum *const *)a, *y = *(const struct sum *const *)b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c;

	if (x->us != y->us)
		return x->us > y->us ? -1 : 1;
	if ((c = memcmp(x->name, y->name, n)) != 0)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return strcmp(x->arch, y->arch);
}

static int
gather(void **slot, void *arg)
{
	struct sum ***at = arg;

	*(*at)++ = *slot;
	return 1;
}

/* The TRACE_TOP longest of each kind, interned. */
static void
top_items(struct reader *r)
{
	size_t n = htab_elements(r->sums);
	struct sum **v = xcalloc(n + 1, sizeof *v), **at = v;

	htab_traverse_noresize(r->sums, gather, &at);
	qsort(v, n, sizeof *v, sum_longer);
	for (size_t i = 0; i < n; i++) {
		struct sum *s = v[i];
		size_t *k = &r->t.nitems[s->kind];

		if (*k >= TRACE_TOP)
			continue;
		r->t.items[s->kind][(*k)++] = (struct trace_item){
			.name = strpool_intern(&r->m->pool, s->name, s->len), .us = s->us, .events = s->n,
			.arch = strpool_intern_str(&r->m->pool, s->arch), .reg = UNKNOWN, .stack = UNKNOWN,
			.spill_stores = UNKNOWN };
		r->t.items[s->kind][*k - 1].shown = r->t.items[s->kind][*k - 1].name;
	}
	free(v);
}

/* A lane's name: its process's, with its thread's [arch] when it has one. */
static const char *
lane_name(struct reader *r, int64_t pid, int64_t tid)
{
	const char *proc = lane_find(r, pid, -1), *thread = lane_find(r, pid, tid);
	char arch[32], buf[96];

	lane_arch(thread != NULL ? thread : "", arch, sizeof arch);
	if (proc == NULL)
		snprintf(buf, sizeof buf, "process %lld", (long long)pid);
	else
		snprintf(buf, sizeof buf, "%.60s%s%s%s", proc, *arch ? " [" : "", arch, *arch ? "]" : "");
	return strpool_intern_str(&r->m->pool, buf);
}

static int
kept_earlier(const void *a, const void *b)
{
	const struct trace_event *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->dur > y->dur ? -1 : x->dur < y->dur;	/* the enclosing first */
}

static void
kept_events(struct reader *r)
{
	size_t n = heap_count(&r->keep);

	r->t.kept = xcalloc(n + 1, sizeof *r->t.kept);
	while (heap_count(&r->keep) > 0) {
		struct kept k;

		heap_pop(&r->keep, &k);
		r->t.kept[r->t.nkept++] = (struct trace_event){
			.name = strpool_intern_str(&r->m->pool, k.name),
			.detail = strpool_intern_str(&r->m->pool, k.detail),
			.lane = lane_name(r, k.pid, k.tid), .ts = k.ts - r->first, .dur = k.dur };
		free(k.name);
		free(k.detail);
	}
	qsort(r->t.kept, r->t.nkept, sizeof *r->t.kept, kept_earlier);
}

static void
reader_free(struct reader *r)
{
	while (heap_count(&r->keep) > 0) {
		struct kept k;

		heap_pop(&r->keep, &k);
		free(k.name);
		free(k.detail);
	}
	heap_free(&r->keep);
	htab_delete(r->sums);
	for (size_t i = 0; i < r->nlanes; i++)
		free(r->lanes[i].name);
}

int
ctrace_is_trace(const uint8_t *data, size_t size)
{
	size_t at = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	static const char key[] = "\"traceEvents\"";

	if (size > CTRACE_SNIFF_BYTES)
		size = CTRACE_SNIFF_BYTES;
	while (at < size && (data[at] == ' ' || data[at] == '\t' || data[at] == '\r' || data[at] == '\n'))
		at++;
	return at < size && data[at] == '{' && memmem(data + at, size - at, key, sizeof key - 1) != NULL;
}

enum ctrace_status
ctrace_read(const uint8_t *data, size_t size, const char *file, struct model *m,
    char *err, size_t errsize, size_t *offset)
{
	struct reader r = { .data = data, .size = size, .m = m, .err = err, .errsize = errsize, .offset = offset };
	enum ctrace_status st = CTRACE_OK;

	if (size > CTRACE_BYTES_MAX)
		return diag_fail_at(err, errsize, offset, 0, "compile-time trace of %zu bytes, past the %zu read",
		    size, CTRACE_BYTES_MAX), CTRACE_DAMAGED;
	r.pos = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	r.sums = htab_create_alloc(256, sum_hash, sum_eq, sum_free, xcalloc, free);
	heap_init(&r.keep, sizeof(struct kept), kept_shorter);
	r.t.tu = strpool_intern_str(&m->pool, "");
	if (top_object(&r) != 0)
		st = CTRACE_DAMAGED;
	else if (r.foreign || (r.t.tool == NULL && !r.clang))
		st = CTRACE_NOT_COMPILE;
	if (st == CTRACE_OK) {
		r.t.file = strpool_intern_str(&m->pool, file);
		r.t.tool = r.t.tool != NULL ? r.t.tool : "clang";
		r.t.span = r.t.events > 0 ? r.last - r.first : 0;
		top_items(&r);
		kept_events(&r);
		model_add_trace(m, &r.t);
	}
	reader_free(&r);
	return st;
}
