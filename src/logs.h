/*
 * Build-log readers: ptxas -v output, nvcc --time CSV, spillway record
 * logs, GNU time -v output and .ninja_log.  Each is recognised by content;
 * each fills the model (ptxas figures, modules) and reports a malformed
 * line as one diagnostic naming the file and the line, then reads on.
 */
#ifndef SPILLWAY_LOGS_H
#define SPILLWAY_LOGS_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"

/* What a text holds; a build log captured whole may hold several. */
enum {
	LOG_PTXAS	= 1 << 0,	/* ptxas -v lines */
	LOG_NVTIME	= 1 << 1,	/* nvcc --time CSV */
	LOG_RECORD	= 1 << 2,	/* # build-rss log v1 (spillway record) */
	LOG_TIMEV	= 1 << 3,	/* GNU time -v blocks */
	LOG_NINJA	= 1 << 4,	/* .ninja_log */
};

/* Lines longer than this are reported, not read. */
#define LOG_LINE_MAX (1u << 20)

struct logctx {
	struct model		*m;
	struct diag_list	*diags;
	const char		*file;		/* interned */
	uint64_t		 order;		/* for diagnostics */
	size_t			 bad;		/* malformed lines */
};

struct logline {
	const char	*s;
	size_t		 len;		/* without the newline (and a CR before it) */
	uint32_t	 no;		/* 1-based */
};

/*
 * The kinds of log data holds (a LOG_ bit set), 0 if none.  Only the first
 * 64 KiB are searched for ptxas and time -v lines unless whole is set
 * (--log=FILE names a log, which may begin with anything).
 */
unsigned	logs_detect(const uint8_t *data, size_t size, int whole);
/* Reads every kind in kinds; returns the number of malformed lines. */
size_t		logs_read(unsigned kinds, const uint8_t *data, size_t size, struct logctx *);

/* Line iteration; returns 0 at the end. */
int	logs_next_line(const uint8_t *data, size_t size, size_t *pos, struct logline *);
void	logs_bad(struct logctx *, uint32_t line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Finds needle in the line, NULL when absent. */
const char *logs_find(const struct logline *, const char *needle);

/*
 * The model's modules by name, for readers that name thousands of them
 * (model_module looks one by one: a 50,000-line .ninja_log was quadratic).
 * Modules added to the model by others since are indexed on the next call.
 */
struct logs_modules {
	void	*by_name;	/* libiberty htab of name -> index */
	size_t	 indexed;	/* modules [0, indexed) are in it */
};

void	logs_modules_init(struct logs_modules *);
/* The module named name (interned), new with every figure unknown when none. */
struct build_module *logs_module(struct logs_modules *, struct model *, const char *name);
void	logs_modules_free(struct logs_modules *);

/*
 * The open items of a log by key (an interned string, or NULL for "any"):
 * ptxas entries not yet closed, nvcc --time runs without their driver
 * row.  logs_open_latest gives the latest item still open under a key,
 * dropping those closed as it meets them: each item is pushed once and
 * dropped once, O(log n) each, where a search back through every item
 * read made a log of 50,000 open items quadratic.
 */
struct logs_open {
	void	*by_key;	/* libiberty htab of key -> max-heap of items */
};

void	logs_open_init(struct logs_open *);
void	logs_open_push(struct logs_open *, const void *key, size_t item);
/* The largest item under key for which is_open says yes, or SIZE_MAX. */
size_t	logs_open_latest(struct logs_open *, const void *key, int (*is_open)(void *, size_t), void *ctx);
void	logs_open_clear(struct logs_open *);
void	logs_open_free(struct logs_open *);

void	logs_read_ptxas(const uint8_t *, size_t, struct logctx *);
void	logs_read_nvtime(const uint8_t *, size_t, struct logctx *);
void	logs_read_record(const uint8_t *, size_t, struct logctx *);
void	logs_read_timev(const uint8_t *, size_t, struct logctx *);
void	logs_read_ninja(const uint8_t *, size_t, struct logctx *);

#endif
