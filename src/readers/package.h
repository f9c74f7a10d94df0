/* SPDX-License-Identifier: MIT */
/*
 * Packages as they ship, read through libarchive without unpacking them to
 * disk: a Python wheel or any zip, a conda package (.conda: a zip of
 * .tar.zst members; .tar.bz2), a tarball (.tar, gzip, bzip2, xz or zstd).
 * Each member whose first bytes may hold device code (the caller's worth
 * test) is unpacked into a scratch file (scratch.h) and handed over as a
 * file; the rest are passed over.  Every bound is a named constant in
 * package.c, and in spillway-reference(7)'s LIMITS.
 */
#ifndef SPILLWAY_PACKAGE_H
#define SPILLWAY_PACKAGE_H

#include <stddef.h>
#include <stdint.h>

/* Whether data begins a package, by its magic bytes: a zip's local header
 * (PK\3\4), a tar header (ustar at 257), or a gzip, bzip2, xz or zstd
 * stream (a tar inside it is only learnt by reading: package_walk). */
int	package_is_package(const uint8_t *data, size_t size);

/*
 * Where a member's bytes lie in the package's own: n pairs, each a byte of
 * the member (out) and the package's bytes read up to it (in), in order,
 * the first (0, 0) where its data starts.  In a zip they say what each
 * part of a member costs the package deflated; in a plain tar, in = out.  A
 * compressed tar is one stream for every member: no span (NULL).
 */
struct package_span {
	const uint64_t	*out, *in;
	size_t		 n;
};
/* The package's bytes that a member's bytes [from, to) take, by the
 * span (interpolated between its pairs); 0 when span is NULL. */
uint64_t package_span_bytes(const struct package_span *, uint64_t from, uint64_t to);

struct package_calls {
	/* Whether a member is worth unpacking, by its first n bytes (all
	 * of it when size == n; size > n: more follow). */
	int	(*worth)(void *ctx, const uint8_t *head, size_t n, size_t size);
	/* Called before a member is unpacked: may wait until fewer are held. */
	void	(*room)(void *ctx);
	/* A member unpacked: size bytes in fd, which the callee takes;
	 * span: where they lie in the package (valid during the call). */
	void	(*member)(void *ctx, const char *name, int fd, size_t size,
		    const struct package_span *span);
	/* A member not read, or read in part: why. */
	void	(*error)(void *ctx, const char *name, const char *message);
	/* The package's bytes before offset were read: their pages may go. */
	void	(*passed)(void *ctx, size_t offset);
	/* Its len bytes at offset were read again (a span): theirs too. */
	void	(*reread)(void *ctx, size_t offset, size_t len);
	/* Stop at the first member: only learn whether data is a package. */
	int	 peek;
	/* Give each member's span where it can be told (a zip's deflated
	 * member is inflated a second time for it: --what-if asks). */
	int	 spans;
};

/*
 * Reads the package in data, size bytes, member by member.  Returns 0; 1
 * when it holds no archive libarchive reads (a gzip stream of a single
 * file, say): nothing was called; -1 with a message in err (naming the
 * member where it stopped) when it is damaged or past a bound: the
 * members before were still given.
 */
int	package_walk(const uint8_t *data, size_t size, const struct package_calls *,
	    void *ctx, char *err, size_t errsize);

#endif
