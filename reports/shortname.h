/* SPDX-License-Identifier: MIT */
/*
 * Names shortened for a table a reviewer reads at GitHub's width: a
 * column of names is shortened as a whole, so that rows stay apart.
 * Template arguments and a function's parameters collapse to "<…>" and
 * "(…)" when no two names of the column then read the same; a name still
 * wider than the column keeps its head, its tail and the part where it
 * first differs from its nearest neighbour in the column (the part that
 * tells it apart), with "…" for what it shares.  The writers give the full
 * name beside (a title attribute), where the reader reaches it.
 */
#ifndef SPILLWAY_SHORTNAME_H
#define SPILLWAY_SHORTNAME_H

#include <stddef.h>

/*
 * A name column holds at most this many characters: GitHub's description
 * box is 880 px, about 110 characters of its code font (85 % of 14 px)
 * once padded, and a table with half a dozen numbers beside the name
 * leaves it about half of them.
 */
#define SHORTNAME_WIDTH	48

/*
 * A column whose longest cell is longer than this is shown whole: a
 * demangled name of deep templates runs to a few KiB, and a longer cell
 * is a list (the build section's compiles at once, thousands of names),
 * whose tokens would cost the shortening tens of bytes a character.
 */
#define SHORTNAME_CELL_MAX	8192

/*
 * The shown form of each of names[0..n) (escaped as every face escapes
 * names), allocated, or NULL where the name is shown whole.  The array is
 * allocated too; NULL when no name of the column is shortened.  width:
 * characters at most (SHORTNAME_WIDTH).
 */
char	**shortname_column(const char *const *names, size_t n, size_t width);
void	  shortname_free(char **shown, size_t n);

#endif
