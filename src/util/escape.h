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
 *   C1 controls (U+0080..U+009F),    "\u009b", "\u202e": a terminal
 *   bidirectional and line-breaking  reads U+009B as CSI, and the bidi
 *   formatting characters            controls reorder what follows them
 * Everything else, valid UTF-8 included, stays as it is.  A backslash
 * stays too: a C++ name never holds one, and a name that does is shown
 * as it is written rather than doubled.
 */
#ifndef SPILLWAY_ESCAPE_H
#define SPILLWAY_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* The longest escape one character can take ("\u202e"). */
#define ESCAPE_MAX	6

/* s's first n bytes escaped, allocated (at most ESCAPE_MAX times n). */
char	*escape_text(const char *s, size_t n);
/* The same into dst (dstsz bytes, NUL-terminated), cut before the first
 * escape or character that does not fit; returns the bytes written. */
size_t	 escape_text_buf(char *dst, size_t dstsz, const char *s);
/* s (NUL-terminated) written to f escaped. */
void	 escape_fputs(const char *s, FILE *f);
/* Whether escape_text would change s's first n bytes. */
int	 escape_needed(const char *s, size_t n);

#endif
