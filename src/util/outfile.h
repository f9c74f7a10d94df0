/* SPDX-License-Identifier: MIT */
/*
 * The output file (-o FILE): written whole or not at all.  The writers
 * write to a temporary beside FILE; outfile_commit moves it over FILE once
 * every byte is on disk, outfile_discard drops it and leaves FILE as it
 * was.  Every write goes through outfile's own stream, which remembers the
 * errno of the first that fails, so that the message says why ("No space
 * left on device", "File too large") even when the writer that met it does
 * not check.
 *
 * What FILE is decides how it is written, never its name: a regular file
 * (or none yet) is replaced; a device or FIFO is written as it goes, opened
 * without blocking; the file standard output already is is standard
 * output.  A reader that closes the pipe (| head) ends the writing: what it
 * did not read is not an error.
 */
#ifndef SPILLWAY_OUTFILE_H
#define SPILLWAY_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

enum outfile_kind {
	OUTFILE_STDOUT,		/* no -o, or -o -: standard output, as it goes */
	OUTFILE_STREAM,		/* a device or FIFO: as it goes */
	OUTFILE_REPLACE,	/* a regular file, or none yet: a temporary, then rename */
};

struct outfile {
	FILE			*stream;	/* what the writers write to */
	const char		*name;		/* as given, for messages */
	enum outfile_kind	 kind;
	int			 fd;
	int			 error;		/* errno of the first failed write, or 0 */
	char			*target;	/* REPLACE: name through its symbolic links */
	char			*dir;		/* REPLACE: the target's directory */
	char			*temp;		/* REPLACE: the temporary's name, NULL while
						 * it has none (O_TMPFILE) */
	int			 temp_slot;	/* fatal.h's registration of temp, or -1 */
};

/* How long opening a FIFO waits for a reader: one started just before,
 * in the background (cat fifo & spillway -o fifo), opens it within that;
 * with none, the output fails rather than wait forever. */
#define OUTFILE_READER_WAIT	2	/* seconds */

/*
 * Opens the output: name NULL or "-" is standard output.  Returns 0, or -1
 * with a message naming the file in err; nothing is touched then.
 */
int	outfile_open(struct outfile *, const char *name, char *err, size_t errsize);

/*
 * Flushes, syncs and closes, then puts the temporary in the target's place.
 * Returns 0, or -1 with a message naming the file and the reason in err:
 * the temporary is gone then and the old file, if any, is as it was.
 */
int	outfile_commit(struct outfile *, char *err, size_t errsize);

/* Drops what was written to a temporary; the old file stays.  Standard
 * output and streams have had their bytes already: they are flushed. */
void	outfile_discard(struct outfile *);

/*
 * Opens name as it is, to write to (flags: O_WRONLY or O_RDWR, and
 * O_APPEND, O_CREAT as wanted; never truncated), without blocking: a FIFO
 * is waited on OUTFILE_READER_WAIT at most, a socket refused.  The
 * descriptor blocks on writes again unless flags hold O_NONBLOCK.  *st
 * gets what was opened.  Returns the descriptor, or -1 with a message
 * naming the file in err.
 */
int	outfile_open_as_is(const char *name, int flags, struct stat *st, char *err,
	    size_t errsize);

/* Appends len bytes of text to name (created if absent), opened as
 * outfile_open_as_is does; a regular file is cut back to its old end when
 * not all of it could be written.  Returns 0, or -1 with a message in err. */
int	outfile_append(const char *name, const char *text, size_t len, char *err, size_t errsize);

#endif
