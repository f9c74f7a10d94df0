/* SPDX-License-Identifier: MIT */
/*
 * The fatbin container: a 16-byte header, then entries back to back.
 * Several containers may follow each other in one section.
 * See doc/binary-formats.md section 2.
 */
#ifndef SPILLWAY_FATBIN_H
#define SPILLWAY_FATBIN_H

#include <stddef.h>
#include <stdint.h>

#define FATBIN_MAGIC		0xBA55ED50u
#define FATBIN_KIND_PTX		1
#define FATBIN_KIND_ELF		2
#define FATBIN_KIND_LTO		8

#define FATBIN_FLAG_DEBUG	0x2ull
#define FATBIN_FLAG_LZ4		0x2000ull
#define FATBIN_FLAG_ZSTD	0x8000ull
#define FATBIN_FLAG_ARCH_A	0x100000ull
#define FATBIN_FLAG_ARCH_F	0x200000ull

struct fatbin_entry {
	uint16_t	 kind;
	uint32_t	 header_size;
	uint64_t	 padded_size;
	uint32_t	 compressed_size;
	uint16_t	 major, minor;
	uint32_t	 arch;
	uint64_t	 flags;
	uint64_t	 uncompressed_size;
	const uint8_t	*payload;	/* stored bytes */
	size_t		 payload_size;	/* compressed size, or the stored size */
	size_t		 offset;	/* of the entry header, from the buffer's start */
};

typedef void (*fatbin_entry_fn)(void *ctx, const struct fatbin_entry *);
typedef void (*fatbin_error_fn)(void *ctx, size_t offset, const char *message);

/*
 * Walks every container in buf (a section's contents or a .fatbin file),
 * calling on_entry for each entry.  A malformed container is reported
 * through on_error with its offset, and the walk stops there: what follows
 * a broken size field cannot be located.  Returns the number of errors.
 */
int	fatbin_walk(const uint8_t *buf, size_t size, fatbin_entry_fn on_entry,
	    fatbin_error_fn on_error, void *ctx);
/*
 * Zeros between containers (linkers pad to 8 bytes) are skipped.  A run
 * longer than FATBIN_ZERO_PROBE bytes may be a hole in a sparse file, which
 * reading byte by byte would fault into memory whole: skip (when not NULL)
 * is then asked where to go on, given where the run stands and where the
 * buffer ends; it returns a place after at and not past end, having
 * checked that every byte before it is zero.
 */
#define FATBIN_ZERO_PROBE	4096
typedef const uint8_t *(*fatbin_skip_fn)(void *ctx, const uint8_t *at, const uint8_t *end);
int	fatbin_walk_sparse(const uint8_t *buf, size_t size, fatbin_entry_fn on_entry,
	    fatbin_error_fn on_error, fatbin_skip_fn skip, void *ctx);

/*
 * The bytes of buf that are no entry's, counted as a walk passes them:
 * the containers' headers and the zeros between containers (size.c puts
 * them on a line of their own).  Entries are counted by on_entry.
 */
struct fatbin_tally {
	uint64_t	 containers;
	uint64_t	 container_headers;	/* bytes */
	uint64_t	 zeros;			/* bytes */
};
/* fatbin_walk_sparse that also fills *tally (zeroed first). */
int	fatbin_walk_tallied(const uint8_t *buf, size_t size, fatbin_entry_fn on_entry,
	    fatbin_error_fn on_error, fatbin_skip_fn skip, struct fatbin_tally *tally, void *ctx);

/* "sm_90a", "compute_100f", ... from the entry's kind, arch and flags. */
void	fatbin_arch_name(const struct fatbin_entry *, char *out, size_t outsize);

#endif
