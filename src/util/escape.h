/* SPDX-License-Identifier: MIT */
/*
 * Names for people to read: one escaping, used by every face that shows a
 * kernel name or a path (--check lines, notices, Markdown and HTML
 * reports, the browser), so that no byte of a name moves the cursor,
 * colours a terminal, starts a line or reorders text.  CSV output keeps
 * names exact (its quoting holds any byte).
 *
 * What is escaped, and how:
 *   \n \r \t                        as themselves: "\n", "\r", "\t"
 *   other C0 controls, DEL           "\x1b", "\x7f"
 *   bytes that are not UTF-8         "\xff", one per byte
 *   C1 controls (U+0080..U+009F),    "\u009b", "\u202e", "\ufffe": a
 *   bidirectional and line-breaking  terminal reads U+009B as CSI, the
 *   formatting characters,           bidi controls reorder what follows
 *   noncharacters (U+FDD0..U+FDEF,   them, and no font draws a
 *   U+nFFFE, U+nFFFF)                noncharacter
 * Everything else, valid UTF-8 included, stays as it is: what comes out
 * is printable ASCII and characters that XML 1.0's Char holds.  A backslash
 * stays too: a C++ name never holds one, and a name that does is shown
 * as it is written rather than doubled.
 */
#ifndef SPILLWAY_ESCAPE_H
#define SPILLWAY_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* The longest escape one character can take ("\u10fffe"). */
#define ESCAPE_MAX	8

/* The most bytes an escape takes per byte of input ("\x1b"). */
#define ESCAPE_PER_BYTE	4

/* s's first n bytes escaped, allocated (at most ESCAPE_PER_BYTE times n). */
char	*escape_text(const char *s, size_t n);
/* The same into dst (dstsz bytes, NUL-terminated), cut before the first
 * escape or character that does not fit; returns the bytes written. */
size_t	 escape_text_buf(char *dst, size_t dstsz, const char *s);
/* s (NUL-terminated) written to f escaped. */
void	 escape_fputs(const char *s, FILE *f);
/* Whether escape_text would change s's first n bytes. */
int	 escape_needed(const char *s, size_t n);
/*
 * The character at s (n > 0 bytes left) as escape_text shows it, into out;
 * returns its length, and *used the bytes of s it stands for.  It writes
 * at most ESCAPE_PER_BYTE times *used bytes and one more (a NUL, not
 * counted, or nothing).  The other grammars' escapings (GitHub's workflow
 * commands, XML) build on it.
 */
size_t	 escape_char(const char *s, size_t n, char *out, size_t *used);

#endif
