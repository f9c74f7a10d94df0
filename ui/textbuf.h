/* SPDX-License-Identifier: MIT */
/*
 * Lines of text with a class each: what the detail, build, check and help
 * views show.  Built in plain C (and tested so); the drawing layer maps
 * each class to an attribute and scrolls.
 */
#ifndef SPILLWAY_TEXTBUF_H
#define SPILLWAY_TEXTBUF_H

#include <stddef.h>

enum tb_class {
	TB_NORMAL,
	TB_HEADING,	/* a section title */
	TB_DIM,		/* secondary: mangled names, notes */
	TB_BAD,		/* a violation, a spill, a budget breach */
	TB_WARN,	/* worth a look: overlaps, stale allowances */
	TB_GOOD,
};

struct tb_line {
	char	*text;
	int	 cls;
	long	 ref;	/* what the line is about (the check view: an entry of
			 * model.funcs), -1 none */
};

struct textbuf {
	struct tb_line	*v;
	size_t		 n, cap;
};

void	tb_add(struct textbuf *, int cls, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Adds s cut into lines of at most width columns, each after indent. */
void	tb_wrap(struct textbuf *, int cls, const char *indent, const char *s, int width);
void	tb_clear(struct textbuf *);
/* Sets the last line's ref. */
void	tb_set_ref(struct textbuf *, long ref);
/* The next line from from (dir 1 or -1, from itself when inclusive) with a
 * ref, -1 if none. */
long	tb_next_ref(const struct textbuf *, long from, int dir, int inclusive);
void	tb_free(struct textbuf *);
/* The index of the first line holding text at or after from, -1 if none. */
long	tb_find(const struct textbuf *, const char *text, size_t from, int dir);

#endif
