/* SPDX-License-Identifier: MIT */
/*
 * CSV rows built in memory and written with one fwrite (stdio's locking
 * per call made output character by character the slowest part of
 * --list): RFC 4180 fields, quoted only when they must be.  Every CSV
 * that spillway writes goes through here.
 */
#ifndef SPILLWAY_CSVROW_H
#define SPILLWAY_CSVROW_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct csvrow {
	char	*buf;
	size_t	 len, cap;
};

void	csvrow_put(struct csvrow *, const char *s, size_t n);
/* A field and what ends it: a comma, or a line break when last. */
void	csvrow_field(struct csvrow *, const char *s, int last);
/* A number; a negative one is an empty field. */
void	csvrow_number(struct csvrow *, int64_t v, int last);
void	csvrow_unsigned(struct csvrow *, uint64_t v, int last);
void	csvrow_empty(struct csvrow *, int last);
/* The text so far to f, and the row emptied for the next. */
void	csvrow_flush(struct csvrow *, FILE *f);
void	csvrow_free(struct csvrow *);

#endif
