/* SPDX-License-Identifier: MIT */
/*
 * Compile-time traces (src/logs/ctrace.h): a trace of nvcc's shape and one
 * of clang's read to their sums; damaged JSON said so, never a crash, and
 * nothing added; every bound (bytes, events, names, a value's bytes) met
 * as the reference page says; a Chrome trace no compiler wrote told
 * apart; each trace joined to the compile of its output.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ctrace.h"
#include "model.h"
#include "xalloc.h"

/* nvcc's shape: otherData first, {} opening the array, metadata before
 * each process's events; one function on two sms, an instantiation twice. */
static const char nvcc_trace[] =
    "{\"otherData\" : {\"inputFiles\": [\"src/k.cu\"], \"targetArchs\": [\"compute_90\"]},"
    " \"traceEvents\" : [ {}\n"
    ", {\"name\":\"process_name\",\"ph\":\"M\",\"pid\":7,\"args\":{\"name\":\"cicc\"}}"
    ", {\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":7,\"tid\":0,\"args\":{\"name\":\"src/k.cu [compute_90]\"}}"
    ", {\"name\":\"Instantiating Template Class\",\"ph\":\"X\",\"pid\":7,\"tid\":0,\"ts\":100,\"dur\":40,"
    "\"args\":{\"detail\":\"V [V<int>]\"}}"
    ", {\"name\":\"Instantiating Template Class\",\"ph\":\"X\",\"pid\":7,\"tid\":0,\"ts\":200,\"dur\":60,"
    "\"args\":{\"detail\":\"V [V<int>]\"}}"
    ", {\"name\":\"Instantiating Template Function\",\"ph\":\"X\",\"pid\":7,\"tid\":0,\"ts\":300,\"dur\":70,"
    "\"args\":{\"detail\":\"f [f<float>]\"}}"
    ", {\"name\":\"process_name\",\"ph\":\"M\",\"pid\":8,\"args\":{\"name\":\"ptxas\"}}"
    ", {\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":8,\"tid\":0,\"args\":{\"name\":\"src/k.cu [sm_90]\"}}"
    ", {\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":8,\"tid\":1,\"args\":{\"name\":\"src/k.cu [sm_80]\"}}"
    ", {\"name\":\"Optimizing compilation unit\",\"ph\":\"X\",\"pid\":8,\"tid\":0,\"ts\":1000,\"dur\":500,"
    "\"args\":{\"name\":\"_Z1kv\"}}"
    ", {\"name\":\"Optimizing compilation unit\",\"ph\":\"X\",\"pid\":8,\"tid\":1,\"ts\":1600,\"dur\":300,"
    "\"args\":{\"name\":\"_Z1kv\"}}"
    ", {\"name\":\"Optimizing compilation unit\",\"ph\":\"X\",\"pid\":8,\"tid\":0,\"ts\":1900,\"dur\":100,"
    "\"args\":{\"name\":\"_Z1kv\"}}"
    "]}\n";

/* clang's shape: events first, its per-name totals and its metadata last. */
static const char clang_trace[] =
    "{\"traceEvents\":[{\"pid\":1,\"tid\":1,\"ph\":\"X\",\"ts\":10,\"dur\":5,\"name\":\"InstantiateFunction\","
    "\"args\":{\"detail\":\"g<int>\"}},"
    "{\"pid\":1,\"tid\":1,\"ph\":\"X\",\"ts\":30,\"dur\":20,\"name\":\"OptFunction\",\"args\":{\"detail\":\"_Z1gIiEvv\"}},"
    "{\"pid\":1,\"tid\":1,\"ph\":\"X\",\"ts\":40,\"dur\":2,\"name\":\"OptModule\",\"args\":{\"detail\":\"h.cpp\"}},"
    "{\"pid\":1,\"tid\":1,\"ph\":\"X\",\"ts\":0,\"dur\":60,\"name\":\"ExecuteCompiler\"},"
    "{\"pid\":1,\"tid\":2,\"ph\":\"X\",\"ts\":0,\"dur\":999,\"name\":\"Total InstantiateFunction\","
    "\"args\":{\"count\":1,\"avg ms\":0}},"
    "{\"cat\":\"\",\"pid\":1,\"tid\":1,\"ts\":0,\"ph\":\"M\",\"name\":\"process_name\",\"args\":{\"name\":\"clang\"}}"
    "],\"beginningOfTime\":1796235053423430}";

static enum ctrace_status
read_str(struct model *m, const char *s, size_t n, char *err, size_t *off)
{
	err[0] = '\0';
	return ctrace_read((const uint8_t *)s, n, "t.json", m, err, 256, off);
}

