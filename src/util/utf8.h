/* SPDX-License-Identifier: MIT */
/* UTF-8 as RFC 3629 defines it: what every output grammar starts from. */
#ifndef SPILLWAY_UTF8_H
#define SPILLWAY_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * The UTF-8 sequence at s (n bytes left): its length, and its code point
 * in *cp; 0 when s does not start a valid one (a stray continuation byte,
 * a cut sequence, an overlong form, a surrogate, past U+10FFFF).  ASCII
 * is a sequence of one byte.
 */
size_t	utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

#endif
