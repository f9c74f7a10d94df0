/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: a symbol name through demangle_names (libiberty, then the
 * collapsing of template arguments and parameters, and the namespace), and
 * the names through the escaping every face shares.  The printed forms
 * must stay within DEMANGLED_MAX, and an escaped name hold no control byte.
 *
 * The mutator makes what tests/attacks/repro/tools makes: demangler bombs
 * (substitutions that refer twice to the one before; pack expansions over
 * a doubling pattern, which print nothing), nvcc's decorations, and names
 * with control characters, stray bytes, C1 and bidi characters.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "escape.h"
#include "fuzz.h"
#include "namebombs.h"
#include "strpool.h"
#include "xalloc.h"

#define NAME_MAX_FUZZ	4096	/* symbol names; longer ones test nothing new */

static void
check_escaped(const char *s)
{
	size_t n = strlen(s);
	char *e = escape_text(s, n);

	if (strlen(e) > n * ESCAPE_MAX)
		__builtin_trap();
	for (const unsigned char *p = (const unsigned char *)e; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			__builtin_trap();
	free(e);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strpool pool;
	struct demangled d;
	char *name;

	if (size > NAME_MAX_FUZZ)
		return 0;
	name = xstrndup((const char *)data, size);
	strpool_init(&pool);
	demangle_names(name, &pool, &d);
	if (d.name == NULL || d.collapsed == NULL || d.ns == NULL)
		__builtin_trap();
	if (strlen(d.name) > DEMANGLED_MAX && strlen(d.name) > size)
		__builtin_trap();
	if (d.bound != DEMANGLE_WITHIN && strcmp(d.name, name) != 0)
		__builtin_trap();
	check_escaped(d.name);
	check_escaped(name);
	strpool_free(&pool);
	free(name);
	return 0;
}

/* libFuzzer's own mutator; absent (NULL) when replay.c links the target. */
size_t	LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));
size_t	LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static unsigned
rnd(unsigned *seed, unsigned n)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 8) % n;
}

/* Bytes a name should never carry raw to a face. */
static const char *const hostile[] = {
	"\n", "\r", "\t", "\x1b[31m", "\x1b]0;t\x07", "\x7f", "\x08", "\xff", "\xc3(",
	"\xc2\x9b", "\xe2\x80\xae", "\xe2\x80\xa8", "\xed\xa0\x80", "\xc0\xaf", "|", "`", "<b>", "&amp;",
};

/* Inserts s at a random place of data (size bytes, max_size room). */
static size_t
insert(uint8_t *data, size_t size, size_t max_size, const char *s, unsigned *seed)
{
	size_t len = strlen(s), at = size ? rnd(seed, (unsigned)size + 1) : 0;

	if (size + len > max_size)
		return size;
	memmove(data + at + len, data + at, size - at);
	memcpy(data + at, s, len);
	return size + len;
}

/* nvcc's decorations around the name: "__nv_static_NN__<hash>_" and "$NN". */
static size_t
decorate(uint8_t *data, size_t size, size_t max_size, unsigned *seed)
{
	char pre[64], post[16];
	size_t lp, ls;

	lp = (size_t)snprintf(pre, sizeof pre, "__nv_static_%u__%08x_", 1 + rnd(seed, 40), rnd(seed, 1u << 30));
	ls = (size_t)snprintf(post, sizeof post, "$%u", rnd(seed, 100));
	if (size + lp + ls > max_size)
		return size;
	memmove(data + lp, data, size);
	memcpy(data, pre, lp);
	memcpy(data + lp + size, post, ls);
	return lp + size + ls;
}

size_t
LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
	char buf[NAME_MAX_FUZZ + 1];
	size_t cap = max_size < sizeof buf ? max_size : sizeof buf, n;

	if (cap < 64)
		return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
	switch (rnd(&seed, 8)) {
	case 0:
		n = make_doubling(buf, cap, 1 + rnd(&seed, 90));
		memcpy(data, buf, n);
		return n;
	case 1:
		n = make_silent(buf, cap, 1 + rnd(&seed, 60), rnd(&seed, 4) != 0);
		memcpy(data, buf, n);
		return n;
	case 2:
		return insert(data, size, max_size, hostile[rnd(&seed, sizeof hostile / sizeof hostile[0])], &seed);
	case 3:
		return decorate(data, size, max_size, &seed);
	default:
		break;
	}
	return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
}
