/* ar archives (static libraries), read through libelf: every member. */
#ifndef SPILLWAY_ARCHIVE_H
#define SPILLWAY_ARCHIVE_H

#include <stddef.h>
#include <stdint.h>

int	archive_is_archive(const uint8_t *data, size_t size);

typedef void (*archive_member_fn)(void *ctx, const char *name,
    const uint8_t *data, size_t size, size_t offset);

/*
 * Calls on_member for every member but the symbol and long-name tables, in
 * archive order.  Returns 0, or -1 with a message in err when the archive
 * cannot be walked to its end (the members before that were still given).
 */
int	archive_walk(const uint8_t *data, size_t size, archive_member_fn on_member,
	    void *ctx, char *err, size_t errsize, size_t *err_offset);

#endif
