/* SPDX-License-Identifier: MIT */
/*
 * The line library under the build-log readers: a log's lines one by one,
 * what a line holds, its fields as numbers, and the diagnostic for a line
 * that cannot be read.  It knows no log format; every reader
 * (src/logs/log_*.c) calls it, and it calls none of them.
 */
#ifndef SPILLWAY_LOGLINES_H
#define SPILLWAY_LOGLINES_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"

/* Lines longer than this are reported, not read. */
#define LOG_LINE_MAX (1u << 20)

/* What a reader reads into and reports to. */
struct logctx {
	struct model		*m;
	struct diag_list	*diags;
	const char		*file;		/* interned */
	uint64_t		 order;		/* for diagnostics */
	size_t			 bad;		/* malformed lines */
	size_t			 modules;	/* modules filled: new, or named by an earlier log */
};

struct logline {
	const char	*s;
	size_t		 len;		/* without the newline (and a CR before it) */
	uint32_t	 no;		/* 1-based */
};

/*
 * The inside of a line longer than LOG_LINE_MAX, from its byte
 * LOG_LINE_MAX + 1 to its newline (or the end), which the scan has mapped
 * over with zeros: loglines_next steps over it rather than search it for
 * a newline it knows is not there.  Reading pages of zeros is no free
 * read on every kernel: on some, each page read is counted as resident,
 * and a line of a gigabyte would be held whole.  loglines_skips_clear
 * forgets them all, once the log is read.
 */
void	loglines_skip(const uint8_t *from, const uint8_t *to);
void	loglines_skips_clear(void);
/* The line at *pos, moving *pos past it; 0 at the end. */
int	loglines_next(const uint8_t *data, size_t size, size_t *pos, struct logline *);
/* Finds needle in the line, NULL when absent. */
const char *loglines_find(const struct logline *, const char *needle);
int	loglines_starts(const struct logline *, const char *prefix);
/* Reports line as malformed: "line N: ..." against the log's file. */
void	loglines_bad(struct logctx *, uint32_t line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/* A whole field as a non-negative decimal with an optional fraction. */
int	loglines_decimal(const char *s, size_t n, double *out);
/* A whole field as a whole number from 0 to max. */
int	loglines_integer(const char *s, size_t n, int64_t max, int64_t *out);

#endif
