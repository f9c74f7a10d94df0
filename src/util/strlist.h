/* SPDX-License-Identifier: MIT */
/*
 * A growable list of strings, each owned by the list: the lists the
 * command line gathers (--arch, --include, --sections, ...), handed to the
 * scanner, the judge and the presenters without the rest of the options.
 */
#ifndef SPILLWAY_STRLIST_H
#define SPILLWAY_STRLIST_H

#include <stddef.h>

struct strlist {
	char	**v;
	size_t	  n, cap;
};

/* Appends a copy of s. */
void	strlist_add(struct strlist *, const char *s);
/* Splits "a,b,c" into the list; empty items are left out. */
void	strlist_add_csv(struct strlist *, const char *s);
/* Frees the strings and the array; the list is left empty. */
void	strlist_free(struct strlist *);

#endif
