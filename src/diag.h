/*
 * Diagnostics: what could not be read, where, and what was expected.
 * Readers add records; only main decides what the exit status becomes.
 */
#ifndef SPILLWAY_DIAG_H
#define SPILLWAY_DIAG_H

#include <stdint.h>
#include <stdio.h>

#define DIAG_NO_OFFSET UINT64_MAX

struct diag {
	char		*file;
	char		*member;	/* archive member, or NULL */
	uint64_t	 offset;	/* DIAG_NO_OFFSET when none applies */
	char		*message;
	uint64_t	 order;		/* sort key: keeps output deterministic */
};

struct diag_list {
	struct diag	*v;
	size_t		 n, cap;
};

void	diag_add(struct diag_list *, uint64_t order, const char *file,
	    const char *member, uint64_t offset, const char *fmt, ...)
	    __attribute__((format(printf, 6, 7)));
void	diag_append(struct diag_list *dst, struct diag_list *src);
void	diag_sort(struct diag_list *);
void	diag_print(FILE *, const struct diag *);
void	diag_free(struct diag_list *);

#endif
