/*
 * The output file (-o FILE): written whole or not at all.  The writers
 * write to a temporary beside FILE; outfile_commit moves it over FILE once
 * every byte is on disk, outfile_discard drops it and leaves FILE as it
 * was.  Every write goes through outfile's own stream, which remembers the
 * errno of the first that fails, so that the message says why ("No space
 * left on device") even when the writer that met it does not check.
 */
#ifndef SPILLWAY_OUTFILE_H
#define SPILLWAY_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

enum outfile_kind {
	OUTFILE_STDOUT,		/* no -o, or -o -: standard output, as it goes */
	OUTFILE_STREAM,		/* a device, FIFO or socket (/dev/..., /proc/...): as it goes */
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
};

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

#endif
