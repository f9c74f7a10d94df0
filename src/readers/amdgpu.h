/* SPDX-License-Identifier: MIT */
/*
 * AMDGPU code objects (ELF, EM_AMDGPU): each kernel's figures from the
 * NT_AMDGPU_METADATA note, MessagePack decoded by msgpack-c (code object
 * v3, v4, v5: LLVM's AMDGPUUsage, "Code Object V3 Metadata" and after).
 * The note's amdhsa.kernels list gives, per kernel, .vgpr_count,
 * .agpr_count, .sgpr_count, .vgpr_spill_count, .sgpr_spill_count,
 * .private_segment_fixed_size, .group_segment_fixed_size,
 * .max_flat_workgroup_size and .wavefront_size; amdhsa.target the target
 * id ("amdgcn-amd-amdhsa--gfx90a:xnack+") and amdhsa.version the version.
 * doc/binary-formats.md section 9.
 */
#ifndef SPILLWAY_AMDGPU_H
#define SPILLWAY_AMDGPU_H

#include <stddef.h>
#include <stdint.h>

#include "membudget.h"
#include "strpool.h"

#define AMDGPU_TARGET_MAX	32
/*
 * The most MessagePack objects one metadata note may hold.  msgpack-c
 * allocates an array's or map's objects (24 bytes each) when it reads the
 * count, before the elements: every count is first checked against the
 * bytes left (each element takes one at least), and the objects of the
 * whole note against this, so that one note costs at most 48 MiB.  The
 * largest note of librocsparse0 (Debian 5.2) holds about 200,000.
 */
#define AMDGPU_META_OBJECTS_MAX	((size_t)2 << 20)
/* The note's data: at most so many bytes. */
#define AMDGPU_META_BYTES_MAX	((size_t)64 << 20)
/*
 * What msgpack-c allocates to unpack one note: its first zone chunk and
 * every array's and map's objects (strings point into the note).  At most
 * AMDGPU_META_OBJECTS_MAX objects of 24 bytes; a note past it is damage.
 * Each worker takes these bytes from a budget the workers share before it
 * unpacks (amdgpu_read's zones), so that code objects read at once hold
 * at most AMDGPU_ZONES_BUDGET of them together, whatever -T, or one note
 * alone.
 */
#define AMDGPU_META_ZONE_MAX	(AMDGPU_META_OBJECTS_MAX * 24 + ((size_t)64 << 10))
#define AMDGPU_ZONES_BUDGET	AMDGPU_META_ZONE_MAX
/*
 * The most kernels one code object's amdhsa.kernels may list.  A kernel
 * takes 9 bytes of MessagePack at least and a row of some hundreds of
 * bytes (its figures, its names), so that one note of 9 MB listed 600,000
 * kernels in 300 MB.  librocsparse0's largest note has about 10,000; a
 * code object with more is damage.
 */
#define AMDGPU_KERNELS_MAX	((size_t)64 << 10)

struct amdgpu_kernel {
	const char	*name;		/* .name, interned */
	int32_t		 vgpr, agpr, sgpr, vgpr_spill, sgpr_spill;
	int32_t		 private_segment, group_segment, max_flat_workgroup, wavefront;
};

struct amdgpu_co {
	char		 target[AMDGPU_TARGET_MAX];	/* "gfx90a:xnack+", "" when not said */
	int32_t		 version_major, version_minor;	/* amdhsa.version: 1.1 is v4 */
	struct amdgpu_kernel *kernels;
	size_t		 nkernels;
};

/* True when the bytes start like an AMDGPU ELF (EM_AMDGPU). */
int	amdgpu_is_code_object(const uint8_t *data, size_t size);

/*
 * Reads one code object.  Returns 0, or -1 with a message in err and the
 * offset (within data) it concerns in *err_offset.  Kernel names are
 * interned in pool.  zones (NULL: none) is the budget msgpack-c's
 * allocations are taken from while the metadata is unpacked.
 */
int	amdgpu_read(const uint8_t *data, size_t size, struct amdgpu_co *, struct strpool *pool,
	    struct membudget *zones, char *err, size_t errsize, size_t *err_offset);
void	amdgpu_free(struct amdgpu_co *);

/*
 * Checks that MessagePack bytes can be given to msgpack-c: every array's
 * and map's count within the bytes left, the objects in all at most max.
 * Returns 0, or -1 with err; *zone (unless NULL) the bytes msgpack-c will
 * allocate to unpack them.  (amdgpu_read calls it; the fuzz target too.)
 */
int	amdgpu_msgpack_bounded(const uint8_t *p, size_t n, size_t max, size_t *zone,
	    char *err, size_t errsize);

#endif
