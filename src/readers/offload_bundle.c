/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "offload_bundle.h"

#define HEADER_SIZE	(OFFLOAD_BUNDLE_MAGIC_SIZE + 8)
/* An entry's fixed fields: offset, size, id length. */
#define ENTRY_FIXED	24
static const char amdgcn_triple[] = "amdgcn-amd-amdhsa-";

int
offload_bundle_is_bundle(const uint8_t *data, size_t size)
{
	return (size >= OFFLOAD_BUNDLE_MAGIC_SIZE &&
	    memcmp(data, OFFLOAD_BUNDLE_MAGIC, OFFLOAD_BUNDLE_MAGIC_SIZE) == 0) ||
	    (size >= 4 && memcmp(data, OFFLOAD_BUNDLE_CCOB, 4) == 0);
}

int
offload_bundle_target(const char *id, size_t len, char *out, size_t outsize)
{
	const char *end = id + len, *t;
	size_t n;

	for (t = id; (size_t)(end - t) >= sizeof amdgcn_triple - 1; t++)
		if (memcmp(t, amdgcn_triple, sizeof amdgcn_triple - 1) == 0)
			break;
	if ((size_t)(end - t) < sizeof amdgcn_triple - 1)
		return -1;
	t += sizeof amdgcn_triple - 1;
	/* The environment, empty in hipv4-...--gfx906. */
	if ((size_t)(end - t) < 3 || memcmp(t, "gfx", 3) != 0) {
		const char *dash = memchr(t, '-', (size_t)(end - t));

		if (dash == NULL)
			return -2;
		t = dash + 1;
	}
	n = (size_t)(end - t);
	if (n < 4 || memcmp(t, "gfx", 3) != 0 || n >= outsize || memchr(t, '\0', n) != NULL)
		return -2;
	memcpy(out, t, n);
	out[n] = '\0';
	return 0;
}

static int
walk_error(offload_error_fn on_error, void *ctx, size_t at, const char *msg)
{
	on_error(ctx, at, msg);
	return 1;
}

/* One bundle at buf + at; *end is set past its last byte.  0 or 1 error. */
static int
walk_one(const uint8_t *buf, size_t size, size_t at, size_t *end, offload_entry_fn on_entry,
    offload_error_fn on_error, void *ctx)
{
	const uint8_t *b = buf + at;
	size_t avail = size - at, pos = HEADER_SIZE, last = HEADER_SIZE;
	uint64_t n;
	char msg[160];

	if (avail < HEADER_SIZE)
		return walk_error(on_error, ctx, at, "offload bundle header cut short");
	n = get_u64(b + OFFLOAD_BUNDLE_MAGIC_SIZE);
	/* Each entry's header takes ENTRY_FIXED bytes and an id: a count
	 * the bytes cannot hold is damage, not a loop to run. */
	if (n > (avail - HEADER_SIZE) / ENTRY_FIXED) {
		snprintf(msg, sizeof msg, "offload bundle of %llu entries: its %zu bytes hold at most %zu",
		    (unsigned long long)n, avail, (avail - HEADER_SIZE) / ENTRY_FIXED);
		return walk_error(on_error, ctx, at + OFFLOAD_BUNDLE_MAGIC_SIZE, msg);
	}
	for (uint64_t i = 0; i < n; i++) {
		uint64_t off, sz, idlen;
		struct offload_entry e;
		int rc = -1;

		if (avail - pos < ENTRY_FIXED)
			return walk_error(on_error, ctx, at + pos, "offload bundle entry header cut short");
		off = get_u64(b + pos);
		sz = get_u64(b + pos + 8);
		idlen = get_u64(b + pos + 16);
		pos += ENTRY_FIXED;
		if (idlen > avail - pos) {
			snprintf(msg, sizeof msg, "offload bundle entry id of %llu bytes runs past the end (%zu left)",
			    (unsigned long long)idlen, avail - pos);
			return walk_error(on_error, ctx, at + pos - 8, msg);
		}
		if (off > avail || sz > avail - off) {
			snprintf(msg, sizeof msg, "offload bundle entry %.*s (%llu bytes at 0x%llx) runs past the end (%zu bytes)",
			    (int)(idlen < 64 ? idlen : 64), (const char *)b + pos,
			    (unsigned long long)sz, (unsigned long long)off, avail);
			return walk_error(on_error, ctx, at + pos - ENTRY_FIXED, msg);
		}
		if (sz > 0 && off + sz > last)
			last = (size_t)(off + sz);
		/* An entry of no amdgcn target (the host's) is not device code
		 * spillway reads; one whose amdgcn target it cannot read is
		 * damage, not an entry less. */
		if (sz > 0 && (rc = offload_bundle_target((const char *)b + pos, (size_t)idlen,
		    e.target, sizeof e.target)) == -2) {
			snprintf(msg, sizeof msg, "offload bundle entry %.*s: an amdgcn target that cannot "
			    "be read (expected ...-amdgcn-amd-amdhsa--gfxNNN[:features], at most %d bytes)",
			    (int)(idlen < 64 ? idlen : 64), (const char *)b + pos, OFFLOAD_TARGET_MAX - 1);
			return walk_error(on_error, ctx, at + pos - ENTRY_FIXED, msg);
		}
		if (sz > 0 && rc == 0) {
			e.payload = b + off;
			e.size = (size_t)sz;
			e.offset = at + (size_t)off;
			on_entry(ctx, &e);
		}
		pos += (size_t)idlen;
	}
	*end = at + (pos > last ? pos : last);
	return 0;
}

int
offload_bundle_walk(const uint8_t *buf, size_t size, offload_entry_fn on_entry,
    offload_error_fn on_error, void *ctx)
{
	size_t at = 0;

	while (at < size) {
		const uint8_t *next = memmem(buf + at, size - at, OFFLOAD_BUNDLE_MAGIC,
		    OFFLOAD_BUNDLE_MAGIC_SIZE);
		size_t end;

		if (next == NULL)
			break;
		at = (size_t)(next - buf);
		if (walk_one(buf, size, at, &end, on_entry, on_error, ctx) != 0)
			return 1;
		at = end;
	}
	return 0;
}
