/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "fatbin.h"

#define CONTAINER_HEADER	16
#define ENTRY_HEADER_MIN	64

void
fatbin_arch_name(const struct fatbin_entry *e, char *out, size_t outsize)
{
	const char *suffix = "";

	if (e->flags & FATBIN_FLAG_ARCH_A)
		suffix = "a";
	else if (e->flags & FATBIN_FLAG_ARCH_F)
		suffix = "f";
	snprintf(out, outsize, "%s_%u%s",
	    e->kind == FATBIN_KIND_ELF ? "sm" : "compute", e->arch, suffix);
}

static int
read_entry(const uint8_t *p, size_t avail, size_t offset, struct fatbin_entry *e,
    fatbin_error_fn on_error, void *ctx)
{
	char msg[160];

	if (avail < ENTRY_HEADER_MIN) {
		snprintf(msg, sizeof msg, "fatbin entry header cut short: %zu of %d bytes left",
		    avail, ENTRY_HEADER_MIN);
		on_error(ctx, offset, msg);
		return -1;
	}
	memset(e, 0, sizeof *e);
	e->kind = get_u16(p);
	e->header_size = get_u32(p + 4);
	e->padded_size = get_u64(p + 8);
	e->compressed_size = get_u32(p + 16);
	e->minor = get_u16(p + 24);
	e->major = get_u16(p + 26);
	e->arch = get_u32(p + 28);
	e->flags = get_u64(p + 40);
	e->uncompressed_size = get_u64(p + 56);
	e->offset = offset;
	if (e->header_size < ENTRY_HEADER_MIN || e->header_size > avail) {
		snprintf(msg, sizeof msg, "fatbin entry header size %u is outside 64..%zu",
		    e->header_size, avail);
		on_error(ctx, offset, msg);
		return -1;
	}
	if (e->padded_size > avail - e->header_size) {
		snprintf(msg, sizeof msg, "fatbin entry payload of %llu bytes runs past the container (%zu bytes left)",
		    (unsigned long long)e->padded_size, avail - e->header_size);
		on_error(ctx, offset + 8, msg);
		return -1;
	}
	e->payload = p + e->header_size;
	if (e->flags & (FATBIN_FLAG_LZ4 | FATBIN_FLAG_ZSTD)) {
		if (e->compressed_size > e->padded_size) {
			snprintf(msg, sizeof msg, "compressed size %u is larger than the stored payload (%llu bytes)",
			    e->compressed_size, (unsigned long long)e->padded_size);
			on_error(ctx, offset + 16, msg);
			return -1;
		}
		e->payload_size = e->compressed_size;
	} else
		e->payload_size = (size_t)e->padded_size;
	return 0;
}

/* Past the zeros from pos: a short run here, a long one through skip. */
static size_t
skip_zeros(const uint8_t *buf, size_t pos, size_t size, fatbin_skip_fn skip, void *ctx)
{
	size_t probe = size - pos < FATBIN_ZERO_PROBE ? size : pos + FATBIN_ZERO_PROBE;

	while (pos < probe && buf[pos] == 0)
		pos++;
	if (pos < probe || pos == size)
		return pos;
	if (skip != NULL)
		return (size_t)(skip(ctx, buf + pos, buf + size) - buf);
	while (pos < size && buf[pos] == 0)
		pos++;
	return pos;
}

int
fatbin_walk(const uint8_t *buf, size_t size, fatbin_entry_fn on_entry,
    fatbin_error_fn on_error, void *ctx)
{
	return fatbin_walk_sparse(buf, size, on_entry, on_error, NULL, ctx);
}

int
fatbin_walk_sparse(const uint8_t *buf, size_t size, fatbin_entry_fn on_entry,
    fatbin_error_fn on_error, fatbin_skip_fn skip, void *ctx)
{
	struct fatbin_tally t;

	return fatbin_walk_tallied(buf, size, on_entry, on_error, skip, &t, ctx);
}

int
fatbin_walk_tallied(const uint8_t *buf, size_t size, fatbin_entry_fn on_entry,
    fatbin_error_fn on_error, fatbin_skip_fn skip, struct fatbin_tally *tally, void *ctx)
{
	size_t pos = 0;
	char msg[160];

	memset(tally, 0, sizeof *tally);
	while (pos < size) {
		uint32_t magic;
		uint16_t hsize;
		uint64_t body;
		size_t end, at;

		/* Linkers pad input sections to 8 bytes with zeros. */
		if (buf[pos] == 0) {
			size_t from = pos;

			pos = skip_zeros(buf, pos, size, skip, ctx);
			tally->zeros += pos - from;
			continue;
		}
		if (size - pos < CONTAINER_HEADER) {
			snprintf(msg, sizeof msg, "fatbin container header cut short: %zu of %d bytes left",
			    size - pos, CONTAINER_HEADER);
			on_error(ctx, pos, msg);
			return 1;
		}
		magic = get_u32(buf + pos);
		if (magic != FATBIN_MAGIC) {
			snprintf(msg, sizeof msg, "expected fatbin magic 0x%08x, found 0x%08x",
			    FATBIN_MAGIC, magic);
			on_error(ctx, pos, msg);
			return 1;
		}
		hsize = get_u16(buf + pos + 6);
		body = get_u64(buf + pos + 8);
		if (hsize < CONTAINER_HEADER || hsize > size - pos) {
			snprintf(msg, sizeof msg, "fatbin container header size %u is outside 16..%zu",
			    hsize, size - pos);
			on_error(ctx, pos + 6, msg);
			return 1;
		}
		if (body > size - pos - hsize) {
			snprintf(msg, sizeof msg, "fatbin container of %llu bytes runs past the end (%zu bytes left)",
			    (unsigned long long)body, size - pos - hsize);
			on_error(ctx, pos + 8, msg);
			return 1;
		}
		end = pos + hsize + (size_t)body;
		at = pos + hsize;
		tally->containers++;
		tally->container_headers += hsize;
		while (at < end) {
			struct fatbin_entry e;

			if (read_entry(buf + at, end - at, at, &e, on_error, ctx) < 0)
				return 1;
			on_entry(ctx, &e);
			at += e.header_size + (size_t)e.padded_size;
		}
		pos = end;
	}
	return 0;
}
