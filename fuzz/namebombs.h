/* SPDX-License-Identifier: MIT */
/*
 * Demangler bombs, as the attack round made them
 * (tests/attacks/repro/names/demangle-bomb-N): the fuzz target's mutator and the
 * unit tests build them alike.
 */
#ifndef SPILLWAY_FUZZ_NAMEBOMBS_H
#define SPILLWAY_FUZZ_NAMEBOMBS_H

#include <stdio.h>
#include <string.h>

/* Base 36, as substitutions number them. */
static inline void
b36(unsigned i, char *out)
{
	char tmp[16];
	size_t n = 0;

	do
		tmp[n++] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i % 36];
	while ((i /= 36) != 0);
	while (n > 0)
		*out++ = tmp[--n];
	*out = '\0';
}

/* S_, S0_, S1_...: the substitution numbered i. */
static inline void
sub(unsigned i, char *out)
{
	if (i == 0) {
		strcpy(out, "S_");
		return;
	}
	out[0] = 'S';
	b36(i - 1, out + 1);
	strcat(out, "_");
}

/* f<a, pair<a,a>, pair<pair..>..>(a): doubles every two levels. */
static inline size_t
make_doubling(char *out, size_t cap, unsigned levels)
{
	size_t n = (size_t)snprintf(out, cap, "_Z1fI1aSt4pairIS_S_E");
	char id[16];

	for (unsigned i = 1; i <= levels && n + 40 < cap; i++) {
		b36(i, id);
		n += (size_t)snprintf(out + n, cap - n, "S0_IS%s_S%s_E", id, id);
	}
	n += (size_t)snprintf(out + n, cap - n, "EvT_");
	return n < cap ? n : cap - 1;
}

/* f<>((pair<X_k, T>)...), T an empty pack: walks X_k, prints nothing. */
static inline size_t
make_silent(char *out, size_t cap, unsigned levels, int empty)
{
	size_t n = (size_t)snprintf(out, cap, "_Z1fI%sEvDpSt4pairI1aT_E", empty ? "JE" : "i");
	unsigned prev = 2, next = 6;
	char x[16];

	for (unsigned i = 0; i < levels && n + 40 < cap; i++) {
		sub(prev, x);
		n += (size_t)snprintf(out + n, cap - n, "DpS0_IS0_I%s%sET_E", x, x);
		prev = next;
		next += 4;
	}
	return n < cap ? n : cap - 1;
}

#endif
