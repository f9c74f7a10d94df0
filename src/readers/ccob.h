/* SPDX-License-Identifier: MIT */
/*
 * Compressed clang offload bundles (CCOB, clang 18 and ROCm 6): an
 * uncompressed bundle (offload_bundle.h) behind a header, compressed with
 * zlib or zstd.  Little-endian: "CCOB", version (u16), method (u16: 0
 * zlib, 1 zstd, llvm::compression::Format), then for version 2 the total
 * size (u32, the header's bytes included) and the uncompressed size (u32),
 * for version 3 both as u64, for version 1 the uncompressed size (u32)
 * alone, the payload running to the end of the buffer; then the truncated
 * MD5 of the uncompressed bytes (u64, not checked: no MD5 library is a
 * dependency), then the payload (LLVM's llvm/lib/Object/OffloadBundle.cpp,
 * RawCompressedBundleHeader).  doc/binary-formats.md section 9.
 */
#ifndef SPILLWAY_CCOB_H
#define SPILLWAY_CCOB_H

#include <stddef.h>
#include <stdint.h>

#define CCOB_MAGIC	"CCOB"
#define CCOB_MAGIC_SIZE	4

/* True when the bytes start with a compressed bundle's magic. */
int	ccob_is_ccob(const uint8_t *data, size_t size);

/* The uncompressed size the bundle at the start of buf states, in *usize:
 * 0, or -1 when its header is damaged (ccob_inflate says how). */
int	ccob_promise(const uint8_t *buf, size_t size, uint64_t *usize);

/*
 * Decompresses the compressed bundle at the start of buf (size bytes) into
 * a buffer of its own (*out, *outsize; the caller frees it).  *used is
 * set to the bytes of buf it takes (header and payload).  The stated
 * uncompressed size is checked against limit before anything is
 * allocated, and the bytes decompressed must equal it.  Returns 0, or -1
 * with a message in err and the offending field's offset in *erroff.
 */
int	ccob_inflate(const uint8_t *buf, size_t size, size_t limit, uint8_t **out,
	    size_t *outsize, size_t *used, char *err, size_t errsize, size_t *erroff);

#endif
