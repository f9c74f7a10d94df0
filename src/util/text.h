/* SPDX-License-Identifier: MIT */
/*
 * Display width of UTF-8 text and fitting it into a cell: plain C, no
 * curses, so that the browser's layout is tested without a terminal.
 */
#ifndef SPILLWAY_TEXT_H
#define SPILLWAY_TEXT_H

#include <stddef.h>

/* Terminal columns that s takes (invalid bytes count one each). */
int	text_width(const char *s);

/*
 * Copies src, escaped as every face escapes names (escape.h: no control
 * byte reaches the terminal), into dst (dstsz bytes) so that it takes at
 * most width columns.
 * A string too wide keeps its head and its tail and loses its middle, where
 * ellipsis goes: both the namespace and the kernel name stay readable.
 * Returns the width written.
 */
int	text_fit(char *dst, size_t dstsz, const char *src, int width, const char *ellipsis);

/* Copies src's longest prefix no wider than width columns; returns its width. */
int	text_cut(char *dst, size_t dstsz, const char *src, int width);

/*
 * src for a terminal whose locale is not UTF-8 (LANG=C): each character
 * that is not printable ASCII, and each byte that is not UTF-8, becomes one
 * '?', as ls -q shows names, so that no byte is drawn as something else
 * and the columns stay where they are.  Into dst (dstsz bytes,
 * NUL-terminated, cut to fit); returns the bytes written.
 */
size_t	text_ascii(char *dst, size_t dstsz, const char *src);

/* Finds needle in hay, ignoring case unless needle holds an upper-case
 * letter (vim's smartcase).  NULL when absent; an empty needle matches. */
const char *text_find(const char *hay, const char *needle);

#endif
