/* SPDX-License-Identifier: MIT */
/*
 * Scratch files: an unnamed temporary, in $TMPDIR (else /tmp), that no
 * path names and that goes with its last descriptor, so that nothing is
 * left behind whatever ends the run.  A member of a package is unpacked
 * into one (package.h) and read as a file: its pages belong to the page
 * cache, not to this process, and workers copy from it with pread.
 */
#ifndef SPILLWAY_SCRATCH_H
#define SPILLWAY_SCRATCH_H

#include <stddef.h>

/* A scratch file open for reading and writing, or -1 with a message in
 * err: an O_TMPFILE inode in $TMPDIR or /tmp, else a memfd where the file
 * system takes no O_TMPFILE. */
int	scratch_open(char *err, size_t errsize);

#endif