static void
nvcc_sums(void **state)
{
	struct model m;
	char err[256];
	size_t off = 0;
	const struct compile_trace *t;

	(void)state;
	model_init(&m);
	assert_true(ctrace_is_trace((const uint8_t *)nvcc_trace, sizeof nvcc_trace - 1));
	assert_int_equal(read_str(&m, nvcc_trace, sizeof nvcc_trace - 1, err, &off), CTRACE_OK);
	assert_int_equal(m.ntraces, 1);
	t = &m.traces[0];
	assert_string_equal(t->tool, "nvcc");
	assert_string_equal(t->tu, "src/k.cu");
	assert_int_equal(t->events, 6);
	assert_true(t->span == 1900.0);		/* 100 to 2000 */
	assert_int_equal(t->nitems[TRACE_INST], 2);
	assert_string_equal(t->items[TRACE_INST][0].name, "V [V<int>]");
	assert_true(t->items[TRACE_INST][0].us == 100.0);
	assert_int_equal(t->items[TRACE_INST][0].events, 2);
	assert_string_equal(t->items[TRACE_INST][1].name, "f [f<float>]");
	/* one function per sm: ptxas's thread names it */
	assert_int_equal(t->nitems[TRACE_FUNC], 2);
	assert_string_equal(t->items[TRACE_FUNC][0].arch, "sm_90");
	assert_true(t->items[TRACE_FUNC][0].us == 600.0);
	assert_string_equal(t->items[TRACE_FUNC][1].arch, "sm_80");
	assert_true(t->items[TRACE_FUNC][1].us == 300.0);
	assert_int_equal(t->nkept, 6);
	assert_true(t->kept[0].ts == 0.0);
	assert_string_equal(t->kept[0].lane, "cicc [compute_90]");
	model_free(&m);
}

static void
clang_sums(void **state)
{
	struct model m;
	char err[256];
	size_t off = 0;
	const struct compile_trace *t;

	(void)state;
	model_init(&m);
	assert_int_equal(read_str(&m, clang_trace, sizeof clang_trace - 1, err, &off), CTRACE_OK);
	t = &m.traces[0];
	assert_string_equal(t->tool, "clang");
	assert_string_equal(t->tu, "h.cpp");
	assert_int_equal(t->events, 4);		/* its Total event left out */
	assert_true(t->span == 60.0);
	assert_int_equal(t->nitems[TRACE_INST], 1);
	assert_true(t->items[TRACE_INST][0].us == 5.0);
	assert_int_equal(t->nitems[TRACE_FUNC], 1);
	assert_string_equal(t->items[TRACE_FUNC][0].name, "_Z1gIiEvv");
	assert_string_equal(t->items[TRACE_FUNC][0].arch, "");
	model_free(&m);
}

/* Damaged texts: each a diagnostic naming the trace's damage, none added. */
static const char *const damaged[] = {
	"",
	"[]",
	"{\"traceEvents\":[",
	"{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1}]}",
	"{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,\"dur\":-5}]}",
	"{\"traceEvents\":[{\"ph\":\"X\",\"ts\":1,\"dur\":2}]}",
	"{\"traceEvents\":[1,2]}",
	"{\"traceEvents\":{}}",
	"{\"traceEvents\":[] \"x\":1}",
	"{\"traceEvents\":[],\"traceEvents\":[]}",
	"{\"traceEvents\":[{}] ,}",
	"{\"traceEvents\":[{}]} trailing",
	"{3:[]}",
	"{\"otherData\":{}}",
	"{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,\"dur\":2}{}]}",
	"{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"\\ud800\",\"ts\":1,\"dur\":2}]}",
};

static void
damaged_json(void **state)
{
	struct model m;
	char err[256];
	size_t off;

	(void)state;
	model_init(&m);
	for (size_t i = 0; i < sizeof damaged / sizeof damaged[0]; i++) {
		off = SIZE_MAX;
		assert_int_equal(read_str(&m, damaged[i], strlen(damaged[i]), err, &off), CTRACE_DAMAGED);
		assert_non_null(strstr(err, "compile-time trace"));
		assert_true(off <= strlen(damaged[i]));
	}
	/* cut anywhere, nvcc's trace is damage, never a crash */
	for (size_t n = 0; n < sizeof nvcc_trace - 3; n++)
		assert_int_equal(read_str(&m, nvcc_trace, n, err, &off), CTRACE_DAMAGED);
	assert_int_equal(m.ntraces, 0);
	model_free(&m);
}

