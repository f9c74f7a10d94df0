/* SPDX-License-Identifier: MIT */
/*
 * libarchive's own headers.  Its <archive.h> has the name of the ar
 * reader's header here (archive.h), which the include path finds first:
 * this header, itself found through the include path (include it as
 * <libarchive.h>, never "libarchive.h", or the search starts over), takes
 * the next archive.h on the path, libarchive's.  Only package.c includes it.
 */
#ifndef SPILLWAY_LIBARCHIVE_H
#define SPILLWAY_LIBARCHIVE_H

#include_next <archive.h>
#include <archive_entry.h>

#endif
