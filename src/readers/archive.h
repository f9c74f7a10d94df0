/* SPDX-License-Identifier: MIT */
/* ar archives (static libraries), read through libelf: every member. */
#ifndef SPILLWAY_ARCHIVE_H
#define SPILLWAY_ARCHIVE_H

#include <stddef.h>
#include <stdint.h>

int	archive_is_archive(const uint8_t *data, size_t size);
/* A thin archive ("!<thin>"): its members are files of their own. */
int	archive_is_thin(const uint8_t *data, size_t size);

typedef void (*archive_member_fn)(void *ctx, const char *name,
    const uint8_t *data, size_t size, size_t offset);
/* A member that is not read, or read under its raw name: why, and the
 * offset of its header. */
typedef void (*archive_error_fn)(void *ctx, size_t offset, const char *message);

/*
 * Calls on_member for every member but the symbol and long-name tables, in
 * archive order; BSD long names ("#1/N") are read from the member's front.
 * A member whose header claims more bytes than the archive holds is not
 * read, and one whose long name cannot be found is read under its raw
 * name: on_error says so.  Returns 0, or -1 with a message in err when the
 * archive cannot be walked to its end (the members before that were still
 * given).
 */
int	archive_walk(const uint8_t *data, size_t size, archive_member_fn on_member,
	    archive_error_fn on_error, void *ctx, char *err, size_t errsize, size_t *err_offset);

#endif
