/* SPDX-License-Identifier: MIT */
/*
 * Diagnostics: what could not be read, where, and what was expected.
 * Readers add records; only main decides what the exit status becomes.
 *
 * A damaged file can hold a million damaged entries: diagnostics about one
 * file in a row are kept up to DIAG_PER_FILE, and the rest only counted,
 * in one closing "and N more" record; the file's name is stored once for
 * the whole run.
 */
#ifndef SPILLWAY_DIAG_H
#define SPILLWAY_DIAG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DIAG_NO_OFFSET UINT64_MAX
/* Messages kept about one file in a row: enough to see what is wrong,
 * few enough that a flood of bad entries costs no memory. */
#define DIAG_PER_FILE	20

struct diag {
	char		*file;		/* shared by a run about one file (owns_file) */
	char		*member;	/* archive member, or NULL */
	uint64_t	 offset;	/* DIAG_NO_OFFSET when none applies */
	char		*message;
	uint64_t	 order;		/* sort key: keeps output deterministic */
	uint64_t	 more;		/* > 0: "and more messages about file" */
	int		 owns_file;	/* file is this record's to free */
};

struct diag_list {
	struct diag	*v;
	size_t		 n, cap;
	size_t		 run;		/* first record of the last run about one file */
	size_t		 summary;	/* 1 + index of that run's "and N more", or 0 */
};

void	diag_add(struct diag_list *, uint64_t order, const char *file,
	    const char *member, uint64_t offset, const char *fmt, ...)
	    __attribute__((format(printf, 6, 7)));
/* Moves every record of src to the end of dst (the cap applies). */
void	diag_append(struct diag_list *dst, struct diag_list *src);
/* Frees the records from n on. */
void	diag_truncate(struct diag_list *, size_t n);
void	diag_sort(struct diag_list *);
void	diag_print(FILE *, const struct diag *);
void	diag_free(struct diag_list *);
/* A reader's damage said in err (errsize bytes) at offset at, put in
 * *offset; returns -1, for "return diag_fail_at(...)". */
int	diag_fail_at(char *err, size_t errsize, size_t *offset, uint64_t at, const char *fmt, ...)
	    __attribute__((format(printf, 5, 6)));

#endif