/* The bounds: the file's bytes, a value's bytes, the events, the names. */
static void
bounds(void **state)
{
	struct model m;
	char err[256];
	size_t off, n = 0, cap;
	char *s;

	(void)state;
	model_init(&m);
	/* past CTRACE_BYTES_MAX: refused before a byte is read */
	assert_int_equal(read_str(&m, "{", CTRACE_BYTES_MAX + 1, err, &off), CTRACE_DAMAGED);
	assert_non_null(strstr(err, "past the"));

	/* an event longer than CTRACE_VALUE_BYTES_MAX */
	cap = CTRACE_VALUE_BYTES_MAX + 256;
	s = xmalloc(cap);
	n = (size_t)snprintf(s, cap, "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"");
	memset(s + n, 'a', CTRACE_VALUE_BYTES_MAX);
	n += CTRACE_VALUE_BYTES_MAX;
	n += (size_t)snprintf(s + n, cap - n, "\",\"ts\":1,\"dur\":1}]}");
	assert_int_equal(read_str(&m, s, n, err, &off), CTRACE_DAMAGED);
	assert_non_null(strstr(err, "longer than"));
	free(s);

	/* one event past CTRACE_EVENTS_MAX */
	cap = (size_t)CTRACE_EVENTS_MAX * 3 + 64;
	s = xmalloc(cap);
	n = (size_t)snprintf(s, cap, "{\"traceEvents\":[{}");
	for (uint64_t i = 0; i < CTRACE_EVENTS_MAX; i++) {
		memcpy(s + n, ",{}", 3);
		n += 3;
	}
	n += (size_t)snprintf(s + n, cap - n, "]}");
	assert_int_equal(read_str(&m, s, n, err, &off), CTRACE_DAMAGED);
	assert_non_null(strstr(err, "more than"));
	/* ...and exactly CTRACE_EVENTS_MAX is read (no compiler's: no events) */
	n = (size_t)snprintf(s, cap, "{\"traceEvents\":[{}");
	for (uint64_t i = 1; i < CTRACE_EVENTS_MAX; i++) {
		memcpy(s + n, ",{}", 3);
		n += 3;
	}
	n += (size_t)snprintf(s + n, cap - n, "]}");
	assert_int_equal(read_str(&m, s, n, err, &off), CTRACE_NOT_COMPILE);
	free(s);

	/* names past CTRACE_NAMES_MAX: counted as unsummed */
	cap = (CTRACE_NAMES_MAX + 10) * 120 + 256;
	s = xmalloc(cap);
	n = (size_t)snprintf(s, cap, "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"ExecuteCompiler\",\"ts\":0,\"dur\":1}");
	for (size_t i = 0; i < CTRACE_NAMES_MAX + 10; i++)
		n += (size_t)snprintf(s + n, cap - n, ",{\"ph\":\"X\",\"name\":\"InstantiateClass\",\"ts\":%zu,"
		    "\"dur\":%zu,\"args\":{\"detail\":\"T<%zu>\"}}", i, i, i);
	n += (size_t)snprintf(s + n, cap - n, "]}");
	assert_int_equal(read_str(&m, s, n, err, &off), CTRACE_OK);
	assert_int_equal(m.traces[0].unsummed, 10);
	assert_int_equal(m.traces[0].nitems[TRACE_INST], TRACE_TOP);
	assert_int_equal(m.traces[0].nkept, TRACE_KEEP);
	free(s);
	model_free(&m);
}

static void
sniff_and_foreign(void **state)
{
	static const char ours[] = "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"ExecuteCompiler\",\"ts\":0,\"dur\":1}],"
	    "\"otherData\":{\"producer\":\"spillway\"}}";
	struct model m;
	char err[256];
	size_t off;

	(void)state;
	assert_false(ctrace_is_trace((const uint8_t *)"ptxas info    : Used 8 registers", 32));
	assert_false(ctrace_is_trace((const uint8_t *)"{\"a\":1}", 7));
	assert_true(ctrace_is_trace((const uint8_t *)"\xef\xbb\xbf {\"traceEvents\":[]}", 22));
	model_init(&m);
	assert_int_equal(read_str(&m, ours, sizeof ours - 1, err, &off), CTRACE_NOT_COMPILE);
	assert_int_equal(m.ntraces, 0);
	model_free(&m);
}

/* A trace joins the compile of its output: the same path less .json (and
 * the object's extension), or a path suffix of it; two by suffix: none. */
static void
join(void **state)
{
	struct model m;
	char err[256];
	size_t off;
	static const struct { const char *file, *modules[2]; size_t want; } cases[] = {
		{ "build/a.o.json", { "build/a.o", "b.o" }, 1 },	/* nvcc -fdevice-time-trace - */
		{ "tree/build/a.json", { "b.o", "build/a.o" }, 2 },	/* clang, found under a root */
		{ "a.json", { "d1/a.o", "d2/a.o" }, 0 },		/* which one: not said */
		{ "x/a.json", { "ab.o", "xa.o" }, 0 },			/* no '/' before */
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		model_init(&m);
		for (int k = 0; k < 2; k++)
			model_module(&m, strpool_intern_str(&m.pool, cases[i].modules[k]));
		assert_int_equal(ctrace_read((const uint8_t *)clang_trace, sizeof clang_trace - 1, cases[i].file,
		    &m, err, sizeof err, &off), CTRACE_OK);
		ctrace_join(&m);
		assert_int_equal(m.traces[0].module, cases[i].want);
		model_free(&m);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nvcc_sums),
		cmocka_unit_test(clang_sums),
		cmocka_unit_test(damaged_json),
		cmocka_unit_test(bounds),
		cmocka_unit_test(sniff_and_foreign),
		cmocka_unit_test(join),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
