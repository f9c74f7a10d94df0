/* SPDX-License-Identifier: MIT */
/*
 * What every build-log reader (src/logs/log_*.c, one format each) is to
 * src/logs/logs.c, which walks a table of them to recognise a log and to read
 * it: a name, the kind it reads, a sniff and a read.  The readers stand
 * on the line library (src/logs/loglines.h, src/logs/logindex.h) and on nothing
 * else of the logs.
 */
#ifndef SPILLWAY_LOGREADER_H
#define SPILLWAY_LOGREADER_H

#include <stddef.h>
#include <stdint.h>

#include "loglines.h"

/* What a text holds; a build log captured whole may hold several. */
enum {
	LOG_PTXAS	= 1 << 0,	/* ptxas -v lines */
	LOG_NVTIME	= 1 << 1,	/* nvcc --time CSV */
	LOG_RECORD	= 1 << 2,	/* # build-rss log v1 (spillway record) */
	LOG_TIMEV	= 1 << 3,	/* GNU time -v blocks */
	LOG_NINJA	= 1 << 4,	/* .ninja_log */
};

struct log_reader {
	const char	*name;
	unsigned	 kind;		/* its LOG_ bit */
	/*
	 * header: sniff is asked of the first line only, and a yes makes the
	 * file this format and nothing else.  Otherwise sniff is asked of
	 * every line searched, and the format may share the file with others.
	 */
	int		 header;
	/*
	 * A format without a header is recognised when this many lines (1
	 * when 0) say so: a document that quotes one line of a log (a manual
	 * showing an example) is no log.
	 */
	int		 agree;
	/*
	 * A format without a header: every line its sniff takes holds one
	 * of these words (NULL-terminated), so a file that holds none of
	 * them is not searched line by line for it: a tree's text files that
	 * are no log cost a few memmem over their first bytes, not a sniff
	 * of every line.
	 */
	const char *const *anchors;
	int		(*sniff)(const struct logline *);
	void		(*read)(const uint8_t *, size_t, struct logctx *);
};

extern const struct log_reader log_ptxas, log_nvtime, log_record, log_timev, log_ninja;

#endif
