/* SPDX-License-Identifier: MIT */
/*
 * Indexes the build-log readers share, beside the line library: the
 * model's modules by name, and a log's open items by key.  They know no
 * log format and call no reader.
 */
#ifndef SPILLWAY_LOGINDEX_H
#define SPILLWAY_LOGINDEX_H

#include <stddef.h>

#include "loglines.h"
#include "model.h"

/*
 * The model's modules by name, for readers that name thousands of them
 * (model_module looks one by one: a 50,000-line .ninja_log was quadratic).
 * Modules added to the model by others since are indexed on the next call.
 * Each module handed out counts once in the log's modules (logctx).
 */
struct logindex_modules {
	struct logctx	*c;
	void		*by_name;	/* libiberty htab of name -> index */
	size_t		 indexed;	/* modules [0, indexed) are in it */
};

void	logindex_modules_init(struct logindex_modules *, struct logctx *);
/* The module named name (interned), new with every figure unknown when none. */
struct build_module *logindex_module(struct logindex_modules *, const char *name);
void	logindex_modules_free(struct logindex_modules *);

/*
 * The open items of a log by key (an interned string, or NULL for "any"):
 * ptxas entries not yet closed, nvcc --time runs without their driver
 * row.  logindex_open_latest gives the latest item still open under a key,
 * dropping those closed as it meets them: each item is pushed once and
 * dropped once, O(log n) each, where a search back through every item
 * read made a log of 50,000 open items quadratic.
 */
struct logindex_open {
	void	*by_key;	/* libiberty htab of key -> max-heap of items */
};

void	logindex_open_init(struct logindex_open *);
void	logindex_open_push(struct logindex_open *, const void *key, size_t item);
/* The largest item under key for which is_open says yes, or SIZE_MAX. */
size_t	logindex_open_latest(struct logindex_open *, const void *key, int (*is_open)(void *, size_t), void *ctx);
void	logindex_open_free(struct logindex_open *);

#endif
