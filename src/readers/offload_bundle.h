/* SPDX-License-Identifier: MIT */
/*
 * Clang offload bundles: what hipcc puts in the .hip_fatbin section of a
 * host object (one bundle), a shared library or executable (one bundle per
 * object linked, concatenated), or a file of its own (--genco).  A bundle
 * is the 24-byte magic __CLANG_OFFLOAD_BUNDLE__, an entry count (u64),
 * then per entry its offset and size from the bundle's start (u64 each),
 * the length of its id (u64) and the id, "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+":
 * offload kind, triple, target id (LLVM's ClangOffloadBundler.cpp).
 * Each AMDGPU entry is a code object (amdgpu.h).  A compressed bundle
 * (CCOB, clang 18 and ROCm 6) is decompressed by its reader (ccob.h) and
 * its bytes walked here.
 * doc/binary-formats.md section 9.
 */
#ifndef SPILLWAY_OFFLOAD_BUNDLE_H
#define SPILLWAY_OFFLOAD_BUNDLE_H

#include <stddef.h>
#include <stdint.h>

#define OFFLOAD_BUNDLE_MAGIC		"__CLANG_OFFLOAD_BUNDLE__"
#define OFFLOAD_BUNDLE_MAGIC_SIZE	24
#define OFFLOAD_BUNDLE_CCOB		"CCOB"
/* The longest target id kept ("gfx90a:sramecc+:xnack-" is 22). */
#define OFFLOAD_TARGET_MAX		32

struct offload_entry {
	char		 target[OFFLOAD_TARGET_MAX];	/* "gfx90a:xnack+" */
	const uint8_t	*payload;
	size_t		 size;
	size_t		 offset;	/* of the payload, from the walked buffer's start */
};

typedef void (*offload_entry_fn)(void *ctx, const struct offload_entry *);
typedef void (*offload_error_fn)(void *ctx, size_t offset, const char *message);

/* True when the bytes start with a bundle's magic, or a compressed bundle's. */
int	offload_bundle_is_bundle(const uint8_t *data, size_t size);

/*
 * Walks every uncompressed bundle in buf (a .hip_fatbin section, a
 * bundle file, or what a CCOB decompressed to), calling on_entry for each
 * AMDGPU entry that holds bytes (the host entry, empty, and other triples
 * are passed over).  Each count, offset and size
 * is checked against buf; a malformed bundle is said through on_error and
 * the walk stops there.  Returns the number of errors.
 */
int	offload_bundle_walk(const uint8_t *buf, size_t size, offload_entry_fn on_entry,
	    offload_error_fn on_error, void *ctx);

/*
 * The target id of an entry id: "hipv4-amdgcn-amd-amdhsa--gfx906" and
 * "hip-amdgcn-amd-amdhsa-gfx906" give "gfx906".  Returns 0, -1 when the
 * id names no amdgcn-amd-amdhsa target (the host entry), -2 when it names
 * one that cannot be read (no gfx name, a NUL, too long to keep).
 */
int	offload_bundle_target(const char *id, size_t len, char *out, size_t outsize);

#endif
